// Clarifications (server/clarifications): the inspection found an item worse than offered and the
// shop asks the seller about it.

import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { offers } from './offers';
import { tradeItems, trades } from './trades';

/** The shop asks the seller about an item found worse than offered, with a new offer to accept or decline. */
export const clarifications = pgTable(
  'clarifications',
  {
    id: uuid('id').primaryKey(),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id),
    /** The trade item (its original offer); one clarification per item. */
    itemOfferId: uuid('item_offer_id')
      .notNull()
      .unique()
      .references(() => tradeItems.offerId),
    /** The new offer made with the found answers. */
    newOfferId: uuid('new_offer_id')
      .notNull()
      .references(() => offers.id),
    /** lower_price: worth less than offered; recycling: only free recycling; blocked: cannot be bought (price 0). */
    kind: text('kind').$type<'lower_price' | 'recycling' | 'blocked'>().notNull(),
    /** English explanation for the seller and the operator (the e-mail and screens localize from kind and codes). */
    reason: text('reason').notNull(),
    /** Codes of the answers that differ from the offer (or that block the purchase). */
    answerCodes: jsonb('answer_codes').$type<string[]>().notNull(),
    /** `/clarification/{id}/{tradeNumber}`, the path the e-mail links to. */
    linkPath: text('link_path').notNull(),
    status: text('status').$type<'open' | 'accepted' | 'declined'>().notNull(),
    /** For a declined item: send the device back (return) or recycle it free of charge. */
    declineMode: text('decline_mode').$type<'return' | 'recycle'>(),
    /** The last moment the seller can answer; null for clarifications opened before deadlines were kept (created_at + 14 days). */
    deadline: timestamp('deadline', { withTimezone: true }),
    /** When the reminder mail went out (3 days before the deadline), so it goes out once. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [index('clarifications_trade_idx').on(t.tradeId)],
);
