// The payout promise applied to one payout (issue 18 part 4, decision 043): the due day is the
// country's `workingDays`-th working day after the later of the receipt of the devices and the
// inspection (or accepted clarification) of the items this payout pays; a payout made after that
// day gets the late-payout bonus on the items it pays (never on the voucher bonus).

import { and, eq, inArray, max } from 'drizzle-orm';
import { lateBonusCents, PAYOUT_PROMISES } from '../../src/config/payout-promise';
import { isLocale } from '../../src/config/locales';
import type { Database } from '../db/client';
import { clarifications } from '../db/schema/clarifications';
import { tradeInspections, tradeTransitions } from '../db/schema/trades';
import { addWorkingDays, localDate } from '../platform/working-days';

const promiseOf = (locale: string) => PAYOUT_PROMISES[isLocale(locale) ? locale : 'default'];

export interface PayoutTiming {
  /** The promised last day (YYYY-MM-DD in the shop's country); null when the devices were never received. */
  readonly dueBy: string | null;
  readonly bonusCents: number;
}

/** The due day of a payout of `offerIds` (YYYY-MM-DD in the shop's country); null while the devices were never received. */
export async function dueDayOf(
  tx: Database,
  trade: { readonly id: string; readonly locale: string },
  offerIds: readonly string[],
): Promise<string | null> {
  const promise = promiseOf(trade.locale);
  const [received] = await tx
    .select({ at: max(tradeTransitions.at) })
    .from(tradeTransitions)
    .where(and(eq(tradeTransitions.tradeId, trade.id), eq(tradeTransitions.toStatus, 'received')));
  if (!received?.at) return null;
  const moments = [new Date(received.at)];
  if (offerIds.length > 0) {
    const [inspected] = await tx
      .select({ at: max(tradeInspections.inspectedAt) })
      .from(tradeInspections)
      .where(inArray(tradeInspections.offerId, [...offerIds]));
    const [answered] = await tx
      .select({ at: max(clarifications.answeredAt) })
      .from(clarifications)
      .where(and(inArray(clarifications.itemOfferId, [...offerIds]), eq(clarifications.status, 'accepted')));
    for (const value of [inspected?.at, answered?.at]) if (value) moments.push(new Date(value));
  }
  const start = new Date(Math.max(...moments.map((m) => m.getTime())));
  return addWorkingDays(localDate(start, promise.timeZone), promise.workingDays, promise.holidayCountry);
}

/** The due day of a payout of `offerIds` and its bonus when it is paid `at`; `itemsCents` is what the items are paid. */
export async function payoutTiming(
  tx: Database,
  trade: { readonly id: string; readonly locale: string },
  offerIds: readonly string[],
  itemsCents: number,
  at: Date,
): Promise<PayoutTiming> {
  const promise = promiseOf(trade.locale);
  const dueBy = await dueDayOf(tx, trade, offerIds);
  if (dueBy === null) return { dueBy, bonusCents: 0 };
  const late = localDate(at, promise.timeZone) > dueBy;
  return { dueBy, bonusCents: late ? lateBonusCents(itemsCents, promise) : 0 };
}
