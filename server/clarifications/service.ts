// The seller's side of clarifications (product §10–11): the view of a trade's clarifications (per
// item offered vs found, old and new price, deadline, totals either way) and the answers, one
// decision per item, idempotent (./../trades/idempotency) and in ONE transaction under the trade's
// row lock. When the last open item is answered the trade moves on: any device to send back →
// declined (then returned), else accepted (then paid).

import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Locale } from '../../src/config/locales';
import {
  CLARIFICATION_DAYS,
  type ClarificationDecision,
  type ClarificationView,
  type DeclineMode,
} from '../../src/contracts/clarifications';
import type { CatalogueStore } from '../catalogue/store';
import type { Database } from '../db/client';
import { devices } from '../db/schema/catalogue';
import { clarifications } from '../db/schema/clarifications';
import { offers } from '../db/schema/offers';
import { tradeInspections, tradeItems, trades } from '../db/schema/trades';
import { claimKey, completeKey, releaseKey, requestHash, type StoredAnswer } from '../trades/idempotency';
import { applyTransition, lockTrade, TradeNotFoundError } from '../trades/lifecycle';
import { photoIdsOf } from '../trades/photos';

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type ClarificationRow = typeof clarifications.$inferSelect;
type TradeRow = typeof trades.$inferSelect;

/** The deadline of a clarification (rows from before deadlines were stored: created + 14 days). */
export const deadlineOf = (row: Pick<ClarificationRow, 'deadline' | 'createdAt'>): Date =>
  row.deadline ?? new Date(row.createdAt.getTime() + CLARIFICATION_DAYS * DAY_MS);

/** The clarification `id` of the trade numbered `tradeNumber`, or null (unknown, or of another trade). */
export async function findClarification(
  db: Database,
  id: string,
  tradeNumber: string,
): Promise<{ clarification: ClarificationRow; trade: TradeRow } | null> {
  const clean = id.trim().toLowerCase();
  if (!UUID.test(clean)) return null;
  const [row] = await db
    .select({ clarification: clarifications, trade: trades })
    .from(clarifications)
    .innerJoin(trades, eq(trades.id, clarifications.tradeId))
    .where(and(eq(clarifications.id, clean), eq(trades.tradeNumber, tradeNumber.trim().toUpperCase())));
  return row ?? null;
}

