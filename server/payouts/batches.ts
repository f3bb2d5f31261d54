// Payout batches (issue 29, decision 074): the payouts that are due, batches of them frozen at creation,
// their bank or PayPal file, executing a batch (the payouts are recorded and mailed, the trades paid),
// and cancelling an open one. The staff API (server/staff/payout-routes.ts) and the ops CLI
// (server/ops/payouts.ts) call these same functions.
//
// Never paid twice: a device is in one open or executed batch only (a unique index over the live batch
// items, migration 0021) and a trade waits in one open batch at a time; `trades pay` refuses a trade
// whose devices wait in a batch. Creating a batch locks its trades in trade-number order, so of two
// clerks batching the same trade at once the second finds it batched and gets nothing.

import { PAYOUT_BANK_TIME_ZONE } from '../../src/config/constants';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { lateBonusCents, PAYOUT_PROMISES } from '../../src/config/payout-promise';
import { isLocale } from '../../src/config/locales';
import type {
  Batch,
  BatchEntry,
  BatchSummary,
  CreateBatchRequest,
  DuePayout,
  PayoutMethod,
  PayoutRecipient,
  PayoutUrgency,
} from '../../src/contracts/payouts';
import type { Payout, TradeStatus } from '../../src/contracts/trades';
import { maskedIban } from '../../src/contracts/trades';
import type { Database } from '../db/client';
import { payoutBatchEntries, payoutBatches, payoutBatchItems } from '../db/schema/payouts';
import { trades } from '../db/schema/trades';
import { addWorkingDays, localDate } from '../platform/working-days';
import { applyTransition, dueItems, recordPayout, SPLIT_PAYOUT_STATUSES, type DueItems, type TradeStepMails } from '../trades/lifecycle';
import { dueDayOf } from '../trades/payout-promise';
import { paypalPayoutCsv } from './paypal-file';
import { sepaCreditTransferXml, type SepaAccount } from './sepa-file';

/** Why a batch request was refused; the staff API answers it as its reason code. */
export type BatchFailure =
  | 'trade_not_found'
  | 'wrong_method'
  | 'nothing_due'
  | 'in_batch'
  | 'batch_not_found'
  | 'batch_state'
  | 'invalid_day'
  | 'entry_not_found'
  | 'entry_state'
  | 'top_up_live';

export class BatchError extends Error {
  constructor(
    readonly reason: BatchFailure,
    message: string,
    readonly tradeNumber?: string,
  ) {
    super(message);
    this.name = 'BatchError';
  }
}

/** Writes audit rows in the caller's transaction (server/staff/audit.ts for a staff user or `cli`). */
export interface PayoutAudit {
  write(
    tx: Database,
    record: { action: string; tradeNumber?: string | null; subject?: string | null; before?: unknown; after?: unknown },
  ): Promise<void>;
}

export interface BatchOptions {
  /** Who acts, for the batch's own columns (a staff e-mail or `cli`). */
  readonly actor: string;
  readonly audit: PayoutAudit;
}

type TradeRow = typeof trades.$inferSelect;
export type EntryRow = typeof payoutBatchEntries.$inferSelect;
export type BatchRow = typeof payoutBatches.$inferSelect;

/** A trade paid as a whole (every device) or, while a clarification is open or after a decline, the settled devices. */
const WHOLE: readonly TradeStatus[] = ['inspected', 'accepted'];
const PAYABLE: readonly TradeStatus[] = [...WHOLE, ...SPLIT_PAYOUT_STATUSES];
const scopeOf = (status: TradeStatus) => (WHOLE.includes(status) ? 'rest' : 'settled');

const promiseOf = (locale: string) => PAYOUT_PROMISES[isLocale(locale) ? locale : 'default'];

