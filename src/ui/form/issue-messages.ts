// What the checkout says next to a field whose value the shared contract refuses, in the shop's
// language. The contract's own messages are English (they serve API clients); the forms (checkout and
// account) show these.

import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Locale } from '../../config/locales';

export const FIELD_MESSAGES: Record<string, MessageDescriptor> = {
  'identity.email': msg`Please enter a valid e-mail address.`,
  'address.firstName': msg`Please enter your first name.`,
  'address.lastName': msg`Please enter your last name.`,
  'address.street': msg`Please enter your street.`,
  'address.houseNumber': msg`Please enter your house number.`,
  'address.city': msg`Please enter your city.`,
  'address.phone': msg`A phone number has 6 to 20 digits, spaces, + or -.`,
  'payout.accountHolder': msg`Please enter the account holder.`,
  'payout.iban': msg`This IBAN is not valid. Please check it.`,
  'payout.bic': msg`This BIC is not valid. It has 8 or 11 characters.`,
  'payout.email': msg`Please enter the e-mail address of your PayPal account.`,
  termsAccepted: msg`Please accept the terms and conditions.`,
  voucherCode: msg`Enter a voucher code of 1 to 40 characters, or leave the field empty.`,
};

/** An example postal code of each shop, for the postal code message. */
export const POSTAL_CODE_EXAMPLES: Record<Locale, string> = {
  default: '10115',
  de: '10115',
  at: '1010',
  es: '28001',
  fr: '75001',
  it: '00184',
};

export const postalCodeMessage = (example: string) => msg`Please enter a valid postal code, for example ${example}.`;

/**
 * What to show next to a field path that has an error: the postal code with the shop's example,
 * a known path's message (`extra` adds a form's own paths), else a general request to check it.
 */
export function fieldMessage(i18n: I18n, locale: Locale, path: string, extra: Readonly<Record<string, MessageDescriptor>> = {}): string {
  if (path === 'address.postalCode') return i18n._(postalCodeMessage(POSTAL_CODE_EXAMPLES[locale]));
  return i18n._(extra[path] ?? FIELD_MESSAGES[path] ?? msg`Please check this field.`);
}