/** What the seller sees of the clarifications of `trade`; `focus` is the one the link named. */
export async function clarificationView(
  db: Database,
  store: CatalogueStore,
  trade: TradeRow,
  focus: string,
  now: Date = new Date(),
): Promise<ClarificationView> {
  const locale = trade.locale as Locale;
  const rows = await db
    .select({
      item: tradeItems,
      deviceName: devices.name,
      offeredAnswers: offers.answers,
      inspection: tradeInspections,
    })
    .from(tradeItems)
    .innerJoin(devices, eq(devices.id, tradeItems.deviceId))
    .innerJoin(offers, eq(offers.id, tradeItems.offerId))
    .leftJoin(tradeInspections, eq(tradeInspections.offerId, tradeItems.offerId))
    .where(eq(tradeItems.tradeId, trade.id))
    .orderBy(tradeItems.position);
  const opened = await db
    .select({ clarification: clarifications, newPriceCents: offers.priceCents })
    .from(clarifications)
    .innerJoin(offers, eq(offers.id, clarifications.newOfferId))
    .where(eq(clarifications.tradeId, trade.id));
  const byItem = new Map(opened.map((c) => [c.clarification.itemOfferId, c]));
  const photoIds = await photoIdsOf(
    db,
    opened.map((c) => c.clarification.itemOfferId),
  );

  let otherCents = trade.voucherCents;
  let deadline: Date | null = null;
  const items: ClarificationView['items'] = [];
  for (const { item, deviceName, offeredAnswers, inspection } of rows) {
    const c = byItem.get(item.offerId);
    if (!c) {
      otherCents += inspection ? (inspection.agreedPriceCents ?? 0) : item.priceCents;
      continue;
    }
    const { clarification } = c;
    const itemDeadline = deadlineOf(clarification);
    if (!deadline || itemDeadline < deadline) deadline = itemDeadline;
    const device = store.device(item.deviceId);
    const questions = device ? store.questionsFor(device) : [];
    const found = inspection?.foundAnswers ?? offeredAnswers;
    const answerText = (questionId: number, answerId: number | undefined) => {
      const question = questions.find((q) => q.id === questionId);
      const answer = question?.answers.find((a) => a.id === answerId);
      return answer ? answer.text[locale] : String(answerId ?? '—');
    };
    items.push({
      clarificationId: clarification.id,
      newOfferId: clarification.newOfferId,
      position: item.position,
      deviceName: device?.name ?? deviceName,
      kind: clarification.kind,
      answers: questions.map((q) => ({
        questionId: q.id,
        question: q.question[locale],
        offered: answerText(q.id, offeredAnswers[String(q.id)]),
        found: answerText(q.id, found[String(q.id)]),
        differs: offeredAnswers[String(q.id)] !== found[String(q.id)],
      })),
      offeredPriceCents: item.priceCents,
      newPriceCents: c.newPriceCents,
      note: inspection?.note ?? null,
      // Without the proof of access: the route adds the link's token or a signature (photoUrlProof).
      // Every photo is asked for under the clarification the link opened (`focus`), whose proof the
      // caller holds: the endpoint then checks that the photo is of that trade.
      photos: (photoIds.get(item.offerId) ?? []).map((id) => ({
        id,
        url: `/api/clarifications/${focus}/photos/${id}?trade=${encodeURIComponent(trade.tradeNumber)}`,
      })),
      status: clarification.status,
      declineMode: clarification.declineMode,
    });
  }
  const due = deadline ?? now;
  const anyOpen = items.some((i) => i.status === 'open');
  // Answered items count as answered in both totals.
  const settled = items.reduce((sum, i) => sum + (i.status === 'accepted' ? i.newPriceCents : 0), 0);
  const openAccepted = items.reduce((sum, i) => sum + (i.status === 'open' ? i.newPriceCents : 0), 0);
  return {
    clarificationId: focus,
    tradeNumber: trade.tradeNumber,
    status: !anyOpen ? 'answered' : due.getTime() < now.getTime() ? 'expired' : 'open',
    deadline: due.toISOString(),
    items,
    totals: {
      otherCents,
      ifAcceptedCents: otherCents + settled + openAccepted,
      ifDeclinedCents: otherCents + settled,
    },
  };
}

/** A refusal that ends the answer's transaction and is stored on its Idempotency-Key. */
class Refusal extends Error {
  constructor(readonly answer: StoredAnswer) {
    super(String((answer.body as { message?: unknown }).message));
  }
}

const refusal = (statusCode: number, error: string, message: string, extra: Record<string, unknown> = {}) =>
  new Refusal({ statusCode, body: { statusCode, error, message, ...extra } });

export interface AnswersSubmission {
  readonly clarificationId: string;
  readonly tradeNumber: string;
  readonly decisions: readonly ClarificationDecision[];
  readonly idempotencyKey: string;
  readonly now?: Date;
}

export interface AnswersResult extends StoredAnswer {
  readonly replayed: boolean;
  /** Set when this call changed something (never for a replay): the trade's status afterwards. */
  readonly applied?: { readonly tradeId: string; readonly tradeStatus: string; readonly answered: readonly string[] };
}

/**
 * Records the seller's decisions. 200 with the clarification view afterwards; 409 for an item
 * already answered or a trade no longer in clarification; 410 after the deadline; 400 for items
 * of another trade. The same key and body replay the first answer; another body under the key: 422.
 */
