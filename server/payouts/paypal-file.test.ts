// The PayPal Payouts Web file, read back with a CSV parser: no header, one row a payment with the
// recipient, the amount with a decimal comma (quoted), EUR, our unique id and the note, and the wallet.

import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { PAYPAL_FILE_LIMIT, paypalAmount, paypalPayoutCsv } from './paypal-file';

describe('PayPal payouts file', () => {
  const payments = [
    { email: 'erika.paypal@example.com', amountCents: 34_400, uniqueId: 'TR-2026-000020', note: 'TR-2026-000020 trade-in payout' },
    { email: 'jo@example.org', amountCents: 5, uniqueId: 'TR-2026-000021', note: 'a note, with a comma\nand a line' },
  ];
  const csv = paypalPayoutCsv(payments);
  const rows = parse(csv) as string[][];

  it('has one row per payment and no header', () => {
    expect(rows).toEqual([
      ['erika.paypal@example.com', '344,00', 'EUR', 'TR-2026-000020', 'TR-2026-000020 trade-in payout', 'PAYPAL'],
      ['jo@example.org', '0,05', 'EUR', 'TR-2026-000021', 'a note, with a comma and a line', 'PAYPAL'],
    ]);
  });

  it('quotes the amounts (their decimal comma) and ends lines with CRLF', () => {
    expect(csv.split('\r\n')[0]).toBe('erika.paypal@example.com,"344,00",EUR,TR-2026-000020,TR-2026-000020 trade-in payout,PAYPAL');
  });

  it('adds up to the control sum, in cents', () => {
    const cents = rows.reduce((sum, row) => sum + Number(row[1]!.replace(',', '')), 0);
    expect(cents).toBe(34_405);
  });

  it('refuses an empty file, a repeated id, too many rows and a zero amount', () => {
    expect(() => paypalPayoutCsv([])).toThrow(/at least one/);
    expect(() => paypalPayoutCsv([payments[0]!, { ...payments[1]!, uniqueId: 'TR-2026-000020' }])).toThrow(/own id/);
    expect(() =>
      paypalPayoutCsv(Array.from({ length: PAYPAL_FILE_LIMIT + 1 }, (_, i) => ({ ...payments[0]!, uniqueId: `id-${i}` }))),
    ).toThrow(/at most 5000/);
    expect(() => paypalAmount(0)).toThrow(/positive/);
  });
});
