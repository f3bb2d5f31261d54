// The payout promise on PGlite (and PostgreSQL with TEST_DATABASE_URL): a trade paid by its due day
// (2 German working days after the later of receipt and inspection) has no bonus; one paid after it
// gets 5 % of the devices (not of the voucher), at most 20 €, in the same payout row; and the payout
// report counts both. Time is injected.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueStore } from '../catalogue/store';
import type { Database, DatabaseHandle } from '../db/client';
import { tradePayouts } from '../db/schema/trades';
import { fixtureServices } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { inspectedTrade } from '../test-support/trades';
import { payTrade } from './lifecycle';
import { payoutReport, payoutReportText } from './payout-report';

describe.each(testDatabases())('payout promise on $name', (database) => {
  let handle: DatabaseHandle;
  let db: Database;
  let store: CatalogueStore;

  beforeAll(async () => {
    handle = await database.open();
    db = handle.db;
    store = (await fixtureServices(db)).store;
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  /** A trade received and inspected at the given times (as offered). */
  const receivedAndInspected = (receivedAt: string, inspectedAt: string, deviceIds = [1300]) =>
    inspectedTrade(db, store, { receivedAt, inspectedAt, deviceIds });

  it('paid on the second working day after the later of receipt and inspection: on time, no bonus', async () => {
    // Received Thursday 19 November, inspected Friday 20th: due Tuesday 24th (the weekend does not count).
    const trade = await receivedAndInspected('2026-11-19T09:00:00Z', '2026-11-20T15:00:00Z');
    const paid = await payTrade(db, trade.tradeNumber, undefined, new Date('2026-11-24T21:30:00Z'));
    expect(paid).toMatchObject({ dueBy: '2026-11-24', bonusCents: 0, amountCents: trade.total * 100 });
  });

  it('paid a day later: 5 % of the devices added to the payout, in the payout row', async () => {
    const trade = await receivedAndInspected('2026-11-19T09:00:00Z', '2026-11-20T15:00:00Z');
    // 23:30 UTC on the 24th is already the 25th in Berlin: late.
    const paid = await payTrade(db, trade.tradeNumber, undefined, new Date('2026-11-24T23:30:00Z'));
    const items = Math.round(trade.total * 100);
    const bonus = Math.floor((items * 500 + 5000) / 10000);
    expect(paid).toMatchObject({ dueBy: '2026-11-24', bonusCents: bonus, amountCents: items + bonus });
    const [row] = await db.select().from(tradePayouts).where(eq(tradePayouts.tradeId, trade.tradeId));
    expect(row).toMatchObject({ bonusCents: bonus, dueBy: '2026-11-24', amountCents: items + bonus });
  });

  it('caps the bonus at 20 € for an expensive trade', async () => {
    const trade = await receivedAndInspected(
      '2026-12-01T09:00:00Z',
      '2026-12-01T10:00:00Z',
      [1300, 1300, 1300, 1300, 1300, 1300, 1300, 1300],
    );
    const paid = await payTrade(db, trade.tradeNumber, undefined, new Date('2026-12-10T10:00:00Z'));
    expect(paid.dueBy).toBe('2026-12-03');
    expect(paid.bonusCents).toBe(2000);
  });

  it('reports the on-time rate and the bonuses paid', async () => {
    const report = await payoutReport(db, { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z'), locale: 'de' });
    expect(report.shops).toEqual([expect.objectContaining({ locale: 'de', payouts: 3, withPromise: 3, onTime: 1 })]);
    expect(report.late).toHaveLength(2);
    const text = payoutReportText(report);
    expect(text).toMatch(/de\s+3\s+3\s+1\s+33\.3 %/);
    expect(text).toContain('Late payouts');
  });
});
