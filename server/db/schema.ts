// The database schema (PostgreSQL dialect, one schema for PGlite and PostgreSQL). Localized texts and
// per-locale prices are JSON objects keyed by shop locale; money is stored in integer cents.

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Locale } from '../../src/config/locales';
import type { Address, LegalForm, Payout, TradeStatus } from '../../src/contracts/trades';
import type { ReviewStatus } from '../../src/contracts/reviews';
import type { DeviceImage, PageTexts, PerLocale, PlatformTexts } from '../catalogue/model';
import type { Platform } from '../../src/config/platforms';

export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  key: text('key').notNull().unique(),
  sort: integer('sort').notNull(),
  imageFamily: text('image_family').notNull(),
  questionSet: text('question_set').notNull(),
  texts: jsonb('texts').$type<PerLocale<PageTexts>>().notNull(),
});

export const manufacturers = pgTable('manufacturers', {
  id: integer('id').primaryKey(),
  key: text('key').notNull(),
  brand: text('brand').notNull(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id),
  top: boolean('top').notNull(),
  imageFamily: text('image_family').notNull(),
  platform: text('platform').$type<Platform>().notNull().default('other'),
  texts: jsonb('texts').$type<PerLocale<PageTexts>>().notNull(),
});

export const series = pgTable('series', {
  id: integer('id').primaryKey(),
  key: text('key').notNull(),
  manufacturerId: integer('manufacturer_id')
    .notNull()
    .references(() => manufacturers.id),
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id),
  top: boolean('top').notNull(),
  imageFamily: text('image_family').notNull(),
  texts: jsonb('texts').$type<PerLocale<PageTexts>>().notNull(),
});

export const devices = pgTable(
  'devices',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    model: text('model').notNull(),
    slug: text('slug').notNull().unique(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    manufacturerId: integer('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id),
    releaseYear: smallint('release_year').notNull(),
    releaseMonth: smallint('release_month').notNull(),
    searchTerms: jsonb('search_terms').$type<string[]>().notNull(),
    /** Whole euros per shop locale. */
    basePrice: jsonb('base_price').$type<PerLocale<number>>().notNull(),
    popularity: integer('popularity').notNull(),
    images: jsonb('images').$type<DeviceImage[]>().notNull(),
    imageFamily: text('image_family').notNull(),
    /** False when a device left the seed catalogue; kept because offers and trades refer to it. */
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('devices_series_idx').on(t.seriesId), index('devices_category_idx').on(t.categoryId)],
);

export const questions = pgTable(
  'questions',
  {
    id: integer('id').primaryKey(),
    questionSet: text('question_set').notNull(),
    code: text('code').notNull(),
    sort: integer('sort').notNull(),
    question: jsonb('question').$type<PerLocale<string>>().notNull(),
    description: jsonb('description').$type<PerLocale<string>>().notNull(),
    platformTexts: jsonb('platform_texts').$type<PlatformTexts>().notNull().default({}),
  },
  (t) => [index('questions_set_idx').on(t.questionSet)],
);

export const answers = pgTable('answers', {
  id: integer('id').primaryKey(),
  questionId: integer('question_id')
    .notNull()
    .references(() => questions.id),
  code: text('code').notNull(),
  sort: integer('sort').notNull(),
  text: jsonb('text').$type<PerLocale<string>>().notNull(),
  multiplier: numeric('multiplier', { precision: 6, scale: 4, mode: 'number' }).notNull(),
  grade: smallint('grade').notNull(),
  blocks: boolean('blocks').notNull(),
  recycling: boolean('recycling').notNull(),
});

export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    locale: text('locale').notNull(),
    answers: jsonb('answers').$type<Record<string, number>>().notNull(),
    priceCents: integer('price_cents').notNull(),
    conditionId: smallint('condition_id').notNull(),
    kind: text('kind').$type<'purchase' | 'recycling'>().notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('offers_device_idx').on(t.deviceId)],
);

