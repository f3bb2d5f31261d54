// Returns (issue 29 item 5): the declined trades whose devices go back to the seller — the devices, the
// seller's name and address, when the last answer declined them, and the return label (decision 025) on
// the trade's shop — oldest first, so the parcel waiting longest is packed first. Sending it is the
// trades domain's move declined → returned, which mails the seller (server/staff/return-routes.ts).

import { eq, inArray, max } from 'drizzle-orm';
import { brandOfTrade, type Brand } from '../../src/config/brands';
import { isLocale, type Locale } from '../../src/config/locales';
import type { ReturnEntry } from '../../src/contracts/staff';
import type { Database } from '../db/client';
import { clarifications } from '../db/schema/clarifications';
import { trades } from '../db/schema/trades';
import { devicesToReturn } from '../labels/repository';

export interface ReturnLabelLinks {
  /** The return label's absolute address on the trade's shop. */
  url(tradeId: string, locale: Locale, brand: Brand): string;
}

/** The declined trades waiting to be sent back, oldest decision first. */
export async function pendingReturns(db: Database, labels: ReturnLabelLinks): Promise<ReturnEntry[]> {
  const declined = await db.select().from(trades).where(eq(trades.status, 'declined'));
  if (declined.length === 0) return [];
  const ids = declined.map((t) => t.id);
  const rows = await devicesToReturn(db, ids);
  const decided = await db
    .select({ tradeId: clarifications.tradeId, at: max(clarifications.answeredAt) })
    .from(clarifications)
    .where(inArray(clarifications.tradeId, ids))
    .groupBy(clarifications.tradeId);
  const decidedAt = new Map(decided.map((d) => [d.tradeId, d.at ? new Date(d.at) : null]));
  return declined
    .map((trade) => {
      const items = rows.filter((r) => r.tradeId === trade.id);
      const locale: Locale = isLocale(trade.locale) ? trade.locale : 'default';
      return {
        tradeNumber: trade.tradeNumber,
        locale: trade.locale,
        seller: `${trade.address.firstName} ${trade.address.lastName}`,
        address: `${trade.address.street} ${trade.address.houseNumber}, ${trade.address.postalCode} ${trade.address.city}`,
        devices: items.map((i) => (i.quantity > 1 ? `${i.quantity} × ${i.deviceName}` : i.deviceName)),
        declinedAt: (decidedAt.get(trade.id) ?? trade.createdAt).toISOString(),
        // Every declined device recycled at the seller's wish: nothing to ship, only the move to record.
        returnLabelUrl: items.length > 0 ? labels.url(trade.id, locale, brandOfTrade(trade.shopMode)) : null,
      };
    })
    .sort((a, b) => a.declinedAt.localeCompare(b.declinedAt) || a.tradeNumber.localeCompare(b.tradeNumber));
}
