// Accounts and customer data (product §12, product §3/§7): the customer with its login, one-time
// tokens (activation, reset), refresh-token families, failed-login throttling and the customer's
// own resources. Every customer resource row carries customer_id; the API filters by it.

import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../src/config/locales';
import type { Address } from '../../../src/contracts/trades';

export const customers = pgTable('customers', {
  id: uuid('id').primaryKey(),
  /** Lower-cased; the username. */
  email: text('email').notNull().unique(),
  /** argon2id PHC string. */
  passwordHash: text('password_hash').notNull(),
  /** pending until the activation link was opened and the customer activated by identifier. */
  status: text('status').$type<'pending' | 'active'>().notNull(),
  /** Given at activation (K-<7 digits>); null while pending. */
  customerNumber: text('customer_number').unique(),
  locale: text('locale').$type<Locale>().notNull(),
  salutation: text('salutation').$type<'mr' | 'ms' | 'none'>().notNull().default('none'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  /** yyyy-mm-dd. */
  birthdate: text('birthdate'),
  privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  /** Step one of the two-step deletion (DELETE /api/customers/customers) ran: the customer data is gone. */
  dataDeletedAt: timestamp('data_deleted_at', { withTimezone: true }),
});

/** Sequence of customer numbers (K-<number>). */
export const customerNumberCounter = pgTable('customer_number_counter', {
  id: smallint('id').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** Activation link tokens, activation identifiers and password reset tokens: stored as sha256, single use, expiring. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'activation' | 'activation_identifier' | 'password_reset' | 'sign_in_link'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('account_tokens_customer_idx').on(t.customerId)],
);

/** Refresh tokens (sha256), rotated on every use; a family shares one absolute expiry. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    familyId: uuid('family_id').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull(),
    /** The family's absolute end (login time + lifetime); rotation never extends it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    /** Set when rotated; a used token presented again revokes its family (reuse detection). */
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_customer_idx').on(t.customerId)],
);

/** Failed logins per lower-cased username (known or not): progressive delay, never a permanent lock. */
export const loginThrottle = pgTable('login_throttle', {
  username: text('username').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    address: jsonb('address').$type<Address>().notNull(),
    isPrimary: boolean('is_primary').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('customer_addresses_customer_idx').on(t.customerId)],
);

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    accountHolder: text('account_holder').notNull(),
    /** Electronic format. */
    iban: text('iban').notNull(),
    bic: text('bic').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('bank_accounts_customer_idx').on(t.customerId)],
);

export const paypalAccounts = pgTable(
  'paypal_accounts',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('paypal_accounts_customer_idx').on(t.customerId)],
);

export const customerPaymentAccounts = pgTable(
  'customer_payment_accounts',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id, { onDelete: 'cascade' }),
    paypalAccountId: uuid('paypal_account_id').references(() => paypalAccounts.id, { onDelete: 'cascade' }),
    paymentType: text('payment_type').$type<'INVOICE'>().notNull(),
    isPrimary: boolean('is_primary').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('customer_payment_accounts_customer_idx').on(t.customerId)],
);

export const phoneContacts = pgTable(
  'phone_contacts',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('phone_contacts_customer_idx').on(t.customerId)],
);
