// GET /api/customers/trade_history: the caller's trades, newest first, each with its status and
// every item's own status and price as things stand (product §11, server/trades/lifecycle.ts and
// inspection.ts):
//   offered → received → inspected | repriced (found better: paid above the offer)
//   → clarification (found worse: a new offer is open) → accepted | declined
//   → paid | return_pending → returned, or cancelled before shipping.
// A device paid by a payout is 'paid' whatever the trade's status (split payout, decision 025): the
// devices without a clarification are paid without waiting for the others.
// An item's price is what it is paid: the offer until inspected, then the agreed price; while its
// clarification is open, the new offer it asks the seller to accept; 0 once declined. The total is
// the items plus the voucher bonus, in EUR (what paying pays, see payoutCents, once all is agreed).

import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { TradeHistoryEntry } from '../../src/contracts/account';
import type { TradeStatus } from '../../src/contracts/trades';
import type { Database } from '../db/client';
import type { LabelLinks } from '../labels/links';
import { devices } from '../db/schema/catalogue';
import { clarifications } from '../db/schema/clarifications';
import { offers } from '../db/schema/offers';
import { tradeInspections, tradeItems, tradePayouts, trades } from '../db/schema/trades';
import { dueDayOf } from '../trades/payout-promise';
import { readCaller } from './caller';

/** Statuses in which a payout is still to come for devices that arrived. */
const AWAITING_PAYOUT: readonly TradeStatus[] = ['received', 'inspected', 'accepted'];

export type ItemStatus = TradeHistoryEntry['items'][number]['status'];
type ClarificationStatus = 'open' | 'accepted' | 'declined';

export interface ItemState {
  readonly offeredCents: number;
  /** Null until the trade is inspected. */
  readonly inspection: { readonly agreedPriceCents: number | null } | null;
  /** The item's clarification, if the inspection opened one (declineMode null: sent back, the default). */
  readonly clarification: {
    readonly status: ClarificationStatus;
    readonly newPriceCents: number;
    readonly declineMode?: 'return' | 'recycle' | null;
  } | null;
  /** A payout paid the item (split payout: possibly before the rest of the trade). */
  readonly paid?: boolean;
}

/** The item's own status within its trade's status. */
export function itemStatus(trade: TradeStatus, item: ItemState): ItemStatus {
  if (item.paid) return 'paid';
  switch (trade) {
    case 'created':
      return 'offered';
    case 'received':
    case 'cancelled':
    case 'paid':
      return trade;
    case 'inspected':
    case 'clarification':
    case 'accepted':
    case 'declined':
    case 'returned': {
      const clarification = item.clarification;
      if (clarification?.status === 'open') return 'clarification';
      if (clarification?.status === 'declined') {
        if (clarification.declineMode === 'recycle') return 'declined';
        return trade === 'returned' ? 'returned' : 'return_pending';
      }
      if (clarification?.status === 'accepted') return 'accepted';
      const agreed = item.inspection?.agreedPriceCents;
      return agreed != null && agreed > item.offeredCents ? 'repriced' : 'inspected';
    }
  }
}

/** What the item is paid as things stand (see the header). */
export function itemPriceCents(item: ItemState): number {
  if (item.clarification?.status === 'open') return item.clarification.newPriceCents;
  if (item.clarification?.status === 'declined') return 0;
  return item.inspection ? (item.inspection.agreedPriceCents ?? 0) : item.offeredCents;
}

const euros = (cents: number) => cents / 100;

/**
 * `labels`: the label links (server/labels/links.ts). A trade still awaited (created) carries its
 * current shipping label link, so the account always has a working one (also after a revocation); a
 * trade with a declined device on its way back carries the return label's link (decision 025).
 */
