// Checkout and trade life cycle (product §11, server/trades): trades, their items, payouts and
// status history, the number ranges, the selling company of a business trade, the vouchers they
// redeemed, and what the inspection found per item with its photos. Money is in integer cents.

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Address, LegalForm, Payout, TradeStatus } from '../../../src/contracts/trades';
import { bytea } from './columns';
import { devices } from './catalogue';
import { customers } from './customers';
import { offers } from './offers';
import { vouchers } from './vouchers';

export const trades = pgTable(
  'trades',
  {
    id: uuid('id').primaryKey(),
    /** TR-<year>-<6 digits>, sequential per year (trade_number_counters). */
    tradeNumber: text('trade_number').notNull().unique(),
    /** The transactionId of product §3.1. */
    transactionId: integer('transaction_id').generatedAlwaysAsIdentity().notNull().unique(),
    locale: text('locale').notNull(),
    status: text('status').$type<TradeStatus>().notNull(),
    /** Null for customer trades (accounts). */
    guestEmail: text('guest_email'),
    /** The customer's trade (set at checkout or claimed later by guest_account_number); null for guests. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    address: jsonb('address').$type<Address>().notNull(),
    /** Holds the full IBAN, which paying needs: never log it, answer only a masked form. */
    payout: jsonb('payout').$type<Payout>().notNull(),
    /** When the seller last corrected the payout account (after a bank return, issue 29); null if never. */
    payoutCorrectedAt: timestamp('payout_corrected_at', { withTimezone: true }),
    paymentType: integer('payment_type').notNull(),
    b2b: boolean('b2b').notNull(),
    /**
     * The shop mode it was sold in (src/config/hosts.ts SHOP_MODES): its brand (src/config/brands.ts)
     * signs every later mail and its labels (decision 033). Trades from before the column: 'default'.
     */
    shopMode: text('shop_mode').notNull().default('default'),
    /** The landing page code of that mode in the country's configuration (product §3); null before the column. */
    landingPage: text('landing_page'),
    subtotalCents: integer('subtotal_cents').notNull(),
    voucherCode: text('voucher_code').references(() => vouchers.code),
    voucherCents: integer('voucher_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The generation of the shipping label link; `trades revoke-label` raises it, which voids the links given out so far. */
    labelVersion: integer('label_version').notNull().default(0),
    /**
     * Raised by every move and every inspection (optimistic locking of the back office, decision 071):
     * a staff save names the version it was made on and is refused when the trade moved since.
     */
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('trades_guest_email_idx').on(t.guestEmail), index('trades_customer_idx').on(t.customerId)],
);

export const tradeItems = pgTable(
  'trade_items',
  {
    /** The primary key: an offer belongs to one trade only. */
    offerId: uuid('offer_id')
      .primaryKey()
      .references(() => offers.id),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id),
    /** Order in the cart. */
    position: smallint('position').notNull(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    priceCents: integer('price_cents').notNull(),
    conditionId: smallint('condition_id').notNull(),
    kind: text('kind').$type<'purchase' | 'recycling'>().notNull(),
    /** Units of the device (business trade-in, 1..99); the item is worth truncate2(price × quantity). */
    quantity: smallint('quantity').notNull().default(1),
    /** The payout that paid this item; null while unpaid (split payout, decision 025). */
    payoutId: uuid('payout_id').references((): AnyPgColumn => tradePayouts.id),
  },
  (t) => [index('trade_items_trade_idx').on(t.tradeId)],
);

/**
 * One payment to the seller (decision 025): the items settled at that moment — without a
 * clarification, or with one accepted — are paid without waiting for the rest of the trade; the
 * voucher bonus goes with the trade's first payout.
 */
export const tradePayouts = pgTable(
  'trade_payouts',
  {
    id: uuid('id').primaryKey(),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id),
    amountCents: integer('amount_cents').notNull(),
    /** The voucher bonus included in amount_cents (0 but for the trade's first payout). */
    voucherCents: integer('voucher_cents').notNull(),
    /** The late-payout bonus included in amount_cents (issue 18, decision 043): 0 when paid by due_by. */
    bonusCents: integer('bonus_cents').notNull().default(0),
    /** The promised last day of the payout in the shop's country (working days after receipt or inspection); null without a receipt. */
    dueBy: date('due_by', { mode: 'string' }),
    paidAt: timestamp('paid_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    /** The bank sent this transfer back (issue 29): it paid nothing, and its devices are due again. */
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [index('trade_payouts_trade_idx').on(t.tradeId)],
);

export const tradeTransitions = pgTable(
  'trade_transitions',
  {
    id: serial('id').primaryKey(),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id),
    /** Null for the creation. */
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    note: text('note'),
  },
  (t) => [index('trade_transitions_trade_idx').on(t.tradeId)],
);

/** The last trade number handed out per calendar year (UTC); its row lock keeps numbers gapless. */
export const tradeNumberCounters = pgTable('trade_number_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** The business trades' own number range (TB-<year>-<number>), kept like trade_number_counters (decision 035). */
export const businessTradeNumberCounters = pgTable('business_trade_number_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** The selling company of a business trade (trades.b2b), written in the trade's transaction (decision 035). */
export const tradeCompanies = pgTable('trade_companies', {
  tradeId: uuid('trade_id')
    .primaryKey()
    .references(() => trades.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** A code of LEGAL_FORMS (src/contracts/trades.ts). */
  legalForm: text('legal_form').$type<LegalForm>().notNull(),
  /** Normalized (DE136695976); null for a small business without one. */
  vatId: text('vat_id'),
});

/**
 * The vouchers trades redeemed. Kept beside the trades rather than in ./vouchers.ts: a trade refers
 * to its voucher, so the vouchers file may not import this one back (no import cycles, decision 019).
 */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: serial('id').primaryKey(),
    code: text('code')
      .notNull()
      .references(() => vouchers.code),
    /** Lower-cased guest e-mail (a customer id once accounts exist). */
    customerKey: text('customer_key').notNull(),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id),
    /** Copied from the voucher so the partial unique index can enforce single use. */
    singleUse: boolean('single_use').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    uniqueIndex('voucher_redemptions_single_use_idx')
      .on(t.code, t.customerKey)
      .where(sql`${t.singleUse}`),
    index('voucher_redemptions_trade_idx').on(t.tradeId),
  ],
);

/** One row per trade item, written when the received trade is inspected. */
export const tradeInspections = pgTable(
  'trade_inspections',
  {
    /** The item (its offer id): an item is inspected once. */
    offerId: uuid('offer_id')
      .primaryKey()
      .references(() => tradeItems.offerId),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id),
    /** Answer id per question id as found on the device. */
    foundAnswers: jsonb('found_answers').$type<Record<string, number>>().notNull(),
    /** The found answers priced at the device's base price of the inspection day. */
    foundKind: text('found_kind').$type<'purchase' | 'recycling' | 'blocked'>().notNull(),
    foundPriceCents: integer('found_price_cents').notNull(),
    foundConditionId: smallint('found_condition_id').notNull(),
    /** What the seller is paid for the item; null while its clarification is open or after a decline. */
    agreedPriceCents: integer('agreed_price_cents'),
    /** The inspector's note for the seller (shown with the clarification). */
    note: text('note'),
    /** The device's IMEI (Luhn-checked) or serial number as read by the inspector; null from the ops CLI without one. */
    identifier: text('identifier'),
    inspectedAt: timestamp('inspected_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('trade_inspections_trade_idx').on(t.tradeId)],
);

/**
 * Evidence photos of an inspected item (decision 026): stored in the database beside the inspection,
 * so the server and the ops CLI see the same rows and a backup holds everything. Type sniffed from the
 * bytes (JPEG, PNG, WebP), at most 5 MB each and 6 per item.
 */
export const inspectionPhotos = pgTable(
  'inspection_photos',
  {
    id: uuid('id').primaryKey(),
    /** The trade item (its offer id). */
    offerId: uuid('offer_id')
      .notNull()
      .references(() => tradeItems.offerId),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id),
    position: smallint('position').notNull(),
    contentType: text('content_type').$type<'image/jpeg' | 'image/png' | 'image/webp'>().notNull(),
    content: bytea('content').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('inspection_photos_offer_idx').on(t.offerId)],
);

/**
 * The data-erasure certificate of an accepted device (issue 28): the inspector confirmed the wipe by a
 * NIST SP 800-88 "purge" method; the seller downloads it as a PDF behind a signed link.
 */
export const erasureCertificates = pgTable('erasure_certificates', {
  id: uuid('id').primaryKey(),
  /** The trade item (its offer id): one certificate per item. */
  offerId: uuid('offer_id')
    .notNull()
    .unique()
    .references(() => tradeItems.offerId),
  tradeId: uuid('trade_id')
    .notNull()
    .references(() => trades.id),
  method: text('method').$type<'factory_reset_encrypted' | 'cryptographic_erase'>().notNull(),
  /** The IMEI or serial number as inspected (the certificate shows it masked). */
  identifier: text('identifier').notNull(),
  /** Who confirmed it: the staff user's id, or `cli`. */
  inspector: text('inspector').notNull(),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull(),
});
