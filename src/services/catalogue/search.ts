// Catalogue calls: POST {trade base}/searches with a query body, results parsed with the shared
// contract and mapped to the spec §3 entities. Failures surface as CatalogueUnavailableError.

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
import { z } from 'zod';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../api-client';
import type { Category, Device, EntityLink, Manufacturer, PageEntity, Question, Series } from './entities';
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

export class CatalogueUnavailableError extends Error {
  constructor(cause: unknown) {
    super('catalogue search failed', { cause });
    this.name = 'CatalogueUnavailableError';
  }
}

export interface CatalogueApi {
  readonly api: ApiClient;
  readonly locale: Locale;
  /** Base URL of the trade API (spec §7 {trade base}); '' = the shop's own server. */
  readonly tradeBase?: string;
}

const AnyHitsSchema = SearchResponseSchema(z.unknown());

/** Development only (spec §7): a basic authorisation header for a protected search endpoint. */
const DEV_SEARCH_AUTH: string | undefined = import.meta.env.DEV ? import.meta.env.VITE_SEARCH_BASIC_AUTH : undefined;
const SEARCH_HEADERS = DEV_SEARCH_AUTH ? { authorization: `Basic ${btoa(DEV_SEARCH_AUTH)}` } : undefined;

async function search<T>(ctx: CatalogueApi, index: 'devices' | 'aggregations', body: SearchBody, schema: z.ZodType<T>): Promise<T[]> {
  const application = countryConfig(ctx.locale).elasticIndexes[index];
  let raw: unknown;
  try {
    raw = await ctx.api(`${ctx.tradeBase ?? ''}/searches`, {
      method: 'POST',
      headers: SEARCH_HEADERS,
      body: { search: body, application, resultSize: (body.size as number | undefined) ?? 10 },
    });
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

export function toDevice(doc: DeviceDoc, questions: readonly Question[] = []): Device {
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

function pageFields(doc: CategoryDoc | ManufacturerDoc | SeriesDoc): PageEntity {
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

export function toCategory(doc: CategoryDoc): Category {
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
  return (await search(ctx, 'aggregations', categoriesQuery(), CategoryDocSchema)).map(toCategory);
}

export async function fetchCategoryByUrl(ctx: CatalogueApi, url: string): Promise<Category | null> {
  const [doc] = await search(ctx, 'aggregations', pageByUrlQuery(url, ['category']), CategoryDocSchema);
  return doc ? toCategory(doc) : null;
}

export type OverviewPage = { readonly type: 'manufacturer'; readonly page: Manufacturer } | { readonly type: 'series'; readonly page: Series };

/** The manufacturer or series page behind a product overview slug. */
export async function fetchOverviewByUrl(ctx: CatalogueApi, url: string): Promise<OverviewPage | null> {
  const types: PageType[] = ['manufacturer', 'series'];
  const [doc] = await search(ctx, 'aggregations', pageByUrlQuery(url, types), AggregationDocSchema);
  if (!doc) return null;
  if (doc.type === 'manufacturer') return { type: 'manufacturer', page: toManufacturer(ManufacturerDocSchema.parse(doc)) };
  if (doc.type === 'series') return { type: 'series', page: toSeries(SeriesDocSchema.parse(doc)) };
  return null;
}

/** A device with the condition questions of its category. */
export async function fetchDeviceByUrl(ctx: CatalogueApi, url: string): Promise<Device | null> {
  const [doc] = await search(ctx, 'devices', deviceByUrlQuery(url), DeviceDocSchema);
  if (!doc) return null;
  const [category] = await search(ctx, 'aggregations', pageByUrlQuery(doc.categoryUrl, ['category']), CategoryDocSchema);
  return toDevice(doc, category?.questions ?? []);
}

export async function fetchDevicesOf(ctx: CatalogueApi, overview: OverviewPage): Promise<Device[]> {
  const body = overview.type === 'series' ? devicesBySeriesQuery(overview.page.id) : devicesByManufacturerQuery(overview.page.id);
  return (await search(ctx, 'devices', body, DeviceDocSchema)).map((d) => toDevice(d));
}

export async function fetchPopularDevices(ctx: CatalogueApi, size = 8): Promise<Device[]> {
  return (await search(ctx, 'devices', popularDevicesQuery(size), DeviceDocSchema)).map((d) => toDevice(d));
}

export async function searchDevices(ctx: CatalogueApi, text: string, size = 8): Promise<Device[]> {
  if (text.trim().length < 2) return [];
  return (await search(ctx, 'devices', deviceSearchQuery(text, size), DeviceDocSchema)).map((d) => toDevice(d));
}

const clients = new WeakMap<object, ApiClient>();

/** The catalogue calls of one shop, with an API client made once per options object. */
export function catalogueApi(options: ApiClientOptions, locale: Locale): CatalogueApi {
  let api = clients.get(options);
  if (!api) clients.set(options, (api = createApiClient(options)));
  return { api, locale };
}
