// Inspection of a received trade and the clarifications it opens (product §10–11). Each item's FOUND
// answers are priced like an offer, at the device's base price of the inspection day. An item as good
// as offered is paid the higher of its offer and today's price ("price only goes up"); an item worse
// than offered, below its offer price, gets a clarification with a new offer the seller accepts or
// declines. One transaction per call, under the trade's row lock (./lifecycle).

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Locale } from '../../src/config/locales';
import { identifierProblem, type ErasureMethod } from '../../src/contracts/staff';
import { CLARIFICATION_DAYS } from '../../src/contracts/clarifications';
import { OFFER_VALIDITY_DAYS } from '../../src/contracts/offers';
import type { CatalogueQuestion } from '../catalogue/model';
import type { CatalogueStore } from '../catalogue/store';
import type { Database } from '../db/client';
import { devices } from '../db/schema/catalogue';
import { clarifications } from '../db/schema/clarifications';
import { offers } from '../db/schema/offers';
import { tradeInspections, tradeItems } from '../db/schema/trades';
import { PricingInputError, priceOffer, type PricingResult } from '../offers/pricing';
import { insertCertificate, maskIdentifier, normalizeIdentifier } from './erasure';
import { applyTransition, checkVersion, formatCents, lockTrade, TransitionError, type MoveOptions } from './lifecycle';
import { insertPhotos, type InspectionPhoto } from './photos';

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Inspection input that does not fit the trade (unknown or missing items, answers of other questions). */
export class InspectionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InspectionError';
  }
}

export class ClarificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClarificationError';
  }
}

export interface ItemInspection {
  /** The trade item: its offer id. */
  readonly offerId: string;
  /** Answer id per question id as found. Questions left out are taken as answered in the offer. */
  readonly answers: Readonly<Record<string, number>>;
  /** The inspector's note for the seller, shown with the clarification. */
  readonly note?: string;
  /** Evidence photos (checked with checkPhoto), shown with the clarification. */
  readonly photos?: readonly InspectionPhoto[];
  /** The IMEI or serial number the inspector read off the device (normalized, IdentifierSchema). */
  readonly identifier?: string;
  /**
   * The wipe the inspector confirms for a device accepted as it is: its data-erasure certificate is
   * written with the inspection. Refused (InspectionError) for a device that goes to the seller first.
   */
  readonly erasure?: { readonly method: ErasureMethod; readonly inspector: string };
}

export type ClarificationKind = 'lower_price' | 'recycling' | 'blocked';

export interface InspectedItem {
  readonly offerId: string;
  readonly deviceName: string;
  readonly offeredPriceCents: number;
  readonly foundAnswers: Record<string, number>;
  readonly foundKind: 'purchase' | 'recycling' | 'blocked';
  readonly foundPriceCents: number;
  /** What the item is paid; null when a clarification asks the seller first. */
  readonly agreedPriceCents: number | null;
  /** The IMEI or serial number as stored (normalized); null when the inspection named none. */
  readonly identifier: string | null;
  /** The data-erasure certificate written with the inspection (ItemInspection.erasure), or null. */
  readonly certificateId: string | null;
  readonly clarification: {
    readonly id: string;
    readonly kind: ClarificationKind;
    readonly reason: string;
    readonly newOfferId: string;
    readonly newPriceCents: number;
    readonly linkPath: string;
  } | null;
}

export interface InspectionResult {
  readonly tradeId: string;
  readonly tradeNumber: string;
  readonly status: 'inspected' | 'clarification';
  readonly items: InspectedItem[];
}

export function clarificationLink(clarificationId: string, tradeNumber: string): string {
  return `/clarification/${clarificationId}/${tradeNumber}`;
}

/**
 * Records what the inspection found for every item of a received trade and moves it on. Without a
 * clarification the inspection is the seller's step and `options.mails` writes its mail in this
 * transaction; a clarification's mail (the clarifications domain) is that step's mail instead.
 * Each item's IMEI or serial number is stored with its inspection; a device accepted as it is whose
 * wipe the inspector confirms (`erasure`) gets its data-erasure certificate in the same transaction
 * (decision 073). `options.audit` logs the inspection there too.
 */
