// Catalogue calls: a search request (product §7 POST {trade base}/searches) through a transport — HTTP
// in the browser, the engine itself during server rendering — results parsed with the shared contract
// and mapped to the product §3 entities. Each call asks only for the fields its entity needs.
// Failures surface as CatalogueUnavailableError.

import { countryConfig } from '../../config/countries';
import type { Locale } from '../../config/locales';
import type { Platform } from '../../config/platforms';
import {
  AggregationDocSchema,
  CategoryDocSchema,
  DeviceDocSchema,
  ManufacturerDocSchema,
  SearchResponseSchema,
  SeriesDocSchema,
  type CategoryDoc,
  type DeviceDoc,
  type ManufacturerDoc,
  type SeriesDoc,
} from '../../contracts/search';
import { z } from '../../contracts/zod';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../api-client';
import type { Category, CategoryCard, Device, EntityLink, Manufacturer, PageEntity, Question, Series } from './entities';
import {
  categoriesQuery,
  deviceByUrlQuery,
  deviceSearchQuery,
  devicesByManufacturerQuery,
  devicesBySeriesQuery,
  pageByUrlQuery,
  popularDevicesQuery,
  groupByModel,
  suggestionNames,
  suggestionQuery,
  type PageType,
  type SearchBody,
} from './queries';
import type { SearchTransport } from './transport';

export class CatalogueUnavailableError extends Error {
  constructor(cause: unknown) {
    super('catalogue search failed', { cause });
    this.name = 'CatalogueUnavailableError';
  }
}

export interface CatalogueApi {
  readonly search: SearchTransport;
  readonly locale: Locale;
}

const AnyHitsSchema = SearchResponseSchema(z.unknown());

/** Development only (product §7): a basic authorisation header for a protected search endpoint. */
const DEV_SEARCH_AUTH: string | undefined = import.meta.env.DEV ? import.meta.env.VITE_SEARCH_BASIC_AUTH : undefined;
const SEARCH_HEADERS = DEV_SEARCH_AUTH ? { authorization: `Basic ${btoa(DEV_SEARCH_AUTH)}` } : undefined;

/** POST {trade base}/searches over HTTP ('' = the shop's own server). */
export function httpSearch(api: ApiClient, tradeBase = ''): SearchTransport {
  return (request) => api(`${tradeBase}/searches`, { method: 'POST', headers: SEARCH_HEADERS, body: request });
}

async function search<T>(ctx: CatalogueApi, index: 'devices' | 'aggregations', body: SearchBody, schema: z.ZodMiniType<T>): Promise<T[]> {
  const application = countryConfig(ctx.locale).elasticIndexes[index];
  let raw: unknown;
  try {
    raw = await ctx.search({ search: body, application, resultSize: typeof body.size === 'number' ? body.size : 10 });
  } catch (error) {
    throw new CatalogueUnavailableError(error);
  }
  const parsed = AnyHitsSchema.safeParse(raw);
  if (!parsed.success) throw new CatalogueUnavailableError(parsed.error);
  const sources: T[] = [];
  for (const hit of parsed.data.hits.hits) {
    const source = schema.safeParse(hit._source);
    if (!source.success) throw new CatalogueUnavailableError(source.error);
    sources.push(source.data);
  }
  return sources;
}

const link = (l: { id: number; name: string; title: string; url: string; imagePath: string }): EntityLink => ({
  id: l.id,
  name: l.name,
  title: l.title,
  url: l.url,
  thumbnail: l.imagePath,
});

/** What a device page or card needs of a device document (not its search terms or popularity). */
const DeviceFieldsSchema = z.omit(DeviceDocSchema, { searchTerms: true, popularity: true });
type DeviceFields = Omit<DeviceDoc, 'searchTerms' | 'popularity'>;
const DEVICE_SOURCE = { excludes: ['searchTerms', 'popularity'] };

/** A category page: everything but the condition questions (the largest part of the document). */
const CategoryPageSchema = z.omit(CategoryDocSchema, { questions: true });
const CATEGORY_PAGE_SOURCE = { excludes: ['questions'] };

