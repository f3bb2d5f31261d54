// Builds the router of one shop: one route per screen of the route map that exists in the shop's
// locale, at its localized path, each page loaded lazily; catalogue screens load their data first.

import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createRoute, createRouter, lazyRouteComponent, notFound, type AnyRoute } from '@tanstack/react-router';
import { contentPageForSlug } from '../config/content';
import type { ShopContext } from '../config/hosts';
import { pathTemplate, routedScreens, toRouterPath, type ScreenId } from '../config/routes';
import { withAccountMessages } from '../i18n/i18n';
import type { ApiClientOptions } from '../services/api-client';
import { CONTENT_TITLES } from '../ui/content-titles';
import { CatalogueError } from './catalogue-error';
import { type LoaderContext, type PageMeta, loadDevice, loadHome, loadOverview, loadProduct, loadSellCategory, metaOf } from './loaders';
import { createShopRootRoute } from './root';
import { SCREEN_TITLES, pageModuleKey, pageScreenOf } from './screens';

type PageModule = { default: React.ComponentType };

/** Page modules, keyed like `./pages/contact.tsx`: each becomes its own chunk. */
export const PAGE_MODULES = import.meta.glob<PageModule>('./pages/*.tsx');

const SHOP_NAME = 'trade-in';

export interface AppRouterContext {
  readonly shop: ShopContext;
  readonly i18n: I18n;
  readonly api: ApiClientOptions;
  /** A search engine crawler is asking (spec §8: it never sees search failures). */
  readonly isBot: boolean;
}

type Params = Record<string, string>;

/** Data loaders by screen; the others render from the route alone. */
function loaderOf(screen: ScreenId, locale: ShopContext['locale']) {
  switch (screen) {
    case 'home':
      return (context: LoaderContext) => loadHome(context);
    case 'sellCategory':
      return (context: LoaderContext, params: Params) => loadSellCategory(context, params.category ?? '');
    case 'productOverview':
      return (context: LoaderContext, params: Params) => loadOverview(context, params.overview ?? '');
    case 'productDetail':
      return locale === 'default'
        ? (context: LoaderContext, params: Params) => loadProduct(context, params.pdp ?? '')
        : (context: LoaderContext, params: Params) => loadDevice(context, params.pdp ?? '');
    default:
      return undefined;
  }
}

function headOf(screen: ScreenId, i18n: I18n, params: Params, shop: ShopContext, data: unknown): { title: string; meta?: PageMeta } {
  if (screen === 'content') {
    const page = contentPageForSlug(shop.locale, params.slug ?? '');
    if (page) return { title: i18n._(CONTENT_TITLES[page]) };
  }
  const meta = metaOf(data);
  if (meta && (data as { device?: unknown }).device) {
    const name = meta.title;
    return {
      title: i18n._(msg`Sell ${name}`),
      meta: { ...meta, description: i18n._(msg`Sell your used ${name}: answer a few questions and get a binding offer. Free shipping, fast payment.`) },
    };
  }
  if (meta) return { title: meta.title, meta };
  return { title: i18n._(SCREEN_TITLES[pageScreenOf(screen)]) };
}

/** Screens that show account texts (log-in, registration, account pages; the checkout's identity step). */
const ACCOUNT_TEXT_SCREENS: ReadonlySet<ScreenId> = new Set([
  'accountOverview',
  'accountRegister',
  'accountManagement',
  'accountAddressChange',
  'accountPaymentChange',
  'passwordReset',
  'passwordForgot',
  'checkout',
]);

function screenRoute(rootRoute: AnyRoute, screen: ScreenId, context: AppRouterContext): AnyRoute {
  const { shop } = context;
  const page = pageModuleKey(screen);
  const loadPage = PAGE_MODULES[page];
  if (!loadPage) throw new Error(`missing page module ${page}`);
  // The page module and, where it shows account texts, their catalog arrive together (hydration too).
  const load = ACCOUNT_TEXT_SCREENS.has(screen)
    ? () => Promise.all([loadPage(), withAccountMessages(context.i18n, shop.locale)]).then(([module]) => module)
    : loadPage;
  const loader = loaderOf(screen, shop.locale);
  return createRoute({
    getParentRoute: () => rootRoute,
    path: toRouterPath(pathTemplate(screen, shop.locale) as string),
    staticData: { screen, page },
    beforeLoad: ({ params }) => {
      const slug = (params as Params).slug;
      if (screen === 'content' && !contentPageForSlug(shop.locale, slug ?? '')) throw notFound();
    },
    loader: loader ? ({ context, params }) => loader(context as unknown as LoaderContext, params as Params) : undefined,
    head: ({ match, params, loaderData }) => {
      const head = headOf(screen, (match.context as unknown as AppRouterContext).i18n, params as Params, shop, loaderData);
      return {
        meta: [
          { title: `${head.title} | ${SHOP_NAME}` },
          ...(head.meta ? [{ name: 'description', content: head.meta.description }, { name: 'keywords', content: head.meta.keywords }] : []),
        ],
      };
    },
    errorComponent: CatalogueError,
    component: lazyRouteComponent(load),
  });
}

/** Developer pages, in development builds only (the production build drops them): the flow atlas. */
function devRoutes(rootRoute: AnyRoute): AnyRoute[] {
  if (!import.meta.env.DEV) return [];
  return [
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/dev/flows',
      head: () => ({ meta: [{ title: `Flow atlas | ${SHOP_NAME}` }] }),
      component: lazyRouteComponent(() => import('./dev/flows-page')),
    }),
  ];
}

export function createAppRouter(context: AppRouterContext) {
  const rootRoute = createShopRootRoute();
  const routeTree = rootRoute.addChildren([
    ...routedScreens(context.shop.locale).map((s) => screenRoute(rootRoute, s, context)),
    ...devRoutes(rootRoute),
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
