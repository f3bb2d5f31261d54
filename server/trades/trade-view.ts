// Trades as their sellers see them (src/contracts/trade-view.ts): the customer's trade history and the
// guest trade page read them here. Each trade has its status and every item's own status and money as
// things stand (product §11, ./lifecycle.ts and ./inspection.ts):
//   offered → received → inspected | repriced (found better: paid above the offer)
//   → clarification (found worse: a new offer is open) → accepted | declined
//   → paid | return_pending → returned, or cancelled before shipping.
// A device paid by a payout is 'paid' whatever the trade's status (split payout, decision 025): the
// devices without a clarification are paid without waiting for the others.
// An item's price is what it is paid: the offer until inspected, then the agreed price, 0 once declined;
// while its clarification is open it has no price yet, only the counter-offer awaiting the answer. The
// total is what is or will be paid: the items' prices, the voucher bonus and the late-payout bonus paid,
// never an unanswered counter-offer.
// The timeline is read from the trade's own rows: its transitions, its inspections, its clarifications
// and its payouts (a split payout moves no status, so payouts are events of their own).
// A device whose wipe was confirmed carries its data-erasure certificate's signed link (decision 073).

import { asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { TradeEvent, TradeView } from '../../src/contracts/trade-view';
import type { TradeStatus } from '../../src/contracts/trades';
import type { Database } from '../db/client';
import type { LabelLinks } from '../labels/links';
import { devices } from '../db/schema/catalogue';
import { clarifications } from '../db/schema/clarifications';
import { offers } from '../db/schema/offers';
import { erasureCertificates, tradeInspections, tradeItems, tradePayouts, trades, tradeTransitions } from '../db/schema/trades';
import type { CertificateLinks } from './links';
import { dueDayOf } from './payout-promise';
import { kept, payoutBreakdowns, type PayoutBreakdown } from './payouts';
import { maskPayout } from './service';

/** Statuses in which a payout is still to come for devices that arrived. */
const AWAITING_PAYOUT: readonly TradeStatus[] = ['received', 'inspected', 'accepted'];

export type ItemStatus = TradeView['items'][number]['status'];
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

/** What the item is paid as things stand (see the header); null while its counter-offer awaits an answer. */
export function itemPriceCents(item: ItemState): number | null {
  if (item.clarification?.status === 'open') return null;
  if (item.clarification?.status === 'declined') return 0;
  return item.inspection ? (item.inspection.agreedPriceCents ?? 0) : item.offeredCents;
}

const euros = (cents: number) => cents / 100;

/** Where the trade history and the trade page find their label links (server/labels/links.ts). */
export type TradeViewLinks = Pick<LabelLinks, 'path' | 'returnPath' | 'creditNotePath'>;

/** The clarification page's signed path (server/clarifications/links.ts), for a reader without a session. */
export type ClarificationPathOf = (clarificationId: string, tradeNumber: string, deadline: Date) => string;

/** Which trades to read: a customer's, or one trade. */
export type TradeViewFilter = { readonly customerId: string } | { readonly tradeId: string };

/**
 * The trades of `filter`, newest first. `labels`: a trade still awaited (created) carries its current
 * shipping label link, so the seller always has a working one (also after a revocation); a trade with
 * a declined device on its way back carries the return label's link (decision 025). `certificates`:
 * a device with a data-erasure certificate carries its PDF's signed path.
 */
export async function tradeViews(
  db: Database,
  filter: TradeViewFilter,
  labels?: TradeViewLinks,
  clarificationPath?: ClarificationPathOf,
  certificates?: Pick<CertificateLinks, 'path'>,
): Promise<TradeView[]> {
  const where: SQL = 'customerId' in filter ? eq(trades.customerId, filter.customerId) : eq(trades.id, filter.tradeId);
  const rows = await db.select().from(trades).where(where).orderBy(desc(trades.createdAt), desc(trades.transactionId));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);

  const [items, transitions, payouts] = await Promise.all([
    db
      .select({
        tradeId: tradeItems.tradeId,
        offerId: tradeItems.offerId,
        deviceName: devices.name,
        offeredCents: tradeItems.priceCents,
        quantity: tradeItems.quantity,
        conditionId: tradeItems.conditionId,
        inspected: tradeInspections.offerId,
        agreedPriceCents: tradeInspections.agreedPriceCents,
        foundConditionId: tradeInspections.foundConditionId,
        clarificationId: clarifications.id,
        clarificationStatus: clarifications.status,
        declineMode: clarifications.declineMode,
        deadline: clarifications.deadline,
        clarifiedAt: clarifications.createdAt,
        answeredAt: clarifications.answeredAt,
        payoutId: tradeItems.payoutId,
        newPriceCents: offers.priceCents,
        certificateId: erasureCertificates.id,
      })
      .from(tradeItems)
      .innerJoin(devices, eq(devices.id, tradeItems.deviceId))
      .leftJoin(tradeInspections, eq(tradeInspections.offerId, tradeItems.offerId))
      .leftJoin(clarifications, eq(clarifications.itemOfferId, tradeItems.offerId))
      .leftJoin(offers, eq(offers.id, clarifications.newOfferId))
      .leftJoin(erasureCertificates, eq(erasureCertificates.offerId, tradeItems.offerId))
      .where(inArray(tradeItems.tradeId, ids))
      .orderBy(asc(tradeItems.position)),
    db.select().from(tradeTransitions).where(inArray(tradeTransitions.tradeId, ids)).orderBy(asc(tradeTransitions.id)),
    db.select({ tradeId: tradePayouts.tradeId }).from(tradePayouts).where(inArray(tradePayouts.tradeId, ids)),
  ]);
  // Broken down only for the trades paid at least in part.
  const paidTrades = [...new Set(payouts.map((p) => p.tradeId))];
  const breakdowns = new Map(await Promise.all(paidTrades.map(async (id) => [id, await payoutBreakdowns(db, id)] as const)));

  return Promise.all(
    rows.map(async (trade) => {
      const own = items.filter((row) => row.tradeId === trade.id);
      const made = breakdowns.get(trade.id) ?? [];
      const entries = own.map((row) => {
        // Prices are per unit (a business line has 1–99 units): the item is worth the unit price times its units.
        const units = (cents: number | null) => (cents === null ? null : cents * row.quantity);
        const offeredCents = row.offeredCents * row.quantity;
        const state: ItemState = {
          offeredCents,
          inspection: row.inspected === null ? null : { agreedPriceCents: units(row.agreedPriceCents) },
          clarification:
            row.clarificationStatus === null
              ? null
              : { status: row.clarificationStatus, newPriceCents: units(row.newPriceCents) ?? 0, declineMode: row.declineMode },
          paid: row.payoutId !== null,
        };
        const cents = itemPriceCents(state);
        return {
          cents,
          item: {
            offerId: row.offerId,
            deviceName: row.deviceName,
            quantity: row.quantity,
            offered: euros(offeredCents),
            price: cents === null ? null : euros(cents),
            ...(cents === null ? { counterOffer: euros(state.clarification?.newPriceCents ?? 0) } : {}),
            conditionId: row.foundConditionId ?? row.conditionId,
            status: itemStatus(trade.status, state),
            clarificationId: row.clarificationId,
            ...(clarificationPath && row.clarificationId !== null
              ? { clarificationPath: clarificationPath(row.clarificationId, trade.tradeNumber, deadlineOf(row)) }
              : {}),
            ...(certificates && row.certificateId !== null ? { certificatePath: certificates.path(row.certificateId) } : {}),
          },
        };
      });
      // A transfer the bank sent back paid nothing.
      const paidOut = made.filter(kept);
      const paidCents = paidOut.reduce((sum, p) => sum + p.amountCents, 0);
      const bonusCents = paidOut.reduce((sum, p) => sum + p.bonusCents, 0);
      // The payout promise (issue 18): the due day of the payouts made, else of the payout still to come.
      const lastDue =
        paidOut
          .map((p) => p.dueBy)
          .filter((d): d is string => d !== null)
          .sort()
          .at(-1) ?? null;
      const dueBy = AWAITING_PAYOUT.includes(trade.status)
        ? await dueDayOf(
            db,
            trade,
            own.filter((row) => row.payoutId === null).map((row) => row.offerId),
          )
        : lastDue;
      const totalCents = entries.reduce((sum, e) => sum + (e.cents ?? 0), 0) + trade.voucherCents + bonusCents;
      // Everything agreed is paid and nothing can be added: paid in full, or the declined rest went back.
      const settled =
        paidOut.length > 0 && paidCents >= totalCents && !AWAITING_PAYOUT.includes(trade.status) && trade.status !== 'clarification';
      const view: TradeView = {
        tradeId: trade.id,
        tradeNumber: trade.tradeNumber,
        status: trade.status,
        createdAt: trade.createdAt.toISOString(),
        total: euros(totalCents),
        paid: euros(paidCents),
        ...(settled ? { paidAt: paidOut.at(-1)!.paidAt.toISOString() } : {}),
        payout: { method: trade.payout.method, account: maskPayout(trade.payout) },
        items: entries.map((e) => e.item),
        ...(trade.status === 'created' && labels ? { labelUrl: labels.path(trade.id, trade.labelVersion) } : {}),
        ...(labels && entries.some((e) => e.item.status === 'return_pending') ? { returnLabelUrl: labels.returnPath(trade.id) } : {}),
        ...(trade.b2b && labels ? { creditNoteUrl: labels.creditNotePath(trade.id) } : {}),
        ...(dueBy ? { payoutDueBy: dueBy } : {}),
        ...(bonusCents ? { lateBonus: euros(bonusCents) } : {}),
        ...payoutReturnOf(trade, made),
        timeline: timelineOf({
          trade,
          items: own,
          transitions: transitions.filter((t) => t.tradeId === trade.id),
          payouts: made,
        }),
      };
      return view;
    }),
  );
}

