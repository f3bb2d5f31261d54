// What a label needs of a stored trade: its number, shop, the seller's address and the devices.

import { asc, eq } from 'drizzle-orm';
import { isLocale } from '../../src/config/locales';
import type { Database } from '../db/client';
import { devices, tradeItems, trades } from '../db/schema';
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
