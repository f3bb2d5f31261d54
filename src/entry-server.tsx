// Server rendering of one request: the shop's catalog, a router for the shop, the full document.

import { RouterServer, createRequestHandler, renderRouterToString } from '@tanstack/react-router/ssr/server';
import type { ShopContext } from './config/hosts';
import { createI18n, catalogPath, loadMessages } from './i18n/i18n';
import { AppProviders } from './routes/app-providers';
import { createAppRouter } from './routes/router';
import type { PageAssets } from './contracts/page-assets';

export interface RenderInput {
  readonly request: Request;
  readonly shop: ShopContext;
  /** Chooses the built files for the matched page modules (keys like `./pages/home.tsx`) and catalog. */
  readonly resolveAssets: (modules: { pages: string[]; catalog: string }) => PageAssets;
}

export async function render({ request, shop, resolveAssets }: RenderInput): Promise<Response> {
  const i18n = createI18n(shop.locale, await loadMessages(shop.locale));
  const handler = createRequestHandler({ request, createRouter: () => createAppRouter({ shop, i18n }) });
  return handler(({ router, responseHeaders }) => {
    const pages = router.state.matches.flatMap((m) => (m.staticData.page ? [m.staticData.page] : []));
    const assets = resolveAssets({ pages, catalog: catalogPath(shop.locale) });
    return renderRouterToString({
      router,
      responseHeaders,
      children: (
        <AppProviders shop={shop} i18n={i18n} assets={assets}>
          <RouterServer router={router} />
        </AppProviders>
      ),
    });
  });
}
