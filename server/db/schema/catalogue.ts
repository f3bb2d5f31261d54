// The catalogue the shop runs on (decision 006): categories, manufacturers, series, devices and the
// question sets with their answers, one row per import of the seed, the scheduled base prices and the
// counted searches. Localized texts and per-locale prices are JSON objects keyed by shop locale.

import { sql } from 'drizzle-orm';
import {
  boolean,
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
} from 'drizzle-orm/pg-core';
import type { Locale } from '../../../src/config/locales';
import type { Platform } from '../../../src/config/platforms';

// The JSON shapes of the catalogue's columns; server/catalogue/model.ts re-exports them for the
// normalized catalogue.

export type PerLocale<T> = Record<Locale, T>;

/** Localized texts of a browsable page (category, manufacturer, series). */
export interface PageTexts {
  readonly name: string;
  readonly slug: string;
  readonly content: string;
  readonly metaDescription: string;
  readonly metaKeywords: string;
}

export interface DeviceImage {
  readonly kind: 'front' | 'back' | 'side';
  readonly path: string;
}

/** Texts that replace a question's `question` or `description` for the devices of one platform. */
export type PlatformTexts = Partial<
  Record<Exclude<Platform, 'other'>, { readonly question?: PerLocale<string>; readonly description?: PerLocale<string> }>
>;

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

/** One row per catalogue import, so a start knows whether the seed is loaded and which version. */
export const catalogueImports = pgTable('catalogue_imports', {
  id: serial('id').primaryKey(),
  checksum: text('checksum').notNull(),
  devices: integer('devices').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

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
 * Devices an operator pins to the top of a shop's popular devices (issue 30), in `position` order,
 * before the counted and curated ones: `npm run ops -- popular pin`.
 */
export const popularPins = pgTable(
  'popular_pins',
  {
    locale: text('locale').$type<Locale>().notNull(),
    deviceId: integer('device_id').notNull(),
    position: smallint('position').notNull(),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('popular_pins_locale_device_idx').on(t.locale, t.deviceId)],
);