/**
 * The bank sent a payout back and nothing was paid since (issue 29): the seller is asked to check the
 * account and may correct it (server/trades/payout-correction.ts); `corrected` once done after the return.
 */
export function outstandingReturn(
  payouts: readonly Pick<PayoutBreakdown, 'paidAt' | 'returnedAt' | 'amountCents'>[],
): { readonly returnedAt: Date; readonly amountCents: number } | null {
  const returns = payouts.filter((p) => p.returnedAt !== null).sort((a, b) => a.returnedAt!.getTime() - b.returnedAt!.getTime());
  const last = returns.at(-1);
  if (!last) return null;
  if (payouts.some((p) => p.returnedAt === null && p.paidAt > last.returnedAt!)) return null;
  return { returnedAt: last.returnedAt!, amountCents: last.amountCents };
}

function payoutReturnOf(trade: typeof trades.$inferSelect, payouts: readonly PayoutBreakdown[]): Pick<TradeView, 'payoutReturn'> {
  const outstanding = outstandingReturn(payouts);
  if (!outstanding) return {};
  return {
    payoutReturn: {
      returnedAt: outstanding.returnedAt.toISOString(),
      amount: euros(outstanding.amountCents),
      corrected: trade.payoutCorrectedAt !== null && trade.payoutCorrectedAt > outstanding.returnedAt,
    },
  };
}