const CategoryCardSchema = z.pick(CategoryDocSchema, { id: true, title: true, url: true, imagePath: true });
const CATEGORY_CARD_SOURCE = ['id', 'title', 'url', 'imagePath'];

const QuestionsSchema = z.pick(CategoryDocSchema, { questions: true });

export function toDevice(doc: DeviceFields, questions: readonly Question[] = []): Device {
  return {
    id: doc.id,
    name: doc.name,
    model: doc.model,
    url: doc.url,
    category: doc.category,
    categoryId: doc.categoryId,
    categoryUrl: doc.categoryUrl,
    manufacturer: doc.manufacturer,
    manufacturerId: doc.manufacturerId,
    manufacturerUrl: doc.manufacturerUrl,
    series: doc.series,
    seriesId: doc.seriesId,
    seriesUrl: doc.seriesUrl,
    releaseYear: doc.releaseYear,
    releaseMonth: doc.releaseMonth,
    image: doc.images.find((i) => i.kind === 'front')?.path ?? doc.imagePath,
    thumbnail: doc.imagePath,
    basePrice: doc.basePrice,
    questions,
  };
}

function pageFields(doc: Omit<CategoryDoc, 'questions'> | ManufacturerDoc | SeriesDoc): PageEntity {
  return {
    id: doc.id,
    name: doc.name,
    title: doc.title,
    url: doc.url,
    content: doc.content,
    metaDescription: doc.metaDescription,
    metaKeywords: doc.metaKeywords,
    thumbnail: doc.imagePath,
  };
}

export function toCategory(doc: Omit<CategoryDoc, 'questions'>): Category {
  return {
    ...pageFields(doc),
    key: doc.key,
    manufacturers: doc.manufacturers.map(link),
    topManufacturers: doc.topManufacturers.map(link),
    topSeries: doc.topSeries.map(link),
  };
}

export function toManufacturer(doc: ManufacturerDoc): Manufacturer {
  return {
    ...pageFields(doc),
    category: { id: doc.categoryId, name: doc.categoryName, url: doc.categoryUrl },
    series: doc.series.map(link),
    topSeries: doc.topSeries.map(link),
  };
}

export function toSeries(doc: SeriesDoc): Series {
  return {
    ...pageFields(doc),
    category: { id: doc.categoryId, name: doc.categoryName, url: doc.categoryUrl },
    manufacturer: { id: doc.manufacturerId, name: doc.manufacturerName, url: doc.manufacturerUrl },
  };
}

export async function fetchCategories(ctx: CatalogueApi): Promise<Category[]> {
  return (await search(ctx, 'aggregations', { ...categoriesQuery(), _source: CATEGORY_PAGE_SOURCE }, CategoryPageSchema)).map(toCategory);
}

/** The categories as the home page links them: title, slug and picture only. */
export async function fetchCategoryCards(ctx: CatalogueApi): Promise<CategoryCard[]> {
  const docs = await search(ctx, 'aggregations', { ...categoriesQuery(), _source: CATEGORY_CARD_SOURCE }, CategoryCardSchema);
  return docs.map((d) => ({ id: d.id, title: d.title, url: d.url, thumbnail: d.imagePath }));
}

export async function fetchCategoryByUrl(ctx: CatalogueApi, url: string): Promise<Category | null> {
  const [doc] = await search(
    ctx,
    'aggregations',
    { ...pageByUrlQuery(url, ['category']), _source: CATEGORY_PAGE_SOURCE },
    CategoryPageSchema,
  );
  return doc ? toCategory(doc) : null;
}

export type OverviewPage =
  { readonly type: 'manufacturer'; readonly page: Manufacturer } | { readonly type: 'series'; readonly page: Series };

/** The manufacturer or series page behind a product overview slug. */
export async function fetchOverviewByUrl(ctx: CatalogueApi, url: string): Promise<OverviewPage | null> {
  const types: PageType[] = ['manufacturer', 'series'];
  const [doc] = await search(ctx, 'aggregations', { ...pageByUrlQuery(url, types), _source: CATEGORY_PAGE_SOURCE }, AggregationDocSchema);
  if (!doc) return null;
  if (doc.type === 'manufacturer') return { type: 'manufacturer', page: toManufacturer(ManufacturerDocSchema.parse(doc)) };
  if (doc.type === 'series') return { type: 'series', page: toSeries(SeriesDocSchema.parse(doc)) };
  return null;
}

