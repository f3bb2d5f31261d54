// The BIC of a SEPA IBAN's bank (issue 15 part 4: "derived and shown when known"), from the national
// bank code tables that iban-to-bic maintains (Austria, Belgium, Germany, Spain, France, Luxembourg,
// the Netherlands). Its own entry point loads every table at once (about 130 KB); this loads only the
// table of the IBAN's country, on first use, so the checkout's code stays small (decision 059).

import { electronicFormatIBAN, isValidIBAN } from 'ibantools';

type BankTable = Readonly<Record<string, string>>;

/** Where each country's bank code sits in the IBAN (start, length), as iban-to-bic reads it. */
const BANK_CODES: Readonly<Record<string, { start: number; length: number; table: () => Promise<{ default: BankTable }> }>> = {
  AT: { start: 4, length: 5, table: () => import('iban-to-bic/datasets/at.json') },
  BE: { start: 4, length: 3, table: () => import('iban-to-bic/datasets/be.json') },
  DE: { start: 4, length: 8, table: () => import('iban-to-bic/datasets/de.json') },
  ES: { start: 4, length: 4, table: () => import('iban-to-bic/datasets/es.json') },
  FR: { start: 4, length: 5, table: () => import('iban-to-bic/datasets/fr.json') },
  LU: { start: 4, length: 3, table: () => import('iban-to-bic/datasets/lu.json') },
  NL: { start: 4, length: 4, table: () => import('iban-to-bic/datasets/nl.json') },
};

const known = new Map<string, Promise<string | null>>();

/**
 * The BIC of the IBAN's bank, or null when the IBAN is not valid, its country has no table, the bank
 * is not in it, or the table cannot be loaded (the BIC is optional: nothing depends on it).
 * One promise per IBAN, so a component can `use()` it while the seller types.
 */
export function bicOfIban(iban: string): Promise<string | null> {
  const electronic = electronicFormatIBAN(iban.toUpperCase()) ?? '';
  let answer = known.get(electronic);
  if (answer === undefined) {
    answer = lookUp(electronic);
    known.set(electronic, answer);
  }
  return answer;
}

async function lookUp(electronic: string): Promise<string | null> {
  const codes = BANK_CODES[electronic.slice(0, 2)];
  if (!codes || !isValidIBAN(electronic)) return null;
  try {
    const table = (await codes.table()).default;
    return table[electronic.slice(codes.start, codes.start + codes.length)] ?? null;
  } catch {
    return null;
  }
}
