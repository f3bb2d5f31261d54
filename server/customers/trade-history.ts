// GET /api/customers/trade_history: the caller's trades as their seller sees them (server/trades/trade-view.ts),
// newest first, each with its items, money and timeline.

import type { TradeView } from '../../src/contracts/trade-view';
import type { Database } from '../db/client';
import type { CertificateLinks } from '../trades/links';
import { tradeViews, type TradeViewLinks } from '../trades/trade-view';
import { readCaller } from './caller';

export async function tradeHistory(
  db: Database,
  customerId: string,
  labels?: TradeViewLinks,
  certificates?: Pick<CertificateLinks, 'path'>,
): Promise<TradeView[]> {
  const caller = await readCaller(db, customerId);
  return tradeViews(db, { customerId: caller.id }, labels, undefined, certificates);
}
