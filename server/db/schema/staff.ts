// The staff back office (product §11.10): staff users apart from customers, their sessions and
// one-time links, who holds a trade open, the photos uploaded for an inspection before it is saved,
// and the append-only audit log of every staff and ops action.

import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { StaffRole } from '../../../src/contracts/staff';
import { bytea } from './columns';
import { tradeItems, trades } from './trades';

export const staffUsers = pgTable('staff_users', {
  id: uuid('id').primaryKey(),
  /** Lower-cased; unique. */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  roles: jsonb('roles').$type<StaffRole[]>().notNull(),
  /** argon2id (server/accounts/password-hash.ts); null until the user sets it through the one-time link. */
  passwordHash: text('password_hash'),
  /** The TOTP secret (base32); null until enrolled. */
  totpSecret: text('totp_secret'),
  /** The 30-second step of the last accepted code: a code of that step or an earlier one is a replay. */
  totpLastStep: integer('totp_last_step'),
  failedAttempts: smallint('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** A signed-in staff browser (or one half-way: password given, second factor pending). Keyed by the cookie's hash. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    stage: text('stage').$type<'second_factor' | 'active'>().notNull(),
    /** The synchronizer token every changing request sends in X-CSRF-Token. */
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * One-time links of staff users: set the password (an admin's link), or sign in with the mailed link
 * and the TOTP code while the account is locked (decision 081); only the hash is kept.
 */
export const staffTokens = pgTable('staff_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  staffId: uuid('staff_id')
    .notNull()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  purpose: text('purpose').$type<'set_password' | 'sign_in_link'>().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  /** Wrong codes typed with a sign-in link: the 5th ends the link (the account's own lock is not touched). */
  failedCodes: smallint('failed_codes').notNull().default(0),
});

/** Who has a trade open for inspection, so a second inspector sees it; a hold lapses when it is not renewed. */
export const staffTradeHolds = pgTable('staff_trade_holds', {
  tradeId: uuid('trade_id')
    .primaryKey()
    .references(() => trades.id),
  staffId: uuid('staff_id')
    .notNull()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  since: timestamp('since', { withTimezone: true }).notNull(),
  renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull(),
});

/** A photo taken during an inspection, kept until the inspection is saved (then it moves to inspection_photos). */
export const staffPhotoUploads = pgTable(
  'staff_photo_uploads',
  {
    id: uuid('id').primaryKey(),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => tradeItems.offerId),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    contentType: text('content_type').$type<'image/jpeg' | 'image/png' | 'image/webp'>().notNull(),
    content: bytea('content').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_photo_uploads_offer_idx').on(t.offerId)],
);

/**
 * Every staff action and every ops CLI move: who (a staff user, or `cli`), when, what, on which trade
 * or customer, and the data before and after where it changed. Append-only: a trigger refuses UPDATE
 * and DELETE (migration 0020), so not even the application can rewrite it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The staff user; null for the ops CLI and the system. */
    staffId: uuid('staff_id'),
    /** As shown: the staff user's e-mail at the time, or `cli`. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    tradeNumber: text('trade_number'),
    customerId: uuid('customer_id'),
    /** Another subject (a staff user's e-mail, a review id). */
    subject: text('subject'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_trade_idx').on(t.tradeNumber), index('audit_log_staff_idx').on(t.staffId)],
);
