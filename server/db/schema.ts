// The database schema (PostgreSQL dialect, one schema for PGlite and PostgreSQL). Localized texts and
// per-locale prices are JSON objects keyed by shop locale; money is stored in integer cents.

import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DeviceImage, PageTexts, PerLocale } from '../catalogue/model';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('offers_device_idx').on(t.deviceId)],
);

/** One row per catalogue import, so a start knows whether the seed is loaded and which version. */
export const catalogueImports = pgTable('catalogue_imports', {
  id: serial('id').primaryKey(),
  checksum: text('checksum').notNull(),
  devices: integer('devices').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().default(sql`now()`),
});