/** A device with the condition questions of its category. */
export async function fetchDeviceByUrl(ctx: CatalogueApi, url: string): Promise<Device | null> {
  const [doc] = await search(ctx, 'devices', { ...deviceByUrlQuery(url), _source: DEVICE_SOURCE }, DeviceFieldsSchema);
  if (!doc) return null;
  const [category] = await search(
    ctx,
    'aggregations',
    { ...pageByUrlQuery(doc.categoryUrl, ['category']), _source: ['questions'] },
    QuestionsSchema,
  );
  return toDevice(doc, questionsFor(doc.platform, category?.questions ?? []));
}

type QuestionDoc = z.infer<typeof QuestionsSchema>['questions'][number];

/** The category's questions in the texts of the device's platform (the plain texts serve 'other'). */
export function questionsFor(platform: Platform, questions: readonly QuestionDoc[]): Question[] {
  return questions.map(({ platforms, ...q }) => {
    const texts = platform === 'other' ? undefined : platforms[platform];
    return { ...q, question: texts?.question ?? q.question, description: texts?.description ?? q.description };
  });
}

export async function fetchDevicesOf(ctx: CatalogueApi, overview: OverviewPage): Promise<Device[]> {
  const body = overview.type === 'series' ? devicesBySeriesQuery(overview.page.id) : devicesByManufacturerQuery(overview.page.id);
  return (await search(ctx, 'devices', { ...body, _source: DEVICE_SOURCE }, DeviceFieldsSchema)).map((d) => toDevice(d));
}

export async function fetchPopularDevices(ctx: CatalogueApi, size = 8): Promise<Device[]> {
  return (await search(ctx, 'devices', { ...popularDevicesQuery(size), _source: DEVICE_SOURCE }, DeviceFieldsSchema)).map((d) =>
    toDevice(d),
  );
}

/** A category's most popular models (one device per model, its best-known variant), for the category page. */
export async function fetchTopDevicesOfCategory(ctx: CatalogueApi, categoryId: number, size = 8): Promise<Device[]> {
  const body = {
    query: { bool: { filter: [{ term: { categoryId } }] } },
    sort: [{ popularity: { order: 'desc' } }, { id: { order: 'asc' } }],
    size: size * 5,
  };
  const docs = await search(ctx, 'devices', { ...body, _source: DEVICE_SOURCE }, DeviceFieldsSchema);
  const seen = new Set<string>();
  const top = docs.filter((d) => !seen.has(d.model) && seen.add(d.model));
  return top.slice(0, size).map((d) => toDevice(d));
}