export const batchReference = (batch: Pick<BatchRow, 'number'>) => `PB-${String(batch.number).padStart(6, '0')}`;
const fileNameOf = (batch: Pick<BatchRow, 'number' | 'method'>) =>
  `${batchReference(batch)}-${batch.method === 'sepa' ? 'pain.001.001.09.xml' : 'paypal-payouts.csv'}`;

/** Noon UTC of a day: the same calendar day in every shop's time zone. */
export const dayMoment = (day: string) => new Date(`${day}T12:00:00Z`);

function recipientOf(trade: TradeRow): PayoutRecipient {
  const payout: Payout = trade.payout;
  return payout.method === 'sepa'
    ? { method: 'sepa', name: payout.accountHolder, iban: payout.iban, bic: payout.bic }
    : { method: 'paypal', email: payout.email };
}

const maskedRecipient = (recipient: PayoutRecipient) => (recipient.method === 'sepa' ? maskedIban(recipient.iban) : recipient.email);
const holderOf = (recipient: PayoutRecipient, trade: Pick<TradeRow, 'address'>) =>
  recipient.method === 'sepa' ? recipient.name : `${trade.address.firstName} ${trade.address.lastName}`;

/** An executed entry whose execution day earned more late-payout bonus than its file paid, not topped up yet. */
async function shortfallsOf(db: Database, tradeIds: readonly string[]): Promise<Map<string, EntryRow>> {
  if (tradeIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(payoutBatchEntries)
    .where(and(inArray(payoutBatchEntries.tradeId, [...tradeIds]), eq(payoutBatchEntries.state, 'executed')))
    .orderBy(asc(payoutBatchEntries.position));
  const toppedUp = new Set(
    (
      await db
        .select({ topUpOf: payoutBatchEntries.topUpOf })
        .from(payoutBatchEntries)
        .where(and(inArray(payoutBatchEntries.tradeId, [...tradeIds]), inArray(payoutBatchEntries.state, ['open', 'executed'])))
    ).map((r) => r.topUpOf),
  );
  return new Map(rows.filter((r) => r.shortfallCents > 0 && !toppedUp.has(r.id)).map((r) => [r.tradeId, r]));
}

/** The latest bank return of each trade (see bank-returns.ts). */
async function lastReturnsOf(db: Database, tradeIds: readonly string[]): Promise<Map<string, Date>> {
  if (tradeIds.length === 0) return new Map();
  const rows = await db
    .select({ tradeId: payoutBatchEntries.tradeId, returnedAt: payoutBatchEntries.returnedAt })
    .from(payoutBatchEntries)
    .where(and(inArray(payoutBatchEntries.tradeId, [...tradeIds]), eq(payoutBatchEntries.state, 'returned')))
    .orderBy(asc(payoutBatchEntries.returnedAt));
  return new Map(rows.map((r) => [r.tradeId, r.returnedAt!]));
}

function bankReturnOf(trade: TradeRow, returnedAt: Date | undefined): DuePayout['bankReturn'] {
  if (!returnedAt) return null;
  return { returnedAt: returnedAt.toISOString(), corrected: trade.payoutCorrectedAt !== null && trade.payoutCorrectedAt > returnedAt };
}

interface Candidate {
  readonly trade: TradeRow;
  readonly offerIds: string[];
  readonly itemsCents: number;
  readonly voucherCents: number;
  readonly bonusCents: number;
  readonly dueBy: string | null;
  /** The executed entry whose bonus shortfall this payout tops up. */
  readonly topUp: EntryRow | null;
  readonly amountCents: number;
}

/** What of `trade` its status lets be paid now; null for a status that pays nothing. */
const dueOf = (db: Database, trade: TradeRow): Promise<DueItems | null> =>
  PAYABLE.includes(trade.status) ? dueItems(db, trade, scopeOf(trade.status)) : Promise.resolve(null);

/** What paying `trade` (its `due`) on `day` would pay, or null when nothing is due (or it waits in an open batch). */
async function candidateOf(
  db: Database,
  trade: TradeRow,
  due: DueItems | null,
  day: string,
  topUp: EntryRow | null,
): Promise<Candidate | null> {
  if (due?.inOpenBatch) return null;
  const items = due && (due.offerIds.length > 0 || due.voucherCents > 0) ? due : null;
  if (!items && !topUp) return null;
  let dueBy = topUp?.dueBy ?? null;
  let bonusCents = 0;
  if (items) {
    dueBy = await dueDayOf(db, trade, items.offerIds);
    const promise = promiseOf(trade.locale);
    bonusCents = dueBy !== null && day > dueBy ? lateBonusCents(items.itemsCents, promise) : 0;
  }
  const itemsCents = items?.itemsCents ?? 0;
  const voucherCents = items?.voucherCents ?? 0;
  const amountCents = itemsCents + voucherCents + bonusCents + (topUp?.shortfallCents ?? 0);
  return { trade, offerIds: items?.offerIds ?? [], itemsCents, voucherCents, bonusCents, dueBy, topUp, amountCents };
}

function urgencyOf(candidate: Candidate, day: string): PayoutUrgency {
  if (candidate.topUp) return 'late';
  if (candidate.dueBy === null) return 'no_promise';
  if (day > candidate.dueBy) return 'late';
  const promise = promiseOf(candidate.trade.locale);
  // Due today or on the next working day: a batch made later pays the bonus.
  return candidate.dueBy <= addWorkingDays(day, 1, promise.holidayCountry) ? 'due_soon' : 'on_time';
}

const URGENCY_ORDER: Record<PayoutUrgency, number> = { late: 0, due_soon: 1, on_time: 2, no_promise: 3 };

/** The payouts due on `day` (default today), most urgent first; `method` narrows them to one payout method. */
export async function duePayouts(db: Database, options: { day: string; method?: PayoutMethod | undefined }): Promise<DuePayout[]> {
  const rows = await db
    .select()
    .from(trades)
    .where(inArray(trades.status, [...PAYABLE, 'paid']))
    .orderBy(asc(trades.tradeNumber));
  const wanted = rows.filter((t) => !options.method || t.payout.method === options.method);
  const shortfalls = await shortfallsOf(
    db,
    wanted.map((t) => t.id),
  );
  const returns = await lastReturnsOf(
    db,
    wanted.map((t) => t.id),
  );
  const payouts: DuePayout[] = [];
  for (const trade of wanted) {
    if (trade.status === 'paid' && !shortfalls.has(trade.id)) continue;
    const candidate = await candidateOf(db, trade, await dueOf(db, trade), options.day, shortfalls.get(trade.id) ?? null);
    if (!candidate) continue;
    const recipient = recipientOf(trade);
    payouts.push({
      tradeNumber: trade.tradeNumber,
      locale: trade.locale,
      method: recipient.method,
      recipient: maskedRecipient(recipient),
      holder: holderOf(recipient, trade),
      devices: candidate.offerIds.length,
      itemsCents: candidate.itemsCents,
      voucherCents: candidate.voucherCents,
      bonusCents: candidate.bonusCents + (candidate.topUp?.shortfallCents ?? 0),
      amountCents: candidate.amountCents,
      dueBy: candidate.dueBy,
      urgency: urgencyOf(candidate, options.day),
      bonusPreviewCents: lateBonusCents(candidate.itemsCents, promiseOf(trade.locale)),
      topUp: candidate.topUp !== null,
      bankReturn: bankReturnOf(trade, returns.get(trade.id)),
    });
  }
  return payouts.sort(
    (a, b) =>
      URGENCY_ORDER[a.urgency] - URGENCY_ORDER[b.urgency] ||
      (a.dueBy ?? '9999').localeCompare(b.dueBy ?? '9999') ||
      a.tradeNumber.localeCompare(b.tradeNumber),
  );
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/**
 * A batch of the payouts of `tradeNumbers` (all of one method), frozen: amounts, accounts and the
 * debtor account are stored, so its file never changes. Refused as a whole when a trade is unknown,
 * paid by the other method, has nothing due, or waits in an open batch.
 */
export async function createBatch(
  db: Database,
  request: Required<Pick<CreateBatchRequest, 'method' | 'tradeNumbers'>> & { instant: boolean; requestedDate: string },
  debtor: SepaAccount,
  options: BatchOptions & { now: Date },
): Promise<Batch> {
  if (request.instant && request.method !== 'sepa')
    throw new BatchError('wrong_method', 'SEPA Instant is a SEPA option; a PayPal batch has none.');
  if (request.requestedDate < localDate(options.now, PAYOUT_BANK_TIME_ZONE))
    throw new BatchError('invalid_day', `The execution day ${request.requestedDate} has passed; ask for today or a later day.`);
  const numbers = [...new Set(request.tradeNumbers.map((n) => n.trim().toUpperCase()))].sort();
  try {
    return await db.transaction(async (tx) => {
      const locked = await tx
        .select()
        .from(trades)
        .where(inArray(trades.tradeNumber, numbers))
        .orderBy(asc(trades.tradeNumber))
        .for('update');
      const missing = numbers.find((n) => !locked.some((t) => t.tradeNumber === n));
      if (missing) throw new BatchError('trade_not_found', `There is no trade ${missing}.`, missing);
      const shortfalls = await shortfallsOf(
        tx,
        locked.map((t) => t.id),
      );
      const candidates: Candidate[] = [];
      for (const trade of locked) {
        if (trade.payout.method !== request.method)
          throw new BatchError(
            'wrong_method',
            `${trade.tradeNumber} is paid by ${trade.payout.method}, not ${request.method}.`,
            trade.tradeNumber,
          );
        const due = await dueOf(tx, trade);
        if (due?.inOpenBatch) throw new BatchError('in_batch', `${trade.tradeNumber} waits in a payout batch already.`, trade.tradeNumber);
        const candidate = await candidateOf(tx, trade, due, request.requestedDate, shortfalls.get(trade.id) ?? null);
        if (!candidate || candidate.amountCents <= 0)
          throw new BatchError('nothing_due', `Nothing of ${trade.tradeNumber} is due (status ${trade.status}).`, trade.tradeNumber);
        candidates.push(candidate);
      }
      const batchId = randomUUID();
      const controlSumCents = candidates.reduce((sum, c) => sum + c.amountCents, 0);
      const [batch] = await tx
        .insert(payoutBatches)
        .values({
          id: batchId,
          method: request.method,
          instant: request.instant,
          requestedDate: request.requestedDate,
          debtor: request.method === 'sepa' ? { name: debtor.name, iban: debtor.iban, bic: debtor.bic } : null,
          state: 'open',
          count: candidates.length,
          controlSumCents,
          createdAt: options.now,
          createdBy: options.actor,
        })
        .returning();
      for (const [position, c] of candidates.entries()) {
        const entryId = randomUUID();
        await tx.insert(payoutBatchEntries).values({
          id: entryId,
          batchId,
          position,
          tradeId: c.trade.id,
          state: 'open',
          recipient: recipientOf(c.trade),
          itemsCents: c.itemsCents,
          voucherCents: c.voucherCents,
          bonusCents: c.bonusCents,
          topUpCents: c.topUp?.shortfallCents ?? 0,
          amountCents: c.amountCents,
          dueBy: c.dueBy,
          topUpOf: c.topUp?.id ?? null,
        });
        if (c.offerIds.length > 0)
          await tx.insert(payoutBatchItems).values(c.offerIds.map((offerId) => ({ entryId, offerId, live: true })));
      }
      await options.audit.write(tx, {
        action: 'payouts.batch_created',
        subject: batchReference(batch!),
        after: {
          method: request.method,
          instant: request.instant,
          requestedDate: request.requestedDate,
          count: candidates.length,
          controlSumCents,
          trades: candidates.map((c) => c.trade.tradeNumber),
        },
      });
      return await batchView(tx, batch!);
    });
  } catch (error) {
    if (!(error instanceof BatchError) && isUniqueViolation(error))
      throw new BatchError('in_batch', 'A selected payout was just put into another batch; reload the due payouts.');
    throw error;
  }
}

export async function batchView(db: Database, batch: BatchRow): Promise<Batch> {
  const rows = await db
    .select({ entry: payoutBatchEntries, tradeNumber: trades.tradeNumber, address: trades.address })
    .from(payoutBatchEntries)
    .innerJoin(trades, eq(trades.id, payoutBatchEntries.tradeId))
    .where(eq(payoutBatchEntries.batchId, batch.id))
    .orderBy(asc(payoutBatchEntries.position));
  const entries: BatchEntry[] = rows.map(({ entry, tradeNumber, address }) => ({
    tradeNumber,
    recipient: maskedRecipient(entry.recipient),
    holder: holderOf(entry.recipient, { address }),
    amountCents: entry.amountCents,
    bonusCents: entry.bonusCents + entry.topUpCents,
    state: entry.state,
    shortfallCents: entry.shortfallCents,
    topUp: entry.topUpOf !== null,
    returnedAt: entry.returnedAt?.toISOString() ?? null,
    returnReason: entry.returnReason,
  }));
  return { ...summaryOf(batch), entries };
}

function summaryOf(batch: BatchRow): BatchSummary {
  return {
    id: batch.id,
    reference: batchReference(batch),
    method: batch.method,
    instant: batch.instant,
    requestedDate: batch.requestedDate,
    state: batch.state,
    count: batch.count,
    controlSumCents: batch.controlSumCents,
    createdAt: batch.createdAt.toISOString(),
    createdBy: batch.createdBy,
    executedAt: batch.executedAt?.toISOString() ?? null,
    fileName: fileNameOf(batch),
  };
}

/** A batch by its id or reference (PB-000012, any case). */
export async function findBatch(db: Database, ref: string, lock = false): Promise<BatchRow> {
  const trimmed = ref.trim();
  const byNumber = /^PB-(\d{1,9})$/i.exec(trimmed);
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(trimmed);
  if (!byNumber && !uuid) throw new BatchError('batch_not_found', `There is no payout batch ${trimmed}.`);
  const condition = byNumber ? eq(payoutBatches.number, Number(byNumber[1])) : eq(payoutBatches.id, trimmed.toLowerCase());
  const query = db.select().from(payoutBatches).where(condition);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new BatchError('batch_not_found', `There is no payout batch ${trimmed}.`);
  return row;
}

export async function showBatch(db: Database, ref: string): Promise<Batch> {
  return batchView(db, await findBatch(db, ref));
}

/** Newest first. */
export async function listBatches(
  db: Database,
  options: { limit: number; state?: BatchRow['state'] | undefined },
): Promise<BatchSummary[]> {
  const rows = await db
    .select()
    .from(payoutBatches)
    .where(options.state ? eq(payoutBatches.state, options.state) : undefined)
    .orderBy(desc(payoutBatches.number))
    .limit(options.limit);
  return rows.map(summaryOf);
}

export interface BatchFile {
  readonly fileName: string;
  readonly contentType: string;
  readonly body: string;
}

/** The batch's file: the same bytes every time (made from what the batch froze). A cancelled batch has none. */
export async function batchFile(db: Database, ref: string): Promise<BatchFile> {
  const batch = await findBatch(db, ref);
  if (batch.state === 'cancelled') throw new BatchError('batch_state', `${batchReference(batch)} was cancelled; it has no file to send.`);
  const rows = await db
    .select({ entry: payoutBatchEntries, tradeNumber: trades.tradeNumber })
    .from(payoutBatchEntries)
    .innerJoin(trades, eq(trades.id, payoutBatchEntries.tradeId))
    .where(eq(payoutBatchEntries.batchId, batch.id))
    .orderBy(asc(payoutBatchEntries.position));
  const reference = batchReference(batch);
  const remittance = (tradeNumber: string) => `${tradeNumber} trade-in payout`;
  if (batch.method === 'sepa') {
    const body = sepaCreditTransferXml({
      messageId: reference,
      createdAt: batch.createdAt,
      debtor: batch.debtor!,
      requestedDate: batch.requestedDate,
      instant: batch.instant,
      transfers: rows.map(({ entry, tradeNumber }) => {
        const recipient = entry.recipient as Extract<PayoutRecipient, { method: 'sepa' }>;
        return {
          endToEndId: tradeNumber,
          amountCents: entry.amountCents,
          creditor: { name: recipient.name, iban: recipient.iban, bic: recipient.bic },
          remittance: remittance(tradeNumber),
        };
      }),
    });
    return { fileName: fileNameOf(batch), contentType: 'application/xml; charset=utf-8', body };
  }
  const body = paypalPayoutCsv(
    rows.map(({ entry, tradeNumber }) => ({
      email: (entry.recipient as Extract<PayoutRecipient, { method: 'paypal' }>).email,
      amountCents: entry.amountCents,
      uniqueId: tradeNumber,
      note: remittance(tradeNumber),
    })),
  );
  return { fileName: fileNameOf(batch), contentType: 'text/csv; charset=utf-8', body };
}

export interface ExecutedPayout {
  readonly tradeNumber: string;
  readonly amountCents: number;
  /** The trade's status afterwards: paid, or unchanged for a split payout or a top-up. */
  readonly status: TradeStatus;
  /** The late-payout bonus the execution day earned beyond the file's (a top-up is due). */
  readonly shortfallCents: number;
}

/**
 * Records that the bank or PayPal executed an open batch `at`: each entry becomes a payout of the trade
 * (the amounts of the file), a trade whose every device is now paid moves to paid, and every seller is
 * mailed the payout in the same transaction. Paid later than its file asked, an entry whose due day
 * passed earns the late-payout bonus of the day it was paid: the part the file did not pay is a top-up
 * in the due list.
 */
export async function executeBatch(
  db: Database,
  ref: string,
  at: Date,
  options: BatchOptions & { mails?: TradeStepMails | undefined },
): Promise<{ batch: Batch; payouts: ExecutedPayout[] }> {
  const afterCommits: (() => Promise<void>)[] = [];
  const result = await db.transaction(async (tx) => {
    const batch = await findBatch(tx, ref, true);
    const reference = batchReference(batch);
    if (batch.state !== 'open') throw new BatchError('batch_state', `${reference} is ${batch.state}; only an open batch can be executed.`);
    if (localDate(at, PAYOUT_BANK_TIME_ZONE) < localDate(batch.createdAt, PAYOUT_BANK_TIME_ZONE))
      throw new BatchError(
        'invalid_day',
        `${reference} was made on ${localDate(batch.createdAt, PAYOUT_BANK_TIME_ZONE)}; it cannot have been executed before.`,
      );
    const entries = await tx
      .select()
      .from(payoutBatchEntries)
      .where(and(eq(payoutBatchEntries.batchId, batch.id), eq(payoutBatchEntries.state, 'open')))
      .orderBy(asc(payoutBatchEntries.position));
    const payouts: ExecutedPayout[] = [];
    for (const entry of entries) {
      const [trade] = await tx.select().from(trades).where(eq(trades.id, entry.tradeId)).for('update');
      const items = await tx
        .select({ offerId: payoutBatchItems.offerId })
        .from(payoutBatchItems)
        .where(eq(payoutBatchItems.entryId, entry.id));
      const payoutId = await recordPayout(
        tx,
        trade!.id,
        {
          offerIds: items.map((i) => i.offerId),
          itemsCents: entry.itemsCents,
          voucherCents: entry.voucherCents,
          bonusCents: entry.bonusCents + entry.topUpCents,
          dueBy: entry.dueBy,
        },
        at,
      );
      const promise = promiseOf(trade!.locale);
      const earned = entry.dueBy !== null && localDate(at, promise.timeZone) > entry.dueBy ? lateBonusCents(entry.itemsCents, promise) : 0;
      const shortfallCents = Math.max(0, earned - entry.bonusCents);
      await tx.update(payoutBatchEntries).set({ state: 'executed', payoutId, shortfallCents }).where(eq(payoutBatchEntries.id, entry.id));
      let status = trade!.status;
      const left = WHOLE.includes(status) ? await dueItems(tx, trade!, 'rest') : null;
      if (left && left.offerIds.length === 0) {
        // Everything paid so far, this payout included (the transition's note names the whole after split payouts).
        const record = {
          payoutId,
          amountCents: entry.amountCents,
          items: items.length,
          totalPaidCents: left.paidBeforeCents,
          bonusCents: entry.bonusCents + entry.topUpCents,
          dueBy: entry.dueBy,
        };
        await applyTransition(tx, trade!, 'paid', reference, at, record);
        status = 'paid';
      } else {
        await tx
          .update(trades)
          .set({ version: trade!.version + 1 })
          .where(eq(trades.id, trade!.id));
      }
      await options.audit.write(tx, {
        action: 'trade.paid',
        tradeNumber: trade!.tradeNumber,
        subject: reference,
        before: { status: trade!.status },
        after: { status, payoutCents: entry.amountCents, ...(shortfallCents > 0 && { bonusShortfallCents: shortfallCents }) },
      });
      if (options.mails) afterCommits.push(await options.mails.write(tx, { kind: 'paid', tradeId: trade!.id, at, payoutId }));
      payouts.push({ tradeNumber: trade!.tradeNumber, amountCents: entry.amountCents, status, shortfallCents });
    }
    const [executed] = await tx
      .update(payoutBatches)
      .set({ state: 'executed', executedAt: at, executedBy: options.actor })
      .where(eq(payoutBatches.id, batch.id))
      .returning();
    await options.audit.write(tx, {
      action: 'payouts.batch_executed',
      subject: reference,
      before: { state: 'open' },
      after: { state: 'executed', executedAt: at.toISOString(), count: payouts.length, controlSumCents: batch.controlSumCents },
    });
    return { batch: await batchView(tx, executed!), payouts };
  });
  for (const run of afterCommits) await run();
  return result;
}

/** Cancels an open batch (e.g. the bank refused its file): its payouts are due again. */
export async function cancelBatch(db: Database, ref: string, options: BatchOptions & { now: Date }): Promise<Batch> {
  return db.transaction(async (tx) => {
    const batch = await findBatch(tx, ref, true);
    const reference = batchReference(batch);
    if (batch.state !== 'open') throw new BatchError('batch_state', `${reference} is ${batch.state}; only an open batch can be cancelled.`);
    const entries = await tx
      .update(payoutBatchEntries)
      .set({ state: 'cancelled' })
      .where(eq(payoutBatchEntries.batchId, batch.id))
      .returning({ id: payoutBatchEntries.id });
    if (entries.length > 0)
      await tx
        .update(payoutBatchItems)
        .set({ live: false })
        .where(
          inArray(
            payoutBatchItems.entryId,
            entries.map((e) => e.id),
          ),
        );
    const [cancelled] = await tx
      .update(payoutBatches)
      .set({ state: 'cancelled', cancelledAt: options.now })
      .where(eq(payoutBatches.id, batch.id))
      .returning();
    await options.audit.write(tx, {
      action: 'payouts.batch_cancelled',
      subject: reference,
      before: { state: 'open' },
      after: { state: 'cancelled' },
    });
    return batchView(tx, cancelled!);
  });
}