export async function submitAnswers(db: Database, store: CatalogueStore, submission: AnswersSubmission): Promise<AnswersResult> {
  const now = submission.now ?? new Date();
  const key = submission.idempotencyKey;
  const claim = await claimKey(
    db,
    key,
    `clarification:${submission.clarificationId.toLowerCase()}`,
    // The validated decisions, not the raw body (decision 030).
    requestHash(submission.decisions, submission.tradeNumber.toUpperCase()),
  );
  if (claim.kind === 'replay') return { ...claim.answer, replayed: true };
  if (claim.kind === 'in_progress') return unstored(409, 'Conflict', 'These answers are already being processed.');
  if (claim.kind === 'other_request') return unstored(422, 'Unprocessable Entity', 'This Idempotency-Key was used for different answers.');
  try {
    return await db.transaction(async (tx) => {
      const applied = await applyAnswers(tx, submission.tradeNumber, submission.decisions, now, 'seller');
      const view = await clarificationView(tx, store, applied.trade, submission.clarificationId.toLowerCase(), now);
      const answer = { statusCode: 200, body: view };
      await completeKey(tx, key, answer);
      return {
        ...answer,
        replayed: false,
        applied: { tradeId: applied.trade.id, tradeStatus: applied.trade.status, answered: applied.answered },
      };
    });
  } catch (error) {
    if (error instanceof Refusal) {
      await completeKey(db, key, error.answer);
      return { ...error.answer, replayed: false };
    }
    await releaseKey(db, key).catch(() => undefined);
    throw error;
  }
}

const unstored = (statusCode: number, error: string, message: string): AnswersResult => ({
  statusCode,
  body: { statusCode, error, message },
  replayed: false,
});

/**
 * Applies decisions inside a transaction: checks every item (of this trade, still open, before the
 * deadline unless `by` is the deadline itself), records them, and moves the trade when none is left open.
 */
export async function applyAnswers(
  tx: Database,
  tradeRef: string,
  decisions: readonly ClarificationDecision[],
  now: Date,
  by: 'seller' | 'operator' | 'deadline',
): Promise<{ trade: TradeRow; answered: string[] }> {
  let trade: TradeRow;
  try {
    trade = await lockTrade(tx, tradeRef);
  } catch (error) {
    if (error instanceof TradeNotFoundError) throw refusal(404, 'Not Found', 'This clarification link is not valid or has expired.');
    throw error;
  }
  const rows = await tx
    .select({ clarification: clarifications, newPriceCents: offers.priceCents, validUntil: offers.validUntil })
    .from(clarifications)
    .innerJoin(offers, eq(offers.id, clarifications.newOfferId))
    .where(eq(clarifications.tradeId, trade.id));
  const byId = new Map(rows.map((r) => [r.clarification.id, r]));
  const foreign = decisions.flatMap((d, i) =>
    byId.has(d.clarificationId)
      ? []
      : [
          {
            path: `decisions.${i}.clarificationId`,
            code: 'invalid' as const,
            message: `Trade ${trade.tradeNumber} has no clarification ${d.clarificationId}.`,
          },
        ],
  );
  if (foreign.length > 0) throw refusal(400, 'Bad Request', 'Some answers are not about this trade.', { fields: foreign });
  const repeated = decisions.filter((d) => byId.get(d.clarificationId)!.clarification.status !== 'open');
  if (repeated.length > 0) {
    throw refusal(409, 'Conflict', 'This device has already been answered; the answer cannot be changed.', {
      answered: repeated.map((d) => d.clarificationId),
    });
  }
  if (trade.status !== 'clarification') {
    throw refusal(409, 'Conflict', `Trade ${trade.tradeNumber} is no longer waiting for an answer.`);
  }
  if (by !== 'deadline') {
    const late = decisions.filter((d) => deadlineOf(byId.get(d.clarificationId)!.clarification).getTime() < now.getTime());
    if (late.length > 0) {
      throw refusal(410, 'Gone', 'The deadline to answer has passed; the default of the terms was applied.', {
        late: late.map((d) => d.clarificationId),
      });
    }
  }

  for (const d of decisions) {
    const { clarification, newPriceCents } = byId.get(d.clarificationId)!;
    const accepted = d.decision === 'accept';
    const declineMode: DeclineMode | null = accepted ? null : (d.declineMode ?? 'return');
    await tx
      .update(clarifications)
      .set({ status: accepted ? 'accepted' : 'declined', declineMode, answeredAt: now })
      .where(and(eq(clarifications.id, clarification.id), eq(clarifications.status, 'open')));
    await tx
      .update(tradeInspections)
      .set({ agreedPriceCents: accepted ? newPriceCents : null })
      .where(eq(tradeInspections.offerId, clarification.itemOfferId));
    clarification.status = accepted ? 'accepted' : 'declined';
    clarification.declineMode = declineMode;
  }

  const all = [...byId.values()].map((r) => r.clarification);
  if (all.some((c) => c.status === 'open')) return { trade, answered: decisions.map((d) => d.clarificationId) };
  const toReturn = all.filter((c) => c.status === 'declined' && c.declineMode !== 'recycle').length;
  const accepted = all.filter((c) => c.status === 'accepted').length;
  const note =
    (toReturn > 0 ? `${toReturn} of ${all.length} declined, to be returned` : `${accepted} of ${all.length} clarification(s) accepted`) +
    (by === 'deadline' ? ' (deadline passed)' : by === 'operator' ? ' (operator)' : '');
  const moved = await applyTransition(tx, trade, toReturn > 0 ? 'declined' : 'accepted', note, now);
  return { trade: moved.trade, answered: decisions.map((d) => d.clarificationId) };
}

