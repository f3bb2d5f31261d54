// The seed catalogue: reads the compact JSON sources in data/catalogue (README there), validates them
// and expands them into the normalized Catalogue (page texts per locale, one device per model variant).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { CATEGORY_KEYS, CATEGORY_SLUGS, type CategoryKey } from '../../src/config/categories';
import { LOCALES, type Locale } from '../../src/config/locales';
import type {
  Catalogue,
  CatalogueAnswer,
  CatalogueCategory,
  CatalogueDevice,
  CatalogueManufacturer,
  CatalogueQuestion,
  CatalogueSeries,
  PageTexts,
  PerLocale,
  QuestionSet,
} from './model';
import { loadPictureTable, PictureSet, seedPictures } from './pictures';
import { CATALOGUE_DIR } from '../platform/paths';
import { isSlug, slugify } from './slug';

/** Base prices are kept in EUR for Germany; the other shops derive theirs unless a variant overrides them. */
export const PRICE_FACTORS: PerLocale<number> = { default: 1, de: 1, at: 1, es: 0.95, fr: 0.97, it: 0.95 };
export const MAX_META_DESCRIPTION = 160;
/** Device ids are modelId * VARIANTS_PER_MODEL + variant index. */
export const VARIANTS_PER_MODEL = 100;
/** Popularity bonus (in months of recency) of devices in a top series. */
const TOP_SERIES_BONUS = 60;
const POPULARITY_EPOCH_YEAR = 2010;

export class SeedDataError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`${file}: ${detail}`);
    this.name = 'SeedDataError';
  }
}

// ---------------------------------------------------------------------------------------------
// Source schemas (the compact formats described in data/catalogue/README.md)

const text = z.string().trim().min(1);
/** A text per locale; `at` (Austrian German) falls back to `de`. */
const localized = z.strictObject({ default: text, de: text, at: text.optional(), es: text, fr: text, it: text });
type Localized = z.infer<typeof localized>;
const slugKey = z.string().refine(isSlug, 'must be a slug (lower-case letters, digits and single dashes)');
const id = z.number().int().positive();
const categoryKey = z.enum(CATEGORY_KEYS);

const categoriesSchema = z
  .array(
    z.strictObject({
      id: id.max(99),
      key: categoryKey,
      sort: z.number().int(),
      imageFamily: slugKey,
      questionSet: slugKey,
      /** Page title, e.g. "Spielkonsolen". */
      name: localized,
      /** The category as the templates put it into a sentence, e.g. "game consoles", "le tue console". */
      noun: localized,
      /** One sentence on how to prepare a device of this category for selling. */
      hint: localized,
    }),
  )
  .min(1);

const template = z.strictObject({ content: localized, metaDescription: localized, metaKeywords: localized });
const textsSchema = z.strictObject({ category: template, manufacturer: template, series: template });

const brandsSchema = z.array(
  z.strictObject({
    id: id.max(999),
    key: slugKey,
    name: text,
    /** The platform of the brand's phones, tablets and watches (absent: 'other'). */
    platform: z.enum(['ios', 'android']).optional(),
    categories: z.array(categoryKey).min(1),
    topIn: z.array(categoryKey).default([]),
  }),
);

const seriesSchema = z.array(
  z.strictObject({
    id,
    key: slugKey,
    brand: slugKey,
    category: categoryKey,
    name: text,
    top: z.boolean().default(false),
    imageFamily: slugKey.optional(),
  }),
);

const price = z.number().int().min(1);
const priceOverrides = z.partialRecord(z.enum(LOCALES), price);
const variant = z.union([z.tuple([z.string().trim(), price]), z.tuple([z.string().trim(), price, priceOverrides])]);
const modelsSchema = z.array(
  z.strictObject({
    series: slugKey,
    models: z
      .array(
        z.strictObject({
          id: id.max(Math.floor(Number.MAX_SAFE_INTEGER / VARIANTS_PER_MODEL)),
          model: text,
          released: z.string().regex(/^(19|20)\d\d-(0[1-9]|1[0-2])$/, 'must be YYYY-MM'),
          terms: z.array(text).default([]),
          imageFamily: slugKey.optional(),
          variants: z.array(variant).min(1).max(VARIANTS_PER_MODEL),
        }),
      )
      .min(1),
  }),
);

