// What each payment to the seller paid (decision 025: a trade may be paid in parts), broken down as the
// seller reads it in the payout mail and on the trade page: per device the offer and what was paid for it
// (the price raised at inspection — "price only goes up" — or an accepted counter-offer), the voucher bonus
// (with the first payout) and the late-payout bonus (decision 043). The amounts add up to the payout.
// A transfer the bank sent back (issue 29) is listed with its return: its devices, unpaid again, are
// read from the payout batch entry that paid them.

import { asc, eq, isNotNull, and, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { devices } from '../db/schema/catalogue';
import { payoutBatchEntries, payoutBatchItems } from '../db/schema/payouts';
import { tradeInspections, tradeItems, tradePayouts } from '../db/schema/trades';

export interface PaidDevice {
  readonly offerId: string;
  readonly deviceName: string;
  /** The offer the seller accepted at checkout (unit price × units). */
  readonly offeredCents: number;
  /** What this payout paid for it: the agreed price of the inspection, else the offer. */
  readonly paidCents: number;
}

export interface PayoutBreakdown {
  readonly id: string;
  readonly paidAt: Date;
  /** The promised last day of this payout (YYYY-MM-DD); null when the devices were never received. */
  readonly dueBy: string | null;
  /** The whole payment: the devices, the voucher bonus and the late-payout bonus. */
  readonly amountCents: number;
  readonly devices: readonly PaidDevice[];
  /** Paid above the offer for devices found better than declared (each device's excess, summed). */
  readonly raiseCents: number;
  readonly voucherCents: number;
  readonly bonusCents: number;
  /** The bank sent the transfer back: it paid nothing in the end. */
  readonly returnedAt: Date | null;
}

/** Paid and not sent back by the bank. */
export const kept = (payout: Pick<PayoutBreakdown, 'returnedAt'>) => payout.returnedAt === null;

/** The payouts of a trade, oldest first, each with the devices it paid. */
export async function payoutBreakdowns(db: Database, tradeId: string): Promise<PayoutBreakdown[]> {
  const [payouts, paidNow] = await Promise.all([
    db.select().from(tradePayouts).where(eq(tradePayouts.tradeId, tradeId)).orderBy(asc(tradePayouts.paidAt), asc(tradePayouts.id)),
    db
      .select({
        payoutId: tradeItems.payoutId,
        offerId: tradeItems.offerId,
        deviceName: devices.name,
        priceCents: tradeItems.priceCents,
        quantity: tradeItems.quantity,
        inspected: tradeInspections.offerId,
        agreedPriceCents: tradeInspections.agreedPriceCents,
      })
      .from(tradeItems)
      .innerJoin(devices, eq(devices.id, tradeItems.deviceId))
      .leftJoin(tradeInspections, eq(tradeInspections.offerId, tradeItems.offerId))
      .where(and(eq(tradeItems.tradeId, tradeId), isNotNull(tradeItems.payoutId)))
      .orderBy(asc(tradeItems.position)),
  ]);
  const returned = payouts.filter((p) => p.returnedAt !== null).map((p) => p.id);
  const paidBefore =
    returned.length === 0
      ? []
      : await db
          .select({
            payoutId: payoutBatchEntries.payoutId,
            offerId: tradeItems.offerId,
            deviceName: devices.name,
            priceCents: tradeItems.priceCents,
            quantity: tradeItems.quantity,
            inspected: tradeInspections.offerId,
            agreedPriceCents: tradeInspections.agreedPriceCents,
          })
          .from(payoutBatchEntries)
          .innerJoin(payoutBatchItems, eq(payoutBatchItems.entryId, payoutBatchEntries.id))
          .innerJoin(tradeItems, eq(tradeItems.offerId, payoutBatchItems.offerId))
          .innerJoin(devices, eq(devices.id, tradeItems.deviceId))
          .leftJoin(tradeInspections, eq(tradeInspections.offerId, tradeItems.offerId))
          .where(inArray(payoutBatchEntries.payoutId, returned))
          .orderBy(asc(tradeItems.position));
  const paid = [...paidNow, ...paidBefore];
  return payouts.map((p) => {
    const paidDevices = paid
      .filter((row) => row.payoutId === p.id)
      .map((row) => {
        const offeredCents = row.priceCents * row.quantity;
        // An item paid after inspection is paid its agreed unit price per unit (payOut in ./lifecycle pays nothing else).
        const paidCents = row.inspected === null ? offeredCents : (row.agreedPriceCents ?? 0) * row.quantity;
        return { offerId: row.offerId, deviceName: row.deviceName, offeredCents, paidCents };
      });
    return {
      id: p.id,
      paidAt: p.paidAt,
      dueBy: p.dueBy,
      amountCents: p.amountCents,
      devices: paidDevices,
      raiseCents: paidDevices.reduce((sum, d) => sum + Math.max(0, d.paidCents - d.offeredCents), 0),
      voucherCents: p.voucherCents,
      bonusCents: p.bonusCents,
      returnedAt: p.returnedAt,
    };
  });
}
