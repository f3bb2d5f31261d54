// Server rendering of one request: the shop's catalog, a router for the shop, the full document.

import { RouterServer, createRequestHandler, renderRouterToString } from '@tanstack/react-router/ssr/server';
import { isBotUserAgent } from './config/bots';
import type { ShopContext } from './config/hosts';
import type { Messages } from '@lingui/core';
import type { Locale } from './config/locales';
import { createI18n, catalogPath, loadAccountMessages, loadMessages } from './i18n/i18n';
import { AppProviders } from './routes/app-providers';
import { pageHttpStatus } from './routes/page-data';
import { createAppRouter } from './routes/router';
import type { PageAssets } from './contracts/page-assets';
import type { OfferFormOutcome } from './contracts/offers';
import { lazyHttpSearch } from './services/catalogue/lazy-http-search';
import type { SearchTransport } from './services/catalogue/transport';
import { lazyHttpContent } from './services/content/http-source';
import type { ContentSource } from './services/content/source';
import { newQueryClient } from './services/new-query-client';
import { readyQueryClient } from './services/query-client';

export interface RenderInput {
  readonly request: Request;
  readonly shop: ShopContext;
  /** Chooses the built files for the matched page modules (keys like `./pages/home.tsx`) and catalog. */
  readonly resolveAssets: (modules: { pages: string[]; catalog: string }) => PageAssets;
  /** The shop API as seen from the server (a fetch that dispatches into the app). */
  readonly api: { readonly baseURL: string; readonly fetch: typeof globalThis.fetch };
  /** The server's catalogue search, called in process; without it the loaders search through `api`. */
  readonly catalogueSearch?: SearchTransport;
  /** The server's content pages, read in process; without it the loaders ask `api`. */
  readonly content?: ContentSource;
  /** Receives loader failures of the rendered page (product §8: logged on the server only). */
  readonly onError?: (error: unknown) => void;
  /** Told what was rendered: a catalogue page whose data all loaded may be cached for anonymous visitors. */
  readonly onRendered?: (page: RenderedPage) => void;
  /** A posted question form (no JavaScript): the product detail page prices it for its device. */
  readonly offerForm?: (deviceId: number) => Promise<OfferFormOutcome>;
  /** The text fields of a form posted without JavaScript (the quick answer's button, decision 069). */
  readonly postedForm?: Readonly<Record<string, string>>;
}

/**
 * Each locale's messages, the shop's and the account screens' together, merged once per process: the
 * server always has every message, and merging them into each request's i18n copied a few thousand
 * entries per render.
 */
const SERVER_MESSAGES = new Map<Locale, Promise<Messages>>();
function serverMessages(locale: Locale): Promise<Messages> {
  let messages = SERVER_MESSAGES.get(locale);
  if (!messages) {
    messages = Promise.all([loadMessages(locale), loadAccountMessages(locale)]).then(([shop, account]) => ({ ...shop, ...account }));
    SERVER_MESSAGES.set(locale, messages);
  }
  return messages;
}

/** The screens whose page depends only on the shop, the URL and the catalogue. */
const CATALOGUE_SCREENS: ReadonlySet<string> = new Set(['home', 'sellCategory', 'productOverview', 'productDetail']);

export interface RenderedPage {
  /** The page shows only catalogue data and every loader succeeded. */
  readonly catalogue: boolean;
}

export async function render({
  request,
  shop,
  resolveAssets,
  api,
  catalogueSearch,
  content,
  onError,
  onRendered,
  offerForm,
  postedForm,
}: RenderInput): Promise<Response> {
  // The server always has every message; the browser loads the account ones with the pages that use them.
  const i18n = createI18n(shop.locale, await serverMessages(shop.locale));
  const isBot = isBotUserAgent(request.headers.get('user-agent'));
  // One QueryClient per request: nothing is shared between visitors.
  const queryClient = readyQueryClient(newQueryClient());
  const search = catalogueSearch ?? lazyHttpSearch(api);
  const handler = createRequestHandler({
    request,
    createRouter: () =>
      createAppRouter({
        shop,
        i18n,
        api,
        isBot,
        queryClient,
        catalogueSearch: search,
        content: content ?? lazyHttpContent(api),
        ...(offerForm && { offerForm }),
        ...(postedForm && { postedForm }),
      }),
  });
  return handler(({ router, responseHeaders }) => {
    for (const match of router.state.matches) if (match.status === 'error') onError?.(match.error);
    const last = router.state.matches.at(-1);
    const catalogue = router.state.matches.every((m) => m.status === 'success') && CATALOGUE_SCREENS.has(last?.staticData.screen ?? '');
    onRendered?.({ catalogue });
    const pages = router.state.matches.flatMap((m) => (m.staticData.page ? [m.staticData.page] : []));
    const assets = resolveAssets({ pages, catalog: catalogPath(shop.locale) });
    const rendered = renderRouterToString({
      router,
      responseHeaders,
      children: (
        <AppProviders shop={shop} i18n={i18n} assets={assets} api={api}>
          <RouterServer router={router} />
        </AppProviders>
      ),
    });
    // A page that renders its own problem (an invalid or expired link) still answers with its status.
    const declared = pageHttpStatus(last?.loaderData);
    if (declared === undefined) return rendered;
    return rendered.then((response) =>
      response.status === 200 ? new Response(response.body, { status: declared, headers: response.headers }) : response,
    );
  });
}
