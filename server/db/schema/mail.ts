// The mail outbox (decision 054).

import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The mail outbox (issue 16 part 8, decision 054): every outgoing mail is a row here, written with
 * the change that causes it (the trade's confirmation in the trade's transaction), and sent by the
 * mail worker (server/mail/outbox.ts) with retries and backoff; after the last attempt a row is
 * 'dead' until an operator retries it (`npm run ops -- mail list|retry`). A sent row keeps its message
 * for MAIL_KEPT_DAYS, so support can send it again (decision 076); then only recipient and subject remain.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** The message (server/mail/outbox.ts StoredMessage); null once a sent row is older than MAIL_KEPT_DAYS. */
    message: jsonb('message').$type<Record<string, unknown>>(),
    status: text('status').$type<'pending' | 'sending' | 'sent' | 'dead'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    /** The worker (boot id) sending it, and until when its claim holds. */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The last failure: error name, code and message, without addresses. */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // The support lookup's "mails sent to this address" (decision 076).
    index('mail_outbox_recipient_idx').on(sql`lower(${t.recipient})`),
  ],
);
