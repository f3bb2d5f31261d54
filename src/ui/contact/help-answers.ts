// The top answers the help widget shows for the page it is opened on: the device page asks about
// conditions, the checkout about the payout, every other page the general questions.

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export type HelpTopic = 'conditions' | 'payout' | 'general';

export interface HelpAnswer {
  readonly question: MessageDescriptor;
  readonly answer: MessageDescriptor;
}

/** The topic of a screen (ScreenId of the route map). */
export function helpTopicOf(screen: string | undefined): HelpTopic {
  if (screen === 'productDetail') return 'conditions';
  if (screen === 'checkout') return 'payout';
  return 'general';
}

export const HELP_TOPIC_TITLES: Record<HelpTopic, MessageDescriptor> = {
  conditions: msg`Questions about the condition of your device`,
  payout: msg`Questions about your payout`,
  general: msg`Frequent questions`,
};

export const HELP_ANSWERS: Record<HelpTopic, readonly HelpAnswer[]> = {
  conditions: [
    {
      question: msg`How do I choose the right condition?`,
      answer: msg`Answer each question as the device is today: display, housing and functions. If you are unsure, choose the answer that describes more wear; then the offer holds when we inspect the device.`,
    },
    {
      question: msg`What if my device is in a worse condition than I said?`,
      answer: msg`We inspect every device. If it differs from your answers, we send you a new offer. You can accept it or have the device sent back to you free of charge.`,
    },
    {
      question: msg`Do I have to remove activation locks?`,
      answer: msg`Yes. Switch off Find My, the Google account protection or similar locks and reset the device to factory settings before you send it. We cannot buy locked devices.`,
    },
  ],
  payout: [
    {
      question: msg`When do I get my money?`,
      answer: msg`We pay within a few working days after we have received and inspected your device, by bank transfer or PayPal, as you chose.`,
    },
    {
      question: msg`Which payout methods are there?`,
      answer: msg`A bank transfer to an account in the SEPA area (IBAN and BIC) or a payment to your PayPal account. You choose in the checkout.`,
    },
    {
      question: msg`How long is my offer valid?`,
      answer: msg`An offer is valid for 21 days. If the price of your device rises before we pay, you get the higher price.`,
    },
  ],
  general: [
    {
      question: msg`How does selling work?`,
      answer: msg`Choose your device, answer a few questions and get a binding offer. Check out, print the free shipping label, send the device and get paid after the inspection.`,
    },
    {
      question: msg`Does shipping cost anything?`,
      answer: msg`No. The shipping label is free; you find it after the checkout and in the confirmation e-mail.`,
    },
    {
      question: msg`How do I find out the status of my trade?`,
      answer: msg`Quote the trade number from your confirmation e-mail (TR-…) when you write to us. With a customer account you see the status of every trade in your account.`,
    },
  ],
};
