// A trade created the way the checkout creates one (offers priced from the catalogue, then the
// service behind POST /api/trades), for server tests that need trades in a database.

import { randomUUID } from 'node:crypto';
import type { ShopMode } from '../../src/config/hosts';
import type { Locale } from '../../src/config/locales';
import { TradeRequestSchema, TradeSchema, type Trade } from '../../src/contracts/trades';
import type { CatalogueStore } from '../catalogue/store';
import type { Database } from '../db/client';
import { createOffer } from '../offers/service';
import { OfferWriter } from '../offers/writer';
import { recordInspection } from '../trades/inspection';
import { transition } from '../trades/lifecycle';
import { submitTrade } from '../trades/service';

/** The fixture catalogue's questions, every answer at its best. */
export const BEST = { 1: 11, 2: 21, 3: 31 };
export const ADDRESS = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  street: 'Heidestraße',
  houseNumber: '17',
  postalCode: '51147',
  city: 'Köln',
};
export const SEPA = { method: 'sepa', accountHolder: 'Erika Mustermann', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };

export async function createTrade(
  db: Database,
  store: CatalogueStore,
  deviceIds: number[] = [1300],
  /** More request fields, or a function of the offer ids that gives them (e.g. quantities). */
  extra: Record<string, unknown> | ((offerIds: string[]) => Record<string, unknown>) = {},
  /** The shop it is sold in (German by default) and the shop mode of its host (the brand, decision 033). */
  shop: { readonly locale?: Locale; readonly shopMode?: ShopMode } = {},
): Promise<Trade> {
  const locale = shop.locale ?? 'de';
  const writer = new OfferWriter(db);
  const offerIds: string[] = [];
  for (const deviceId of deviceIds) {
    const result = await createOffer(writer, store, locale, { deviceId, answers: BEST });
    if (result.kind !== 'created') throw new Error('offer blocked');
    offerIds.push(result.offer.offerId);
  }
  const rawBody = {
    offerIds,
    identity: { kind: 'guest', email: `seller-${randomUUID()}@example.com` },
    address: ADDRESS,
    payout: SEPA,
    termsAccepted: true,
    ...(typeof extra === 'function' ? extra(offerIds) : extra),
  };
  const answer = await submitTrade(db, {
    idempotencyKey: randomUUID(),
    locale,
    request: TradeRequestSchema(locale).parse(rawBody),
    ...(shop.shopMode && { shopMode: shop.shopMode }),
  });
  if (answer.statusCode !== 201) throw new Error(`trade not created: ${JSON.stringify(answer.body)}`);
  return TradeSchema.parse(answer.body);
}

/**
 * A trade of `deviceIds` received and inspected as offered, at the given times (default now); `extra`
 * as for createTrade (e.g. a PayPal payout).
 */
export async function inspectedTrade(
  db: Database,
  store: CatalogueStore,
  options: { receivedAt?: string; inspectedAt?: string; deviceIds?: number[]; extra?: Record<string, unknown> } = {},
): Promise<Trade> {
  const trade = await createTrade(db, store, options.deviceIds ?? [1300], options.extra ?? {});
  await transition(db, trade.tradeNumber, 'received', undefined, options.receivedAt ? new Date(options.receivedAt) : new Date());
  await recordInspection(
    db,
    store,
    trade.tradeNumber,
    trade.items.map((item) => ({ offerId: item.offerId, answers: BEST })),
    options.inspectedAt ? { now: new Date(options.inspectedAt) } : {},
  );
  return trade;
}
