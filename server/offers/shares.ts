// Saving and sharing an offer (issue 18 part 1): a share is recorded (mailed to an address or a link
// copied, with the customer when logged in) and answered with the device page's link carrying the
// signed token; opening a token finds the offer again, valid or expired. The recorded shares are the
// account's saved offers and the sellers a scheduled price drop warns.

import { desc, eq } from 'drizzle-orm';
import { isLocale, type Locale } from '../../src/config/locales';
import { buildPath } from '../../src/config/routes';
import type { Offer, SavedOffer } from '../../src/contracts/offers';
import type { CatalogueStore } from '../catalogue/store';
import type { Database } from '../db/client';
import { devices } from '../db/schema/catalogue';
import { offers, offerShares } from '../db/schema/offers';
import { findOffer, toOffer } from './service';
import type { OfferShareTokens } from './share-token';

/** The device page of the offer with its token: `/<localized product path>/<slug>?offer=<token>`. */
export function sharedOfferPath(locale: Locale, deviceSlug: string, token: string): string {
  return `${buildPath('productDetail', locale, { pdp: deviceSlug })}?offer=${encodeURIComponent(token)}`;
}

export type ShareOutcome =
  | { readonly kind: 'shared'; readonly offer: Offer; readonly token: string; readonly path: string }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'expired' };

/**
 * Records a share of a valid offer of this shop and signs its link. An unknown offer, or one of
 * another shop, is 'unknown'; an expired one cannot be shared any more.
 */
export async function shareOffer(
  db: Database,
  store: CatalogueStore,
  tokens: OfferShareTokens,
  input: {
    readonly offerId: string;
    readonly locale: Locale;
    readonly channel: 'mail' | 'link';
    readonly email?: string;
    readonly customerId?: string;
    readonly now: Date;
  },
): Promise<ShareOutcome> {
  const offer = await findOffer(db, input.offerId);
  const device = offer && store.device(offer.deviceId);
  if (!offer || !device || offer.locale !== input.locale) return { kind: 'unknown' };
  if (Date.parse(offer.validUntil) <= input.now.getTime()) return { kind: 'expired' };
  await db.insert(offerShares).values({
    offerId: offer.offerId,
    channel: input.channel,
    email: input.email ?? null,
    customerId: input.customerId ?? null,
    at: input.now,
  });
  const token = await tokens.sign({ offerId: offer.offerId, validUntil: new Date(offer.validUntil) });
  return { kind: 'shared', offer, token, path: sharedOfferPath(input.locale, device.slug, token) };
}

/** The offer of a shared token, and whether it has expired; null for a token that was not signed here or fits no offer. */
export async function openSharedOffer(
  db: Database,
  tokens: OfferShareTokens,
  token: string,
  now: Date,
): Promise<{ readonly offer: Offer; readonly expired: boolean } | null> {
  const claims = await tokens.verify(token);
  if (!claims) return null;
  const offer = await findOffer(db, claims.offerId);
  // Bound to the expiry it was made for: a token never outlives its offer.
  if (!offer || Date.parse(offer.validUntil) !== claims.validUntil.getTime()) return null;
  return { offer, expired: claims.validUntil.getTime() <= now.getTime() };
}

/** The customer's saved offers, newest first, one per offer (the latest share). */
export async function savedOffers(db: Database, tokens: OfferShareTokens, customerId: string): Promise<SavedOffer[]> {
  const rows = await db
    .select({ share: offerShares, offer: offers, deviceName: devices.name, deviceSlug: devices.slug })
    .from(offerShares)
    .innerJoin(offers, eq(offers.id, offerShares.offerId))
    .innerJoin(devices, eq(devices.id, offers.deviceId))
    .where(eq(offerShares.customerId, customerId))
    .orderBy(desc(offerShares.at), desc(offerShares.id));
  const seen = new Set<string>();
  const saved: SavedOffer[] = [];
  for (const row of rows) {
    if (seen.has(row.offer.id) || !isLocale(row.offer.locale)) continue;
    seen.add(row.offer.id);
    const token = await tokens.sign({ offerId: row.offer.id, validUntil: row.offer.validUntil });
    saved.push({
      offer: toOffer(row.offer, row.deviceName),
      channel: row.share.channel,
      savedAt: row.share.at.toISOString(),
      path: sharedOfferPath(row.offer.locale, row.deviceSlug, token),
    });
  }
  return saved;
}
