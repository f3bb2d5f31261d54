// Route loaders of the catalogue screens. They run on the server for the first page and in the browser
// on navigation; each puts its data in the page's QueryClient through a `queryOptions` factory (one
// module per call in src/services/catalogue). Those modules load lazily, so their code (zod, the
// query layer) stays out of the entry.

import { isNotFound, notFound } from '@tanstack/react-router';
import { contentPageForSlug, type ContentPage } from '../config/content';
import type { ClarificationView } from '../contracts/clarifications';
import type { ContentDocument } from '../contracts/content';
import type { OfferFormOutcome } from '../contracts/offers';
import type { TradeView } from '../contracts/trade-view';
import type { ApiClient } from '../services/api-client';
import type { CatalogueApi } from '../services/catalogue/search';
import type { answerClarification, ClarificationRef, undoClarificationAnswer } from '../services/clarifications';
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

export interface ClarificationLinkData {
  readonly kind: 'clarificationLink';
  readonly clarificationId: string;
  readonly tradeNumber: string;
  /** The quick answer's new offer; null on the clarification page. */
  readonly offerId: string | null;
  /** The link's token; null when opened from the account. */
  readonly token: string | null;
  /** The clarification as the link opens it, loaded once here; null: the page's flow loads it (no token, or the server could not answer now). */
  readonly view: ClarificationView | null;
}

/** What the quick-answer page's form sends without JavaScript (decision 069): its one button's value. */
const QUICK_FORM_FIELD = 'quickAnswer';

/**
 * A clarification link (/clarification/{id}/{trade}?token=…): the clarification is loaded before the
 * page renders (on the server in process, through the shop API's inject fetch), so the first HTML
 * shows it, and a wrong, foreign or expired link answers the expired-link 404 page with status 404
 * (product §2.5, §8). Without a token (opened from the account) the page's flow asks with the
 * session instead; a failure that is not the link's (5xx, no answer) is left to the flow, which
 * offers a retry. The quick-answer page's form posted without JavaScript (`postedForm`) records
 * its decision (accept, or undo) here, before the view is read.
 */
export async function checkClarificationLink(
  context: Pick<RouterContext, 'api' | 'postedForm'>,
  params: { id?: string; trade?: string; offerid?: string },
  searchStr: string,
): Promise<ClarificationLinkData> {
  // Read from the raw query: the router's search parser could turn a token into a number.
  const token = new URLSearchParams(searchStr).get('token');
  const link = {
    kind: 'clarificationLink' as const,
    clarificationId: params.id ?? '',
    tradeNumber: params.trade ?? '',
    offerId: params.offerid ?? null,
    token,
  };
  if (token === null) return { ...link, view: null };
  const [{ createApiClient, statusOf }, clarifications] = await Promise.all([
    import('../services/api-client'),
    import('../services/clarifications'),
  ]);
  const api = createApiClient(context.api);
  const ref = { clarificationId: link.clarificationId, tradeNumber: link.tradeNumber, token };
  try {
    const posted = link.offerId === null ? undefined : context.postedForm?.[QUICK_FORM_FIELD];
    if (posted === 'accept' || posted === 'undo') await decideQuickAnswer(api, ref, posted, clarifications, statusOf);
    const view = await clarifications.fetchClarification(api, ref);
    if (view.status === 'expired') throw notFound();
    return { ...link, view };
  } catch (error) {
    if (isNotFound(error)) throw error;
    const status = statusOf(error);
    if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) throw notFound();
    return { ...link, view: null };
  }
}

