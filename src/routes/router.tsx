// Builds the router of one shop: one route per screen of the route map that exists in the shop's
// locale, at its localized path, each page loaded lazily; catalogue screens load their data first.

import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createRoute, createRouter, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { pageTitle } from '../config/brands';
import { contentPageForSlug } from '../config/content';
import type { ShopMode } from '../config/hosts';
import { pathTemplate, routedScreens, toRouterPath, type ScreenId } from '../config/routes';
import { withAccountMessages } from '../i18n/i18n';
import { CONTENT_TITLES } from '../ui/content-titles';
import { CatalogueError } from './catalogue-error';
import {
  type CategoryData,
  type DeviceData,
  type OverviewData,
  loadContent,
  loadDevice,
  loadHome,
  loadOverview,
  loadProduct,
  loadSearchResults,
  loadSellCategory,
  metaOf,
  readResultsSearch,
} from './loaders';
import { type RouterContext, createShopRootRoute } from './root';
import { type PageScreen, SCREEN_DESCRIPTIONS, SCREEN_TITLES, pageModuleKey, pageScreenOf } from './screens';

type PageModule = { default: React.ComponentType };

/** Page modules, keyed like `./pages/contact.tsx`: each becomes its own chunk. */
export const PAGE_MODULES = import.meta.glob<PageModule>('./pages/*.tsx');

type ShopRootRoute = ReturnType<typeof createShopRootRoute>;

/** The path parameters of the localized screens (route paths are plain strings, decision 001). */
interface ScreenParams {
  readonly slug?: string;
  readonly category?: string;
  readonly overview?: string;
  readonly pdp?: string;
  readonly id?: string;
  readonly trade?: string;
  readonly offerid?: string;
}

function documentHead(mode: ShopMode, title: string, meta?: { description: string; keywords?: string }) {
  return {
    meta: [
      { title: pageTitle(title, mode) },
      ...(meta ? [{ name: 'description', content: meta.description }] : []),
      ...(meta?.keywords ? [{ name: 'keywords', content: meta.keywords }] : []),
    ],
  };
}

/** The head of a screen without data: its title and, where it is indexable, its description. */
function screenHead(i18n: I18n, mode: ShopMode, screen: PageScreen) {
  const description = SCREEN_DESCRIPTIONS[screen];
  return documentHead(mode, i18n._(SCREEN_TITLES[screen]), description && { description: i18n._(description) });
}

/** The head of a catalogue page: a device page says "Sell …", the others take the page's own title. */
function catalogueHead(i18n: I18n, mode: ShopMode, screen: ScreenId, data: CategoryData | OverviewData | DeviceData | undefined) {
  if (!data) return documentHead(mode, i18n._(SCREEN_TITLES[pageScreenOf(screen)]));
  const meta = metaOf(data);
  if (data.kind !== 'device') return documentHead(mode, meta.title, meta);
  const name = meta.title;
  return documentHead(mode, i18n._(msg`Sell ${name}`), {
    ...meta,
    description: i18n._(msg`Sell your used ${name}: answer a few questions and get a binding offer. Free shipping, fast payment.`),
  });
}

/**
 * Screens that show texts of the second catalog (lingui.config.ts): log-in, registration, account
 * pages, the checkout and thank-you page, the contact form, the newsletter's and the clarification's
 * pages, the business landing page. The catalogue pages (home, category, overview, device) and the
 * content pages need only the shop catalog.
 */
const ACCOUNT_TEXT_SCREENS: ReadonlySet<ScreenId> = new Set([
  'contact',
  'thankYou',
  'b2bLanding',
  'accountOverview',
  'accountRegister',
  'accountManagement',
  'accountAddressChange',
  'accountPaymentChange',
  'passwordReset',
  'passwordForgot',
  'accountSignInLink',
  'checkout',
  // The newsletter pages use the form kit (field messages, saved note).
  'newsletterEnrich',
  'newsletterEnrichHash',
  'newsletterUnsubscribe',
  'newsletterUnsubscribeSuccess',
  'clarification',
  'clarificationLegacy',
  'quickAnswer',
  'quickAnswerShort',
  'quickAnswerLegacy',
  'review',
  'tradeStatus',
]);

/**
 * Account-text screens whose page reads no account data through the data cache (TanStack Query): the
 * checkout gets the customer's details from the shop actor. It is usable without the cache's code
 * (7 KB brotli, decision 093).
 */
const WITHOUT_DATA_CACHE: ReadonlySet<ScreenId> = new Set(['checkout']);

/** What every screen route shares: its localized path, its page module (lazy) and the error page. */
function screenOptions(rootRoute: ShopRootRoute, screen: ScreenId, context: RouterContext) {
  const { shop } = context;
  const page = pageModuleKey(screen, shop.locale);
  const loadPage = PAGE_MODULES[page];
  if (!loadPage) throw new Error(`missing page module ${page}`);
  // The page module and, where it shows account texts, their catalog and the account data cache
  // arrive together (hydration too). The checkout loads only the account texts its page shows
  // (src/i18n/checkout, decision 093).
  const load = ACCOUNT_TEXT_SCREENS.has(screen)
    ? () =>
        Promise.all([
          loadPage(),
          screen === 'checkout'
            ? import('../i18n/checkout-catalog').then((catalog) => catalog.withCheckoutMessages(context.i18n, shop.locale))
            : withAccountMessages(context.i18n, shop.locale),
          WITHOUT_DATA_CACHE.has(screen) ? undefined : context.queryClient.load(),
        ]).then(([module]) => module)
    : loadPage;
  return {
    getParentRoute: () => rootRoute,
    path: toRouterPath(pathTemplate(screen, shop.locale) ?? ''),
    staticData: { screen, page },
    errorComponent: CatalogueError,
    component: lazyRouteComponent(load),
  };
}

