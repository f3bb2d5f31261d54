// Catalogue calls: a search request (spec §7 POST {trade base}/searches) through a transport — HTTP
// in the browser, the engine itself during server rendering — results parsed with the shared contract
// and mapped to the spec §3 entities. Each call asks only for the fields its entity needs.
// Failures surface as CatalogueUnavailableError.

import { countryConfig } from '../../config/countries';
import type { Locale } from '../../config/locales';
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

/** Development only (spec §7): a basic authorisation header for a protected search endpoint. */
const DEV_SEARCH_AUTH: string | undefined = import.meta.env.DEV ? import.meta.env.VITE_SEARCH_BASIC_AUTH : undefined;
const SEARCH_HEADERS = DEV_SEARCH_AUTH ? { authorization: `Basic ${btoa(DEV_SEARCH_AUTH)}` } : undefined;

/** POST {trade base}/searches over HTTP ('' = the shop's own server). */
export function httpSearch(api: ApiClient, tradeBase = ''): SearchTransport {
  return (request) => api(`${tradeBase}/searches`, { method: 'POST', headers: SEARCH_HEADERS, body: request });
}

async function search<T>(ctx: CatalogueApi, index: 'devices' | 'aggregations', body: SearchBody, schema: z.ZodType<T>): Promise<T[]> {
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
const DeviceFieldsSchema = DeviceDocSchema.omit({ searchTerms: true, popularity: true });
type DeviceFields = Omit<DeviceDoc, 'searchTerms' | 'popularity'>;
const DEVICE_SOURCE = { excludes: ['searchTerms', 'popularity'] };

/** A category page: everything but the condition questions (the largest part of the document). */
const CategoryPageSchema = CategoryDocSchema.omit({ questions: true });
const CATEGORY_PAGE_SOURCE = { excludes: ['questions'] };

const CategoryCardSchema = CategoryDocSchema.pick({ id: true, title: true, url: true, imagePath: true });
const CATEGORY_CARD_SOURCE = ['id', 'title', 'url', 'imagePath'];

const QuestionsSchema = CategoryDocSchema.pick({ questions: true });

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
  return toDevice(doc, category?.questions ?? []);
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

export async function searchDevices(ctx: CatalogueApi, text: string, size = 8): Promise<Device[]> {
  if (text.trim().length < 2) return [];
  return (await search(ctx, 'devices', { ...deviceSearchQuery(text, size), _source: DEVICE_SOURCE }, DeviceFieldsSchema)).map((d) =>
    toDevice(d),
  );
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
