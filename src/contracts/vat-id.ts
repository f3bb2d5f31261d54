// VAT identification numbers (USt-IdNr.) of the EU member states: format and, where the state has
// one, check digit (German DE + 9 digits with the ISO 7064 MOD 11,10 digit). The rules come from
// jsvat (maintained, no dependencies, browser and server alike); this module fixes the list to the
// EU states (Northern Ireland's XI and non-EU countries are refused) and the normalized spelling.
// Whether the number is registered is a VIES question the shop does not ask at checkout.

import {
  austria,
  belgium,
  bulgaria,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
} from 'jsvat';

const EU_COUNTRIES = [
  austria,
  belgium,
  bulgaria,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
];

/**
 * The example the shop shows for a VAT id: a German number whose ninth digit is the MOD 11,10 check
 * digit of the first eight (DE12345678 → 8), so the example passes the check it illustrates.
 */
export const VAT_ID_EXAMPLE = 'DE123456788';

/** Upper case, without spaces, dots and dashes ("de 136.695.976" → "DE136695976"). */
export function normalizeVatId(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/** True for the VAT id of an EU member state with a valid format and, where there is one, check digit. */
export function isValidVatId(value: string): boolean {
  const normalized = normalizeVatId(value);
  // jsvat also accepts an id without its country prefix (then guessing the country): we require it.
  if (!/^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(normalized)) return false;
  return checkVAT(normalized, EU_COUNTRIES).isValid;
}