export interface UndoResult {
  readonly statusCode: 200 | 409 | 410;
  readonly view?: ClarificationView;
  readonly message?: string;
}

/**
 * Takes back the seller's answer to one clarification (the quick answer's "undo", decision 069): the
 * clarification is open again and its item has no agreed price, in one transaction under the trade's
 * row lock. Only while the trade still waits for answers (other clarifications open) and before the
 * deadline: 409 when there is no answer to take back or the trade has moved on, 410 after the deadline.
 */
export async function undoAnswer(
  db: Database,
  store: CatalogueStore,
  ref: { readonly clarificationId: string; readonly tradeNumber: string; readonly now?: Date },
): Promise<UndoResult> {
  const now = ref.now ?? new Date();
  const id = ref.clarificationId.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const trade = await lockTrade(tx, ref.tradeNumber);
    const [clarification] = await tx
      .select()
      .from(clarifications)
      .where(and(eq(clarifications.id, id), eq(clarifications.tradeId, trade.id)));
    if (!clarification) return { statusCode: 409, message: 'This clarification is not part of the trade.' } as const;
    if (trade.status !== 'clarification') {
      return {
        statusCode: 409,
        message: `Trade ${trade.tradeNumber} has moved on (every device is answered); the answer can no longer be undone.`,
      } as const;
    }
    if (clarification.status === 'open')
      return { statusCode: 409, message: 'This device has not been answered; there is nothing to undo.' } as const;
    if (deadlineOf(clarification).getTime() < now.getTime()) {
      return { statusCode: 410, message: 'The deadline to answer has passed; the answer can no longer be undone.' } as const;
    }
    await tx
      .update(clarifications)
      .set({ status: 'open', declineMode: null, answeredAt: null })
      .where(eq(clarifications.id, clarification.id));
    await tx.update(tradeInspections).set({ agreedPriceCents: null }).where(eq(tradeInspections.offerId, clarification.itemOfferId));
    return { statusCode: 200, view: await clarificationView(tx, store, trade, id, now) } as const;
  });
}

/**
 * The decision applied when the deadline passes without an answer (decision 022): a device that still
 * has a price is bought at the new price; one we could only recycle (or that is blocked) goes back.
 */
export function defaultDecision(kind: ClarificationRow['kind']): ClarificationDecision['decision'] {
  return kind === 'lower_price' ? 'accept' : 'decline';
}

export interface ExpiredTrade {
  readonly tradeId: string;
  readonly tradeNumber: string;
  readonly tradeStatus: string;
  readonly applied: { readonly clarificationId: string; readonly decision: 'accept' | 'decline' }[];
}

