// Tracking (decision 028): controlling events of consenting visitors and the consent log.

import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../src/config/locales';

/**
 * Controlling events (product §7 Tracking, decision 028): what a client id did, by shop; only with the
 * visitor's consent. The fields are the event's own (offer, device, price, campaign codes), never a
 * name, e-mail, address or IP. Kept 13 months (`npm run ops -- tracking prune`); a client's rows are
 * erased with `npm run ops -- privacy erase --client-id …`.
 */
export const controllingEvents = pgTable(
  'controlling_events',
  {
    id: serial('id').primaryKey(),
    clientId: text('client_id').notNull(),
    locale: text('locale').$type<Locale>().notNull(),
    applicationId: text('application_id').notNull(),
    eventName: text('event_name').notNull(),
    url: text('url').notNull(),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('controlling_events_at_idx').on(t.at),
    index('controlling_events_locale_event_at_idx').on(t.locale, t.eventName, t.at),
    index('controlling_events_client_idx').on(t.clientId),
  ],
);

/**
 * The consent log (issue 12, decision 028): what a client id decided on the banner, when, on which
 * banner version. Written when a visitor with a client id accepts (or later withdraws); erased with
 * the client's controlling rows (`npm run ops -- privacy erase`).
 */
export const consentLog = pgTable(
  'consent_log',
  {
    id: serial('id').primaryKey(),
    clientId: text('client_id').notNull(),
    locale: text('locale').$type<Locale>().notNull(),
    decision: text('decision').$type<'all' | 'necessary'>().notNull(),
    bannerVersion: integer('banner_version').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('consent_log_client_idx').on(t.clientId)],
);
