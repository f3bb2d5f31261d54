// The root route: the whole HTML document (server-rendered, then hydrated), the layout chosen by mode
// and route, and the not-found page for unmatched paths.

import type { I18n } from '@lingui/core';
import { Suspense, lazy, useEffect, useState, type LinkHTMLAttributes } from 'react';
import {
  HeadContent,
  Outlet,
  type ParsedLocation,
  Scripts,
  createRootRouteWithContext,
  useRouter,
  useRouterState,
} from '@tanstack/react-router';
import type { ShopContext } from '../config/hosts';
import type { OfferFormOutcome } from '../contracts/offers';
import type { ApiClientOptions } from '../services/api-client';
import type { SearchTransport } from '../services/catalogue/transport';
import type { ContentSource } from '../services/content/source';
import type { QueryClientHandle } from '../services/query-client';
import { brandOf } from '../config/brands';
import { layoutFor } from '../config/layouts';
import { LANGUAGE_TAG, TEXT_DIRECTION } from '../config/locales';
import type { ScreenId } from '../config/routes';
import { ConsentSlot } from '../ui/consent/consent-slot';
import { ShopRouterBridge, useHydrated } from '../ui/shop-actor';
import { Layout } from '../ui/layout/layout';
import { usePageAssets } from '../ui/page-assets';
import { ENTRY_LOADER_ELEMENT_ID, PAGE_ASSETS_ELEMENT_ID, INLINE_CSS_ELEMENT_ID } from '../contracts/page-assets';
import { useShop } from '../ui/shop-context';
import { NotFoundPage } from './not-found';
import { loadReviewSummary, type RootData } from './root-data';
import { countryConfig } from '../config/countries';
import { BUILD_CHECK_INTERVAL_MS } from '../config/constants';

/** A link that names a sheet without loading it: React renders `disabled`, which its types do not list for a link. */
const NAMED_ONLY = { disabled: true } as LinkHTMLAttributes<HTMLLinkElement>;

// Both act only after the first render (a later navigation, a new build): their code loads when
// they are first needed, outside the page's initial JavaScript (issue 15 budget: 110 KB brotli), and
// the server never renders them (a lazy component would abort the server's render of its boundary).
const RouteFocus = lazy(() => import('../ui/layout/route-focus').then((m) => ({ default: m.RouteFocus })));
const BuildNotice = lazy(() => import('../ui/layout/build-notice').then((m) => ({ default: m.BuildNotice })));

/** How often a running production page asks whether a new build is live (issue 12). */
const buildCheckIntervalMs = Number(import.meta.env.VITE_BUILD_CHECK_INTERVAL_MS) || BUILD_CHECK_INTERVAL_MS;

// A first visit fetches at most 15 KB of JavaScript after its initial scripts (bench/after-hydration.mjs):
// the route focus loads with the first client-side navigation, which it then handles; the build
// notice and its check load when the first check is due, one interval after start.
function AfterHydration() {
  const router = useRouter();
  // Where the latest navigation goes: the route focus handles the one it was loaded for (a quicker
  // second navigation while its code loads replaces the first), then the later ones itself.
  const [navigation, setNavigation] = useState<ParsedLocation | null>(null);
  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', ({ fromLocation, pathChanged, toLocation }) => {
        if (fromLocation && pathChanged) setNavigation(toLocation);
      }),
    [router],
  );
  const [buildCheckDue, setBuildCheckDue] = useState(false);
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    const timer = setTimeout(() => setBuildCheckDue(true), buildCheckIntervalMs);
    return () => clearTimeout(timer);
  }, []);
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      {navigation && <RouteFocus navigation={navigation} />}
      {buildCheckDue && <BuildNotice intervalMs={buildCheckIntervalMs} />}
    </Suspense>
  );
}

/** What every route's loader and component reads from the router (typed through `Register`). */
export interface RouterContext {
  readonly shop: ShopContext;
  readonly i18n: I18n;
  readonly api: ApiClientOptions;
  /** A search engine crawler is asking (product §8: it never sees search failures). */
  readonly isBot: boolean;
  /** The page's one QueryClient: one per request on the server, one per page in the browser. */
  readonly queryClient: QueryClientHandle;
  /** Catalogue searches: over HTTP in the browser, the engine in process during server rendering. */
  readonly catalogueSearch: SearchTransport;
  /** Content pages: read in process during server rendering, over HTTP in the browser. */
  readonly content: ContentSource;
  /** Server only, when the page answers its posted question form (no JavaScript): prices it for a device. */
  readonly offerForm?: (deviceId: number) => Promise<OfferFormOutcome>;
  /** Server only, when the page answers a form posted without JavaScript: its text fields (the quick answer's button). */
  readonly postedForm?: Readonly<Record<string, string>>;
}

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The header search's words, on a page opened from its results (the search_submitted event). */
    searchTerm?: string;
  }
  interface StaticDataRouteOption {
    screen?: ScreenId;
    page?: string;
  }
}

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function RootDocument() {
  const shop = useShop();
  const assets = usePageAssets();
  const isHome = useRouterState({
    select: (s) => s.matches.at(-1)?.staticData.screen === 'home' && s.matches.at(-1)?.status === 'success',
  });
  const layout = layoutFor(shop.mode, isHome);
  // Content-Security-Policy: only the page's inline scripts run, named by their hashes, and what they
  // add (server/ssr/script-hashes.ts, decision 089): nothing here carries a nonce.
  return (
    <html
      lang={LANGUAGE_TAG[shop.locale]}
      dir={TEXT_DIRECTION[shop.locale]}
      data-locale={shop.locale}
      data-mode={shop.mode}
      data-brand={brandOf(shop.mode)}
      data-switchable={String(shop.languageSwitchable)}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <HeadContent />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.inlineCss !== undefined && <style id={INLINE_CSS_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: assets.inlineCss }} />}
        {/* Inlined sheets stay named by a disabled link, which fetches nothing: Vite's preload helper
            skips a sheet it finds as a stylesheet link, so a later chunk that lists it does not fetch
            and apply it again (decision 099). */}
        {assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} {...(assets.inlineCss !== undefined && NAMED_ONLY)} />
        ))}
        {assets.entryLoader === undefined && assets.preloads.map((href) => <link key={href} rel="modulepreload" href={href} />)}
        <script
          id={PAGE_ASSETS_ELEMENT_ID}
          type="application/json"
          dangerouslySetInnerHTML={{ __html: scriptJson({ ...assets, inlineCss: undefined, entryLoader: undefined }) }}
        />
      </head>
      <body>
        <Layout name={layout} home={isHome}>
          <Outlet />
        </Layout>
        <ShopRouterBridge />
        <ConsentSlot />
        <AfterHydration />
        <Scripts />
        {assets.entryLoader === undefined ? (
          <script type="module" src={assets.entry} />
        ) : (
          <script id={ENTRY_LOADER_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: assets.entryLoader }} />
        )}
      </body>
    </html>
  );
}

/** A new root per router: each shop's router gets its own route tree. */
export function createShopRootRoute() {
  return createRootRouteWithContext<RouterContext>()({
    // The footer's rating seal and slider (where the country shows them): rendered by the server with
    // the page, kept for a while on client navigation.
    loader: async ({ context }): Promise<RootData> => ({
      kind: 'root',
      reviews: countryConfig(context.shop.locale).features.hasRatingSeal ? await loadReviewSummary(context.api) : null,
    }),
    staleTime: 5 * 60_000,
    component: RootDocument,
    notFoundComponent: NotFoundPage,
  });
}
