// Creating and reading binding offers: priced from the in-memory catalogue, stored in the database.

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { isLocale, type Locale } from '../../src/config/locales';
import { OFFER_VALIDITY_DAYS, type Offer, type OfferRequest } from '../../src/contracts/offers';
import { shopDay, type UpcomingPrices } from '../catalogue/price-schedule';
import type { CatalogueStore } from '../catalogue/store';
import type { Database } from '../db/client';
import { devices } from '../db/schema/catalogue';
import { offers } from '../db/schema/offers';
import { PricingInputError, priceOffer } from './pricing';
import type { OfferWriter } from './writer';

const DAY_MS = 24 * 60 * 60 * 1000;

export type CreateOfferResult =
  | { readonly kind: 'created'; readonly offer: Offer }
  | { readonly kind: 'blocked'; readonly blockedBy: { questionId: number; answerId: number; code: string }[] };

export async function createOffer(
  writer: OfferWriter,
  store: CatalogueStore,
  locale: Locale,
  request: OfferRequest,
  now: Date = new Date(),
  /** Scheduled base prices: a drop before the offer expires is announced with it (issue 18). */
  upcoming?: UpcomingPrices,
): Promise<CreateOfferResult> {
  const device = store.device(request.deviceId);
  if (!device)
    throw new PricingInputError('We do not know this device.', [{ path: 'deviceId', code: 'invalid', message: 'Unknown device.' }]);
  const result = priceOffer(device.basePrice[locale], store.questionsFor(device), request.answers);
  if (result.kind === 'blocked') return { kind: 'blocked', blockedBy: result.blockedBy };

  const row = await writer.insert({
    id: randomUUID(),
    deviceId: device.id,
    locale,
    answers: request.answers,
    priceCents: result.priceCents,
    conditionId: result.conditionId,
    kind: result.kind,
    validUntil: new Date(now.getTime() + OFFER_VALIDITY_DAYS * DAY_MS),
    createdAt: now,
  });
  return { kind: 'created', offer: withPriceChange(toOffer(row, device.name), store, upcoming) };
}

/**
 * The offer with the scheduled price drop of its device that falls inside its validity (issue 18):
 * what a new offer for the same answers would pay from that day. New, shared and saved offers all
 * carry it; an offer without such a drop (or of a device no longer priced) is returned as it is.
 */
export function withPriceChange(offer: Offer, store: CatalogueStore, upcoming: UpcomingPrices | undefined): Offer {
  const device = store.device(offer.deviceId);
  if (!upcoming || !device || offer.kind !== 'purchase' || !isLocale(offer.locale)) return offer;
  const next = upcoming.of(device.id, offer.locale);
  if (!next || next.effectiveOn > shopDay(offer.locale, new Date(offer.validUntil))) return offer;
  let laterCents: number;
  try {
    const later = priceOffer(next.basePriceCents / 100, store.questionsFor(device), offer.answers);
    laterCents = later.kind === 'purchase' ? later.priceCents : 0;
  } catch (error) {
    // The device's questions changed since the offer was made: nothing to compare with.
    if (error instanceof PricingInputError) return offer;
    throw error;
  }
  return laterCents < Math.round(offer.price * 100)
    ? { ...offer, priceChange: { effectiveOn: next.effectiveOn, price: laterCents / 100 } }
    : offer;
}

export async function findOffer(db: Database, offerId: string): Promise<Offer | undefined> {
  const [row] = await db
    .select({ offer: offers, deviceName: devices.name })
    .from(offers)
    .innerJoin(devices, eq(devices.id, offers.deviceId))
    .where(eq(offers.id, offerId))
    .limit(1);
  return row ? toOffer(row.offer, row.deviceName) : undefined;
}

export function toOffer(row: typeof offers.$inferSelect, deviceName: string): Offer {
  return {
    offerId: row.id,
    deviceId: row.deviceId,
    deviceName,
    locale: row.locale,
    answers: row.answers,
    price: row.priceCents / 100,
    currency: 'EUR',
    conditionId: row.conditionId as Offer['conditionId'],
    kind: row.kind,
    validUntil: row.validUntil.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
