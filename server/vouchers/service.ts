// Voucher rules (a trade-in bonus added to what the seller is paid): known code, this shop, not
// expired, minimum cart total, single use per customer; the value in cents for a cart total.

import { and, eq } from 'drizzle-orm';
import type { Locale } from '../../src/config/locales';
import type { VoucherFailureReason } from '../../src/contracts/trades';
import type { Database } from '../db/client';
import { voucherRedemptions } from '../db/schema/trades';
import { vouchers } from '../db/schema/vouchers';

export type VoucherDecision =
  | {
      readonly valid: true;
      readonly code: string;
      readonly kind: 'fixed' | 'percent';
      readonly valueCents: number;
      readonly singleUse: boolean;
    }
  | { readonly valid: false; readonly reason: VoucherFailureReason; readonly minTotalCents?: number };

export interface VoucherQuery {
  /** Upper case (VoucherCodeSchema). */
  readonly code: string;
  readonly locale: Locale;
  readonly cartTotalCents: number;
  /** Lower-cased e-mail; without it the single-use rule cannot be checked and is skipped. */
  readonly customerKey?: string;
  readonly now?: Date;
}

/**
 * The key single use is counted by: the lower-cased e-mail, the guest's or the customer account's,
 * so a voucher used as a guest counts for the account with that e-mail too.
 */
export function customerKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Percent vouchers are truncated to cents; fixed vouchers add their value. */
export function voucherValueCents(voucher: Pick<typeof vouchers.$inferSelect, 'kind' | 'value'>, cartTotalCents: number): number {
  return voucher.kind === 'fixed' ? voucher.value : Math.trunc((cartTotalCents * voucher.value) / 10_000);
}

/** Works on the database or inside a transaction (the trade re-validates there). */
export async function checkVoucher(db: Database, query: VoucherQuery): Promise<VoucherDecision> {
  const [voucher] = await db.select().from(vouchers).where(eq(vouchers.code, query.code)).limit(1);
  if (!voucher) return { valid: false, reason: 'unknown' };
  if (voucher.locale !== null && voucher.locale !== query.locale) return { valid: false, reason: 'not_in_this_shop' };
  if (voucher.validUntil && voucher.validUntil.getTime() < (query.now ?? new Date()).getTime()) return { valid: false, reason: 'expired' };
  if (query.cartTotalCents < voucher.minTotalCents) return { valid: false, reason: 'minimum_total', minTotalCents: voucher.minTotalCents };
  if (voucher.singleUsePerCustomer && query.customerKey !== undefined) {
    const [used] = await db
      .select({ id: voucherRedemptions.id })
      .from(voucherRedemptions)
      .where(and(eq(voucherRedemptions.code, voucher.code), eq(voucherRedemptions.customerKey, query.customerKey)))
      .limit(1);
    if (used) return { valid: false, reason: 'already_used' };
  }
  return {
    valid: true,
    code: voucher.code,
    kind: voucher.kind,
    valueCents: voucherValueCents(voucher, query.cartTotalCents),
    singleUse: voucher.singleUsePerCustomer,
  };
}