const questionsSchema = z.array(
  z.strictObject({
    key: slugKey,
    questions: z
      .array(
        z.strictObject({
          id,
          code: slugKey,
          question: localized,
          description: localized,
          /** Texts for the devices of one platform; the plain texts serve every other device. */
          platforms: z
            .partialRecord(
              z.enum(['ios', 'android']),
              z.strictObject({ question: localized.optional(), description: localized.optional() }),
            )
            .default({}),
          answers: z
            .array(
              z.strictObject({
                id,
                code: slugKey,
                text: localized,
                multiplier: z.number().min(0).max(1),
                grade: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
                blocks: z.boolean().default(false),
                recycling: z.boolean().default(false),
              }),
            )
            .min(2),
        }),
      )
      .min(1),
  }),
);

// ---------------------------------------------------------------------------------------------
// Reading

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `${out ? '.' : ''}${String(part)}`;
  return out || '(root)';
}

function readJson<T>(dir: string, file: string, schema: z.ZodType<T>): T {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  } catch (error) {
    throw new SeedDataError(file, error instanceof Error ? error.message : String(error));
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
    const more = parsed.error.issues.length > 5 ? ` (and ${parsed.error.issues.length - 5} more)` : '';
    throw new SeedDataError(file, `invalid data at ${issues.join('; ')}${more}`);
  }
  return parsed.data;
}

function perLocale<T>(make: (locale: Locale) => T): PerLocale<T> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, make(locale)])) as PerLocale<T>;
}

const resolve = (value: Localized, locale: Locale): string => (locale === 'at' ? (value.at ?? value.de) : value[locale]);

function fill(file: string, where: string, pattern: string, values: Readonly<Record<string, string>>): string {
  const out = pattern.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new SeedDataError(file, `${where}: unknown placeholder ${match}`);
    return value;
  });
  return out.replace(/\s+/g, ' ').trim();
}

function assertUnique<T>(file: string, what: string, items: readonly T[], keyOf: (item: T) => string | number): void {
  const seen = new Set<string | number>();
  for (const item of items) {
    const key = keyOf(item);
    if (seen.has(key)) throw new SeedDataError(file, `duplicate ${what} ${key}`);
    seen.add(key);
  }
}

/** The brand is not repeated when the model or series name is or starts with it ("Apple Watch Series 9", "JBL"). */
function withBrand(brand: string, name: string): string {
  const lower = name.toLowerCase();
  const prefix = brand.toLowerCase();
  return lower === prefix || lower.startsWith(`${prefix} `) ? name : `${brand} ${name}`;
}

// ---------------------------------------------------------------------------------------------
// Loading

/**
 * Reads and validates the seed sources in `dir` and expands them into the catalogue.
 * Pure apart from reading the files, synchronous and uncached: every call reads the files again.
 * Throws SeedDataError naming the file when the data is invalid or inconsistent.
 */