/** The devices of `ids`, in that order (ids no longer in the index are left out). */
export async function fetchDevicesByIds(ctx: CatalogueApi, ids: readonly number[]): Promise<Device[]> {
  if (ids.length === 0) return [];
  const body = { query: { bool: { filter: [{ terms: { id: [...ids] } }] } }, size: ids.length };
  const docs = await search(ctx, 'devices', { ...body, _source: DEVICE_SOURCE }, DeviceFieldsSchema);
  const byId = new Map(docs.map((d) => [d.id, toDevice(d)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Hits asked for per suggestion: enough for `size` distinct models when each has a few variants. */
const HITS_PER_SUGGESTION = 5;

/** The header box's suggestions: one per model (its best variant), so sizes of one model do not push others away. */
export async function searchDevices(ctx: CatalogueApi, text: string, size = 8): Promise<Device[]> {
  if (text.trim().length < 2) return [];
  const body = { ...deviceSearchQuery(text, size * HITS_PER_SUGGESTION), _source: DEVICE_SOURCE };
  const docs = await search(ctx, 'devices', body, DeviceFieldsSchema);
  return groupByModel(docs)
    .slice(0, size)
    .map((g) => toDevice(g.first));
}

/** A results line: a model's best variant and, with it, its other variants on the page (issue 30). */
function withVariants(group: { first: DeviceFields; others: DeviceFields[] }): Device {
  const variants = group.others.map((d) => ({ id: d.id, name: d.name, url: d.url }));
  return { ...toDevice(group.first), ...(variants.length > 0 ? { variants } : {}) };
}

const transports = new WeakMap<object, SearchTransport>();

/** Searches over HTTP with an API client made once per options object. */
export function httpSearchFor(options: ApiClientOptions): SearchTransport {
  let transport = transports.get(options);
  if (!transport) transports.set(options, (transport = httpSearch(createApiClient(options))));
  return transport;
}

/** The catalogue calls of one shop over HTTP. */
export function catalogueApi(options: ApiClientOptions, locale: Locale): CatalogueApi {
  return { search: httpSearchFor(options), locale };
}

/** What the results page asks: the text, optional category (URL slug) and brand filters, the page (1-based). */
export interface ResultsRequest {
  readonly q: string;
  readonly category?: string;
  readonly brand?: string;
  readonly page: number;
}

export interface Facet {
  readonly key: string;
  readonly count: number;
}

export interface ResultsPage {
  readonly total: number;
  readonly devices: readonly Device[];
  /** Category URL slugs and brands among all matches, most matches first. */
  readonly categories: readonly Facet[];
  readonly brands: readonly Facet[];
  /** With no match: brand and category names near the text's words (did you mean), or none. */
  readonly suggestions: readonly string[];
}

export const RESULTS_PAGE_SIZE = 24;

const facets = (buckets: readonly { key: string | number; doc_count: number }[] | undefined): Facet[] =>
  (buckets ?? []).map((b) => ({ key: String(b.key), count: b.doc_count }));

/** One page of the device search with the category and brand counts of all its matches. */
export async function fetchResultsPage(ctx: CatalogueApi, request: ResultsRequest): Promise<ResultsPage> {
  const application = countryConfig(ctx.locale).elasticIndexes.devices;
  const base = deviceSearchQuery(request.q, RESULTS_PAGE_SIZE);
  const filter = [
    ...(request.category ? [{ term: { categoryUrl: request.category } }] : []),
    ...(request.brand ? [{ term: { brand: request.brand } }] : []),
  ];
  const body: SearchBody = {
    query: { bool: { must: [base.query], filter } },
    from: (request.page - 1) * RESULTS_PAGE_SIZE,
    size: RESULTS_PAGE_SIZE,
    aggs: { categories: { terms: { field: 'categoryUrl', size: 20 } }, brands: { terms: { field: 'brand', size: 30 } } },
    _source: DEVICE_SOURCE,
  };
  let raw: unknown;
  try {
    // A new search (first page, no filter) is counted for the zero-result report; paging and filtering are not.
    const submitted = request.page === 1 && filter.length === 0 ? { submitted: request.q } : {};
    raw = await ctx.search({ search: body, application, resultSize: RESULTS_PAGE_SIZE, ...submitted });
  } catch (error) {
    throw new CatalogueUnavailableError(error);
  }
  const parsed = SearchResponseSchema(DeviceFieldsSchema).safeParse(raw);
  if (!parsed.success) throw new CatalogueUnavailableError(parsed.error);
  const { hits, aggregations } = parsed.data;
  const total = hits.total.value;
  const suggestions = total === 0 && filter.length === 0 ? await fetchSuggestions(ctx, request.q) : [];
  return {
    total,
    devices: groupByModel(hits.hits.map((h) => h._source)).map(withVariants),
    categories: facets(aggregations?.categories?.buckets),
    brands: facets(aggregations?.brands?.buckets),
    suggestions,
  };
}

const SuggestionSchema = z.object({ type: z.string(), name: z.string() });

/** Did you mean: the brands and categories whose names are nearest the words of a text nothing matched. */
export async function fetchSuggestions(ctx: CatalogueApi, text: string, count = 5): Promise<string[]> {
  const body = suggestionQuery(text, count * 4);
  if (!body) return [];
  return suggestionNames(await search(ctx, 'aggregations', body, SuggestionSchema), count);
}