/** Applies the default to every open clarification past its deadline (all of `tradeRef`'s, or every trade's). */
export async function expireClarifications(db: Database, options: { now?: Date; tradeRef?: string } = {}): Promise<ExpiredTrade[]> {
  const now = options.now ?? new Date();
  const open = await db
    .select({ clarification: clarifications, tradeNumber: trades.tradeNumber })
    .from(clarifications)
    .innerJoin(trades, eq(trades.id, clarifications.tradeId))
    .where(
      and(eq(clarifications.status, 'open'), options.tradeRef ? eq(trades.tradeNumber, options.tradeRef.trim().toUpperCase()) : undefined),
    );
  const due = open.filter((r) => deadlineOf(r.clarification).getTime() <= now.getTime());
  const byTrade = new Map<string, typeof due>();
  for (const row of due) byTrade.set(row.tradeNumber, [...(byTrade.get(row.tradeNumber) ?? []), row]);
  const results: ExpiredTrade[] = [];
  for (const [tradeNumber, rows] of byTrade) {
    const decisions: ClarificationDecision[] = rows.map(({ clarification: c }) =>
      defaultDecision(c.kind) === 'accept'
        ? { clarificationId: c.id, decision: 'accept' }
        : { clarificationId: c.id, decision: 'decline', declineMode: 'return' },
    );
    try {
      const applied = await db.transaction((tx) => applyAnswers(tx, tradeNumber, decisions, now, 'deadline'));
      results.push({
        tradeId: applied.trade.id,
        tradeNumber,
        tradeStatus: applied.trade.status,
        applied: decisions.map((d) => ({ clarificationId: d.clarificationId, decision: d.decision })),
      });
    } catch (error) {
      // Answered meanwhile (the seller was faster): nothing to apply.
      if (error instanceof Refusal) continue;
      throw error;
    }
  }
  return results;
}

/** Trades whose open clarifications end within `days` and got no reminder yet; marks them reminded. */
export async function claimReminders(
  db: Database,
  options: { now?: Date; days?: number } = {},
): Promise<{ tradeId: string; tradeNumber: string }[]> {
  const now = options.now ?? new Date();
  const horizon = now.getTime() + (options.days ?? 3) * DAY_MS;
  const open = await db
    .select({ clarification: clarifications, tradeNumber: trades.tradeNumber })
    .from(clarifications)
    .innerJoin(trades, eq(trades.id, clarifications.tradeId))
    .where(and(eq(clarifications.status, 'open'), isNull(clarifications.remindedAt)));
  const due = open.filter((r) => {
    const at = deadlineOf(r.clarification).getTime();
    return at > now.getTime() && at <= horizon;
  });
  const trades_ = new Map<string, string>();
  for (const row of due) {
    const [marked] = await db
      .update(clarifications)
      .set({ remindedAt: now })
      .where(and(eq(clarifications.id, row.clarification.id), isNull(clarifications.remindedAt)))
      .returning({ tradeId: clarifications.tradeId });
    if (marked) trades_.set(marked.tradeId, row.tradeNumber);
  }
  return [...trades_].map(([tradeId, tradeNumber]) => ({ tradeId, tradeNumber }));
}

export interface ClarificationListEntry {
  readonly id: string;
  readonly tradeNumber: string;
  readonly kind: ClarificationRow['kind'];
  readonly status: ClarificationRow['status'];
  readonly declineMode: DeclineMode | null;
  readonly deadline: Date;
  readonly remindedAt: Date | null;
  readonly answeredAt: Date | null;
}

/** Clarifications, open first then newest; `status` filters. */
export async function listClarifications(
  db: Database,
  options: { status?: ClarificationRow['status'] } = {},
): Promise<ClarificationListEntry[]> {
  const rows = await db
    .select({ clarification: clarifications, tradeNumber: trades.tradeNumber })
    .from(clarifications)
    .innerJoin(trades, eq(trades.id, clarifications.tradeId))
    .where(options.status ? eq(clarifications.status, options.status) : undefined)
    .orderBy(desc(clarifications.createdAt))
    .limit(200);
  return rows
    .map(({ clarification: c, tradeNumber }) => ({
      id: c.id,
      tradeNumber,
      kind: c.kind,
      status: c.status,
      declineMode: c.declineMode,
      deadline: deadlineOf(c),
      remindedAt: c.remindedAt,
      answeredAt: c.answeredAt,
    }))
    .sort((a, b) => Number(b.status === 'open') - Number(a.status === 'open'));
}
