// The trade life cycle (DESIGN.md §7): the allowed moves as data, one checked and recorded transition
// per call (row lock on the trade, so two operators cannot both move it), and the operator's views
// (list, show). Inspection and clarifications (./inspection) move trades through the same functions.

import { and, asc, count, desc, eq, inArray, max } from 'drizzle-orm';
import type { TradeStatus } from '../../src/contracts/trades';
import type { Database } from '../db/client';
import { answers, clarifications, devices, offers, questions, tradeInspections, tradeItems, trades, tradeTransitions } from '../db/schema';
import { maskPayout } from './service';

/** Where each status may go next; statuses without an entry are final. */
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
): Promise<{ trade: TradeRow; note: string | null }> {
  if (!canTransition(trade.status, to)) throw new TransitionError(trade.tradeNumber, trade.status, to);
  const recordedNote = to === 'paid' ? [`payout ${formatCents(await payoutCents(tx, trade))}`, note].filter(Boolean).join('; ') : note;
  // The status condition is the second guard behind the row lock.
  const [updated] = await tx
    .update(trades)
    .set({ status: to })
    .where(and(eq(trades.id, trade.id), eq(trades.status, trade.status)))
    .returning();
  if (!updated) throw new Error(`Trade ${trade.tradeNumber} changed while it was being moved; try again.`);
  await tx.insert(tradeTransitions).values({ tradeId: trade.id, fromStatus: trade.status, toStatus: to, at, note: recordedNote });
  return { trade: updated, note: recordedNote };
}

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
): Promise<TransitionResult> {
  return db.transaction(async (tx) => {
    const trade = await lockTrade(tx, ref);
    const moved = await applyTransition(tx, trade, to, note ?? null, at);
    return { tradeId: trade.id, tradeNumber: trade.tradeNumber, from: trade.status, to, at, note: moved.note };
  });
}

/**
 * What the seller is paid: per item the agreed price of the inspection (the offered price when the
 * item was not inspected), plus the voucher bonus. Declined items are paid nothing.
 */
export async function payoutCents(db: Database, trade: Pick<TradeRow, 'id' | 'voucherCents'>): Promise<number> {
  const rows = await db
    .select({ priceCents: tradeItems.priceCents, inspected: tradeInspections.offerId, agreedPriceCents: tradeInspections.agreedPriceCents })
    .from(tradeItems)
    .leftJoin(tradeInspections, eq(tradeInspections.offerId, tradeItems.offerId))
    .where(eq(tradeItems.tradeId, trade.id));
  return rows.reduce((sum, r) => sum + (r.inspected === null ? r.priceCents : (r.agreedPriceCents ?? 0)), 0) + trade.voucherCents;
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
    readonly createdAt: Date;
  };
  readonly items: {
    readonly position: number;
    readonly offerId: string;
    readonly deviceId: number;
    readonly deviceName: string;
    readonly priceCents: number;
    readonly conditionId: number;
    readonly kind: 'purchase' | 'recycling';
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
    readonly createdAt: Date;
    readonly answeredAt: Date | null;
  }[];
}

export async function showTrade(db: Database, ref: string): Promise<TradeDetails> {
  const [trade] = await db.select().from(trades).where(refCondition(ref));
  if (!trade) throw new TradeNotFoundError(ref.trim());
  const [itemRows, transitionRows, clarificationRows, payout] = await Promise.all([
    db
      .select({ item: tradeItems, deviceName: devices.name, offeredAnswers: offers.answers, inspection: tradeInspections })
      .from(tradeItems)
      .innerJoin(devices, eq(devices.id, tradeItems.deviceId))
      .innerJoin(offers, eq(offers.id, tradeItems.offerId))
      .leftJoin(tradeInspections, eq(tradeInspections.offerId, tradeItems.offerId))
      .where(eq(tradeItems.tradeId, trade.id))
      .orderBy(asc(tradeItems.position)),
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
      createdAt: trade.createdAt,
    },
    items: itemRows.map(({ item, deviceName, offeredAnswers, inspection }) => ({
      position: item.position,
      offerId: item.offerId,
      deviceId: item.deviceId,
      deviceName,
      priceCents: item.priceCents,
      conditionId: item.conditionId,
      kind: item.kind,
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