const paramsOf = (params: ScreenParams) => params;

/** The loaders of the pages behind a mail's signed link, loaded with the first such page (./link-loaders.ts). */
const linkLoaders = () => import('./link-loaders');

/** One typed route per kind of screen: the catalogue screens load data, the others render from the route. */
function routesOf(rootRoute: ShopRootRoute, screen: ScreenId, context: RouterContext) {
  const base = screenOptions(rootRoute, screen, context);
  const { shop, i18n } = context;
  switch (screen) {
    case 'home':
      return createRoute({
        ...base,
        loader: ({ context }) => loadHome(context),
        head: () => screenHead(i18n, shop.mode, 'home'),
      });
    case 'sellCategory':
      return createRoute({
        ...base,
        loader: ({ context, params }) => loadSellCategory(context, paramsOf(params).category ?? ''),
        head: ({ loaderData }) => catalogueHead(i18n, shop.mode, screen, loaderData),
      });
    case 'productOverview':
      return createRoute({
        ...base,
        loader: ({ context, params }) => loadOverview(context, paramsOf(params).overview ?? ''),
        head: ({ loaderData }) => catalogueHead(i18n, shop.mode, screen, loaderData),
      });
    case 'productDetail':
      return createRoute({
        ...base,
        loader: ({ context, params }) =>
          shop.locale === 'default' ? loadProduct(context, paramsOf(params).pdp ?? '') : loadDevice(context, paramsOf(params).pdp ?? ''),
        head: ({ loaderData }) => catalogueHead(i18n, shop.mode, screen, loaderData),
      });
    case 'searchResults':
      return createRoute({
        ...base,
        // Read here, not with validateSearch: a validated search would type every link of the shop.
        loaderDeps: ({ search }) => readResultsSearch(search),
        loader: ({ context, deps }) => loadSearchResults(context, deps),
        head: ({ loaderData }) => {
          const title = i18n._(SCREEN_TITLES.searchResults);
          const q = loaderData?.request.q;
          const head = documentHead(shop.mode, q ? `${title}: ${q}` : title);
          // Result pages are not for search engines.
          return { meta: [...head.meta, { name: 'robots', content: 'noindex' }] };
        },
      });
    case 'content':
      return createRoute({
        ...base,
        beforeLoad: ({ params }) => {
          if (!contentPageForSlug(shop.locale, paramsOf(params).slug ?? '')) throw notFound();
        },
        loader: ({ context, params }) => loadContent(context, paramsOf(params).slug ?? ''),
        head: ({ loaderData }) =>
          loaderData
            ? documentHead(shop.mode, i18n._(CONTENT_TITLES[loaderData.page]), { description: loaderData.document.description })
            : documentHead(shop.mode, i18n._(SCREEN_TITLES.content)),
      });
    case 'clarification':
    case 'clarificationLegacy':
    case 'quickAnswer':
    case 'quickAnswerShort':
    case 'quickAnswerLegacy':
      return createRoute({
        ...base,
        loader: async ({ context, params, location }) =>
          (await linkLoaders()).checkClarificationLink(context, paramsOf(params), location.searchStr),
        head: () => documentHead(shop.mode, i18n._(SCREEN_TITLES[pageScreenOf(screen)])),
      });
    case 'review':
      return createRoute({
        ...base,
        loader: async ({ context, params, location }) =>
          (await linkLoaders()).checkReviewLink(context, paramsOf(params), location.searchStr),
        head: () => documentHead(shop.mode, i18n._(SCREEN_TITLES.review)),
      });
    case 'tradeStatus':
      return createRoute({
        ...base,
        loader: async ({ context, params, location }) =>
          (await linkLoaders()).loadTradeStatus(context, paramsOf(params), location.searchStr),
        head: () => {
          const head = documentHead(shop.mode, i18n._(SCREEN_TITLES.tradeStatus));
          // A seller's own trade, reached by a private link: not for search engines.
          return { meta: [...head.meta, { name: 'robots', content: 'noindex' }] };
        },
      });
    default:
      return createRoute({ ...base, head: () => screenHead(i18n, shop.mode, pageScreenOf(screen)) });
  }
}

/** Developer pages, in development builds only (the production build drops them): the flow atlas. */
function devRoutes(rootRoute: ShopRootRoute, mode: ShopMode) {
  if (!import.meta.env.DEV) return [];
  return [
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/dev/flows',
      head: () => ({ meta: [{ title: pageTitle('Flow atlas', mode) }] }),
      component: lazyRouteComponent(() => import('./dev/flows-page')),
    }),
  ];
}

export function createAppRouter(context: RouterContext) {
  const rootRoute = createShopRootRoute();
  const routeTree = rootRoute.addChildren([
    ...routedScreens(context.shop.locale).map((s) => routesOf(rootRoute, s, context)),
    ...devRoutes(rootRoute, context.shop.mode),
  ]);
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 30_000,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