export function loadSeedCatalogue(dir: string = CATALOGUE_DIR): Catalogue {
  const categorySources = readJson(dir, 'categories.json', categoriesSchema);
  const templates = readJson(dir, 'texts.json', textsSchema);
  const brandSources = readJson(dir, 'brands.json', brandsSchema);
  const seriesSources = readJson(dir, 'series.json', seriesSchema);
  const questionSources = readJson(dir, 'questions.json', questionsSchema);
  const pictures = dir === CATALOGUE_DIR ? seedPictures() : new PictureSet(loadPictureTable(dir));
  const modelFiles = readdirSync(join(dir, 'models'))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ file: `models/${name}`, groups: readJson(dir, join('models', name), modelsSchema) }));

  // Question sets
  const questionSets = buildQuestionSets(questionSources);
  const setKeys = new Set(questionSets.map((set) => set.key));

  // Categories
  assertUnique('categories.json', 'category id', categorySources, (c) => c.id);
  assertUnique('categories.json', 'category key', categorySources, (c) => c.key);
  const missing = CATEGORY_KEYS.filter((key) => !categorySources.some((c) => c.key === key));
  if (missing.length > 0) throw new SeedDataError('categories.json', `missing categories ${missing.join(', ')}`);
  const categoryByKey = new Map(categorySources.map((c) => [c.key, c]));
  const categories: CatalogueCategory[] = categorySources.map((c) => {
    if (!setKeys.has(c.questionSet)) throw new SeedDataError('categories.json', `${c.key}: unknown question set ${c.questionSet}`);
    return {
      id: c.id,
      key: c.key,
      sort: c.sort,
      imageFamily: c.imageFamily,
      questionSet: c.questionSet,
      texts: perLocale((locale) => {
        const name = resolve(c.name, locale);
        const values = { name, noun: resolve(c.noun, locale), hint: resolve(c.hint, locale) };
        return pageTexts(templates.category, locale, `category ${c.key}`, name, CATEGORY_SLUGS[locale][c.key], values);
      }),
    };
  });

  // Brands and series
  assertUnique('brands.json', 'brand id', brandSources, (b) => b.id);
  assertUnique('brands.json', 'brand key', brandSources, (b) => b.key);
  for (const b of brandSources) {
    const stray = b.topIn.filter((key) => !b.categories.includes(key));
    if (stray.length > 0)
      throw new SeedDataError('brands.json', `${b.key}: topIn lists ${stray.join(', ')}, which are not in its categories`);
  }
  const brandByKey = new Map(brandSources.map((b) => [b.key, b]));
  assertUnique('series.json', 'series id', seriesSources, (s) => s.id);
  assertUnique('series.json', 'series key', seriesSources, (s) => s.key);
  for (const s of seriesSources) {
    const brand = brandByKey.get(s.brand);
    if (!brand) throw new SeedDataError('series.json', `${s.key}: unknown brand ${s.brand}`);
    if (!brand.categories.includes(s.category))
      throw new SeedDataError('series.json', `${s.key}: brand ${s.brand} is not listed in category ${s.category} (brands.json)`);
  }

  const categoryOf = (key: CategoryKey) => categoryByKey.get(key)!;
  const manufacturerId = (categoryKey: CategoryKey, brandId: number) => categoryOf(categoryKey).id * 1000 + brandId;

  const manufacturers: CatalogueManufacturer[] = [];
  for (const c of categorySources) {
    for (const b of brandSources.filter((brand) => brand.categories.includes(c.key))) {
      const firstSeries = seriesSources.find((s) => s.brand === b.key && s.category === c.key);
      if (!firstSeries) throw new SeedDataError('brands.json', `${b.key} is listed in ${c.key} but has no series there (series.json)`);
      manufacturers.push({
        id: manufacturerId(c.key, b.id),
        key: `${b.key}-${CATEGORY_SLUGS.default[c.key]}`,
        brand: b.name,
        categoryId: c.id,
        top: b.topIn.includes(c.key),
        imageFamily: firstSeries.imageFamily ?? c.imageFamily,
        platform: b.platform ?? 'other',
        texts: perLocale((locale) => {
          const values = { brand: b.name, name: resolve(c.name, locale), noun: resolve(c.noun, locale), hint: resolve(c.hint, locale) };
          const slug = `${b.key}-${CATEGORY_SLUGS[locale][c.key]}`;
          return pageTexts(templates.manufacturer, locale, `manufacturer ${b.key} in ${c.key}`, b.name, slug, values);
        }),
      });
    }
  }

  const series: CatalogueSeries[] = seriesSources.map((s) => {
    const brand = brandByKey.get(s.brand)!;
    const c = categoryOf(s.category);
    const slug = slugify(s.name);
    return {
      id: s.id,
      key: s.key,
      manufacturerId: manufacturerId(s.category, brand.id),
      categoryId: c.id,
      top: s.top,
      imageFamily: s.imageFamily ?? c.imageFamily,
      texts: perLocale((locale) => {
        const values = {
          name: s.name,
          title: withBrand(brand.name, s.name),
          brand: brand.name,
          category: resolve(c.name, locale),
          noun: resolve(c.noun, locale),
          hint: resolve(c.hint, locale),
        };
        return pageTexts(templates.series, locale, `series ${s.key}`, s.name, slug, values);
      }),
    };
  });
  assertSlugsUnique(manufacturers, series);

  // Devices
  const seriesByKey = new Map(seriesSources.map((s, index) => [s.key, { source: s, built: series[index]! }]));
  const modelCount = new Map<string, number>();
  const devices: CatalogueDevice[] = [];
  const modelIds = new Set<number>();
  for (const { file, groups } of modelFiles) {
    for (const group of groups) {
      const entry = seriesByKey.get(group.series);
      if (!entry) throw new SeedDataError(file, `unknown series ${group.series}`);
      const { source, built } = entry;
      const brand = brandByKey.get(source.brand)!;
      modelCount.set(source.key, (modelCount.get(source.key) ?? 0) + group.models.length);
      for (const m of group.models) {
        if (modelIds.has(m.id)) throw new SeedDataError(file, `duplicate model id ${m.id}`);
        modelIds.add(m.id);
        assertUnique(file, `variant of ${m.model}:`, m.variants, ([label]) => label);
        if (m.variants.length > 1 && m.variants.some(([label]) => label === '')) {
          throw new SeedDataError(file, `${m.model}: only a model's single variant may have an empty label`);
        }
        const [year, month] = m.released.split('-').map(Number) as [number, number];
        const imageFamily = m.imageFamily ?? built.imageFamily;
        const picture = pictures.pictureOf(source.category, brand.key, m.model);
        if (!picture) throw new SeedDataError('pictures.json', `no picture rule matches ${brand.key} ${m.model} in ${source.category}`);
        const image = picture.path;
        const recency = Math.max(0, (year - POPULARITY_EPOCH_YEAR) * 12 + month);
        const terms = dedupe([...m.terms, slugify(m.model).replaceAll('-', '')]);
        m.variants.forEach(([label, eur, overrides], index) => {
          const name = [withBrand(brand.name, m.model), label].filter(Boolean).join(' ');
          devices.push({
            id: m.id * VARIANTS_PER_MODEL + index,
            name,
            model: m.model,
            slug: slugify(name),
            categoryId: built.categoryId,
            manufacturerId: built.manufacturerId,
            seriesId: built.id,
            releaseYear: year,
            releaseMonth: month,
            searchTerms: terms,
            basePrice: perLocale((locale) => overrides?.[locale] ?? Math.max(1, Math.round(eur * PRICE_FACTORS[locale]))),
            popularity: Math.max(0, recency + (source.top ? TOP_SERIES_BONUS : 0) - index),
            images: [
              { kind: 'front', path: image },
              { kind: 'back', path: image },
            ],
            imageFamily,
          });
        });
      }
    }
  }
  const empty = seriesSources.filter((s) => !modelCount.has(s.key));
  if (empty.length > 0) throw new SeedDataError('series.json', `series without models: ${empty.map((s) => s.key).join(', ')}`);
  assertUnique('models', 'device slug', devices, (d) => d.slug);

  return { categories, manufacturers, series, devices, questionSets };
}

