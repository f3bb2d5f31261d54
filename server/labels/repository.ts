// What a label needs of a stored trade: its number, shop, the seller's address and the devices.

import { and, asc, eq, ne, or, isNull } from 'drizzle-orm';
import { isLocale } from '../../src/config/locales';
import type { Database } from '../db/client';
import { clarifications, devices, tradeItems, trades } from '../db/schema';
import type { LabelData } from './label';

export async function findLabelData(db: Database, tradeId: string): Promise<LabelData | undefined> {
  const [trade] = await db
    .select({ tradeNumber: trades.tradeNumber, locale: trades.locale, address: trades.address })
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
    sender: trade.address,
    devices: items.map((item) => item.name),
  };
}

/**
 * The return label of a trade: from our warehouse to the seller's address, for the devices whose
 * clarification the seller declined to get them back (not those left to recycle); undefined when
 * there are none (decision 025).
 */
export async function findReturnLabelData(db: Database, tradeId: string): Promise<LabelData | undefined> {
  const [trade] = await db
    .select({ tradeNumber: trades.tradeNumber, locale: trades.locale, address: trades.address })
    .from(trades)
    .where(eq(trades.id, tradeId));
  if (!trade) return undefined;
  const items = await db
    .select({ name: devices.name })
    .from(clarifications)
    .innerJoin(tradeItems, eq(tradeItems.offerId, clarifications.itemOfferId))
    .innerJoin(devices, eq(devices.id, tradeItems.deviceId))
    .where(
      and(
        eq(clarifications.tradeId, tradeId),
        eq(clarifications.status, 'declined'),
        or(isNull(clarifications.declineMode), ne(clarifications.declineMode, 'recycle')),
      ),
    )
    .orderBy(asc(tradeItems.position));
  if (items.length === 0) return undefined;
  return {
    tradeNumber: trade.tradeNumber,
    locale: isLocale(trade.locale) ? trade.locale : 'default',
    sender: trade.address,
    devices: items.map((item) => item.name),
    direction: 'return',
  };
}
