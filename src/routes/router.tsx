// Builds the router of one shop: one route per screen of the route map that exists in the shop's
// locale, at its localized path, each page loaded lazily.

import { createRoute, createRouter, lazyRouteComponent, notFound, type AnyRoute } from '@tanstack/react-router';
import { contentPageForSlug } from '../config/content';
import type { ShopContext } from '../config/hosts';
import { pathTemplate, routedScreens, toRouterPath, type ScreenId } from '../config/routes';
import type { I18n } from '@lingui/core';
import { CONTENT_TITLES } from '../ui/content-titles';
import { createShopRootRoute } from './root';
import { SCREEN_TITLES, pageModuleKey, pageScreenOf } from './screens';

type PageModule = { default: React.ComponentType };

/** Page modules, keyed like `./pages/contact.tsx`: each becomes its own chunk. */
export const PAGE_MODULES = import.meta.glob<PageModule>('./pages/*.tsx');

const SHOP_NAME = 'trade-in';

function titleOf(screen: ScreenId, i18n: I18n, params: Record<string, string>, shop: ShopContext): string {
  if (screen === 'content') {
    const page = contentPageForSlug(shop.locale, params.slug ?? '');
    if (page) return i18n._(CONTENT_TITLES[page]);
  }
  return i18n._(SCREEN_TITLES[pageScreenOf(screen)]);
}

function screenRoute(rootRoute: AnyRoute, screen: ScreenId, shop: ShopContext): AnyRoute {
  const page = pageModuleKey(screen);
  const load = PAGE_MODULES[page];
  if (!load) throw new Error(`missing page module ${page}`);
  return createRoute({
    getParentRoute: () => rootRoute,
    path: toRouterPath(pathTemplate(screen, shop.locale) as string),
    staticData: { screen, page },
    beforeLoad: ({ params }) => {
      const slug = (params as Record<string, string>).slug;
      if (screen === 'content' && !contentPageForSlug(shop.locale, slug ?? '')) throw notFound();
    },
    head: ({ match, params }) => ({
      meta: [{ title: `${titleOf(screen, match.context.i18n, params as Record<string, string>, shop)} | ${SHOP_NAME}` }],
    }),
    component: lazyRouteComponent(load),
  });
}

export function createAppRouter(context: { shop: ShopContext; i18n: I18n }) {
  const rootRoute = createShopRootRoute();
  const routeTree = rootRoute.addChildren(
    routedScreens(context.shop.locale).map((s) => screenRoute(rootRoute, s, context.shop)),
  );
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