export async function recordInspection(
  db: Database,
  store: CatalogueStore,
  ref: string,
  inspections: readonly ItemInspection[],
  options: { now?: Date; deadlineDays?: number } & MoveOptions = {},
): Promise<InspectionResult> {
  const now = options.now ?? new Date();
  const deadline = new Date(now.getTime() + (options.deadlineDays ?? CLARIFICATION_DAYS) * DAY_MS);
  const seen = new Set<string>();
  for (const { offerId } of inspections) {
    const id = offerId.trim().toLowerCase();
    if (seen.has(id)) throw new InspectionError(`Item ${offerId} is listed twice.`);
    seen.add(id);
  }

  const { result, afterCommit } = await db.transaction(async (tx) => {
    let trade = await lockTrade(tx, ref);
    checkVersion(trade, options);
    if (trade.status !== 'received') throw new TransitionError(trade.tradeNumber, trade.status, 'inspected');
    const locale = trade.locale as Locale;

    const items = await tx
      .select({ item: tradeItems, offeredAnswers: offers.answers, deviceName: devices.name })
      .from(tradeItems)
      .innerJoin(offers, eq(offers.id, tradeItems.offerId))
      .innerJoin(devices, eq(devices.id, tradeItems.deviceId))
      .where(eq(tradeItems.tradeId, trade.id))
      .orderBy(tradeItems.position);
    const byOffer = new Map(items.map((row) => [row.item.offerId, row]));
    const unknown = [...seen].filter((id) => !byOffer.has(id));
    if (unknown.length > 0) throw new InspectionError(`Trade ${trade.tradeNumber} has no item ${unknown.join(', ')}.`);
    const missing = items.filter((row) => !seen.has(row.item.offerId));
    if (missing.length > 0) {
      const names = missing.map((row) => `${row.item.position + 1}. ${row.deviceName} (${row.item.offerId})`).join(', ');
      throw new InspectionError(`Every item of ${trade.tradeNumber} needs its inspection result; missing: ${names}.`);
    }

    const results: InspectedItem[] = [];
    for (const { item, offeredAnswers, deviceName } of items) {
      const input = inspections.find((i) => i.offerId.trim().toLowerCase() === item.offerId)!;
      const label = `Item ${item.position + 1} (${deviceName})`;
      const device = store.device(item.deviceId);
      if (!device) throw new InspectionError(`${label}: the device is no longer in the catalogue, so it cannot be priced.`);
      const questions = store.questionsFor(device);
      const base = device.basePrice[locale];
      const foundAnswers = { ...offeredAnswers, ...input.answers };
      const found = priced(label, base, questions, foundAnswers);
      const offeredToday = pricedOrNull(base, questions, offeredAnswers);
      const decision = decide(item.priceCents, found, offeredToday);
      const identifier = identifierOf(label, input.identifier);
      if (input.erasure) {
        if (decision.clarify) {
          throw new InspectionError(
            `${label}: the device is not accepted yet (the seller is asked first), so its data erasure cannot be confirmed now; confirm it once the seller accepts.`,
          );
        }
        if (!identifier) throw new InspectionError(`${label}: confirming the data erasure needs the device's IMEI or serial number.`);
      }

      await tx.insert(tradeInspections).values({
        offerId: item.offerId,
        tradeId: trade.id,
        foundAnswers,
        foundKind: found.kind,
        foundPriceCents: found.kind === 'blocked' ? 0 : found.priceCents,
        foundConditionId: found.kind === 'blocked' ? 4 : found.conditionId,
        agreedPriceCents: decision.agreedPriceCents,
        note: input.note?.trim() || null,
        identifier,
        inspectedAt: now,
      });
      await insertPhotos(tx, { tradeId: trade.id, offerId: item.offerId }, input.photos ?? [], randomUUID);
      const certificateId =
        input.erasure && identifier
          ? await insertCertificate(tx, {
              tradeId: trade.id,
              offerId: item.offerId,
              method: input.erasure.method,
              identifier,
              inspector: input.erasure.inspector,
              erasedAt: now,
            })
          : null;

      let clarification: InspectedItem['clarification'] = null;
      if (decision.clarify) {
        const newOfferId = randomUUID();
        await tx.insert(offers).values({
          id: newOfferId,
          deviceId: item.deviceId,
          locale,
          answers: foundAnswers,
          priceCents: decision.newPriceCents,
          conditionId: found.kind === 'blocked' ? 4 : found.conditionId,
          // A blocked device can only be taken for free recycling.
          kind: found.kind === 'purchase' ? 'purchase' : 'recycling',
          validUntil: new Date(now.getTime() + OFFER_VALIDITY_DAYS * DAY_MS),
          createdAt: now,
        });
        const id = randomUUID();
        const codes = found.kind === 'blocked' ? blockingCodes(questions, found) : differences(questions, offeredAnswers, foundAnswers);
        const reason = explain(decision.clarify, codes, item.priceCents, decision.newPriceCents);
        const linkPath = clarificationLink(id, trade.tradeNumber);
        await tx.insert(clarifications).values({
          id,
          tradeId: trade.id,
          itemOfferId: item.offerId,
          newOfferId,
          kind: decision.clarify,
          reason,
          answerCodes: codes,
          linkPath,
          status: 'open',
          deadline,
          createdAt: now,
        });
        clarification = { id, kind: decision.clarify, reason, newOfferId, newPriceCents: decision.newPriceCents, linkPath };
      }
      results.push({
        offerId: item.offerId,
        deviceName,
        offeredPriceCents: item.priceCents,
        foundAnswers,
        foundKind: found.kind,
        foundPriceCents: found.kind === 'blocked' ? 0 : found.priceCents,
        agreedPriceCents: decision.agreedPriceCents,
        identifier,
        certificateId,
        clarification,
      });
    }

    const opened = results.filter((r) => r.clarification).length;
    trade = (await applyTransition(tx, trade, 'inspected', `inspected ${results.length} item(s)`, now)).trade;
    if (opened > 0) trade = (await applyTransition(tx, trade, 'clarification', `${opened} clarification(s) opened`, now)).trade;
    await options.audit?.write(tx, {
      action: 'trade.inspected',
      tradeNumber: trade.tradeNumber,
      before: { status: 'received' },
      after: {
        status: trade.status,
        items: results.map((r) => ({
          offerId: r.offerId,
          foundKind: r.foundKind,
          foundPriceCents: r.foundPriceCents,
          agreedPriceCents: r.agreedPriceCents,
          // Masked: the log is append-only and kept for good, the full identifier stays with the inspection.
          identifier: r.identifier === null ? null : maskIdentifier(r.identifier),
          erasure: inspections.find((i) => i.offerId.trim().toLowerCase() === r.offerId)?.erasure?.method ?? null,
        })),
      },
    });
    const afterCommit =
      opened === 0 && options.mails ? await options.mails.write(tx, { kind: 'inspected', tradeId: trade.id, at: now }) : undefined;
    const result: InspectionResult = {
      tradeId: trade.id,
      tradeNumber: trade.tradeNumber,
      status: opened > 0 ? 'clarification' : 'inspected',
      items: results,
    };
    return { result, afterCommit };
  });
  await afterCommit?.();
  return result;
}

