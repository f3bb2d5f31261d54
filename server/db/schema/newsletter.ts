// The newsletter (decision 021): subscribers per shop with double opt-in, and their consent audit.

import { index, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../src/config/locales';

/**
 * Newsletter subscribers per shop (product §1: DE, ES, FR, IT; double opt-in). `emailHash` is the
 * HMAC of the address with the newsletter secret (server/newsletter/email-hash.ts): the key of the
 * enrich and unsubscribe links. No IP address is stored.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey(),
    locale: text('locale').$type<Locale>().notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    emailHash: text('email_hash').notNull(),
    status: text('status').$type<'pending' | 'subscribed' | 'unsubscribed'>().notNull(),
    /** Where the (last) sign-up came from: footer, home, account. */
    source: text('source').$type<'footer' | 'home' | 'account'>().notNull(),
    firstName: text('first_name'),
    /** Category keys (src/config/categories.ts). */
    interests: jsonb('interests').$type<string[]>().notNull().default([]),
    /** Changes with every sign-up request; the confirmation link signs it, confirming clears it (single use). */
    confirmNonce: text('confirm_nonce'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** The consent time: when the confirmation link was opened (or the logged-in customer subscribed). */
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_locale_email_idx').on(t.locale, t.email),
    uniqueIndex('newsletter_subscribers_locale_hash_idx').on(t.locale, t.emailHash),
  ],
);

/** What happened to a subscription and when (consent audit); never an IP address or user agent. */
export const newsletterEvents = pgTable(
  'newsletter_events',
  {
    id: serial('id').primaryKey(),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    event: text('event').$type<'requested' | 'confirmed' | 'enriched' | 'unsubscribed'>().notNull(),
    /** footer, home, account, mail link, one-click (List-Unsubscribe-Post). */
    via: text('via').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('newsletter_events_subscriber_idx').on(t.subscriberId)],
);
