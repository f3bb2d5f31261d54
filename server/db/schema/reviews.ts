// Reviews of the shop (decision 049).

import { index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ReviewStatus } from '../../../src/contracts/reviews';
import { trades } from './trades';

/**
 * Reviews of the shop by sellers of paid trades (one per trade, from the signed link of the review
 * request mail): the rating seal and slider show only approved ones (`npm run ops -- reviews …`).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey(),
    tradeId: uuid('trade_id')
      .notNull()
      .unique()
      .references(() => trades.id),
    /** The shop the trade was sold in (its country is shown with the review). */
    locale: text('locale').notNull(),
    stars: smallint('stars').notNull(),
    text: text('text').notNull(),
    /** First name and the initial of the last name, as the seller's address had them. */
    authorName: text('author_name').notNull(),
    status: text('status').$type<ReviewStatus>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
  },
  (t) => [index('reviews_status_idx').on(t.status, t.createdAt)],
);
