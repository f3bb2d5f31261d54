// Route loaders of the catalogue screens. They run on the server for the first page and in the browser
// on navigation; each puts its data in the page's QueryClient through a `queryOptions` factory (one
// module per call in src/services/catalogue). Those modules load lazily, so their code (zod, the
// query layer) stays out of the entry.

import { notFound } from '@tanstack/react-router';
import { contentPageForSlug, type ContentPage } from '../config/content';
import type { ContentDocument } from '../contracts/content';
import type { OfferFormOutcome } from '../contracts/offers';
import type { CatalogueApi } from '../services/catalogue/search';
import type { CategoryData } from '../services/catalogue/get-category';
import type { DeviceData } from '../services/catalogue/get-device';
import type { HomeData as CatalogueHome } from '../services/catalogue/get-home';
import type { HomeBanner } from '../config/home-banners';
import type { OverviewData } from '../services/catalogue/get-overview';
import type { SearchResultsData } from '../services/catalogue/get-search-results';
import type { RouterContext } from './root';

export type { CategoryData, DeviceData, OverviewData, SearchResultsData };

/** A product detail page: the device and, when the page answers its posted question form, the outcome. */
export interface DevicePageData extends DeviceData {
  readonly posted: OfferFormOutcome | null;
}

/** The home page: the catalogue's categories and popular devices, and the country's banner of today. */
export interface HomeData extends CatalogueHome {
  readonly banner: HomeBanner | null;
}

export type LoaderContext = Pick<RouterContext, 'shop' | 'queryClient' | 'catalogueSearch' | 'content' | 'offerForm'>;

const catalogueOf = (context: LoaderContext): CatalogueApi => ({ search: context.catalogueSearch, locale: context.shop.locale });

function found<T>(data: T | null): T {
  if (data === null) throw notFound();
  return data;
}

export async function loadHome(context: LoaderContext & Pick<RouterContext, 'api'>): Promise<HomeData> {
  const [queryClient, { homeQueryOptions }, { homeBannerOf }] = await Promise.all([
    context.queryClient.load(),
    import('../services/catalogue/get-home'),
    import('../config/home-banners'),
  ]);
  const home = await queryClient.ensureQueryData(homeQueryOptions(catalogueOf(context), await popularIdsOf(context)));
  return { ...home, banner: homeBannerOf(context.shop, new Date()) ?? null };
}

export async function loadSellCategory(context: LoaderContext, url: string): Promise<CategoryData> {
  const [queryClient, { categoryQueryOptions }] = await Promise.all([
    context.queryClient.load(),
    import('../services/catalogue/get-category'),
  ]);
  return found(await queryClient.ensureQueryData(categoryQueryOptions(catalogueOf(context), url)));
}

export async function loadOverview(context: LoaderContext, url: string): Promise<OverviewData> {
  const [queryClient, { overviewQueryOptions }] = await Promise.all([
    context.queryClient.load(),
    import('../services/catalogue/get-overview'),
  ]);
  return found(await queryClient.ensureQueryData(overviewQueryOptions(catalogueOf(context), url)));
}

/** The device page's data with the outcome of its posted question form (server only; null otherwise). */
async function devicePage(context: LoaderContext, data: DeviceData): Promise<DevicePageData> {
  return { ...data, posted: context.offerForm ? await context.offerForm(data.device.id) : null };
}

export async function loadDevice(context: LoaderContext, url: string): Promise<DevicePageData> {
  const [queryClient, { deviceQueryOptions }] = await Promise.all([context.queryClient.load(), import('../services/catalogue/get-device')]);
  return devicePage(context, found(await queryClient.ensureQueryData(deviceQueryOptions(catalogueOf(context), url))));
}

/** The default locale's shared /products/{slug}: a device, else a manufacturer or series (product §2). */
export async function loadProduct(context: LoaderContext, url: string): Promise<DevicePageData | OverviewData> {
  const [queryClient, { productQueryOptions }] = await Promise.all([
    context.queryClient.load(),
    import('../services/catalogue/get-product'),
  ]);
  const data = found(await queryClient.ensureQueryData(productQueryOptions(catalogueOf(context), url)));
  return data.kind === 'device' ? devicePage(context, data) : data;
}

/** The results page's query string: ?q= (the text), ?category= (a category slug), ?brand=, ?page=. */
export interface ResultsSearch {
  readonly q: string;
  readonly category?: string;
  readonly brand?: string;
  readonly page: number;
}

const MAX_QUERY_LENGTH = 100;
const MAX_PAGE = 400;

/** Reads the results page's query string; anything malformed falls back (no text, page 1). */
export function readResultsSearch(search: Record<string, unknown>): ResultsSearch {
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');
  const page = Number(text(search.page));
  const category = text(search.category).slice(0, MAX_QUERY_LENGTH);
  const brand = text(search.brand).slice(0, MAX_QUERY_LENGTH);
  return {
    q: text(search.q).slice(0, MAX_QUERY_LENGTH),
    ...(category ? { category } : {}),
    ...(brand ? { brand } : {}),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

export async function loadSearchResults(context: LoaderContext, request: ResultsSearch): Promise<SearchResultsData> {
  const [queryClient, { searchResultsQueryOptions }] = await Promise.all([
    context.queryClient.load(),
    import('../services/catalogue/get-search-results'),
  ]);
  return queryClient.ensureQueryData(searchResultsQueryOptions(catalogueOf(context), request));
}

export interface ContentData {
  readonly kind: 'content';
  readonly page: ContentPage;
  /** The page's text, rendered and sanitised on the server from its Markdown file. */
  readonly document: ContentDocument;
}

/** An information page: which one the slug names and its text (unknown slugs are not found). */
export async function loadContent(context: LoaderContext, slug: string): Promise<ContentData> {
  const page = found(contentPageForSlug(context.shop.locale, slug) ?? null);
  return { kind: 'content', page, document: found(await context.content(context.shop.locale, page)) };
}

/** Title, description and keywords a catalogue page takes from its data. */
export interface PageMeta {
  readonly title: string;
  readonly description: string;
  readonly keywords: string;
}

export function metaOf(data: CategoryData | OverviewData | DeviceData): PageMeta {
  switch (data.kind) {
    case 'category':
      return { title: data.category.title, description: data.category.metaDescription, keywords: data.category.metaKeywords };
    case 'overview':
      return {
        title: data.overview.page.title,
        description: data.overview.page.metaDescription,
        keywords: data.overview.page.metaKeywords,
      };
    case 'device': {
      const d = data.device;
      return {
        title: d.name,
        description: `${d.name}: ${d.category}, ${d.manufacturer} ${d.series}`,
        keywords: [d.model, d.manufacturer, d.series, d.category].join(', '),
      };
    }
  }
}

/** The shop's popular device ids, or null when they cannot be read (the home page then ranks by itself). */
async function popularIdsOf(context: Pick<RouterContext, 'api'>): Promise<number[] | null> {
  const [{ createApiClient }, { fetchPopularIds }] = await Promise.all([
    import('../services/api-client'),
    import('../services/catalogue/popular'),
  ]);
  try {
    return await fetchPopularIds(createApiClient(context.api));
  } catch {
    return null;
  }
}
