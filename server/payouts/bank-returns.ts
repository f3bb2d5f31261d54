// A bank return of one transfer of an executed batch (issue 29, decision 075): the bank (or PayPal) sent the
// money back — the account is closed, the IBAN belongs to someone else, the PayPal address has no account.
// The batch and its file stay as they were; the entry becomes 'returned', which frees its devices (they
// are due again), the trade's payout row is marked returned (it paid nothing), a trade that payout had
// completed is paid no longer, and the seller is mailed to check the account, which the trade page and the
// account let them correct (server/trades/payout-correction.ts). All in one transaction.

import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { payoutBatchEntries, payoutBatchItems } from '../db/schema/payouts';
import { tradeItems, tradePayouts, trades } from '../db/schema/trades';
import { lockTrade, reopenPayment, type TradeStepMails } from '../trades/lifecycle';
import { BatchError, batchReference, batchView, findBatch, type BatchOptions } from './batches';
import type { Batch } from '../../src/contracts/payouts';
import type { TradeStatus } from '../../src/contracts/trades';

export interface BankReturn {
  readonly batch: Batch;
  readonly tradeNumber: string;
  readonly amountCents: number;
  /** The trade's status afterwards: back to inspected or accepted when the returned payout had completed it. */
  readonly status: TradeStatus;
}

/**
 * Records that the transfer of `tradeNumber` in the executed batch `ref` came back `at` for `reason`.
 * Refused when the batch is not executed, the trade has no executed entry in it, or a late-bonus top-up
 * of that entry is open or paid (cancel its batch, or return the top-up first).
 */
export async function recordBankReturn(
  db: Database,
  ref: string,
  request: { readonly tradeNumber: string; readonly reason: string },
  at: Date,
  options: BatchOptions & { mails?: TradeStepMails | undefined },
): Promise<BankReturn> {
  let afterCommit: (() => Promise<void>) | undefined;
  const result = await db.transaction(async (tx) => {
    const batch = await findBatch(tx, ref, true);
    const reference = batchReference(batch);
    if (batch.state !== 'executed')
      throw new BatchError('batch_state', `${reference} is ${batch.state}; only a transfer of an executed batch can come back.`);
    const tradeNumber = request.tradeNumber.trim().toUpperCase();
    const [entry] = await tx
      .select({ entry: payoutBatchEntries })
      .from(payoutBatchEntries)
      .innerJoin(trades, eq(trades.id, payoutBatchEntries.tradeId))
      .where(and(eq(payoutBatchEntries.batchId, batch.id), eq(trades.tradeNumber, tradeNumber)))
      .for('update', { of: payoutBatchEntries });
    if (!entry) throw new BatchError('entry_not_found', `${reference} pays no trade ${tradeNumber}.`, tradeNumber);
    const { entry: row } = entry;
    if (row.state !== 'executed')
      throw new BatchError(
        'entry_state',
        `The transfer of ${tradeNumber} in ${reference} is ${row.state}; it cannot come back again.`,
        tradeNumber,
      );
    const [topUp] = await tx
      .select({ id: payoutBatchEntries.id })
      .from(payoutBatchEntries)
      .where(and(eq(payoutBatchEntries.topUpOf, row.id), inArray(payoutBatchEntries.state, ['open', 'executed'])))
      .limit(1);
    if (topUp)
      throw new BatchError(
        'top_up_live',
        `A late-bonus top-up of this transfer of ${tradeNumber} is in another batch: cancel that batch (or record the top-up's return) first.`,
        tradeNumber,
      );
    const trade = await lockTrade(tx, tradeNumber);
    await tx
      .update(payoutBatchEntries)
      .set({ state: 'returned', returnedAt: at, returnReason: request.reason, returnedBy: options.actor })
      .where(eq(payoutBatchEntries.id, row.id));
    await tx.update(payoutBatchItems).set({ live: false }).where(eq(payoutBatchItems.entryId, row.id));
    const payoutId = row.payoutId!;
    await tx.update(tradePayouts).set({ returnedAt: at }).where(eq(tradePayouts.id, payoutId));
    await tx.update(tradeItems).set({ payoutId: null }).where(eq(tradeItems.payoutId, payoutId));
    const note = `${reference}: payout returned by the bank (${request.reason})`;
    const moved =
      trade.status === 'paid'
        ? await reopenPayment(tx, trade, note, at)
        : (
            await tx
              .update(trades)
              .set({ version: trade.version + 1 })
              .where(eq(trades.id, trade.id))
              .returning()
          )[0]!;
    await options.audit.write(tx, {
      action: 'payouts.bank_return',
      tradeNumber,
      subject: reference,
      before: { status: trade.status, entry: 'executed' },
      after: { status: moved.status, entry: 'returned', amountCents: row.amountCents, reason: request.reason },
    });
    if (options.mails) afterCommit = await options.mails.write(tx, { kind: 'payoutReturned', tradeId: trade.id, at, payoutId });
    return { batch: await batchView(tx, batch), tradeNumber, amountCents: row.amountCents, status: moved.status };
  });
  await afterCommit?.();
  return result;
}