function pageTexts(
  tpl: z.infer<typeof template>,
  locale: Locale,
  where: string,
  name: string,
  slug: string,
  values: Readonly<Record<string, string>>,
): PageTexts {
  const at = `${where} (${locale})`;
  if (!isSlug(slug)) throw new SeedDataError('texts.json', `${at}: "${slug}" is not a valid slug`);
  const metaDescription = fill('texts.json', at, resolve(tpl.metaDescription, locale), values);
  if (metaDescription.length > MAX_META_DESCRIPTION) {
    throw new SeedDataError(
      'texts.json',
      `${at}: metaDescription has ${metaDescription.length} characters (at most ${MAX_META_DESCRIPTION})`,
    );
  }
  return {
    name,
    slug,
    content: fill('texts.json', at, resolve(tpl.content, locale), values),
    metaDescription,
    metaKeywords: fill('texts.json', at, resolve(tpl.metaKeywords, locale), values),
  };
}

/** Manufacturer and series slugs share the product overview URL, so they must not clash within a locale. */
function assertSlugsUnique(manufacturers: readonly CatalogueManufacturer[], series: readonly CatalogueSeries[]): void {
  for (const locale of LOCALES) {
    const owner = new Map<string, string>();
    const pages = [
      ...manufacturers.map((m) => ({ what: `manufacturer ${m.key}`, slug: m.texts[locale].slug })),
      ...series.map((s) => ({ what: `series ${s.key}`, slug: s.texts[locale].slug })),
    ];
    for (const page of pages) {
      const other = owner.get(page.slug);
      if (other) throw new SeedDataError('series.json', `slug "${page.slug}" (${locale}) is used by both ${other} and ${page.what}`);
      owner.set(page.slug, page.what);
    }
  }
}

