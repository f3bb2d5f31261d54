// GET /api/customers/trade_history: the caller's trades as their seller sees them (server/trades/trade-view.ts),
// newest first, each with its items, money and timeline. PUT /api/customers/trades/{tradeNumber}/payout:
// the caller corrects a trade's payout account after a bank return (server/trades/payout-correction.ts).

import { and, eq } from 'drizzle-orm';
import type { PayoutCorrection, TradeView } from '../../src/contracts/trade-view';
import type { Database } from '../db/client';
import { trades } from '../db/schema/trades';
import { notFound } from '../http/errors';
import type { CertificateLinks } from '../trades/links';
import { correctPayout } from '../trades/payout-correction';
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

export async function correctTradePayout(
  db: Database,
  customerId: string,
  tradeNumber: string,
  correction: PayoutCorrection,
  now: Date,
  labels?: TradeViewLinks,
  certificates?: Pick<CertificateLinks, 'path'>,
): Promise<{ trade: TradeView }> {
  const caller = await readCaller(db, customerId);
  const [trade] = await db
    .select({ id: trades.id })
    .from(trades)
    .where(and(eq(trades.tradeNumber, tradeNumber.trim().toUpperCase().slice(0, 20)), eq(trades.customerId, caller.id)));
  // Another customer's trade reads as not found, like an unknown one.
  if (!trade) throw notFound('You have no trade with this number.');
  await correctPayout(db, trade.id, correction.payout, now);
  const [view] = await tradeViews(db, { tradeId: trade.id }, labels, undefined, certificates);
  return { trade: view! };
}