/** What a timeline is read from: the rows of one trade. */
interface TimelineRows {
  readonly trade: typeof trades.$inferSelect;
  readonly items: readonly {
    readonly deviceName: string;
    readonly offeredCents: number;
    readonly quantity: number;
    readonly inspected: string | null;
    readonly agreedPriceCents: number | null;
    readonly clarificationStatus: ClarificationStatus | null;
    readonly declineMode: 'return' | 'recycle' | null;
    readonly deadline: Date | null;
    readonly clarifiedAt: Date | null;
    readonly answeredAt: Date | null;
    readonly newPriceCents: number | null;
  }[];
  readonly transitions: readonly (typeof tradeTransitions.$inferSelect)[];
  readonly payouts: Awaited<ReturnType<typeof payoutBreakdowns>>;
}

/** Clarifications opened before deadlines were kept had 14 days (server/clarifications/service.ts deadlineOf). */
const LEGACY_CLARIFICATION_MS = 14 * 24 * 3600 * 1000;

function deadlineOf(item: { readonly deadline: Date | null; readonly clarifiedAt: Date | null; readonly answeredAt?: Date | null }): Date {
  return item.deadline ?? new Date((item.clarifiedAt ?? item.answeredAt ?? new Date(0)).getTime() + LEGACY_CLARIFICATION_MS);
}