function buildQuestionSets(sources: z.infer<typeof questionsSchema>): QuestionSet[] {
  const file = 'questions.json';
  assertUnique(file, 'question set', sources, (s) => s.key);
  const questions = sources.flatMap((s) => s.questions);
  assertUnique(file, 'question id', questions, (q) => q.id);
  assertUnique(
    file,
    'answer id',
    questions.flatMap((q) => q.answers),
    (a) => a.id,
  );
  return sources.map((set) => {
    assertUnique(file, `question code in ${set.key}:`, set.questions, (q) => q.code);
    return {
      key: set.key,
      questions: set.questions.map((q, index): CatalogueQuestion => {
        assertUnique(file, `answer code in ${set.key}.${q.code}:`, q.answers, (a) => a.code);
        const best = q.answers.filter((a) => a.multiplier === 1 && a.grade === 0);
        if (best.length !== 1) {
          throw new SeedDataError(
            file,
            `${set.key}.${q.code}: needs exactly one answer with multiplier 1 and grade 0 (has ${best.length})`,
          );
        }
        return {
          id: q.id,
          code: q.code,
          sort: index + 1,
          question: perLocale((locale) => resolve(q.question, locale)),
          description: perLocale((locale) => resolve(q.description, locale)),
          platforms: Object.fromEntries(
            Object.entries(q.platforms).map(([platform, texts]) => [
              platform,
              {
                ...(texts.question && { question: perLocale((locale) => resolve(texts.question!, locale)) }),
                ...(texts.description && { description: perLocale((locale) => resolve(texts.description!, locale)) }),
              },
            ]),
          ),
          answers: q.answers.map((a): CatalogueAnswer => ({
            id: a.id,
            code: a.code,
            text: perLocale((locale) => resolve(a.text, locale)),
            multiplier: a.multiplier,
            grade: a.grade,
            blocks: a.blocks,
            recycling: a.recycling,
          })),
        };
      }),
    };
  });
}

function dedupe(terms: readonly string[]): string[] {
  const seen = new Set<string>();
  return terms.filter((term) => {
    const key = term.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Number of devices per category key (every key present, 0 when a category has none). */
export function countDevicesByCategory(catalogue: Catalogue): Record<CategoryKey, number> {
  const counts = Object.fromEntries(CATEGORY_KEYS.map((key) => [key, 0])) as Record<CategoryKey, number>;
  const keyById = new Map(catalogue.categories.map((c) => [c.id, c.key]));
  for (const device of catalogue.devices) {
    const key = keyById.get(device.categoryId) as CategoryKey | undefined;
    if (key !== undefined) counts[key] += 1;
  }
  return counts;
}
