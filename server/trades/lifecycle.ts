// The trade life cycle (product §11): the allowed moves as data, one checked and recorded transition
// per call (row lock on the trade, so two operators cannot both move it), and the operator's views
// (list, show). Inspection and clarifications (./inspection) move trades through the same functions.

import { and, asc, count, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { TradeStatus } from '../../src/contracts/trades';
import type { Database } from '../db/client';
import { randomUUID } from 'node:crypto';
import { answers, devices, questions } from '../db/schema/catalogue';
import { clarifications } from '../db/schema/clarifications';
import { offers } from '../db/schema/offers';
import { payoutBatchEntries, payoutBatchItems } from '../db/schema/payouts';
import { inspectionPhotos, tradeInspections, tradeItems, tradePayouts, trades, tradeTransitions } from '../db/schema/trades';
import { payoutTiming } from './payout-promise';
import { maskPayout } from './service';

/**
 * Where each status may go next; statuses without an entry are final. One exception is not a move of
 * this table: a bank return of the payout that completed a trade reopens it (reopenPayment).
 */
export const TRANSITIONS: Readonly<Record<TradeStatus, readonly TradeStatus[]>> = {
  created: ['received', 'cancelled'],
  received: ['inspected'],
  inspected: ['paid', 'clarification'],
  clarification: ['accepted', 'declined'],
  accepted: ['paid'],
  declined: ['returned'],
  returned: [],
  paid: [],
  cancelled: [],
};

export function canTransition(from: TradeStatus, to: TradeStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** How a status reads after "it cannot be …" / "is already …". */
const PARTICIPLE: Record<TradeStatus, string> = {
  created: 'created',
  received: 'received',
  inspected: 'inspected',
  clarification: 'put into clarification',
  accepted: 'accepted',
  declined: 'declined',
  returned: 'returned',
  paid: 'paid',
  cancelled: 'cancelled',
};

const describeStatus = (status: TradeStatus) => (status === 'clarification' ? 'in clarification' : status);

/** A move the life cycle does not allow, e.g. paying a cancelled trade. */
export class TransitionError extends Error {
  constructor(
    readonly tradeNumber: string,
    readonly from: TradeStatus,
    readonly to: TradeStatus,
  ) {
    super(
      from === to
        ? `Trade ${tradeNumber} is already ${PARTICIPLE[to]}.`
        : `Trade ${tradeNumber} is ${describeStatus(from)}; it cannot be ${PARTICIPLE[to]}.`,
    );
    this.name = 'TransitionError';
  }
}

export class TradeNotFoundError extends Error {
  constructor(readonly ref: string) {
    super(`There is no trade ${ref}.`);
    this.name = 'TradeNotFoundError';
  }
}

type TradeRow = typeof trades.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A trade number (TR-2026-000123, any case) or a trade id. */
function refCondition(ref: string) {
  const trimmed = ref.trim();
  return UUID.test(trimmed) ? eq(trades.id, trimmed.toLowerCase()) : eq(trades.tradeNumber, trimmed.toUpperCase());
}

/** Reads and locks the trade row until the transaction ends (SELECT … FOR UPDATE). */
export async function lockTrade(tx: Database, ref: string): Promise<TradeRow> {
  const [row] = await tx.select().from(trades).where(refCondition(ref)).for('update');
  if (!row) throw new TradeNotFoundError(ref.trim());
  return row;
}

/**
 * Moves a locked trade (see lockTrade) and records the move; for use inside a transaction that
 * does more (inspection, clarification answers). Returns the trade as it now is.
 */
export async function applyTransition(
  tx: Database,
  trade: TradeRow,
  to: TradeStatus,
  note: string | null,
  at: Date,
  /** Moving to paid: the payout that completes the trade, recorded already (a payout batch's); else what is left is paid now. */
  recorded?: PayoutRecord,
): Promise<{ trade: TradeRow; note: string | null; payout?: PayoutRecord }> {
  if (!canTransition(trade.status, to)) throw new TransitionError(trade.tradeNumber, trade.status, to);
  let recordedNote = note;
  let payout: PayoutRecord | undefined;
  if (to === 'paid') {
    // Pays what earlier (split) payouts left; the note names this payment and, after a split, the whole.
    const paid = recorded ?? (await payOut(tx, trade, at, 'rest'));
    payout = paid;
    const earlier = paid.totalPaidCents - paid.amountCents;
    const amount = `payout ${formatCents(paid.amountCents)}${earlier > 0 ? ` (${formatCents(paid.totalPaidCents)} in all)` : ''}`;
    recordedNote = [amount, note].filter(Boolean).join('; ');
  }
  // The status condition is the second guard behind the row lock.
  const [updated] = await tx
    .update(trades)
    .set({ status: to, version: sql`${trades.version} + 1` })
    .where(and(eq(trades.id, trade.id), eq(trades.status, trade.status)))
    .returning();
  if (!updated) throw new Error(`Trade ${trade.tradeNumber} changed while it was being moved; try again.`);
  await tx.insert(tradeTransitions).values({ tradeId: trade.id, fromStatus: trade.status, toStatus: to, at, note: recordedNote });
  return { trade: updated, note: recordedNote, ...(payout ? { payout } : {}) };
}

/**
 * The bank sent back the transfer that paid a trade in full (issue 29): the trade is no longer paid and
 * goes back to the status it was paid from (inspected or accepted), so its devices are due again. Inside
 * the caller's transaction, the trade locked; recorded as a transition like any move.
 */
export async function reopenPayment(tx: Database, trade: TradeRow, note: string, at: Date): Promise<TradeRow> {
  if (trade.status !== 'paid') throw new TransitionError(trade.tradeNumber, trade.status, 'inspected');
  const [paidMove] = await tx
    .select({ from: tradeTransitions.fromStatus })
    .from(tradeTransitions)
    .where(and(eq(tradeTransitions.tradeId, trade.id), eq(tradeTransitions.toStatus, 'paid')))
    .orderBy(desc(tradeTransitions.id))
    .limit(1);
  const to: TradeStatus = paidMove?.from === 'accepted' ? 'accepted' : 'inspected';
  const [updated] = await tx
    .update(trades)
    .set({ status: to, version: sql`${trades.version} + 1` })
    .where(and(eq(trades.id, trade.id), eq(trades.status, 'paid')))
    .returning();
  if (!updated) throw new Error(`Trade ${trade.tradeNumber} changed while it was being moved; try again.`);
  await tx.insert(tradeTransitions).values({ tradeId: trade.id, fromStatus: 'paid', toStatus: to, at, note });
  return updated;
}

/**
 * A move the seller hears of by mail (issue 27): the parcel arrived, the devices were inspected without
 * a clarification (a clarification's own mail is that step's mail), a payout (split payouts too), the
 * declined devices went back, the trade was cancelled. Moves inside a clarification have their mails in
 * the clarifications domain.
 */
export type TradeStep =
  | { readonly kind: 'received' | 'inspected' | 'returned' | 'cancelled'; readonly tradeId: string; readonly at: Date }
  | { readonly kind: 'paid' | 'payoutReturned'; readonly tradeId: string; readonly at: Date; readonly payoutId: string };

/**
 * Writes the mail of a step in the move's transaction (decision 068): the move and its mail commit
 * together, and a mail that cannot be composed rolls the move back. What it returns runs after the
 * commit (wake the outbox's worker, or send where there is no outbox).
 */
export interface TradeStepMails {
  write(tx: Database, step: TradeStep): Promise<() => Promise<void>>;
}

/** One row of the audit log (server/staff/audit.ts): what a move did to a trade, before and after. */
export interface TradeAuditEntry {
  readonly action: string;
  readonly tradeNumber: string;
  readonly before?: unknown;
  readonly after?: unknown;
}

/** Writes audit rows in the move's transaction, as the actor it was made for (a staff user, or `cli`). */
export interface TradeAudit {
  write(tx: Database, entry: TradeAuditEntry): Promise<void>;
}

/**
 * A save made on an older version of the trade than it has now (optimistic locking of the back office,
 * decision 071): nothing was written.
 */
export class StaleTradeError extends Error {
  constructor(
    readonly tradeId: string,
    readonly tradeNumber: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`Trade ${tradeNumber} changed since it was opened (version ${actual}, not ${expected}); reload it.`);
    this.name = 'StaleTradeError';
  }
}

/** What every move takes besides its arguments. */
export interface MoveOptions {
  /** The step mails (server/trades/step-mails.tsx); without them no mail. */
  readonly mails?: TradeStepMails | undefined;
  /** The audit log of the actor making the move; without it nothing is logged. */
  readonly audit?: TradeAudit | undefined;
  /** The version the caller saw (trades.version): a trade moved since is refused with StaleTradeError. */
  readonly expectedVersion?: number | undefined;
}

/** Refuses a locked trade that moved since the caller saw it (MoveOptions.expectedVersion). */
export function checkVersion(trade: TradeRow, options: Pick<MoveOptions, 'expectedVersion'>): void {
  if (options.expectedVersion !== undefined && trade.version !== options.expectedVersion) {
    throw new StaleTradeError(trade.id, trade.tradeNumber, options.expectedVersion, trade.version);
  }
}

/** The moves that are a step of their own for the seller; a payout is one too (with its payout row). */
const MAILED_MOVES = ['received', 'inspected', 'returned', 'cancelled'] as const;
const isMailedMove = (to: TradeStatus): to is (typeof MAILED_MOVES)[number] => (MAILED_MOVES as readonly TradeStatus[]).includes(to);

export interface TransitionResult {
  readonly tradeId: string;
  readonly tradeNumber: string;
  readonly from: TradeStatus;
  readonly to: TradeStatus;
  readonly at: Date;
  /** As recorded; paying records the payout amount. */
  readonly note: string | null;
}

/** Moves a trade one step in ONE transaction, or throws TransitionError / TradeNotFoundError. */
export async function transition(
  db: Database,
  ref: string,
  to: TradeStatus,
  note?: string,
  at: Date = new Date(),
  options: MoveOptions = {},
): Promise<TransitionResult> {
  const { result, afterCommit } = await db.transaction(async (tx) => {
    const trade = await lockTrade(tx, ref);
    checkVersion(trade, options);
    const moved = await applyTransition(tx, trade, to, note ?? null, at);
    await options.audit?.write(tx, {
      action: `trade.${to}`,
      tradeNumber: trade.tradeNumber,
      before: { status: trade.status },
      after: { status: to, ...(moved.note ? { note: moved.note } : {}) },
    });
    const step: TradeStep | null =
      to === 'paid' && moved.payout?.payoutId
        ? { kind: 'paid', tradeId: trade.id, at, payoutId: moved.payout.payoutId }
        : isMailedMove(to)
          ? { kind: to, tradeId: trade.id, at }
          : null;
    const afterCommit = step && options.mails ? await options.mails.write(tx, step) : undefined;
    return { result: { tradeId: trade.id, tradeNumber: trade.tradeNumber, from: trade.status, to, at, note: moved.note }, afterCommit };
  });
  await afterCommit?.();
  return result;
}

/**
 * What the seller is paid: per item the agreed price of the inspection (the offered price when the
 * item was not inspected), plus the voucher bonus. Declined items are paid nothing.
 */
export async function payoutCents(db: Database, trade: Pick<TradeRow, 'id' | 'voucherCents'>): Promise<number> {
  const rows = await db
    .select({
      priceCents: tradeItems.priceCents,
      quantity: tradeItems.quantity,
      inspected: tradeInspections.offerId,
      agreedPriceCents: tradeInspections.agreedPriceCents,
    })
    .from(tradeItems)
    .leftJoin(tradeInspections, eq(tradeInspections.offerId, tradeItems.offerId))
    .where(eq(tradeItems.tradeId, trade.id));
  // An item not inspected is paid as offered: its unit price times its units (business trade-in).
  return (
    rows.reduce((sum, r) => sum + (r.inspected === null ? r.priceCents : (r.agreedPriceCents ?? 0)) * r.quantity, 0) + trade.voucherCents
  );
}

/** Statuses in which the items settled so far are paid without moving the trade (split payout, decision 025). */
export const SPLIT_PAYOUT_STATUSES: readonly TradeStatus[] = ['clarification', 'declined', 'returned'];

export class NothingToPayError extends Error {
  constructor(readonly tradeNumber: string) {
    super(`Nothing of trade ${tradeNumber} is due now: every settled device is paid; the others wait for the seller's answer or go back.`);
    this.name = 'NothingToPayError';
  }
}

export interface PayoutRecord {
  /** Null when nothing was due (only possible for 'rest', e.g. everything was paid by split payouts). */
  readonly payoutId: string | null;
  readonly amountCents: number;
  readonly items: number;
  /** Everything paid for the trade so far, this payment included. */
  readonly totalPaidCents: number;
  /** The late-payout bonus included in amountCents (issue 18): 0 when paid by dueBy. */
  readonly bonusCents: number;
  /** The promised last day of this payout (YYYY-MM-DD); null when the devices were never received. */
  readonly dueBy: string | null;
}

/** A payout to record: the devices it pays and what it pays for them (server/payouts pays frozen ones). */
export interface PayoutToRecord {
  readonly offerIds: readonly string[];
  readonly itemsCents: number;
  readonly voucherCents: number;
  readonly bonusCents: number;
  readonly dueBy: string | null;
}

/** What of a trade is due now (see dueItems). */
export interface DueItems {
  readonly offerIds: string[];
  readonly itemsCents: number;
  /** The voucher bonus: with the trade's first payout only. */
  readonly voucherCents: number;
  readonly paidBeforeCents: number;
  /** Unpaid devices with an agreed price that wait in an open or executed payout batch (not due here). */
  readonly inBatch: string[];
  /** The trade waits in an open payout batch (a voucher or bonus top-up may wait there without devices). */
  readonly inOpenBatch: boolean;
}

/**
 * The items of a trade not paid yet whose price is agreed: 'settled' — inspected with an agreed price
 * (as offered, found better, or a clarification accepted); 'rest' — also items never inspected, at their
 * offer (the trade is paid as a whole). Items in an open clarification or declined are never due. Devices
 * in a live payout batch are counted apart (issue 29): the batch pays them.
 */
export async function dueItems(tx: Database, trade: Pick<TradeRow, 'id' | 'voucherCents'>, scope: 'settled' | 'rest'): Promise<DueItems> {
  const rows = await tx
    .select({
      offerId: tradeItems.offerId,
      priceCents: tradeItems.priceCents,
      quantity: tradeItems.quantity,
      payoutId: tradeItems.payoutId,
      inspected: tradeInspections.offerId,
      agreedPriceCents: tradeInspections.agreedPriceCents,
      batched: payoutBatchItems.offerId,
    })
    .from(tradeItems)
    .leftJoin(tradeInspections, eq(tradeInspections.offerId, tradeItems.offerId))
    .leftJoin(payoutBatchItems, and(eq(payoutBatchItems.offerId, tradeItems.offerId), eq(payoutBatchItems.live, true)))
    .where(eq(tradeItems.tradeId, trade.id))
    .orderBy(asc(tradeItems.position));
  // A transfer the bank sent back paid nothing (its devices are unpaid again).
  const earlier = await tx
    .select({ amountCents: tradePayouts.amountCents })
    .from(tradePayouts)
    .where(and(eq(tradePayouts.tradeId, trade.id), isNull(tradePayouts.returnedAt)));
  const [openEntry] = await tx
    .select({ id: payoutBatchEntries.id })
    .from(payoutBatchEntries)
    .where(and(eq(payoutBatchEntries.tradeId, trade.id), eq(payoutBatchEntries.state, 'open')))
    .limit(1);
  const due: { offerId: string; cents: number }[] = [];
  const inBatch: string[] = [];
  for (const r of rows) {
    if (r.payoutId !== null) continue;
    const cents =
      r.inspected === null
        ? scope === 'rest'
          ? r.priceCents * r.quantity
          : null
        : r.agreedPriceCents === null
          ? null
          : r.agreedPriceCents * r.quantity;
    if (cents === null) continue;
    if (r.batched !== null) inBatch.push(r.offerId);
    else due.push({ offerId: r.offerId, cents });
  }
  return {
    offerIds: due.map((d) => d.offerId),
    itemsCents: due.reduce((sum, d) => sum + d.cents, 0),
    // The voucher goes with the first payout: none paid yet, and none on its way in a batch.
    voucherCents: earlier.length === 0 && !openEntry && inBatch.length === 0 ? trade.voucherCents : 0,
    paidBeforeCents: earlier.reduce((sum, p) => sum + p.amountCents, 0),
    inBatch,
    inOpenBatch: openEntry !== undefined,
  };
}

/** Devices of a trade wait in a payout batch: paying them here too would pay them twice. */
export class TradeInBatchError extends Error {
  constructor(readonly tradeNumber: string) {
    super(`Trade ${tradeNumber} waits in a payout batch: execute or cancel that batch (npm run ops -- payouts batch list).`);
    this.name = 'TradeInBatchError';
  }
}

/** Records a payout of `payout.offerIds` (unpaid devices of the trade) in the caller's transaction; its id. */
export async function recordPayout(tx: Database, tradeId: string, payout: PayoutToRecord, at: Date): Promise<string> {
  const id = randomUUID();
  const amountCents = payout.itemsCents + payout.voucherCents + payout.bonusCents;
  await tx.insert(tradePayouts).values({
    id,
    tradeId,
    amountCents,
    voucherCents: payout.voucherCents,
    bonusCents: payout.bonusCents,
    dueBy: payout.dueBy,
    paidAt: at,
  });
  if (payout.offerIds.length > 0) {
    const paid = await tx
      .update(tradeItems)
      .set({ payoutId: id })
      .where(and(eq(tradeItems.tradeId, tradeId), inArray(tradeItems.offerId, [...payout.offerIds]), isNull(tradeItems.payoutId)))
      .returning({ offerId: tradeItems.offerId });
    if (paid.length !== payout.offerIds.length) throw new Error(`A device of trade ${tradeId} was paid already; nothing was recorded.`);
  }
  return id;
}

/**
 * Pays, inside the caller's transaction (trade locked), what dueItems finds due now. The voucher bonus
 * goes with the trade's first payout; paid after the payout promise's due day, the late-payout bonus is
 * added. A trade whose devices wait in a payout batch is refused (TradeInBatchError).
 */
export async function payOut(
  tx: Database,
  trade: Pick<TradeRow, 'id' | 'tradeNumber' | 'voucherCents' | 'locale'>,
  at: Date,
  scope: 'settled' | 'rest',
): Promise<PayoutRecord> {
  const due = await dueItems(tx, trade, scope);
  if (due.inBatch.length > 0 || due.inOpenBatch) throw new TradeInBatchError(trade.tradeNumber);
  if (due.offerIds.length === 0 && due.voucherCents === 0)
    return { payoutId: null, amountCents: 0, items: 0, totalPaidCents: due.paidBeforeCents, bonusCents: 0, dueBy: null };
  // The payout promise (issue 18): paid after its due day, the items get the late-payout bonus on top.
  const { dueBy, bonusCents } = await payoutTiming(tx, trade, due.offerIds, due.itemsCents, at);
  const payoutId = await recordPayout(tx, trade.id, { ...due, bonusCents, dueBy }, at);
  const amountCents = due.itemsCents + due.voucherCents + bonusCents;
  return { payoutId, amountCents, items: due.offerIds.length, totalPaidCents: due.paidBeforeCents + amountCents, bonusCents, dueBy };
}

export interface PayResult {
  readonly tradeId: string;
  /** The payout row; null only when a trade paid in full had nothing left after its split payouts. */
  readonly payoutId: string | null;
  readonly tradeNumber: string;
  readonly from: TradeStatus;
  /** The trade's status afterwards: 'paid' when paid as a whole, else unchanged (a split payout). */
  readonly to: TradeStatus;
  readonly at: Date;
  readonly amountCents: number;
  readonly items: number;
  readonly totalPaidCents: number;
  /** The late-payout bonus included in amountCents, and the due day it was measured against (issue 18). */
  readonly bonusCents: number;
  readonly dueBy: string | null;
  readonly note: string | null;
}

/**
 * `trades pay`: an inspected or accepted trade is paid as a whole (→ paid). A trade still in
 * clarification, declined or returned pays the devices settled so far without waiting for the rest
 * (split payout, decision 025); nothing due is an error, like any other refused move.
 */
export async function payTrade(
  db: Database,
  ref: string,
  note?: string,
  at: Date = new Date(),
  options: MoveOptions = {},
): Promise<PayResult> {
  const { result, afterCommit } = await db.transaction(async (tx) => {
    const trade = await lockTrade(tx, ref);
    checkVersion(trade, options);
    let result: PayResult;
    if (SPLIT_PAYOUT_STATUSES.includes(trade.status)) {
      const paid = await payOut(tx, trade, at, 'settled');
      if (paid.payoutId === null) throw new NothingToPayError(trade.tradeNumber);
      result = { tradeId: trade.id, tradeNumber: trade.tradeNumber, from: trade.status, to: trade.status, at, ...paid, note: note ?? null };
    } else {
      const moved = await applyTransition(tx, trade, 'paid', note ?? null, at);
      const paid = moved.payout!;
      result = { tradeId: trade.id, tradeNumber: trade.tradeNumber, from: trade.status, to: 'paid', at, ...paid, note: moved.note };
    }
    await options.audit?.write(tx, {
      action: 'trade.paid',
      tradeNumber: trade.tradeNumber,
      before: { status: trade.status },
      after: { status: result.to, payoutCents: result.amountCents },
    });
    // Paid in full after split payouts may pay nothing more (payoutId null): no payout, no mail.
    const afterCommit =
      options.mails && result.payoutId
        ? await options.mails.write(tx, { kind: 'paid', tradeId: trade.id, at, payoutId: result.payoutId })
        : undefined;
    return { result, afterCommit };
  });
  await afterCommit?.();
  return result;
}

export const formatCents = (cents: number) => `${(cents / 100).toFixed(2)} EUR`;

export interface TradeListEntry {
  readonly tradeId: string;
  readonly tradeNumber: string;
  readonly status: TradeStatus;
  readonly locale: string;
  readonly items: number;
  readonly totalCents: number;
  readonly createdAt: Date;
  /** When the trade last moved. */
  readonly updatedAt: Date;
}

/** Newest first. */
export async function listTrades(db: Database, options: { status?: TradeStatus; limit?: number } = {}): Promise<TradeListEntry[]> {
  const itemCounts = db
    .select({ tradeId: tradeItems.tradeId, items: count().as('items') })
    .from(tradeItems)
    .groupBy(tradeItems.tradeId)
    .as('item_counts');
  const lastMoves = db
    .select({ tradeId: tradeTransitions.tradeId, at: max(tradeTransitions.at).as('last_at') })
    .from(tradeTransitions)
    .groupBy(tradeTransitions.tradeId)
    .as('last_moves');
  const rows = await db
    .select({
      tradeId: trades.id,
      tradeNumber: trades.tradeNumber,
      status: trades.status,
      locale: trades.locale,
      items: itemCounts.items,
      totalCents: trades.totalCents,
      createdAt: trades.createdAt,
      updatedAt: lastMoves.at,
    })
    .from(trades)
    .leftJoin(itemCounts, eq(itemCounts.tradeId, trades.id))
    .leftJoin(lastMoves, eq(lastMoves.tradeId, trades.id))
    .where(options.status ? eq(trades.status, options.status) : undefined)
    .orderBy(desc(trades.createdAt), desc(trades.transactionId))
    .limit(options.limit ?? 50);
  return rows.map((r) => ({ ...r, items: Number(r.items ?? 0), updatedAt: r.updatedAt ? new Date(r.updatedAt) : r.createdAt }));
}

export interface TradeDetails {
  readonly trade: {
    readonly tradeId: string;
    readonly tradeNumber: string;
    readonly transactionId: number;
    readonly status: TradeStatus;
    readonly locale: string;
    readonly guestEmail: string | null;
    readonly b2b: boolean;
    readonly subtotalCents: number;
    readonly voucher: { readonly code: string; readonly cents: number } | null;
    readonly totalCents: number;
    /** Masked: the full IBAN never leaves the database through the CLI. */
    readonly payout: { readonly method: 'sepa' | 'paypal'; readonly masked: string };
    /** What paying would pay now (after inspection and clarifications). */
    readonly payoutCents: number;
    /** Paid so far (split payouts included). */
    readonly paidCents: number;
    readonly createdAt: Date;
  };
  /** The payments to the seller, oldest first (decision 025). */
  readonly payouts: {
    readonly id: string;
    readonly amountCents: number;
    readonly voucherCents: number;
    /** The late-payout bonus included in amountCents (issue 18). */
    readonly bonusCents: number;
    readonly dueBy: string | null;
    readonly paidAt: Date;
    readonly items: number;
  }[];
  readonly items: {
    readonly position: number;
    readonly offerId: string;
    readonly deviceId: number;
    readonly deviceName: string;
    readonly priceCents: number;
    readonly conditionId: number;
    readonly kind: 'purchase' | 'recycling';
    /** Set once a payout paid the item. */
    readonly payoutId: string | null;
    readonly offeredAnswers: Record<string, number>;
    /** QUESTION=ANSWER codes, in question order. */
    readonly offeredCodes: string[];
    readonly inspection: {
      readonly foundAnswers: Record<string, number>;
      readonly foundCodes: string[];
      readonly foundKind: 'purchase' | 'recycling' | 'blocked';
      readonly foundPriceCents: number;
      readonly foundConditionId: number;
      readonly agreedPriceCents: number | null;
      readonly inspectedAt: Date;
    } | null;
    /** The inspection's evidence photos, in the order they were attached (without their bytes). */
    readonly photos: { readonly id: string; readonly contentType: string; readonly size: number }[];
  }[];
  readonly transitions: { readonly from: TradeStatus | null; readonly to: TradeStatus; readonly at: Date; readonly note: string | null }[];
  readonly clarifications: {
    readonly id: string;
    readonly itemOfferId: string;
    readonly newOfferId: string;
    readonly kind: 'lower_price' | 'recycling' | 'blocked';
    readonly reason: string;
    readonly answerCodes: string[];
    readonly newPriceCents: number;
    readonly validUntil: Date;
    readonly linkPath: string;
    readonly status: 'open' | 'accepted' | 'declined';
    /** For a declined item: sent back (null before decline modes were kept: sent back) or recycled. */
    readonly declineMode: 'return' | 'recycle' | null;
    readonly createdAt: Date;
    readonly answeredAt: Date | null;
  }[];
}

/** A trade's items in cart order with the device's name, the offered answers and the inspection (if any). */
export function tradeItemRows(db: Database, tradeId: string) {
  return db
    .select({ item: tradeItems, deviceName: devices.name, offeredAnswers: offers.answers, inspection: tradeInspections })
    .from(tradeItems)
    .innerJoin(devices, eq(devices.id, tradeItems.deviceId))
    .innerJoin(offers, eq(offers.id, tradeItems.offerId))
    .leftJoin(tradeInspections, eq(tradeInspections.offerId, tradeItems.offerId))
    .where(eq(tradeItems.tradeId, tradeId))
    .orderBy(asc(tradeItems.position));
}

export async function showTrade(db: Database, ref: string): Promise<TradeDetails> {
  const [trade] = await db.select().from(trades).where(refCondition(ref));
  if (!trade) throw new TradeNotFoundError(ref.trim());
  const [itemRows, transitionRows, clarificationRows, payout, payoutRows, photoRows] = await Promise.all([
    tradeItemRows(db, trade.id),
    db.select().from(tradeTransitions).where(eq(tradeTransitions.tradeId, trade.id)).orderBy(asc(tradeTransitions.id)),
    db
      .select({
        clarification: clarifications,
        newPriceCents: offers.priceCents,
        validUntil: offers.validUntil,
        position: tradeItems.position,
      })
      .from(clarifications)
      .innerJoin(offers, eq(offers.id, clarifications.newOfferId))
      .innerJoin(tradeItems, eq(tradeItems.offerId, clarifications.itemOfferId))
      .where(eq(clarifications.tradeId, trade.id))
      .orderBy(asc(tradeItems.position)),
    payoutCents(db, trade),
    db.select().from(tradePayouts).where(eq(tradePayouts.tradeId, trade.id)).orderBy(asc(tradePayouts.paidAt)),
    db
      .select({
        id: inspectionPhotos.id,
        offerId: inspectionPhotos.offerId,
        contentType: inspectionPhotos.contentType,
        size: inspectionPhotos.size,
      })
      .from(inspectionPhotos)
      .where(eq(inspectionPhotos.tradeId, trade.id))
      .orderBy(asc(inspectionPhotos.position)),
  ]);
  const codes = await answerCodes(
    db,
    itemRows.flatMap((r) => [...Object.values(r.offeredAnswers), ...Object.values(r.inspection?.foundAnswers ?? {})]),
  );
  return {
    trade: {
      tradeId: trade.id,
      tradeNumber: trade.tradeNumber,
      transactionId: trade.transactionId,
      status: trade.status,
      locale: trade.locale,
      guestEmail: trade.guestEmail,
      b2b: trade.b2b,
      subtotalCents: trade.subtotalCents,
      voucher: trade.voucherCode ? { code: trade.voucherCode, cents: trade.voucherCents } : null,
      totalCents: trade.totalCents,
      payout: { method: trade.payout.method, masked: maskPayout(trade.payout) },
      payoutCents: payout,
      paidCents: payoutRows.reduce((sum, p) => sum + p.amountCents, 0),
      createdAt: trade.createdAt,
    },
    payouts: payoutRows.map((p) => ({
      id: p.id,
      amountCents: p.amountCents,
      voucherCents: p.voucherCents,
      bonusCents: p.bonusCents,
      dueBy: p.dueBy,
      paidAt: p.paidAt,
      items: itemRows.filter((r) => r.item.payoutId === p.id).length,
    })),
    items: itemRows.map(({ item, deviceName, offeredAnswers, inspection }) => ({
      position: item.position,
      offerId: item.offerId,
      deviceId: item.deviceId,
      deviceName,
      priceCents: item.priceCents,
      conditionId: item.conditionId,
      kind: item.kind,
      payoutId: item.payoutId,
      offeredAnswers,
      offeredCodes: codes(offeredAnswers),
      inspection: inspection && {
        foundAnswers: inspection.foundAnswers,
        foundCodes: codes(inspection.foundAnswers),
        foundKind: inspection.foundKind,
        foundPriceCents: inspection.foundPriceCents,
        foundConditionId: inspection.foundConditionId,
        agreedPriceCents: inspection.agreedPriceCents,
        inspectedAt: inspection.inspectedAt,
      },
      photos: photoRows.filter((p) => p.offerId === item.offerId).map(({ id, contentType, size }) => ({ id, contentType, size })),
    })),
    transitions: transitionRows.map((t) => ({
      from: t.fromStatus as TradeStatus | null,
      to: t.toStatus as TradeStatus,
      at: t.at,
      note: t.note,
    })),
    clarifications: clarificationRows.map(({ clarification: c, newPriceCents, validUntil }) => ({
      id: c.id,
      itemOfferId: c.itemOfferId,
      newOfferId: c.newOfferId,
      kind: c.kind,
      reason: c.reason,
      answerCodes: c.answerCodes,
      newPriceCents,
      validUntil,
      linkPath: c.linkPath,
      status: c.status,
      declineMode: c.declineMode,
      createdAt: c.createdAt,
      answeredAt: c.answeredAt,
    })),
  };
}

/** Labels answers as QUESTION=ANSWER codes (in question order), from the stored catalogue. */
async function answerCodes(db: Database, answerIds: number[]): Promise<(answers: Record<string, number>) => string[]> {
  const ids = [...new Set(answerIds)];
  const rows = ids.length
    ? await db
        .select({ id: answers.id, code: answers.code, questionCode: questions.code, sort: questions.sort, questionId: questions.id })
        .from(answers)
        .innerJoin(questions, eq(questions.id, answers.questionId))
        .where(inArray(answers.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return (chosen) =>
    Object.values(chosen)
      .map((id) => byId.get(id) ?? { id, code: String(id), questionCode: '?', sort: Number.MAX_SAFE_INTEGER, questionId: 0 })
      .sort((a, b) => a.sort - b.sort || a.questionId - b.questionId)
      .map((r) => `${r.questionCode}=${r.code}`);
}
