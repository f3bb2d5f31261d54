// What the business documents (decision 036) say about the buyer and about VAT, per shop. The shop
// states what is configured here and gives no tax advice: the operator confirms the treatment and its
// sentence with their tax adviser before going live. The buyer's data hold placeholders in square
// brackets, like the imprint (data/content/de/impressum.md), that the operator fills in.

import type { Locale } from '../../src/config/locales';

/**
 * How VAT is treated on the devices the shop buys from a business:
 * - 'differential-taxation': the seller sold under the margin scheme (§25a UStG, Art. 311 ff. of the
 *   VAT directive), so the credit note shows no VAT — the default, as used devices usually reach a
 *   business trade-in under the margin scheme or from a small business.
 * - 'reverse-charge': the buyer owes the VAT (cross-border supplies, §13b UStG).
 * - 'none': no statement (shops without business trade-ins).
 * The sentence printed for each is the server catalog's `creditNote.vat.<treatment>`.
 */
export type VatTreatment = 'differential-taxation' | 'reverse-charge' | 'none';

export const VAT_TREATMENT: Readonly<Record<Locale, VatTreatment>> = {
  default: 'none',
  de: 'differential-taxation',
  at: 'none',
  es: 'none',
  fr: 'none',
  it: 'none',
};

/** The buyer (the shop's operator) as the credit note names it; square brackets mark what to fill in. */
export interface Buyer {
  readonly name: string;
  readonly street: string;
  readonly postalCity: string;
  readonly vatId: string;
}

export const BUYER: Readonly<Record<Locale, Buyer>> = {
  default: {
    name: '[Company name and legal form]',
    street: '[Street and number]',
    postalCity: '[Postal code and city]',
    vatId: '[VAT ID]',
  },
  de: {
    name: '[Firmenname und Rechtsform]',
    street: '[Straße und Hausnummer]',
    postalCity: '[Postleitzahl und Ort]',
    vatId: '[USt-IdNr.]',
  },
  at: {
    name: '[Firmenname und Rechtsform]',
    street: '[Straße und Hausnummer]',
    postalCity: '[Postleitzahl und Ort]',
    vatId: '[UID-Nummer]',
  },
  es: { name: '[Razón social]', street: '[Calle y número]', postalCity: '[Código postal y ciudad]', vatId: '[NIF-IVA]' },
  fr: { name: '[Raison sociale]', street: '[Rue et numéro]', postalCity: '[Code postal et ville]', vatId: '[N° TVA]' },
  it: { name: '[Ragione sociale]', street: '[Via e numero]', postalCity: '[CAP e città]', vatId: '[Partita IVA]' },
};