/** One row per catalogue import, so a start knows whether the seed is loaded and which version. */
export const catalogueImports = pgTable('catalogue_imports', {
  id: serial('id').primaryKey(),
  checksum: text('checksum').notNull(),
  devices: integer('devices').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

// Checkout (DESIGN.md §7): trades, their items and status history, idempotency keys of submissions,
// vouchers and their redemptions.

export const trades = pgTable(
  'trades',
  {
    id: uuid('id').primaryKey(),
    /** TR-<year>-<6 digits>, sequential per year (trade_number_counters). */
    tradeNumber: text('trade_number').notNull().unique(),
    /** The spec's transactionId. */
    transactionId: integer('transaction_id').generatedAlwaysAsIdentity().notNull().unique(),
    locale: text('locale').notNull(),
    status: text('status').$type<TradeStatus>().notNull(),
    /** Null for customer trades (accounts). */
    guestEmail: text('guest_email'),
    /** The customer's trade (set at checkout or claimed later by guest_account_number); null for guests. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    address: jsonb('address').$type<Address>().notNull(),
    /** Holds the full IBAN, which paying needs: never log it, answer only a masked form. */
    payout: jsonb('payout').$type<Payout>().notNull(),
    paymentType: integer('payment_type').notNull(),
    b2b: boolean('b2b').notNull(),
    /**
     * The shop mode it was sold in (src/config/hosts.ts SHOP_MODES): its brand (src/config/brands.ts)
     * signs every later mail and its labels (decision 033). Trades from before the column: 'default'.
     */
    shopMode: text('shop_mode').notNull().default('default'),
    /** The landing page code of that mode in the country's configuration (spec §3); null before the column. */
    landingPage: text('landing_page'),
    subtotalCents: integer('subtotal_cents').notNull(),
    voucherCode: text('voucher_code').references(() => vouchers.code),
    voucherCents: integer('voucher_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The generation of the shipping label link; `trades revoke-label` raises it, which voids the links given out so far. */
    labelVersion: integer('label_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('trades_guest_email_idx').on(t.guestEmail), index('trades_customer_idx').on(t.customerId)],
);

export const tradeItems = pgTable(
  'trade_items',
  {
    /** The primary key: an offer belongs to one trade only. */
    offerId: uuid('offer_id')
      .primaryKey()
      .references(() => offers.id),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id),
    /** Order in the cart. */
    position: smallint('position').notNull(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    priceCents: integer('price_cents').notNull(),
    conditionId: smallint('condition_id').notNull(),
    kind: text('kind').$type<'purchase' | 'recycling'>().notNull(),
    /** Units of the device (business trade-in, 1..99); the item is worth truncate2(price × quantity). */
    quantity: smallint('quantity').notNull().default(1),
    /** The payout that paid this item; null while unpaid (split payout, decision 025). */
    payoutId: uuid('payout_id').references((): AnyPgColumn => tradePayouts.id),
  },
  (t) => [index('trade_items_trade_idx').on(t.tradeId)],
);

/**
 * One payment to the seller (decision 025): the items settled at that moment — without a
 * clarification, or with one accepted — are paid without waiting for the rest of the trade; the
 * voucher bonus goes with the trade's first payout.
 */
export const tradePayouts = pgTable(
  'trade_payouts',
  {
    id: uuid('id').primaryKey(),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id),
    amountCents: integer('amount_cents').notNull(),
    /** The voucher bonus included in amount_cents (0 but for the trade's first payout). */
    voucherCents: integer('voucher_cents').notNull(),
    /** The late-payout bonus included in amount_cents (issue 18, decision 043): 0 when paid by due_by. */
    bonusCents: integer('bonus_cents').notNull().default(0),
    /** The promised last day of the payout in the shop's country (working days after receipt or inspection); null without a receipt. */
    dueBy: date('due_by', { mode: 'string' }),
    paidAt: timestamp('paid_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('trade_payouts_trade_idx').on(t.tradeId)],
);

export const tradeTransitions = pgTable(
  'trade_transitions',
  {
    id: serial('id').primaryKey(),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id),
    /** Null for the creation. */
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    note: text('note'),
  },
  (t) => [index('trade_transitions_trade_idx').on(t.tradeId)],
);

/** The last trade number handed out per calendar year (UTC); its row lock keeps numbers gapless. */
export const tradeNumberCounters = pgTable('trade_number_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** The business trades' own number range (TB-<year>-<number>), kept like trade_number_counters (decision 035). */
export const businessTradeNumberCounters = pgTable('business_trade_number_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** The selling company of a business trade (trades.b2b), written in the trade's transaction (decision 035). */
export const tradeCompanies = pgTable('trade_companies', {
  tradeId: uuid('trade_id')
    .primaryKey()
    .references(() => trades.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** A code of LEGAL_FORMS (src/contracts/trades.ts). */
  legalForm: text('legal_form').$type<LegalForm>().notNull(),
  /** Normalized (DE136695976); null for a small business without one. */
  vatId: text('vat_id'),
});

/** Idempotency-Key of a submission: claimed while it runs, then holding the answer to replay. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  /** Endpoint and shop, e.g. trades:de. */
  scope: text('scope').notNull(),
  /** sha256 of the canonical JSON body and the locale. */
  requestHash: text('request_hash').notNull(),
  status: text('status').$type<'in_progress' | 'done'>().notNull(),
  responseStatus: integer('response_status'),
  responseBody: jsonb('response_body'),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  /** When the running claim started; an in_progress claim older than the lease can be taken over. */
  claimedAt: timestamp('claimed_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  /** The server process (its boot id, server/db/instances.ts) that holds the claim; null for claims from before boot ids. */
  claimedBy: uuid('claimed_by'),
});

/**
 * The running server processes (server/db/instances.ts): each registers its boot id at start and beats
 * every few seconds. A claim whose process stopped beating is released at once, not after its lease.
 */
export const serverInstances = pgTable('server_instances', {
  bootId: uuid('boot_id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

export const vouchers = pgTable('vouchers', {
  /** Upper case. */
  code: text('code').primaryKey(),
  /** Null: valid in every shop. */
  locale: text('locale'),
  kind: text('kind').$type<'fixed' | 'percent'>().notNull(),
  /** Cents for fixed, basis points for percent. */
  value: integer('value').notNull(),
  minTotalCents: integer('min_total_cents').notNull(),
  /** Null: no expiry. */
  validUntil: timestamp('valid_until', { withTimezone: true }),
  singleUsePerCustomer: boolean('single_use_per_customer').notNull(),
});

export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: serial('id').primaryKey(),
    code: text('code')
      .notNull()
      .references(() => vouchers.code),
    /** Lower-cased guest e-mail (a customer id once accounts exist). */
    customerKey: text('customer_key').notNull(),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id),
    /** Copied from the voucher so the partial unique index can enforce single use. */
    singleUse: boolean('single_use').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    uniqueIndex('voucher_redemptions_single_use_idx')
      .on(t.code, t.customerKey)
      .where(sql`${t.singleUse}`),
    index('voucher_redemptions_trade_idx').on(t.tradeId),
  ],
);

// Trade life cycle (DESIGN.md §7, server/trades/lifecycle.ts and inspection.ts): what the inspection
// found per item, and the clarifications it opened where the device turned out worse than offered.

/** One row per trade item, written when the received trade is inspected. */
export const tradeInspections = pgTable(
  'trade_inspections',
  {
    /** The item (its offer id): an item is inspected once. */
    offerId: uuid('offer_id')
      .primaryKey()
      .references(() => tradeItems.offerId),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id),
    /** Answer id per question id as found on the device. */
    foundAnswers: jsonb('found_answers').$type<Record<string, number>>().notNull(),
    /** The found answers priced at the device's base price of the inspection day. */
    foundKind: text('found_kind').$type<'purchase' | 'recycling' | 'blocked'>().notNull(),
    foundPriceCents: integer('found_price_cents').notNull(),
    foundConditionId: smallint('found_condition_id').notNull(),
    /** What the seller is paid for the item; null while its clarification is open or after a decline. */
    agreedPriceCents: integer('agreed_price_cents'),
    /** The inspector's note for the seller (shown with the clarification). */
    note: text('note'),
    inspectedAt: timestamp('inspected_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('trade_inspections_trade_idx').on(t.tradeId)],
);

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

// Accounts and customer data (DESIGN.md §8, spec §3/§7): the customer with its login, one-time
// tokens (activation, reset), refresh-token families, failed-login throttling and the customer's
// own resources. Every customer resource row carries customer_id; the API filters by it.

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
    purpose: text('purpose').$type<'activation' | 'activation_identifier' | 'password_reset'>().notNull(),
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

/**
 * Newsletter subscribers per shop (spec §1: DE, ES, FR, IT; double opt-in). `emailHash` is the
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

/** Raw bytes (attachments). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Evidence photos of an inspected item (decision 026): stored in the database beside the inspection,
 * so the server and the ops CLI see the same rows and a backup holds everything. Type sniffed from the
 * bytes (JPEG, PNG, WebP), at most 5 MB each and 6 per item.
 */
export const inspectionPhotos = pgTable(
  'inspection_photos',
  {
    id: uuid('id').primaryKey(),
    /** The trade item (its offer id). */
    offerId: uuid('offer_id')
      .notNull()
      .references(() => tradeItems.offerId),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id),
    position: smallint('position').notNull(),
    contentType: text('content_type').$type<'image/jpeg' | 'image/png' | 'image/webp'>().notNull(),
    content: bytea('content').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('inspection_photos_offer_idx').on(t.offerId)],
);

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

/**
 * Controlling events (spec §7 Tracking, decision 028): what a client id did, by shop; only with the
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

/**
 * The mail outbox (issue 16 part 8, decision 054): every outgoing mail is a row here, written with
 * the change that causes it (the trade's confirmation in the trade's transaction), and sent by the
 * mail worker (server/mail/outbox.ts) with retries and backoff; after the last attempt a row is
 * 'dead' until an operator retries it (`npm run ops -- mail list|retry`). A sent row keeps only
 * its recipient and subject: the message itself is cleared.
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
    /** The message (server/mail/outbox.ts StoredMessage); null once sent. */
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
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * Offers a seller saved or shared (issue 18): mailed to an address, or a link copied. Who holds an
 * offer this way hears of a scheduled price drop of its device; a customer's rows are the account's
 * saved offers.
 */
export const offerShares = pgTable(
  'offer_shares',
  {
    id: serial('id').primaryKey(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id),
    channel: text('channel').$type<'mail' | 'link'>().notNull(),
    /** The address the offer was mailed to; null for a copied link. */
    email: text('email'),
    /** The logged-in customer who saved it; null for guests. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('offer_shares_offer_idx').on(t.offerId), index('offer_shares_customer_idx').on(t.customerId)],
);

/**
 * Future base prices (issue 18 part 3): loaded by `npm run ops -- catalogue prices import`, switched on
 * their day by the running server (applied_at set then), announced a few days before to the sellers
 * who saved or shared an offer of the device whose price drops.
 */
export const priceSchedules = pgTable(
  'price_schedules',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    locale: text('locale').$type<Locale>().notNull(),
    basePriceCents: integer('base_price_cents').notNull(),
    /** The first day of the new price, in the shop's country (YYYY-MM-DD). */
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [index('price_schedules_pending_idx').on(t.appliedAt, t.effectiveOn)],
);

/** One price-drop warning per scheduled price and address: a seller hears of a drop once. */
export const priceWarnings = pgTable(
  'price_warnings',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => priceSchedules.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('price_warnings_pk').on(t.scheduleId, t.email)],
);

/**
 * The offers a cart holds once its seller's e-mail is known at checkout (issue 18 part 3, decision
 * 058): only for the price-drop warning. Replaced on every report of the cart, deleted when a trade
 * takes the offer, when the offer expires (expires_at, the offer's validUntil) or by the mail's stop link.
 */
export const cartHolds = pgTable(
  'cart_holds',
  {
    id: serial('id').primaryKey(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    /** Lower case. */
    email: text('email').notNull(),
    /** The shop (and so the country and the mail's language) of the cart. */
    locale: text('locale').$type<Locale>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('cart_holds_email_offer_idx').on(t.email, t.offerId),
    index('cart_holds_offer_idx').on(t.offerId),
    index('cart_holds_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Searches submitted on the results page, counted per day, shop and normalised text (issue 17): no
 * client id, address or time of day, so no personal data (decision 041).
 */
export const searchCounts = pgTable(
  'search_counts',
  {
    day: text('day').notNull(),
    locale: text('locale').$type<Locale>().notNull(),
    query: text('query').notNull(),
    searches: integer('searches').notNull(),
    zeroResults: integer('zero_results').notNull(),
  },
  (t) => [uniqueIndex('search_counts_day_locale_query_idx').on(t.day, t.locale, t.query)],
);

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
