// The help/contact widget (product §1): its key per country and the ten contact subjects, as codes.

import type { Locale } from './locales';

export const CONTACT_SUBJECTS = [
  'dataChangeOrDocument',
  'returns',
  'payment',
  'purchaseProcess',
  'orderCancellation',
  'topicNotListed',
  'deviceNotListed',
  'newOffer',
  'orderStatus',
  'customerAccount',
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/**
 * Where a message goes: the country's contact address, or its business partner desk (DE) for a
 * message about a business trade-in where the country has one.
 */
export function contactRecipient(contact: { readonly toAddress: string; readonly b2bpartner?: string }, business: boolean): string {
  return business && contact.b2bpartner ? contact.b2bpartner : contact.toAddress;
}

/** Widget key per country shop (the default shop shares the German widget's desk). */
export const CONTACT_WIDGET_KEYS: Record<Locale, string> = {
  default: 'tradein-help-en',
  de: 'tradein-help-de',
  at: 'tradein-help-at',
  es: 'tradein-help-es',
  fr: 'tradein-help-fr',
  it: 'tradein-help-it',
};