/** The item's identifier as stored (normalized), null without one; a wrong one is refused. */
function identifierOf(label: string, value: string | undefined): string | null {
  if (value === undefined || value.trim() === '') return null;
  const problem = identifierProblem(value.trim());
  if (problem === 'imei_check_digit') throw new InspectionError(`${label}: the IMEI ${value.trim()} has a wrong check digit.`);
  if (problem !== null) throw new InspectionError(`${label}: "${value.trim()}" is neither a 15-digit IMEI nor a serial number.`);
  return normalizeIdentifier(value);
}

type Decision =
  | { readonly clarify: null; readonly agreedPriceCents: number; readonly newPriceCents: 0 }
  | { readonly clarify: ClarificationKind; readonly agreedPriceCents: null; readonly newPriceCents: number };

/**
 * The offered answers priced today are the yardstick (a base price that fell since the offer makes
 * no device "worse"). Not worse than offered: the higher of the offer and today's price. Worse: the
 * found price, which needs the seller's consent when it is below the offer.
 */
export function decide(offeredCents: number, found: PricingResult, offeredToday: PricingResult | null): Decision {
  if (found.kind === 'blocked') return { clarify: 'blocked', agreedPriceCents: null, newPriceCents: 0 };
  const todayCents = offeredToday && offeredToday.kind !== 'blocked' ? offeredToday.priceCents : offeredCents;
  const payCents = found.priceCents >= todayCents ? Math.max(offeredCents, todayCents) : found.priceCents;
  if (payCents >= offeredCents) return { clarify: null, agreedPriceCents: payCents, newPriceCents: 0 };
  return { clarify: found.kind === 'recycling' ? 'recycling' : 'lower_price', agreedPriceCents: null, newPriceCents: found.priceCents };
}

function priced(label: string, base: number, questions: readonly CatalogueQuestion[], answers: Record<string, number>): PricingResult {
  try {
    return priceOffer(base, questions, answers);
  } catch (error) {
    if (error instanceof PricingInputError) {
      throw new InspectionError(`${label}: ${error.fields.map((f) => `${f.path}: ${f.message}`).join('; ')}`);
    }
    throw error;
  }
}

/** Null when the catalogue's questions changed so that the offered answers no longer fit. */
function pricedOrNull(base: number, questions: readonly CatalogueQuestion[], answers: Record<string, number>): PricingResult | null {
  try {
    return priceOffer(base, questions, answers);
  } catch (error) {
    if (error instanceof PricingInputError) return null;
    throw error;
  }
}

