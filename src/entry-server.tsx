// Server rendering of one request: the shop's catalog, a router for the shop, the full document.

import { RouterServer, createRequestHandler, renderRouterToString } from '@tanstack/react-router/ssr/server';
import { isBotUserAgent } from './config/bots';
import type { ShopContext } from './config/hosts';
import { createI18n, catalogPath, loadMessages, withAccountMessages } from './i18n/i18n';
import { AppProviders } from './routes/app-providers';
import { createAppRouter } from './routes/router';
import type { PageAssets } from './contracts/page-assets';

export interface RenderInput {
  readonly request: Request;
  readonly shop: ShopContext;
  /** Chooses the built files for the matched page modules (keys like `./pages/home.tsx`) and catalog. */
  readonly resolveAssets: (modules: { pages: string[]; catalog: string }) => PageAssets;
  /** The shop API as seen from the server (a fetch that dispatches into the app). */
  readonly api: { readonly baseURL: string; readonly fetch: typeof globalThis.fetch };
  /** Receives loader failures of the rendered page (spec §8: logged on the server only). */
  readonly onError?: (error: unknown) => void;
}

export async function render({ request, shop, resolveAssets, api, onError }: RenderInput): Promise<Response> {
  const i18n = createI18n(shop.locale, await loadMessages(shop.locale));
  // The server always has every message; the browser loads the account ones with the pages that use them.
  await withAccountMessages(i18n, shop.locale);
  const isBot = isBotUserAgent(request.headers.get('user-agent'));
  const handler = createRequestHandler({ request, createRouter: () => createAppRouter({ shop, i18n, api, isBot }) });
  return handler(({ router, responseHeaders }) => {
    for (const match of router.state.matches) if (match.status === 'error') onError?.(match.error);
    const pages = router.state.matches.flatMap((m) => (m.staticData.page ? [m.staticData.page] : []));
    const assets = resolveAssets({ pages, catalog: catalogPath(shop.locale) });
    return renderRouterToString({
      router,
      responseHeaders,
      children: (
        <AppProviders shop={shop} i18n={i18n} assets={assets} api={api}>
          <RouterServer router={router} />
        </AppProviders>
      ),
    });
  });
}
