// Browser start: read the shop and assets the server rendered with, load the catalog, hydrate.

import { RouterClient } from '@tanstack/react-router/ssr/client';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { isBotUserAgent } from './config/bots';
import { SHOP_MODES, type ShopMode } from './config/hosts';
import { assertLocale } from './config/locales';
import { createI18n, loadMessages } from './i18n/i18n';
import { AppProviders } from './routes/app-providers';
import { createAppRouter } from './routes/router';
import { lazyHttpSearch } from './services/catalogue/lazy-http-search';
import { lazyHttpContent } from './services/content/http-source';
import { lazyQueryClient } from './services/query-client';
import { installReloadGuard } from './services/reload-guard';
import { ENTRY_LOADER_ELEMENT_ID, INLINE_CSS_ELEMENT_ID, PAGE_ASSETS_ELEMENT_ID, type PageAssets } from './contracts/page-assets';

async function start() {
  installReloadGuard();
  const root = document.documentElement;
  const locale = assertLocale(root.dataset.locale);
  const mode = (SHOP_MODES as readonly string[]).includes(root.dataset.mode ?? '') ? (root.dataset.mode as ShopMode) : 'default';
  const shop = { locale, mode, languageSwitchable: root.dataset.switchable === 'true' };
  const listed = JSON.parse(document.getElementById(PAGE_ASSETS_ELEMENT_ID)?.textContent ?? '{}') as PageAssets;
  // The inlined texts are not in the list: read back from their elements, so hydration renders them alike.
  const inlineCss = document.getElementById(INLINE_CSS_ELEMENT_ID)?.textContent ?? undefined;
  const entryLoader = document.getElementById(ENTRY_LOADER_ELEMENT_ID)?.textContent ?? undefined;
  const assets: PageAssets = { ...listed, inlineCss, entryLoader };
  const i18n = createI18n(locale, await loadMessages(locale));
  const api = { baseURL: '' };
  // The page's one QueryClient, made (and its code loaded) when a loader or the account data first needs it.
  const queryClient = lazyQueryClient(() => import('./services/new-query-client').then((m) => m.newQueryClient()));
  const router = createAppRouter({
    shop,
    i18n,
    api,
    isBot: isBotUserAgent(navigator.userAgent),
    queryClient,
    catalogueSearch: lazyHttpSearch(api),
    content: lazyHttpContent(api),
  });
  // Hydrated as a transition: React yields to the browser every few milliseconds instead of hydrating
  // the whole page in one long task, so a tap or a keypress during start-up is answered.
  startTransition(() => {
    hydrateRoot(
      document,
      <AppProviders shop={shop} i18n={i18n} assets={assets} api={api}>
        <RouterClient router={router} />
      </AppProviders>,
    );
  });
}

void start();
