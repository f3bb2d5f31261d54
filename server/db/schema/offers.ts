// Offers: the priced answers of one device, the offers a seller saved or shared, the price-drop
// warnings sent for them and the offers a cart holds for those warnings (issue 18).

import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Locale } from '../../../src/config/locales';
import { devices, priceSchedules } from './catalogue';
import { customers } from './customers';

export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    locale: text('locale').notNull(),
    answers: jsonb('answers').$type<Record<string, number>>().notNull(),
    priceCents: integer('price_cents').notNull(),
    conditionId: smallint('condition_id').notNull(),
    kind: text('kind').$type<'purchase' | 'recycling'>().notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('offers_device_idx').on(t.deviceId)],
);

/**
 * Offers made per shop, day (UTC) and device, counted by a trigger as offers are stored (migration 0026):
 * the popular devices (server/catalogue/popular.ts) add up 31 days of these rows instead of counting
 * every offer of the window, which scanned the whole offers table on the home page's first render
 * (issue 34: 0.35–0.55 s at 460,000 offers, the embedded database blocking the event loop meanwhile).
 */
export const offerDailyCounts = pgTable(
  'offer_daily_counts',
  {
    locale: text('locale').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    deviceId: integer('device_id').notNull(),
    offers: integer('offers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.locale, t.day, t.deviceId] })],
);

/**
 * Offers a seller saved or shared (issue 18): mailed to an address, or a link copied. Who holds an
 * offer this way hears of a scheduled price drop of its device; a customer's rows are the account's
 * saved offers.
 */
export const offerShares = pgTable(
  'offer_shares',
  {
    id: serial('id').primaryKey(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id),
    channel: text('channel').$type<'mail' | 'link'>().notNull(),
    /** The address the offer was mailed to; null for a copied link. */
    email: text('email'),
    /** The logged-in customer who saved it; null for guests. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('offer_shares_offer_idx').on(t.offerId), index('offer_shares_customer_idx').on(t.customerId)],
);

/** One price-drop warning per scheduled price and address: a seller hears of a drop once. */
export const priceWarnings = pgTable(
  'price_warnings',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => priceSchedules.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('price_warnings_pk').on(t.scheduleId, t.email)],
);

/**
 * The offers a cart holds once its seller's e-mail is known at checkout (issue 18 part 3, decision
 * 058): only for the price-drop warning. Replaced on every report of the cart, deleted when a trade
 * takes the offer, when the offer expires (expires_at, the offer's validUntil) or by the mail's stop link.
 */
export const cartHolds = pgTable(
  'cart_holds',
  {
    id: serial('id').primaryKey(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    /** Lower case. */
    email: text('email').notNull(),
    /** The shop (and so the country and the mail's language) of the cart. */
    locale: text('locale').$type<Locale>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('cart_holds_email_offer_idx').on(t.email, t.offerId),
    index('cart_holds_offer_idx').on(t.offerId),
    index('cart_holds_expires_idx').on(t.expiresAt),
  ],
);
