// What a label needs of a stored trade: its number, shop, the seller's address and the devices.

import { and, asc, eq, inArray, isNull, max, ne, or, sql } from 'drizzle-orm';
import type { TradeStatus } from '../../src/contracts/trades';
import { brandOfTrade } from '../../src/config/brands';
import { isLocale } from '../../src/config/locales';
import type { Database } from '../db/client';
import { devices } from '../db/schema/catalogue';
import { clarifications } from '../db/schema/clarifications';
import { tradeItems, trades, tradeTransitions } from '../db/schema/trades';
import type { LabelData } from './label';

/** Days a label link still works after its trade was paid, returned or cancelled. */
export const LABEL_DAYS_AFTER_CLOSE = 30;
const CLOSED: readonly TradeStatus[] = ['paid', 'returned', 'cancelled'];

/**
 * The trade's label version, and whether its link has expired: LABEL_DAYS_AFTER_CLOSE days after
 * the trade was paid, returned or cancelled. Undefined for an unknown trade.
 */
export async function labelValidity(
  db: Database,
  tradeId: string,
  now = new Date(),
): Promise<{ version: number; expired: boolean } | undefined> {
  const [trade] = await db.select({ status: trades.status, version: trades.labelVersion }).from(trades).where(eq(trades.id, tradeId));
  if (!trade) return undefined;
  if (!CLOSED.includes(trade.status)) return { version: trade.version, expired: false };
  const [closed] = await db
    .select({ at: max(tradeTransitions.at) })
    .from(tradeTransitions)
    .where(and(eq(tradeTransitions.tradeId, tradeId), eq(tradeTransitions.toStatus, trade.status)));
  const closedAt = closed?.at ?? now;
  return { version: trade.version, expired: now.getTime() - closedAt.getTime() > LABEL_DAYS_AFTER_CLOSE * 86_400_000 };
}

export async function findLabelData(db: Database, tradeId: string): Promise<LabelData | undefined> {
  const [trade] = await db
    .select({ tradeNumber: trades.tradeNumber, locale: trades.locale, address: trades.address, shopMode: trades.shopMode })
    .from(trades)
    .where(eq(trades.id, tradeId));
  if (!trade) return undefined;
  const items = await db
    .select({ name: devices.name })
    .from(tradeItems)
    .innerJoin(devices, eq(devices.id, tradeItems.deviceId))
    .where(eq(tradeItems.tradeId, tradeId))
    .orderBy(asc(tradeItems.position));
  return {
    tradeNumber: trade.tradeNumber,
    locale: isLocale(trade.locale) ? trade.locale : 'default',
    brand: brandOfTrade(trade.shopMode),
    sender: trade.address,
    devices: items.map((item) => item.name),
  };
}

/**
 * The devices of `tradeIds` that go back to their sellers: declined in their clarification and not left
 * to recycle (decision 025), in cart order.
 */
export function devicesToReturn(db: Database, tradeIds: readonly string[]) {
  return db
    .select({ tradeId: tradeItems.tradeId, deviceName: devices.name, quantity: tradeItems.quantity })
    .from(clarifications)
    .innerJoin(tradeItems, eq(tradeItems.offerId, clarifications.itemOfferId))
    .innerJoin(devices, eq(devices.id, tradeItems.deviceId))
    .where(
      and(
        inArray(clarifications.tradeId, [...tradeIds]),
        eq(clarifications.status, 'declined'),
        or(isNull(clarifications.declineMode), ne(clarifications.declineMode, 'recycle')),
      ),
    )
    .orderBy(asc(tradeItems.position));
}

/**
 * The return label of a trade: from our warehouse to the seller's address, for the devices whose
 * clarification the seller declined to get them back (not those left to recycle); undefined when
 * there are none (decision 025).
 */
export async function findReturnLabelData(db: Database, tradeId: string): Promise<LabelData | undefined> {
  const [trade] = await db
    .select({ tradeNumber: trades.tradeNumber, locale: trades.locale, address: trades.address, shopMode: trades.shopMode })
    .from(trades)
    .where(eq(trades.id, tradeId));
  if (!trade) return undefined;
  const items = await devicesToReturn(db, [tradeId]);
  if (items.length === 0) return undefined;
  return {
    tradeNumber: trade.tradeNumber,
    locale: isLocale(trade.locale) ? trade.locale : 'default',
    brand: brandOfTrade(trade.shopMode),
    sender: trade.address,
    devices: items.map((item) => item.deviceName),
    direction: 'return',
  };
}

/**
 * Voids every shipping label link of a trade given out so far (`trades revoke-label`): the next link
 * (the account's) carries the new version. Undefined for an unknown trade.
 */
export async function revokeLabel(
  db: Database,
  ref: string,
): Promise<{ tradeId: string; tradeNumber: string; version: number } | undefined> {
  const byId = /^[0-9a-f-]{36}$/i.test(ref);
  const [revoked] = await db
    .update(trades)
    .set({ labelVersion: sql`${trades.labelVersion} + 1` })
    .where(byId ? eq(trades.id, ref.toLowerCase()) : eq(trades.tradeNumber, ref.toUpperCase()))
    .returning({ tradeId: trades.id, tradeNumber: trades.tradeNumber, version: trades.labelVersion });
  return revoked;
}
