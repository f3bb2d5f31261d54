// Payout batches (issue 29, decision 074): what the payouts clerk sends to the bank (a SEPA file) or to
// PayPal (a payouts file). A batch is frozen when it is created — who gets how much, to which account —
// so its file is the same every time it is exported; executing it records the payouts.

import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PayoutMethod, PayoutRecipient } from '../../../src/contracts/payouts';
import { tradeItems, tradePayouts, trades } from './trades';

export type BatchState = 'open' | 'executed' | 'cancelled';
/**
 * An entry is live while its money is on its way or paid; a cancelled one is not, nor a returned one
 * (executed, but the bank sent the transfer back: its devices are due again).
 */
export type EntryState = 'open' | 'executed' | 'cancelled' | 'returned';

export const payoutBatches = pgTable('payout_batches', {
  id: uuid('id').primaryKey(),
  /** PB-<number>: the batch's name for people, and the file's message id. */
  number: integer('number').generatedAlwaysAsIdentity().notNull().unique(),
  method: text('method').$type<PayoutMethod>().notNull(),
  /** SEPA Instant Credit Transfer (SEPA batches only). */
  instant: boolean('instant').notNull().default(false),
  /** YYYY-MM-DD: the execution day the file asks for; late-payout bonuses in the file are reckoned to it. */
  requestedDate: date('requested_date', { mode: 'string' }).notNull(),
  /** The company's account the SEPA file debits, as configured when the batch was made; null for PayPal. */
  debtor: jsonb('debtor').$type<{ name: string; iban: string; bic: string }>(),
  state: text('state').$type<BatchState>().notNull(),
  /** The control figures of the file: number of payments and their sum in cents. */
  count: integer('count').notNull(),
  controlSumCents: bigint('control_sum_cents', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** Who made it: a staff user's e-mail, or `cli`. */
  createdBy: text('created_by').notNull(),
  /** When the bank or PayPal executed it, as the clerk recorded. */
  executedAt: timestamp('executed_at', { withTimezone: true }),
  executedBy: text('executed_by'),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
});

export const payoutBatchEntries = pgTable(
  'payout_batch_entries',
  {
    id: uuid('id').primaryKey(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => payoutBatches.id),
    position: smallint('position').notNull(),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id),
    /** Kept beside the batch's state so the database can index what is live. */
    state: text('state').$type<EntryState>().notNull(),
    /** Who is paid, frozen at creation (an account corrected later goes into the next batch). */
    recipient: jsonb('recipient').$type<PayoutRecipient>().notNull(),
    itemsCents: integer('items_cents').notNull(),
    voucherCents: integer('voucher_cents').notNull(),
    /** The late-payout bonus of these devices, reckoned to the batch's requested day. */
    bonusCents: integer('bonus_cents').notNull(),
    /** The bonus shortfall of an earlier entry (topUpOf) this entry pays besides. */
    topUpCents: integer('top_up_cents').notNull().default(0),
    /** items + voucher + bonus + top-up: what the file pays. */
    amountCents: integer('amount_cents').notNull(),
    /** The payout promise's last day for these devices (null without a receipt). */
    dueBy: date('due_by', { mode: 'string' }),
    /** A top-up of an earlier entry's late-payout bonus (executed later than its file asked): that entry. */
    topUpOf: uuid('top_up_of'),
    /** After execution: the bonus the executed day earned beyond what the file paid (paid by a top-up). */
    shortfallCents: integer('shortfall_cents').notNull().default(0),
    /** The trade's payout row, once executed. */
    payoutId: uuid('payout_id').references(() => tradePayouts.id),
    /** A bank return of this one transfer (the batch stays as it was): when, why (the bank's words), who recorded it. */
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    returnReason: text('return_reason'),
    returnedBy: text('returned_by'),
  },
  (t) => [
    index('payout_batch_entries_batch_idx').on(t.batchId),
    index('payout_batch_entries_trade_idx').on(t.tradeId),
    // A trade waits in one open batch at a time.
    uniqueIndex('payout_batch_entries_one_open_idx')
      .on(t.tradeId)
      .where(sql`${t.state} = 'open'`),
    // A shortfall is topped up once.
    uniqueIndex('payout_batch_entries_top_up_idx')
      .on(t.topUpOf)
      .where(sql`${t.topUpOf} is not null and ${t.state} in ('open', 'executed')`),
  ],
);

/** The devices an entry pays. */
export const payoutBatchItems = pgTable(
  'payout_batch_items',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => payoutBatchEntries.id),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => tradeItems.offerId),
    /** While the entry is open or executed: a device is in one live batch only, so it is never paid twice. */
    live: boolean('live').notNull(),
  },
  (t) => [
    uniqueIndex('payout_batch_items_live_idx')
      .on(t.offerId)
      .where(sql`${t.live}`),
    index('payout_batch_items_entry_idx').on(t.entryId),
  ],
);
