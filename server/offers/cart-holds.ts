// The offers a cart holds once its seller's e-mail is known at checkout (issue 18 part 3, decision
// 058): kept only so that a scheduled price drop reaches the seller. A report replaces the address's
// holds in the shop; a trade that takes an offer, the offer's expiry and the warning mail's stop link
// delete them. The stop link carries the address signed with a key of its own purpose.

import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Locale } from '../../src/config/locales';
import type { Database } from '../db/client';
import { cartHolds, offers } from '../db/schema/offers';
import { tradeItems } from '../db/schema/trades';

/**
 * Replaces the holds of `email` in the shop with the cart's offers that can still be warned about:
 * purchase offers of this shop, valid now, not in a trade. Unknown ids are left out without a word.
 * Returns how many are held.
 */
export async function replaceCartHolds(
  db: Database,
  input: { readonly email: string; readonly locale: Locale; readonly offerIds: readonly string[]; readonly now: Date },
): Promise<number> {
  const email = input.email.toLowerCase();
  const ids = [...new Set(input.offerIds)];
  return db.transaction(async (tx) => {
    await tx.delete(cartHolds).where(and(eq(cartHolds.email, email), eq(cartHolds.locale, input.locale)));
    if (ids.length === 0) return 0;
    const held = await tx
      .select({ id: offers.id, validUntil: offers.validUntil })
      .from(offers)
      .where(and(inArray(offers.id, ids), eq(offers.locale, input.locale), eq(offers.kind, 'purchase'), gt(offers.validUntil, input.now)));
    const traded = new Set(
      (await tx.select({ offerId: tradeItems.offerId }).from(tradeItems).where(inArray(tradeItems.offerId, ids))).map((r) => r.offerId),
    );
    const rows = held
      .filter((offer) => !traded.has(offer.id))
      .map((offer) => ({ offerId: offer.id, email, locale: input.locale, expiresAt: offer.validUntil, at: input.now }));
    if (rows.length > 0) await tx.insert(cartHolds).values(rows).onConflictDoNothing();
    return rows.length;
  });
}

/** A trade took these offers: no cart holds them any more (inside the trade's transaction). */
export async function releaseCartHolds(tx: Database, offerIds: readonly string[]): Promise<void> {
  if (offerIds.length > 0) await tx.delete(cartHolds).where(inArray(cartHolds.offerId, [...offerIds]));
}

/** The stop link: every hold of the address, in every shop. Returns how many were deleted. */
export async function stopCartHolds(db: Database, email: string): Promise<number> {
  const deleted = await db.delete(cartHolds).where(eq(cartHolds.email, email.toLowerCase())).returning({ id: cartHolds.id });
  return deleted.length;
}

/** Holds whose offer has expired; run with the price schedule. Returns how many were deleted. */
export async function deleteExpiredCartHolds(db: Database, now: Date): Promise<number> {
  const deleted = await db.delete(cartHolds).where(lte(cartHolds.expiresAt, now)).returning({ id: cartHolds.id });
  return deleted.length;
}

export interface CartHoldStopLinks {
  /** The token of the stop link of `email`. */
  token(email: string): string;
  /** The address of a token signed here, or null for a forged, altered or malformed one. */
  verify(token: unknown): string | null;
}

const STOP_TOKEN = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;

/** `<base64url(address)>.<HMAC-SHA256>` under a key derived from the label secret for this purpose only. */
export function createCartHoldStopLinks(secret: string | Uint8Array): CartHoldStopLinks {
  const key = createHmac('sha256', typeof secret === 'string' ? Buffer.from(secret, 'utf8') : Buffer.from(secret))
    .update('cart-hold-stop')
    .digest();
  const mac = (encoded: string) => createHmac('sha256', key).update(encoded).digest('base64url');
  return {
    token(email) {
      const encoded = Buffer.from(email.toLowerCase(), 'utf8').toString('base64url');
      return `${encoded}.${mac(encoded)}`;
    },
    verify(token) {
      if (typeof token !== 'string') return null;
      const match = STOP_TOKEN.exec(token);
      if (!match) return null;
      if (!timingSafeEqual(Buffer.from(match[2]!), Buffer.from(mac(match[1]!)))) return null;
      const email = Buffer.from(match[1]!, 'base64url').toString('utf8');
      return email.includes('@') ? email : null;
    },
  };
}

/** The stop link's path (served by server/offers/cart-hold-routes.ts). */
export const cartHoldStopPath = (token: string): string => `/cart-holds/stop?token=${encodeURIComponent(token)}`;