export async function tradeHistory(
  db: Database,
  customerId: string,
  labels?: Pick<LabelLinks, 'path' | 'returnPath' | 'creditNotePath'>,
): Promise<TradeHistoryEntry[]> {
  const caller = await readCaller(db, customerId);
  const rows = await db
    .select({
      id: trades.id,
      tradeNumber: trades.tradeNumber,
      status: trades.status,
      b2b: trades.b2b,
      createdAt: trades.createdAt,
      voucherCents: trades.voucherCents,
      labelVersion: trades.labelVersion,
      locale: trades.locale,
    })
    .from(trades)
    .where(eq(trades.customerId, caller.id))
    .orderBy(desc(trades.createdAt), desc(trades.transactionId));
  if (rows.length === 0) return [];

  const items = await db
    .select({
      tradeId: tradeItems.tradeId,
      offerId: tradeItems.offerId,
      deviceName: devices.name,
      offeredCents: tradeItems.priceCents,
      conditionId: tradeItems.conditionId,
      inspected: tradeInspections.offerId,
      agreedPriceCents: tradeInspections.agreedPriceCents,
      foundConditionId: tradeInspections.foundConditionId,
      clarificationId: clarifications.id,
      clarificationStatus: clarifications.status,
      declineMode: clarifications.declineMode,
      payoutId: tradeItems.payoutId,
      newPriceCents: offers.priceCents,
    })
    .from(tradeItems)
    .innerJoin(devices, eq(devices.id, tradeItems.deviceId))
    .leftJoin(tradeInspections, eq(tradeInspections.offerId, tradeItems.offerId))
    .leftJoin(clarifications, eq(clarifications.itemOfferId, tradeItems.offerId))
    .leftJoin(offers, eq(offers.id, clarifications.newOfferId))
    .where(
      inArray(
        tradeItems.tradeId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(tradeItems.position));

  const payouts = await db
    .select({
      tradeId: tradePayouts.tradeId,
      amountCents: tradePayouts.amountCents,
      bonusCents: tradePayouts.bonusCents,
      dueBy: tradePayouts.dueBy,
    })
    .from(tradePayouts)
    .where(
      inArray(
        tradePayouts.tradeId,
        rows.map((r) => r.id),
      ),
    );
  const paidByTrade = new Map<string, number>();
  for (const p of payouts) paidByTrade.set(p.tradeId, (paidByTrade.get(p.tradeId) ?? 0) + p.amountCents);
  // The payout promise (issue 18): the due day of the payouts made, else of the payout still to come.
  const promises = new Map<string, { dueBy: string | null; bonusCents: number }>();
  for (const trade of rows) {
    const made = payouts.filter((p) => p.tradeId === trade.id);
    const lastDue =
      made
        .map((p) => p.dueBy)
        .filter((d): d is string => d !== null)
        .sort()
        .at(-1) ?? null;
    const waiting = AWAITING_PAYOUT.includes(trade.status);
    const dueBy = waiting
      ? await dueDayOf(
          db,
          trade,
          items.filter((row) => row.tradeId === trade.id && row.payoutId === null).map((row) => row.offerId),
        )
      : lastDue;
    promises.set(trade.id, { dueBy, bonusCents: made.reduce((sum, p) => sum + p.bonusCents, 0) });
  }

  return rows.map((trade) => {
    const entries = items
      .filter((row) => row.tradeId === trade.id)
      .map((row) => {
        const state: ItemState = {
          offeredCents: row.offeredCents,
          inspection: row.inspected === null ? null : { agreedPriceCents: row.agreedPriceCents },
          clarification:
            row.clarificationStatus === null
              ? null
              : { status: row.clarificationStatus, newPriceCents: row.newPriceCents ?? 0, declineMode: row.declineMode },
          paid: row.payoutId !== null,
        };
        const cents = itemPriceCents(state);
        return {
          cents,
          item: {
            offerId: row.offerId,
            deviceName: row.deviceName,
            price: euros(cents),
            conditionId: row.foundConditionId ?? row.conditionId,
            status: itemStatus(trade.status, state),
            clarificationId: row.clarificationId,
          },
        };
      });
    return {
      tradeId: trade.id,
      tradeNumber: trade.tradeNumber,
      status: trade.status,
      createdAt: trade.createdAt.toISOString(),
      total: euros(entries.reduce((sum, e) => sum + e.cents, 0) + trade.voucherCents),
      paid: euros(paidByTrade.get(trade.id) ?? 0),
      items: entries.map((e) => e.item),
      ...(trade.status === 'created' && labels ? { labelUrl: labels.path(trade.id, trade.labelVersion) } : {}),
      ...(labels && entries.some((e) => e.item.status === 'return_pending') ? { returnLabelUrl: labels.returnPath(trade.id) } : {}),
      ...(trade.b2b && labels ? { creditNoteUrl: labels.creditNotePath(trade.id) } : {}),
      ...(promises.get(trade.id)?.dueBy ? { payoutDueBy: promises.get(trade.id)!.dueBy! } : {}),
      ...(promises.get(trade.id)?.bonusCents ? { lateBonus: euros(promises.get(trade.id)!.bonusCents) } : {}),
    };
  });
}