/** The quick answer's form without JavaScript: accept the link's own clarification, or take that answer back. */
async function decideQuickAnswer(
  api: ApiClient,
  ref: ClarificationRef,
  decision: 'accept' | 'undo',
  clarifications: { answerClarification: typeof answerClarification; undoClarificationAnswer: typeof undoClarificationAnswer },
  statusOf: (error: unknown) => number | undefined,
): Promise<void> {
  try {
    if (decision === 'undo') await clarifications.undoClarificationAnswer(api, ref);
    else {
      const decisions = [{ clarificationId: ref.clarificationId, decision: 'accept' as const }];
      await clarifications.answerClarification(api, ref, decisions, globalThis.crypto.randomUUID());
    }
  } catch (error) {
    // Answered before (a second press), moved on or too late: the page shows what is true now.
    if (statusOf(error) === 409 || statusOf(error) === 410) return;
    throw error;
  }
}

export interface ReviewLinkData {
  readonly kind: 'reviewLink';
  readonly tradeId: string;
  readonly token: string;
  /** open: the form; reviewed: thanks; invalid or expired: the link's problem; unavailable: try again later. */
  readonly status: 'open' | 'reviewed' | 'invalid' | 'expired' | 'unavailable';
  readonly firstName: string;
  /** The page's HTTP status when it is not 200: the link's problem is said on the page, and the status tells robots and logs. */
  readonly httpStatus?: PageHttpStatus;
}

/** What a page may answer instead of 200 while still rendering itself (see entry-server.tsx). */
export type PageHttpStatus = 404 | 410 | 503;

/** A review link (/<review path>/{trade}?token=…) checked before the page renders. */
export async function checkReviewLink(
  context: Pick<RouterContext, 'api'>,
  params: { trade?: string },
  searchStr: string,
): Promise<ReviewLinkData> {
  const token = new URLSearchParams(searchStr).get('token') ?? '';
  const link = { kind: 'reviewLink' as const, tradeId: params.trade ?? '', token, firstName: '' };
  if (token === '') return { ...link, status: 'invalid', httpStatus: 404 };
  const [{ createApiClient, statusOf }, { fetchReviewLink }] = await Promise.all([
    import('../services/api-client'),
    import('../services/reviews'),
  ]);
  try {
    const answer = await fetchReviewLink(createApiClient(context.api), link.tradeId, token);
    return { ...link, status: answer.status, firstName: answer.firstName };
  } catch (error) {
    const status = statusOf(error);
    if (status === 410) return { ...link, status: 'expired', httpStatus: 410 };
    if (status !== undefined && status < 500) return { ...link, status: 'invalid', httpStatus: 404 };
    return { ...link, status: 'unavailable', httpStatus: 503 };
  }
}

export interface TradeStatusData {
  readonly kind: 'tradeStatus';
  readonly tradeNumber: string;
  /** open: the trade; invalid or expired: the link's problem; unavailable: try again later. */
  readonly status: 'open' | 'invalid' | 'expired' | 'unavailable';
  readonly trade: TradeView | null;
  readonly httpStatus?: PageHttpStatus;
}

/** A guest trade link (/<trade path>/{trade}?token=…): the trade, read before the page renders (in process on the server). */
export async function loadTradeStatus(
  context: Pick<RouterContext, 'api'>,
  params: { trade?: string },
  searchStr: string,
): Promise<TradeStatusData> {
  const token = new URLSearchParams(searchStr).get('token') ?? '';
  const link = { kind: 'tradeStatus' as const, tradeNumber: params.trade ?? '', trade: null };
  if (token === '') return { ...link, status: 'invalid', httpStatus: 404 };
  const [{ createApiClient, statusOf }, { fetchTradeStatus }] = await Promise.all([
    import('../services/api-client'),
    import('../services/trade-status'),
  ]);
  try {
    return { ...link, status: 'open', trade: await fetchTradeStatus(createApiClient(context.api), link.tradeNumber, token) };
  } catch (error) {
    const status = statusOf(error);
    if (status === 410) return { ...link, status: 'expired', httpStatus: 410 };
    if (status !== undefined && status < 500) return { ...link, status: 'invalid', httpStatus: 404 };
    return { ...link, status: 'unavailable', httpStatus: 503 };
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