/** The steps of one trade, oldest first (events at the same instant in the order of the life cycle). */
export function timelineOf({ trade, items, transitions, payouts }: TimelineRows): TradeEvent[] {
  const events: TradeEvent[] = [
    { kind: 'created', at: trade.createdAt.toISOString() },
    { kind: 'labelIssued', at: trade.createdAt.toISOString() },
  ];
  const iso = (date: Date) => date.toISOString();
  for (const move of transitions) {
    // A bank return reopened a paid trade: the payout's own events tell it (below).
    if (move.fromStatus === 'paid') continue;
    const at = iso(move.at);
    switch (move.toStatus as TradeStatus) {
      case 'received':
        events.push({ kind: 'received', at });
        break;
      case 'inspected':
        events.push({
          kind: 'inspected',
          at,
          devices: items
            .filter((item) => item.inspected !== null)
            .map((item) => {
              const offered = item.offeredCents * item.quantity;
              const worse = item.clarificationStatus !== null;
              const price = (worse ? (item.newPriceCents ?? 0) : (item.agreedPriceCents ?? 0)) * item.quantity;
              return {
                deviceName: item.deviceName,
                outcome: worse ? 'worse' : price > offered ? 'better' : 'asDeclared',
                offered: euros(offered),
                price: euros(price),
              } as const;
            }),
        });
        break;
      case 'clarification': {
        const opened = items.filter((item) => item.clarifiedAt !== null);
        const deadlines = opened.map(deadlineOf);
        events.push({
          kind: 'clarificationOpened',
          at,
          devices: opened.map((item) => item.deviceName),
          deadline: iso(deadlines.reduce((a, b) => (a < b ? a : b), deadlines[0] ?? move.at)),
        });
        break;
      }
      case 'returned':
        events.push({
          kind: 'returned',
          at,
          devices: items
            .filter((item) => item.clarificationStatus === 'declined' && item.declineMode !== 'recycle')
            .map((i) => i.deviceName),
        });
        break;
      case 'cancelled':
        events.push({ kind: 'cancelled', at });
        break;
      // created has its own event; accepted, declined and paid are told by the answers and the payouts.
      default:
        break;
    }
  }
  for (const item of items) {
    if (item.answeredAt === null || item.clarificationStatus === null || item.clarificationStatus === 'open') continue;
    const deadline = deadlineOf(item);
    events.push({
      kind: 'clarificationAnswered',
      at: iso(item.answeredAt),
      deviceName: item.deviceName,
      decision: item.clarificationStatus,
      byDeadline: item.answeredAt.getTime() >= deadline.getTime(),
      counterOffer: euros((item.newPriceCents ?? 0) * item.quantity),
    });
  }
  for (const payout of payouts) {
    events.push({
      kind: 'paid',
      at: iso(payout.paidAt),
      amount: euros(payout.amountCents),
      method: trade.payout.method,
      account: maskPayout(trade.payout),
      devices: payout.devices.map((d) => ({ deviceName: d.deviceName, offered: euros(d.offeredCents), paid: euros(d.paidCents) })),
      raise: euros(payout.raiseCents),
      voucher: euros(payout.voucherCents),
      bonus: euros(payout.bonusCents),
    });
    if (payout.returnedAt)
      events.push({ kind: 'payoutReturned', at: iso(payout.returnedAt), amount: euros(payout.amountCents), method: trade.payout.method });
  }
  const rank = (event: TradeEvent) => EVENT_ORDER.indexOf(event.kind);
  return events.sort((a, b) => a.at.localeCompare(b.at) || rank(a) - rank(b));
}

const EVENT_ORDER: readonly TradeEvent['kind'][] = [
  'created',
  'labelIssued',
  'received',
  'inspected',
  'clarificationOpened',
  'clarificationAnswered',
  'paid',
  'payoutReturned',
  'returned',
  'cancelled',
];
