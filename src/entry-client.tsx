// Browser start: read the shop and assets the server rendered with, load the catalog, hydrate.

import { RouterClient } from '@tanstack/react-router/ssr/client';
import { hydrateRoot } from 'react-dom/client';
import { isBotUserAgent } from './config/bots';
import { SHOP_MODES, type ShopMode } from './config/hosts';
import { assertLocale } from './config/locales';
import { createI18n, loadMessages } from './i18n/i18n';
import { AppProviders } from './routes/app-providers';
import { INLINE_CSS_ELEMENT_ID, PAGE_ASSETS_ELEMENT_ID } from './routes/root';
import { createAppRouter } from './routes/router';
import { lazyHttpSearch } from './services/catalogue/lazy-http-search';
import { lazyHttpContent } from './services/content/http-source';
import { lazyQueryClient } from './services/query-client';
import { installReloadGuard } from './services/reload-guard';
import type { PageAssets } from './contracts/page-assets';
import './ui/styles.css';

async function start() {
  installReloadGuard();
  const root = document.documentElement;
  const locale = assertLocale(root.dataset.locale);
  const mode = (SHOP_MODES as readonly string[]).includes(root.dataset.mode ?? '') ? (root.dataset.mode as ShopMode) : 'default';
  const shop = { locale, mode, languageSwitchable: root.dataset.switchable === 'true' };
  const listed = JSON.parse(document.getElementById(PAGE_ASSETS_ELEMENT_ID)?.textContent ?? '{}') as PageAssets;
  const inlineCss = document.getElementById(INLINE_CSS_ELEMENT_ID)?.textContent;
  const assets: PageAssets = inlineCss === undefined || inlineCss === null ? listed : { ...listed, inlineCss };
  const i18n = createI18n(locale, await loadMessages(locale));
  const api = { baseURL: '' };
  // The page's one QueryClient, made (and its code loaded) when a loader or the account data first needs it.
  const queryClient = lazyQueryClient(() => import('./services/new-query-client').then((m) => m.newQueryClient()));
  // The page's CSP nonce (the browser hides the attribute, not the property): scripts rendered again carry it too.
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
  const router = createAppRouter(
    {
      shop,
      i18n,
      api,
      isBot: isBotUserAgent(navigator.userAgent),
      queryClient,
      catalogueSearch: lazyHttpSearch(api),
      content: lazyHttpContent(api),
    },
    nonce ? { nonce } : {},
  );
  hydrateRoot(
    document,
    <AppProviders shop={shop} i18n={i18n} assets={assets} api={api}>
      <RouterClient router={router} />
    </AppProviders>,
  );
}

void start();
