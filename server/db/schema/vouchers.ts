// Vouchers a trade can redeem; the redemptions are the trades' own rows (./trades.ts).

import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const vouchers = pgTable('vouchers', {
  /** Upper case. */
  code: text('code').primaryKey(),
  /** Null: valid in every shop. */
  locale: text('locale'),
  kind: text('kind').$type<'fixed' | 'percent'>().notNull(),
  /** Cents for fixed, basis points for percent. */
  value: integer('value').notNull(),
  minTotalCents: integer('min_total_cents').notNull(),
  /** Null: no expiry. */
  validUntil: timestamp('valid_until', { withTimezone: true }),
  singleUsePerCustomer: boolean('single_use_per_customer').notNull(),
});
