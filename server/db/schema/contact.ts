// The contact form and the help widget (decision 023): the messages and their attachments.

import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../src/config/locales';
import { bytea } from './columns';

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
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
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
