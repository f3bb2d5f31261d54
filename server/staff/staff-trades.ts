// What the back office reads of trades (issue 28): finding a trade by number or seller e-mail, the
// scanner's text as a trade number, a trade as the inspector sees it (the seller's answers beside the
// inspection, photos, clarification, certificate, who holds it, the history, the version), and the
// counter-offer preview, priced exactly as recordInspection prices the found answers.

import { asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { isLocale, type Locale } from '../../src/config/locales';
import type { QuoteAnswer, StaffQuestionSchema, StaffTrade, StaffTradeItem } from '../../src/contracts/staff';
import type { TradeStatus } from '../../src/contracts/trades';
import type { CatalogueStore } from '../catalogue/store';
import type { Database } from '../db/client';
import { devices } from '../db/schema/catalogue';
import { clarifications } from '../db/schema/clarifications';
import { customers } from '../db/schema/customers';
import { offers } from '../db/schema/offers';
import { erasureCertificates, tradeCompanies, tradeItems, trades, tradeTransitions } from '../db/schema/trades';
import { priceOffer, PricingInputError, type PricingResult } from '../offers/pricing';
import { decide, InspectionError } from '../trades/inspection';
import { tradeItemRows } from '../trades/lifecycle';
import type { CertificateLinks } from '../trades/links';
import { photoIdsOf } from '../trades/photos';
import { liveHold } from './holds';

const TRADE_NUMBER_IN_TEXT = /T[RB]-\d{4}-\d{6,}/;

/**
 * The trade number in what the scanner typed: the label's Code 128 carries the bare trade number
 * (server/labels/label.ts), but scanners may send an AIM symbology prefix (`]C0`) or a configured
 * prefix/suffix, and one set to a US keyboard on a German layout types `ß` for `-`. Null when no trade
 * number is in it.
 */
export function scannedTradeNumber(code: string): string | null {
  const text = code.replace(/ß/g, '-').toUpperCase();
  return TRADE_NUMBER_IN_TEXT.exec(text)?.[0] ?? null;
}

/** `%` and `_` typed into the search box match themselves. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Statuses of the trades the inspectors expect next (the search box's empty answer). */
const INCOMING: readonly TradeStatus[] = ['created', 'received'];

/**
 * Trades whose number starts with `q` or whose seller's e-mail (the guest's, or the customer's)
 * starts with it, newest first; an empty `q` lists the latest new and received trades. At most 50.
 */
export async function searchTrades(db: Database, q: string) {
  const text = q.trim();
  const itemCounts = db
    .select({ tradeId: tradeItems.tradeId, items: count().as('items') })
    .from(tradeItems)
    .groupBy(tradeItems.tradeId)
    .as('item_counts');
  let where: SQL | undefined;
  if (text === '') where = inArray(trades.status, [...INCOMING]);
  else {
    const pattern = likePrefix(text);
    where = or(ilike(trades.tradeNumber, pattern), ilike(trades.guestEmail, pattern), ilike(customers.email, pattern));
  }
  const rows = await db
    .select({
      tradeNumber: trades.tradeNumber,
      status: trades.status,
      guestEmail: trades.guestEmail,
      customerEmail: customers.email,
      createdAt: trades.createdAt,
      totalCents: trades.totalCents,
      items: itemCounts.items,
    })
    .from(trades)
    .leftJoin(customers, eq(customers.id, trades.customerId))
    .leftJoin(itemCounts, eq(itemCounts.tradeId, trades.id))
    .where(where)
    .orderBy(desc(trades.createdAt), desc(trades.transactionId))
    .limit(50);
  return rows.map((r) => ({
    tradeNumber: r.tradeNumber,
    status: r.status,
    sellerEmail: r.guestEmail ?? r.customerEmail,
    createdAt: r.createdAt.toISOString(),
    totalCents: r.totalCents,
    items: Number(r.items ?? 0),
  }));
}

export const localeOf = (trade: { readonly locale: string }): Locale => (isLocale(trade.locale) ? trade.locale : 'default');

/** The device's questions in `locale`, with its platform's own texts (decision 051); none for a device no longer in the catalogue. */
function questionsOf(store: CatalogueStore, deviceId: number, locale: Locale): z.infer<typeof StaffQuestionSchema>[] {
  const device = store.device(deviceId);
  if (!device) return [];
  const platform = store.catalogue.manufacturers.find((m) => m.id === device.manufacturerId)?.platform;
  return store.questionsFor(device).map((q) => {
    const own = platform && platform !== 'other' ? q.platforms[platform] : undefined;
    return {
      id: q.id,
      code: q.code,
      text: (own?.question ?? q.question)[locale],
      answers: q.answers.map((a) => ({ id: a.id, code: a.code, text: a.text[locale] })),
    };
  });
}

export interface StaffTradeContext {
  readonly db: Database;
  readonly store: CatalogueStore;
  readonly certificates: CertificateLinks;
}

/**
 * The trade as the back office shows it to `viewerId` (whose own hold is not "held by someone"), or
 * null when there is no such trade number.
 */
export async function staffTrade(context: StaffTradeContext, tradeNumber: string, viewerId: string, now: Date): Promise<StaffTrade | null> {
  const { db, store, certificates } = context;
  const [found] = await db
    .select({ trade: trades, customerEmail: customers.email, company: tradeCompanies.name })
    .from(trades)
    .leftJoin(customers, eq(customers.id, trades.customerId))
    .leftJoin(tradeCompanies, eq(tradeCompanies.tradeId, trades.id))
    .where(eq(trades.tradeNumber, tradeNumber.trim().toUpperCase()));
  if (!found) return null;
  const { trade } = found;
  const locale = localeOf(trade);
  const [itemRows, clarificationRows, certificateRows, transitionRows, holder] = await Promise.all([
    tradeItemRows(db, trade.id),
    db
      .select({ itemOfferId: clarifications.itemOfferId, status: clarifications.status, newPriceCents: offers.priceCents })
      .from(clarifications)
      .innerJoin(offers, eq(offers.id, clarifications.newOfferId))
      .where(eq(clarifications.tradeId, trade.id))
      .orderBy(asc(clarifications.createdAt)),
    db.select().from(erasureCertificates).where(eq(erasureCertificates.tradeId, trade.id)),
    db.select().from(tradeTransitions).where(eq(tradeTransitions.tradeId, trade.id)).orderBy(asc(tradeTransitions.id)),
    liveHold(db, trade.id, now),
  ]);
  const photos = await photoIdsOf(
    db,
    itemRows.map((r) => r.item.offerId),
  );
  // The newest clarification of an item counts (an item is inspected once, so there is one).
  const clarificationOf = new Map(clarificationRows.map((c) => [c.itemOfferId, c]));
  const certificateOf = new Map(certificateRows.map((c) => [c.offerId, c]));
  const items = itemRows.map(({ item, deviceName, offeredAnswers, inspection }): StaffTradeItem => {
    const clarification = clarificationOf.get(item.offerId);
    const certificate = certificateOf.get(item.offerId);
    return {
      offerId: item.offerId,
      position: item.position,
      deviceId: item.deviceId,
      deviceName: store.device(item.deviceId)?.name ?? deviceName,
      quantity: item.quantity,
      offeredCents: item.priceCents,
      kind: item.kind,
      questions: questionsOf(store, item.deviceId, locale),
      offeredAnswers,
      inspection: inspection && {
        foundAnswers: inspection.foundAnswers,
        foundKind: inspection.foundKind,
        foundPriceCents: inspection.foundPriceCents,
        agreedPriceCents: inspection.agreedPriceCents,
        identifier: inspection.identifier,
        note: inspection.note,
        inspectedAt: inspection.inspectedAt.toISOString(),
        photoIds: photos.get(item.offerId) ?? [],
      },
      clarification: clarification ? { status: clarification.status, newPriceCents: clarification.newPriceCents } : null,
      certificate: certificate
        ? {
            id: certificate.id,
            method: certificate.method,
            erasedAt: certificate.erasedAt.toISOString(),
            pdfPath: certificates.path(certificate.id),
          }
        : null,
    };
  });
  const person = `${trade.address.firstName} ${trade.address.lastName}`;
  return {
    tradeNumber: trade.tradeNumber,
    status: trade.status,
    version: trade.version,
    locale: trade.locale,
    b2b: trade.b2b,
    sellerName: found.company ? `${found.company} (${person})` : person,
    sellerEmail: trade.guestEmail ?? found.customerEmail,
    createdAt: trade.createdAt.toISOString(),
    totalCents: trade.totalCents,
    items,
    heldBy: holder && holder.staffId !== viewerId ? { name: holder.name, email: holder.email, since: holder.since.toISOString() } : null,
    transitions: transitionRows.map((t) => ({
      from: t.fromStatus as TradeStatus | null,
      to: t.toStatus as TradeStatus,
      at: t.at.toISOString(),
      note: t.note,
    })),
  };
}

/** What the found answers do to one item, priced as recordInspection prices them (same functions, same day). */
export interface ItemQuote {
  readonly foundAnswers: Record<string, number>;
  readonly found: PricingResult;
  readonly answer: Omit<QuoteAnswer, 'offerId'>;
}

/**
 * Prices `answers` (questions left out: as offered) for an item of a trade of `locale` at the device's
 * base price of today, and decides like the inspection: as offered or better is paid the higher of the
 * offer and today's price ("price only goes up"), worse asks the seller, blocked offers recycling.
 * Throws PricingInputError for answers that do not fit the device, InspectionError for a device no
 * longer in the catalogue.
 */
export function quoteItem(
  store: CatalogueStore,
  locale: Locale,
  item: { readonly deviceId: number; readonly priceCents: number; readonly offeredAnswers: Record<string, number> },
  answers: Readonly<Record<string, number>>,
): ItemQuote {
  const device = store.device(item.deviceId);
  if (!device) throw new InspectionError('The device is no longer in the catalogue, so it cannot be priced.');
  const questions = store.questionsFor(device);
  const base = device.basePrice[locale];
  const foundAnswers = { ...item.offeredAnswers, ...answers };
  const found = priceOffer(base, questions, foundAnswers);
  let offeredToday: PricingResult | null;
  try {
    offeredToday = priceOffer(base, questions, item.offeredAnswers);
  } catch (error) {
    if (!(error instanceof PricingInputError)) throw error;
    offeredToday = null;
  }
  const decision = decide(item.priceCents, found, offeredToday);
  if (found.kind === 'blocked')
    return { foundAnswers, found, answer: { foundKind: 'blocked', foundPriceCents: 0, outcome: 'blocked', payCents: 0 } };
  if (decision.clarify) {
    return {
      foundAnswers,
      found,
      answer: { foundKind: found.kind, foundPriceCents: found.priceCents, outcome: 'worse', payCents: decision.newPriceCents },
    };
  }
  const todayCents = offeredToday && offeredToday.kind !== 'blocked' ? offeredToday.priceCents : item.priceCents;
  return {
    foundAnswers,
    found,
    answer: {
      foundKind: found.kind,
      foundPriceCents: found.priceCents,
      outcome: found.priceCents > todayCents ? 'better' : 'asOffered',
      payCents: decision.agreedPriceCents,
    },
  };
}

/** The items of a trade with what pricing needs, by offer id. */
export async function tradeItemsForQuote(db: Database, tradeId: string) {
  const rows = await db
    .select({
      offerId: tradeItems.offerId,
      position: tradeItems.position,
      deviceId: tradeItems.deviceId,
      deviceName: devices.name,
      priceCents: tradeItems.priceCents,
      offeredAnswers: offers.answers,
    })
    .from(tradeItems)
    .innerJoin(offers, eq(offers.id, tradeItems.offerId))
    .innerJoin(devices, eq(devices.id, tradeItems.deviceId))
    .where(eq(tradeItems.tradeId, tradeId));
  return new Map(rows.map((row) => [row.offerId, row]));
}

/** The trade's id, status, version and locale by its number, or null. */
export async function tradeByNumber(db: Database, tradeNumber: string) {
  const [row] = await db
    .select({ id: trades.id, tradeNumber: trades.tradeNumber, status: trades.status, version: trades.version, locale: trades.locale })
    .from(trades)
    .where(eq(trades.tradeNumber, tradeNumber.trim().toUpperCase()));
  return row ? { ...row, locale: localeOf(row) } : null;
}
