// The voucher seed (data/vouchers.json) and its idempotent import. Values as stored: `value` is cents
// for a fixed voucher and basis points for a percent one (500 = 5 %); locale null = every shop.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALES } from '../../src/config/locales';
import type { Database } from '../db/client';
import { vouchers } from '../db/schema/vouchers';
import { PROJECT_ROOT } from '../platform/paths';

export const VOUCHER_SEED_FILE = join(PROJECT_ROOT, 'data', 'vouchers.json');

export const VoucherSeedSchema = z
  .array(
    z.object({
      code: z.string().regex(/^[A-Z0-9-]{1,40}$/, 'codes are upper case'),
      locale: z.enum(LOCALES).nullable(),
      kind: z.enum(['fixed', 'percent']),
      value: z.number().int().positive(),
      minTotalCents: z.number().int().nonnegative(),
      validUntil: z.iso.datetime({ offset: true }).nullable(),
      singleUsePerCustomer: z.boolean(),
    }),
  )
  .refine((list) => new Set(list.map((v) => v.code)).size === list.length, 'voucher codes are unique');
export type VoucherSeed = z.infer<typeof VoucherSeedSchema>;

export function loadVoucherSeed(file: string = VOUCHER_SEED_FILE): VoucherSeed {
  return VoucherSeedSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** Inserts new vouchers and updates changed ones; vouchers missing from the list stay (trades refer to them). */
export async function importVouchers(db: Database, list: VoucherSeed): Promise<{ vouchers: number }> {
  if (list.length === 0) return { vouchers: 0 };
  await db
    .insert(vouchers)
    .values(list.map((v) => ({ ...v, validUntil: v.validUntil === null ? null : new Date(v.validUntil) })))
    .onConflictDoUpdate({
      target: vouchers.code,
      set: {
        locale: sql`excluded.locale`,
        kind: sql`excluded.kind`,
        value: sql`excluded.value`,
        minTotalCents: sql`excluded.min_total_cents`,
        validUntil: sql`excluded.valid_until`,
        singleUsePerCustomer: sql`excluded.single_use_per_customer`,
      },
    });
  return { vouchers: list.length };
}
