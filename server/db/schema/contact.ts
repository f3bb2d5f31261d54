// The contact form and the help widget (decision 023): the messages and their attachments, and the
// support inbox's work on them (decision 076): who has a message, whether it is open, the replies.

import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../src/config/locales';
import { bytea } from './columns';
import { mailOutbox } from './mail';
import { staffUsers } from './staff';

/** Messages of the contact form and the help widget (server/contact): what was sent, to whom, and the mails. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey(),
    /** KM-<year>-<8 hex>: quoted in the acknowledgment and by the operator CLI. */
    reference: text('reference').notNull().unique(),
    locale: text('locale').$type<Locale>().notNull(),
    subject: text('subject').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    tradeNumber: text('trade_number'),
    message: text('message').notNull(),
    business: boolean('business').notNull(),
    /** The address the message was mailed to (the country's contact or partner address). */
    recipient: text('recipient').notNull(),
    /** Where it was sent from: the contact page or the help widget. */
    source: text('source').notNull(),
    status: text('status').$type<'received' | 'mailed' | 'mailFailed'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /** The support user answering it (the support inbox, decision 076); null while unassigned. */
    assigneeId: uuid('assignee_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** The support inbox's state: open until a support user closes it (`status` stays the mails' outcome). */
    state: text('state').$type<'open' | 'closed'>().notNull().default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    index('contact_messages_state_idx').on(t.state, t.createdAt),
    index('contact_messages_assignee_idx').on(t.assigneeId),
  ],
);

export const contactAttachments = pgTable(
  'contact_attachments',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    filename: text('filename').notNull(),
    /** Sniffed from the content (file-type), never the browser's claim. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [uniqueIndex('contact_attachments_pk').on(t.messageId, t.position)],
);

/** The support inbox's answers to a message (decision 076): written with their outbox mail in one transaction. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: uuid('id').primaryKey(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** The staff user's name as the reply was sent (kept when the user is removed). */
    staffName: text('staff_name').notNull(),
    /** The staff user's own words (the mail adds the greeting, the sign-off and the quoted message). */
    body: text('body').notNull(),
    /** The reply's mail in the outbox. */
    mailId: uuid('mail_id')
      .notNull()
      .references(() => mailOutbox.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId, t.createdAt)],
);
