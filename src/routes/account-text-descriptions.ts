// The meta descriptions of the indexable screens that show account texts (ACCOUNT_TEXT_SCREENS in
// router.tsx). Their translations are in the account catalog (lingui.config.ts), which those screens
// load with their page module, before their head is made: the catalog every page loads does not carry
// them (the device page's initial JavaScript is at its budget, decision 007).

import { msg } from '@lingui/core/macro';

export const ACCOUNT_TEXT_DESCRIPTIONS = {
  contact: msg`Questions about your sale? Write to our customer service with the contact form, and we will get back to you.`,
  b2bLanding: msg`Trade-in for businesses: sell your company's used devices in quantity, with offers for a whole list at once and free shipping.`,
  checkout: msg`Sell the devices in your cart in four short steps: your e-mail, your address, how we pay you, and a last look. Shipping is free.`,
  accountRegister: msg`Create a customer account to follow your trades, keep your address and payout details, and sell your next device faster.`,
};
