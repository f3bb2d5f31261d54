// The file of a PayPal payout batch (issue 29, decision 074): the CSV that PayPal's Payouts Web takes as
// its payment file — no header row, one payment a row: the recipient's PayPal e-mail, the amount, the
// currency (one per file), a unique id of ours (the trade number, PayPal's "customer ID" column), a note
// to the recipient, and the wallet PAYPAL. At most 5,000 rows a file. The amount is written as PayPal's
// own EUR example has it, a decimal comma in double quotes ("12,34"); cents stay integers until then.

import type * as CsvStringify from 'csv-stringify/sync';
import { lazyRequire } from '../platform/lazy-require';

const csvStringify = lazyRequire<typeof CsvStringify>('csv-stringify/sync');

/** Rows PayPal takes in one file. */
export const PAYPAL_FILE_LIMIT = 5000;

export interface PaypalPayment {
  readonly email: string;
  readonly amountCents: number;
  /** Unique per payment: the trade number. */
  readonly uniqueId: string;
  readonly note: string;
}

export const paypalAmount = (cents: number): string => {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new Error(`A PayPal amount is a positive number of cents, not ${cents}`);
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
};

export function paypalPayoutCsv(payments: readonly PaypalPayment[]): string {
  if (payments.length === 0) throw new Error('A PayPal batch file needs at least one payment');
  if (payments.length > PAYPAL_FILE_LIMIT) throw new Error(`PayPal takes at most ${PAYPAL_FILE_LIMIT} payments a file`);
  const ids = new Set(payments.map((p) => p.uniqueId));
  if (ids.size !== payments.length) throw new Error('Every payment of a PayPal file needs its own id');
  return csvStringify().stringify(
    payments.map((p) => [p.email, paypalAmount(p.amountCents), 'EUR', p.uniqueId, p.note.replace(/\s+/g, ' ').slice(0, 1000), 'PAYPAL']),
    { record_delimiter: 'windows' },
  );
}
