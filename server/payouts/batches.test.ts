// Payout batches on PGlite (and PostgreSQL with TEST_DATABASE_URL): the due list and its urgency, a
// batch frozen at creation with its file, a trade never in two batches (also when two clerks batch it at
// once), execution paying exactly the batch's trades (with their mails), the late-payout bonus of a
// batch executed after its day as a top-up, cancelling, and the database refusing to change a batch.

import { eq, sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueStore } from '../catalogue/store';
import type { Database, DatabaseHandle } from '../db/client';
import { payoutBatchEntries, payoutBatches } from '../db/schema/payouts';
import { tradePayouts, trades } from '../db/schema/trades';
import { fixtureServices } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { TEST_DEBTOR } from '../test-support/staff';
import { createTrade, inspectedTrade } from '../test-support/trades';
import { payTrade, TradeInBatchError, transition, type TradeStep, type TradeStepMails } from '../trades/lifecycle';
import { BatchError, batchFile, cancelBatch, createBatch, duePayouts, executeBatch, type PayoutAudit } from './batches';

describe.each(testDatabases())('payout batches on $name', (database) => {
  let handle: DatabaseHandle;
  let db: Database;
  let store: CatalogueStore;
  const audits: { action: string; tradeNumber?: string | null; subject?: string | null }[] = [];
  const audit: PayoutAudit = { write: async (_tx, record) => void audits.push(record) };
  const steps: TradeStep[] = [];
  const mails: TradeStepMails = {
    write: async (_tx, step) => {
      steps.push(step);
      return async () => undefined;
    },
  };
  const options = (now: Date) => ({ actor: 'clerk@tradein.test', audit, now });

  beforeAll(async () => {
    handle = await database.open();
    db = handle.db;
    store = (await fixtureServices(db)).store;
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  /** A German trade received and inspected as offered at the given times; PayPal when asked. */
  const inspected = (receivedAt: string, inspectedAt: string, paypal = false) =>
    inspectedTrade(db, store, {
      receivedAt,
      inspectedAt,
      ...(paypal && { extra: { payout: { method: 'paypal', email: 'erika.paypal@example.com' } } }),
    });
  const statusOf = async (tradeId: string) =>
    (await db.select({ status: trades.status }).from(trades).where(eq(trades.id, tradeId)))[0]!.status;

  it('lists the due payouts of a method, late ones first with their bonus; a trade not inspected is not due', async () => {
    // Due Tuesday 24 November (2 working days after Friday's inspection); looked at on Wednesday 25th.
    const late = await inspected('2026-11-19T09:00:00Z', '2026-11-20T15:00:00Z');
    const onTime = await inspected('2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z');
    const paypal = await inspected('2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z', true);
    const received = await createTrade(db, store, [1300]);
    await transition(db, received.tradeNumber, 'received', undefined, new Date('2026-11-24T09:00:00Z'));
    const sepa = await duePayouts(db, { day: '2026-11-25', method: 'sepa' });
    const numbers = sepa.map((p) => p.tradeNumber);
    expect(numbers).toContain(late.tradeNumber);
    expect(numbers).not.toContain(received.tradeNumber);
    expect(numbers).not.toContain(paypal.tradeNumber);
    expect(numbers.indexOf(late.tradeNumber)).toBeLessThan(numbers.indexOf(onTime.tradeNumber));
    const items = Math.round(late.total * 100);
    const bonus = Math.floor((items * 500 + 5000) / 10000);
    expect(sepa.find((p) => p.tradeNumber === late.tradeNumber)).toMatchObject({
      urgency: 'late',
      dueBy: '2026-11-24',
      bonusCents: bonus,
      amountCents: items + bonus,
      recipient: 'DE89 •••• •••• •••• 3000',
      holder: 'Erika Mustermann',
    });
    // Due Thursday 26th: the next working day after the 25th, so "due soon" with the bonus a delay would add.
    expect(sepa.find((p) => p.tradeNumber === onTime.tradeNumber)).toMatchObject({
      urgency: 'due_soon',
      bonusCents: 0,
      bonusPreviewCents: bonus,
    });
    const pp = await duePayouts(db, { day: '2026-11-25', method: 'paypal' });
    expect(pp.map((p) => p.tradeNumber)).toContain(paypal.tradeNumber);
    expect(pp.find((p) => p.tradeNumber === paypal.tradeNumber)?.recipient).toBe('erika.paypal@example.com');
  });

  it('makes a frozen batch whose file pays each trade its due amount; a trade in it is neither due nor payable elsewhere', async () => {
    const a = await inspected('2026-11-23T09:00:00Z', '2026-11-23T10:00:00Z');
    const b = await inspected('2026-11-23T09:00:00Z', '2026-11-23T10:00:00Z');
    const now = new Date('2026-11-24T08:00:00Z');
    const batch = await createBatch(
      db,
      { method: 'sepa', tradeNumbers: [b.tradeNumber, a.tradeNumber], instant: true, requestedDate: '2026-11-24' },
      TEST_DEBTOR,
      options(now),
    );
    expect(batch).toMatchObject({ method: 'sepa', instant: true, state: 'open', count: 2, requestedDate: '2026-11-24' });
    expect(batch.reference).toMatch(/^PB-\d{6}$/);
    expect(batch.controlSumCents).toBe(Math.round((a.total + b.total) * 100));
    expect(batch.entries.map((e) => e.tradeNumber)).toEqual([a.tradeNumber, b.tradeNumber].sort());
    expect(audits.at(-1)).toMatchObject({ action: 'payouts.batch_created', subject: batch.reference });

    const file = await batchFile(db, batch.id);
    expect(file.fileName).toBe(`${batch.reference}-pain.001.001.09.xml`);
    expect(await batchFile(db, batch.reference.toLowerCase())).toEqual(file);
    const parsed = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'CdtTrfTxInf' }).parse(file.body);
    const block = parsed.Document.CstmrCdtTrfInitn.PmtInf;
    expect(block.NbOfTxs).toBe('2');
    expect(block.CtrlSum).toBe((batch.controlSumCents / 100).toFixed(2));
    expect(block.PmtTpInf.LclInstrm.Cd).toBe('INST');
    expect(block.DbtrAcct.Id.IBAN).toBe(TEST_DEBTOR.iban);
    expect(block.CdtTrfTxInf.map((t: { PmtId: { EndToEndId: string } }) => t.PmtId.EndToEndId)).toEqual(
      batch.entries.map((e) => e.tradeNumber),
    );

    const due = await duePayouts(db, { day: '2026-11-24', method: 'sepa' });
    expect(due.map((p) => p.tradeNumber)).not.toContain(a.tradeNumber);
    await expect(payTrade(db, a.tradeNumber)).rejects.toBeInstanceOf(TradeInBatchError);
    await expect(
      createBatch(
        db,
        { method: 'sepa', tradeNumbers: [a.tradeNumber], instant: false, requestedDate: '2026-11-24' },
        TEST_DEBTOR,
        options(now),
      ),
    ).rejects.toMatchObject({ reason: 'in_batch', tradeNumber: a.tradeNumber });
  });

  it('lets one of two clerks batching the same trade at once win; the other changes nothing', async () => {
    const trade = await inspected('2026-11-23T09:00:00Z', '2026-11-23T10:00:00Z');
    const other = await inspected('2026-11-23T09:00:00Z', '2026-11-23T10:00:00Z');
    const now = new Date('2026-11-24T08:00:00Z');
    const attempt = (numbers: string[]) =>
      createBatch(db, { method: 'sepa', tradeNumbers: numbers, instant: false, requestedDate: '2026-11-24' }, TEST_DEBTOR, options(now));
    const results = await Promise.allSettled([attempt([trade.tradeNumber]), attempt([trade.tradeNumber, other.tradeNumber])]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason).toBeInstanceOf(BatchError);
    expect(lost[0]!.reason.reason).toBe('in_batch');
    const entries = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(payoutBatchEntries)
      .where(eq(payoutBatchEntries.tradeId, trade.tradeId));
    expect(entries[0]!.n).toBe(1);
    // The loser's request was refused as a whole: its other trade is batched only if the winner batched it.
    const winner = (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof attempt>>>).value;
    const otherEntries = await db.select().from(payoutBatchEntries).where(eq(payoutBatchEntries.tradeId, other.tradeId));
    expect(otherEntries).toHaveLength(winner.count === 2 ? 1 : 0);
  });

  it('refuses a batch of the wrong method, of nothing due, of an unknown trade, SEPA Instant for PayPal and a past day', async () => {
    const sepa = await inspected('2026-11-23T09:00:00Z', '2026-11-23T10:00:00Z');
    const created = await createTrade(db, store, [1300]);
    const now = new Date('2026-11-24T08:00:00Z');
    const attempt = (method: 'sepa' | 'paypal', numbers: string[], extra: { instant?: boolean; requestedDate?: string } = {}) =>
      createBatch(
        db,
        { method, tradeNumbers: numbers, instant: extra.instant ?? false, requestedDate: extra.requestedDate ?? '2026-11-24' },
        TEST_DEBTOR,
        options(now),
      );
    await expect(attempt('paypal', [sepa.tradeNumber])).rejects.toMatchObject({ reason: 'wrong_method' });
    await expect(attempt('sepa', [created.tradeNumber])).rejects.toMatchObject({ reason: 'nothing_due' });
    await expect(attempt('sepa', ['TR-2026-999999'])).rejects.toMatchObject({ reason: 'trade_not_found' });
    await expect(attempt('paypal', [sepa.tradeNumber], { instant: true })).rejects.toMatchObject({ reason: 'wrong_method' });
    await expect(attempt('sepa', [sepa.tradeNumber], { requestedDate: '2026-11-23' })).rejects.toMatchObject({ reason: 'invalid_day' });
  });

  it('executes exactly the batch: its trades paid with the file amounts and mailed, other due trades untouched', async () => {
    const inBatch = await inspected('2026-11-23T09:00:00Z', '2026-11-23T10:00:00Z', true);
    const alsoInBatch = await inspected('2026-11-23T09:00:00Z', '2026-11-23T10:00:00Z', true);
    const outside = await inspected('2026-11-23T09:00:00Z', '2026-11-23T10:00:00Z', true);
    const now = new Date('2026-11-24T08:00:00Z');
    const batch = await createBatch(
      db,
      { method: 'paypal', tradeNumbers: [inBatch.tradeNumber, alsoInBatch.tradeNumber], instant: false, requestedDate: '2026-11-24' },
      TEST_DEBTOR,
      options(now),
    );
    expect((await batchFile(db, batch.id)).fileName).toBe(`${batch.reference}-paypal-payouts.csv`);
    steps.length = 0;
    const executedAt = new Date('2026-11-24T15:00:00Z');
    const { batch: executed, payouts } = await executeBatch(db, batch.id, executedAt, { actor: 'clerk@tradein.test', audit, mails });
    expect(executed).toMatchObject({ state: 'executed', executedAt: executedAt.toISOString() });
    expect(executed.entries.every((e) => e.state === 'executed')).toBe(true);
    expect(payouts.map((p) => p.status)).toEqual(['paid', 'paid']);
    expect(await statusOf(inBatch.tradeId)).toBe('paid');
    expect(await statusOf(alsoInBatch.tradeId)).toBe('paid');
    expect(await statusOf(outside.tradeId)).toBe('inspected');
    const rows = await db.select().from(tradePayouts).where(eq(tradePayouts.tradeId, inBatch.tradeId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: Math.round(inBatch.total * 100), bonusCents: 0, dueBy: '2026-11-25' });
    expect(rows[0]!.paidAt.toISOString()).toBe(executedAt.toISOString());
    expect(steps.map((s) => [s.kind, s.tradeId])).toEqual([
      ['paid', executed.entries[0]!.tradeNumber === inBatch.tradeNumber ? inBatch.tradeId : alsoInBatch.tradeId],
      ['paid', executed.entries[0]!.tradeNumber === inBatch.tradeNumber ? alsoInBatch.tradeId : inBatch.tradeId],
    ]);
    expect(audits.filter((a) => a.subject === batch.reference).map((a) => a.action)).toEqual([
      'payouts.batch_created',
      'trade.paid',
      'trade.paid',
      'payouts.batch_executed',
    ]);
    // Executed once only; its file stays the same.
    await expect(executeBatch(db, batch.id, executedAt, { actor: 'clerk', audit, mails })).rejects.toMatchObject({ reason: 'batch_state' });
    expect((await duePayouts(db, { day: '2026-11-24', method: 'paypal' })).map((p) => p.tradeNumber)).toContain(outside.tradeNumber);
  });

  it('executed after the due day, the bonus the file lacked is a due top-up, paid once by the next batch', async () => {
    // Due 24 November; the batch asked for the 24th (no bonus in the file) but the bank paid on the 26th.
    const trade = await inspected('2026-11-19T09:00:00Z', '2026-11-20T15:00:00Z');
    const now = new Date('2026-11-24T08:00:00Z');
    const batch = await createBatch(
      db,
      { method: 'sepa', tradeNumbers: [trade.tradeNumber], instant: false, requestedDate: '2026-11-24' },
      TEST_DEBTOR,
      options(now),
    );
    expect(batch.entries[0]!.bonusCents).toBe(0);
    const { payouts } = await executeBatch(db, batch.id, new Date('2026-11-26T10:00:00Z'), { actor: 'clerk', audit, mails });
    const items = Math.round(trade.total * 100);
    const bonus = Math.floor((items * 500 + 5000) / 10000);
    expect(payouts[0]).toMatchObject({ status: 'paid', shortfallCents: bonus });
    const due = await duePayouts(db, { day: '2026-11-26', method: 'sepa' });
    expect(due.find((p) => p.tradeNumber === trade.tradeNumber)).toMatchObject({
      topUp: true,
      amountCents: bonus,
      devices: 0,
      urgency: 'late',
    });
    const topUp = await createBatch(
      db,
      { method: 'sepa', tradeNumbers: [trade.tradeNumber], instant: false, requestedDate: '2026-11-26' },
      TEST_DEBTOR,
      options(new Date('2026-11-26T11:00:00Z')),
    );
    expect(topUp.entries[0]).toMatchObject({ topUp: true, amountCents: bonus, bonusCents: bonus });
    await executeBatch(db, topUp.id, new Date('2026-11-26T15:00:00Z'), { actor: 'clerk', audit, mails });
    const rows = await db.select().from(tradePayouts).where(eq(tradePayouts.tradeId, trade.tradeId));
    expect(rows.map((r) => r.amountCents).sort((x, y) => x - y)).toEqual([bonus, items].sort((x, y) => x - y));
    expect((await duePayouts(db, { day: '2026-11-27', method: 'sepa' })).map((p) => p.tradeNumber)).not.toContain(trade.tradeNumber);
  });

  it('cancels an open batch: its payouts are due again, and it has no file; an executed one cannot be cancelled', async () => {
    const trade = await inspected('2026-11-23T09:00:00Z', '2026-11-23T10:00:00Z');
    const now = new Date('2026-11-24T08:00:00Z');
    const batch = await createBatch(
      db,
      { method: 'sepa', tradeNumbers: [trade.tradeNumber], instant: false, requestedDate: '2026-11-24' },
      TEST_DEBTOR,
      options(now),
    );
    const cancelled = await cancelBatch(db, batch.reference, options(now));
    expect(cancelled).toMatchObject({ state: 'cancelled' });
    expect(cancelled.entries[0]!.state).toBe('cancelled');
    await expect(batchFile(db, batch.id)).rejects.toMatchObject({ reason: 'batch_state' });
    expect((await duePayouts(db, { day: '2026-11-24', method: 'sepa' })).map((p) => p.tradeNumber)).toContain(trade.tradeNumber);
    const again = await createBatch(
      db,
      { method: 'sepa', tradeNumbers: [trade.tradeNumber], instant: false, requestedDate: '2026-11-24' },
      TEST_DEBTOR,
      options(now),
    );
    await executeBatch(db, again.id, now, { actor: 'clerk', audit, mails });
    await expect(cancelBatch(db, again.id, options(now))).rejects.toMatchObject({ reason: 'batch_state' });
    await expect(cancelBatch(db, 'PB-999999', options(now))).rejects.toMatchObject({ reason: 'batch_not_found' });
  });

  it('refuses, in the database, to change what a batch froze or to delete it', async () => {
    const trade = await inspected('2026-11-23T09:00:00Z', '2026-11-23T10:00:00Z');
    const batch = await createBatch(
      db,
      { method: 'sepa', tradeNumbers: [trade.tradeNumber], instant: false, requestedDate: '2026-11-24' },
      TEST_DEBTOR,
      options(new Date('2026-11-24T08:00:00Z')),
    );
    await expect(db.update(payoutBatchEntries).set({ amountCents: 1 }).where(eq(payoutBatchEntries.batchId, batch.id))).rejects.toThrow();
    await expect(db.update(payoutBatches).set({ controlSumCents: 1 }).where(eq(payoutBatches.id, batch.id))).rejects.toThrow();
    await expect(db.delete(payoutBatches).where(eq(payoutBatches.id, batch.id))).rejects.toThrow();
    expect((await db.select().from(payoutBatches).where(eq(payoutBatches.id, batch.id)))[0]!.controlSumCents).toBe(batch.controlSumCents);
  });
});