const answerCode = (question: CatalogueQuestion, answerId: number | undefined) =>
  question.answers.find((a) => a.id === answerId)?.code ?? String(answerId);

/** QUESTION=ANSWER codes of the found answers that differ from the offer. */
function differences(questions: readonly CatalogueQuestion[], offered: Record<string, number>, found: Record<string, number>): string[] {
  return questions
    .filter((q) => offered[String(q.id)] !== found[String(q.id)])
    .map((q) => `${q.code}=${answerCode(q, found[String(q.id)])}`);
}

function blockingCodes(questions: readonly CatalogueQuestion[], found: Extract<PricingResult, { kind: 'blocked' }>): string[] {
  return found.blockedBy.map((b) => `${questions.find((q) => q.id === b.questionId)?.code ?? b.questionId}=${b.code}`);
}

function explain(kind: ClarificationKind, codes: readonly string[], offeredCents: number, newCents: number): string {
  const found = codes.join(', ');
  if (kind === 'blocked') {
    return `The device cannot be bought as it is (${found}), e.g. an activation lock is still on. We offer free recycling (0.00 EUR) instead of ${formatCents(offeredCents)}; decline to have it sent back.`;
  }
  if (kind === 'recycling') {
    return `The device differs from the offer (${found}) and can only be recycled for free (0.00 EUR instead of ${formatCents(offeredCents)}); decline to have it sent back.`;
  }
  return `The device differs from the offer (${found}). New offer: ${formatCents(newCents)} instead of ${formatCents(offeredCents)}.`;
}

export interface ClarificationAnswer {
  readonly clarificationId: string;
  readonly status: 'accepted' | 'declined';
  /** The trade's status after the answer: still 'clarification' while other clarifications are open. */
  readonly tradeStatus: 'clarification' | 'accepted' | 'declined';
}

/**
 * The seller's answer to one clarification. Accepting takes the new offer for the item; when the
 * last open clarification is answered the trade moves on: all accepted → accepted, any declined →
 * declined (the devices go back).
 */
export async function answerClarification(
  db: Database,
  ref: string,
  clarificationId: string,
  answer: 'accept' | 'decline',
  options: { now?: Date } = {},
): Promise<ClarificationAnswer> {
  const now = options.now ?? new Date();
  const target = answer === 'accept' ? 'accepted' : 'declined';
  return db.transaction(async (tx) => {
    const trade = await lockTrade(tx, ref);
    const id = clarificationId.trim().toLowerCase();
    const [row] = UUID.test(id)
      ? await tx
          .select({ clarification: clarifications, newPriceCents: offers.priceCents, validUntil: offers.validUntil })
          .from(clarifications)
          .innerJoin(offers, eq(offers.id, clarifications.newOfferId))
          .where(and(eq(clarifications.id, id), eq(clarifications.tradeId, trade.id)))
      : [];
    if (!row) throw new ClarificationError(`Trade ${trade.tradeNumber} has no clarification ${clarificationId.trim()}.`);
    const { clarification } = row;
    if (clarification.status !== 'open')
      throw new ClarificationError(`Clarification ${clarification.id} was already ${clarification.status}.`);
    if (trade.status !== 'clarification') throw new TransitionError(trade.tradeNumber, trade.status, target);
    if (answer === 'accept' && row.validUntil.getTime() < now.getTime()) {
      throw new ClarificationError(
        `The new offer of clarification ${clarification.id} expired on ${row.validUntil.toISOString()}; it can only be declined.`,
      );
    }

    await tx.update(clarifications).set({ status: target, answeredAt: now }).where(eq(clarifications.id, clarification.id));
    if (answer === 'accept') {
      await tx
        .update(tradeInspections)
        .set({ agreedPriceCents: row.newPriceCents })
        .where(eq(tradeInspections.offerId, clarification.itemOfferId));
    }

    const all = await tx.select({ status: clarifications.status }).from(clarifications).where(eq(clarifications.tradeId, trade.id));
    if (all.some((c) => c.status === 'open')) return { clarificationId: clarification.id, status: target, tradeStatus: 'clarification' };
    const outcome = all.some((c) => c.status === 'declined') ? 'declined' : 'accepted';
    const declined = all.filter((c) => c.status === 'declined').length;
    await applyTransition(
      tx,
      trade,
      outcome,
      outcome === 'declined' ? `${declined} of ${all.length} clarification(s) declined` : `${all.length} clarification(s) accepted`,
      now,
    );
    return { clarificationId: clarification.id, status: target, tradeStatus: outcome };
  });
}
