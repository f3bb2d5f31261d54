// The Fastify app factory used by `npm start`, `npm run dev`, the tests and the benchmarks: health,
// legacy redirects, sitemap, static assets and server rendering of every shop route.

import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { resolveShop } from '../src/config/hosts';
import { lookupHost } from '../src/config/hosts';
import { findRedirect } from '../src/config/redirects';
import type { ShopContext } from '../src/config/hosts';
import type { PageAssets } from '../src/contracts/page-assets';
import type { OfferFormOutcome } from '../src/contracts/offers';
import { MemoryRateLimiter, type RateLimitRule } from './http/rate-limit';
import type { AccountServices } from './accounts/services';
import type { ContactServices } from './contact/services';
import type { AssetResolver } from './ssr/assets';
import type { SearchBackend } from './catalogue/search-service';
import type { CatalogueStore } from './catalogue/store';
import type { UpcomingPrices } from './catalogue/price-schedule';
import { seedPictures } from './catalogue/pictures';
import { registerReviewRoutes } from './reviews/routes';
import { registerPopularRoute } from './catalogue/popular-routes';
import { cachedPopular } from './catalogue/popular';
import type { Database } from './db/client';
import { apiErrorHandler } from './http/errors';
import { withoutParameters } from './db/errors';
import { registerInputGuard } from './http/input-guard';
import { registerMetrics, type MetricsAccess, type PoolStats } from './http/metrics';
import { collectApiRoutes } from './http/openapi';
import { registerApiDocsRoutes } from './operations/api-docs';
import { registerSecurityHeaders, type SecurityHeaderOptions } from './http/security-headers';
import type { ShippingServices } from './shipping';
import { sendClarificationMail } from './clarifications/mail';
import { registerAccountRoutes } from './accounts/routes';
import { OfferWriter } from './offers/writer';
import { offerFormStatus, submitOfferForm } from './offers/form';
import { registerBulkOfferRoutes } from './bulk/routes';
import { registerContactRoutes } from './contact/routes';
import { registerClarificationRoutes } from './clarifications/routes';
import { registerCustomerRoutes } from './customers/routes';
import { registerDevMailboxRoutes } from './operations/dev-mailbox';
import { registerLabelRoutes } from './labels/routes';
import { registerNewsletterRoutes } from './newsletter/routes';
import { registerOfferRoutes } from './offers/routes';
import { registerOfferShareRoutes } from './offers/share-routes';
import { registerCartHoldRoutes } from './offers/cart-hold-routes';
import { registerSearchRoutes } from './catalogue/search-routes';
import { registerTradeRoutes } from './trades/routes';
import { registerTrackingRoutes } from './tracking/routes';
import { registerVoucherRoutes } from './vouchers/routes';
import { loggerOptions } from './platform/logger';
import { sitemapXml } from './ssr/sitemap';
import { countSearch, deviceIndexLocale, totalOf } from './catalogue/search-log';
import { inProcessSearch, type SubmittedSearchCounter } from './ssr/catalogue-search';
import { type CachedPage, NONCE_PLACEHOLDER, PageCache, withNonce } from './ssr/page-cache';
import type { SearchTransport } from '../src/services/catalogue/transport';
import type { ContentSource } from '../src/services/content/source';
import { contentLibrary, type ContentLibrary } from './content/library';
import { registerContentRoutes } from './content/routes';

export type RenderFn = (input: {
  request: Request;
  shop: ShopContext;
  resolveAssets: (modules: { pages: string[]; catalog: string }) => PageAssets;
  /** The shop API as the page's services see it during server rendering (no network hop). */
  api: { baseURL: string; fetch: typeof globalThis.fetch };
  /** The catalogue search engine, called in process by the route loaders. */
  catalogueSearch?: SearchTransport;
  /** The content pages, read in process by the route loaders. */
  content?: ContentSource;
  onError?: (error: unknown) => void;
  /** Told whether the page is a catalogue page whose data all loaded (then it may be cached). */
  onRendered?: (page: { catalogue: boolean }) => void;
  /** The CSP nonce to put on every script of the page. */
  nonce: string;
  /** A posted question form (no JavaScript): prices its answers for the device the page shows. */
  offerForm?: (deviceId: number) => Promise<OfferFormOutcome>;
}) => Promise<Response>;

export interface ApiServices {
  readonly db: Database;
  readonly store: CatalogueStore;
  readonly search: SearchBackend;
  readonly searchBasicAuth?: string;
  /**
   * Shipping labels (GET /api/trades/{id}/label.pdf, the Label-Url answer header), the confirmation
   * mail and the developer mailbox (server/mail/services.ts); without it there are none of these.
   */
  readonly shipping?: ShippingServices;
  /** Accounts (spec §7 Account) and customer data; without it those endpoints answer 404. */
  readonly accounts?: AccountServices;
  /** The contact form (POST /api/contact); without it that endpoint answers 404. */
  readonly contact?: ContactServices;
  /** Scheduled base prices, so an offer says when its device's price drops (issue 18); without it none does. */
  readonly upcomingPrices?: UpcomingPrices;
  /** Overrides the bulk offer limit per client IP (tests). */
  readonly bulkRateLimit?: RateLimitRule;
  /** PostgreSQL's pool figures for /metrics; absent on the embedded database. */
  readonly poolStats?: () => PoolStats;
}

export interface AppOptions {
  readonly logLevel?: string;
  /** Fastify's trustProxy (TRUST_PROXY): request.ip from X-Forwarded-For behind a proxy. */
  readonly trustProxy?: boolean | number | string;
  /** Where log lines go (default stdout); tests capture them. */
  readonly logStream?: NodeJS.WritableStream;
  /** Server renderer of a request (src/entry-server in production, Vite's module loader in development). */
  readonly render: RenderFn;
  readonly resolveAssets: AssetResolver;
  /** Built browser files to serve; absent in development, where Vite serves them. */
  readonly clientDir?: string;
  /** The data behind /api and /searches; without it only pages, assets and health are served. */
  readonly api?: ApiServices;
  /** Extra set-up before the routes (development mounts Vite's middleware here). */
  readonly setup?: (app: FastifyInstance) => Promise<void>;
  /** Keep rendered catalogue pages until the catalogue changes (default: on when `api` is given). */
  readonly pageCache?: boolean;
  /** The content pages (default: the Markdown files in data/content). */
  readonly content?: ContentLibrary;
  /** Who may frame the widget hosts (server/http/security-headers.ts); default: only the shop. */
  readonly security?: SecurityHeaderOptions;
  /** Who may read /metrics (server/http/metrics.ts); default: nobody (404). */
  readonly metrics?: MetricsAccess;
  /** Serve /api/openapi.json and /api/docs (development, or API_DOCS=1). */
  readonly apiDocs?: boolean;
}

/** Fastify 5 takes a hop count as a function: trust the nearest `hops` proxies. */
function trustProxyOption(value: boolean | number | string): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A posted page form is a handful of radio choices. */
const FORM_BODY_LIMIT = 16 * 1024;
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The text fields of a parsed form body (the page routes' parser makes every value a string). */
function formFields(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function originOf(request: FastifyRequest, shop: ShopContext): string {
  // Only a host from the host table names the origin; anything else falls back to the shop's domain.
  const known = lookupHost(request.hostname);
  if (known) return `${request.protocol}://${request.host}`;
  return `https://${shop.locale === 'default' ? 'tradein.com' : `www.tradein.${shop.locale}`}`;
}

function toFetchRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(`${request.protocol}://${request.host}${request.url}`, { method: 'GET', headers });
}

/** A fetch that dispatches into this app (server rendering calls the API without a network hop). */
function injectFetch(app: FastifyInstance, host: string): typeof globalThis.fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: { ...headers, host },
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(new Uint8Array(response.rawPayload), { status: response.statusCode, headers: responseHeaders });
  };
}

/** A rendered page (fresh or from the cache) with this request's CSP nonce; the compress plugin encodes it. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: Omit<CachedPage, 'renderedAt'>): FastifyReply {
  reply.status(page.status);
  for (const [name, value] of page.headers) if (name !== 'content-length') reply.header(name, value);
  return reply.send(withNonce(page, request.cspNonce));
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'info', options.logStream),
    return503OnClosing: true,
    ...(options.trustProxy !== undefined && { trustProxy: trustProxyOption(options.trustProxy) }),
  });
  // Route schemas are zod schemas (server/http/errors.ts answers the bodies they refuse).
  app.setValidatorCompiler(validatorCompiler);
  registerSecurityHeaders(app, options.security ?? { widgetFrameAncestors: [] });
  // No API input reaches a schema with text the database refuses or nesting that overflows the stack.
  registerInputGuard(app);
  registerMetrics(app, options.metrics ?? { open: false }, {
    ...(options.api?.shipping?.mailQueue && { mailDepth: () => options.api!.shipping!.mailQueue!.outbox.depth() }),
    ...(options.api?.poolStats && { pool: options.api.poolStats }),
  });
  // Every API route registered from here on is in the OpenAPI document.
  const apiRoutes = collectApiRoutes(app);

  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });

  if (options.setup) await options.setup(app);

  // Live: the process answers. Ready: it can serve (database reachable; migrations ran before listen).
  // While shutting down, every new request (these too) gets 503 (return503OnClosing).
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    if (!options.api) return { status: 'ready' };
    try {
      await options.api.db.execute(sql`select 1`);
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: withoutParameters(error, 'readiness check') }, 'database not reachable');
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });

  // Legacy URLs (spec §2) answer 301 before anything renders; the query string is kept.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const url = request.url;
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    if (path.startsWith('/assets/') || path.startsWith('/api/')) return;
    const shop = resolveShop(request.hostname, request.headers.cookie);
    const target = findRedirect(shop.locale, path, q === -1 ? '' : url.slice(q));
    if (target) return reply.redirect(target, 301);
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const shop = resolveShop(request.hostname, request.headers.cookie);
    return reply.type('application/xml; charset=utf-8').send(sitemapXml(originOf(request, shop), shop.locale));
  });

  // Device pictures (server/catalogue/pictures.ts): content-hashed names, so cached for a year.
  app.get('/pictures/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const picture = seedPictures().file(file);
    if (!picture) return reply.status(404).type('text/plain; charset=utf-8').send('No such picture.');
    return reply.header('Cache-Control', IMMUTABLE).type('image/svg+xml').send(picture.svg);
  });

  app.get('/robots.txt', async (request, reply) => {
    const shop = resolveShop(request.hostname, request.headers.cookie);
    const origin = originOf(request, shop);
    // Account pages are private, except registering (in the sitemap); the checkout may be crawled, as it
    // shows nothing personal before the seller types (decision 063).
    const body = ['User-agent: *', 'Allow: /account/register', 'Disallow: /account', `Sitemap: ${origin}/sitemap.xml`, ''];
    return reply.type('text/plain; charset=utf-8').send(body.join('\n'));
  });

  if (options.clientDir) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      prefix: '/',
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders: (res, path) => {
        // builds/latest.json tells running pages about a new deployment: never from a cache.
        res.header(
          'Cache-Control',
          path.includes('/assets/') ? IMMUTABLE : path.includes('/builds/') ? 'no-cache' : 'public, max-age=3600',
        );
      },
    });
  }

  // Searches submitted on the results page are counted for the zero-result report (decision 041); a
  // failed count is logged, never the seller's problem.
  const countSubmitted: SubmittedSearchCounter | undefined = options.api
    ? (request, response) => {
        const locale = deviceIndexLocale(request.application);
        const total = totalOf(response);
        if (!options.api || !locale || total === null || request.submitted === undefined) return;
        countSearch(options.api.db, { locale, text: request.submitted, total, at: new Date() }).catch((error: unknown) =>
          app.log.error({ err: error }, 'counting a search failed'),
        );
      }
    : undefined;

  if (options.api) {
    registerSearchRoutes(app, options.api.search, options.api.searchBasicAuth, countSubmitted);
    registerPopularRoute(app, cachedPopular(options.api.db, options.api.store));
    registerOfferRoutes(app, options.api.db, options.api.store, options.api.upcomingPrices);
    registerBulkOfferRoutes(app, {
      writer: new OfferWriter(options.api.db),
      store: options.api.store,
      search: options.api.search,
      // The shared counter (memory, or Redis with REDIS_URL) where the accounts or the contact form have one.
      limiter: options.api.accounts?.limiter ?? options.api.contact?.limiter ?? new MemoryRateLimiter(),
      ...(options.api.bulkRateLimit && { rateLimit: options.api.bulkRateLimit }),
    });
    registerTradeRoutes(app, options.api.db, options.api.shipping, options.api.accounts?.tokens);
    if (options.api.shipping) {
      registerLabelRoutes(app, options.api.db, options.api.shipping.labels);
      registerDevMailboxRoutes(app, options.api.shipping);
      const { db, shipping } = options.api;
      registerReviewRoutes(app, db, shipping.reviews);
      registerClarificationRoutes(app, {
        db,
        store: options.api.store,
        links: shipping.clarifications,
        labels: shipping.labels,
        ...(options.api.accounts ? { tokens: options.api.accounts.tokens } : {}),
        onAnswered: async ({ tradeId }) => {
          await sendClarificationMail(shipping, db, tradeId, 'answered').catch((error: unknown) =>
            app.log.error(
              { tradeId, mailError: error instanceof Error ? error.message.slice(0, 300) : 'failed' },
              'clarification mail failed',
            ),
          );
        },
      });
    }
    registerVoucherRoutes(app, options.api.db);
    if (options.api.contact) registerContactRoutes(app, options.api.db, options.api.contact);
    if (options.api.accounts) {
      registerAccountRoutes(app, options.api.db, options.api.accounts);
      registerCustomerRoutes(app, options.api.db, options.api.accounts, options.api.shipping?.labels);
      registerNewsletterRoutes(app, options.api.db, options.api.accounts);
      if (options.api.shipping?.offerShares) {
        registerOfferShareRoutes(app, {
          db: options.api.db,
          store: options.api.store,
          accounts: options.api.accounts,
          tokens: options.api.shipping.offerShares,
          ...(options.api.upcomingPrices && { upcoming: options.api.upcomingPrices }),
        });
      }
      if (options.api.shipping?.cartHoldStops) {
        registerCartHoldRoutes(app, { db: options.api.db, accounts: options.api.accounts, stops: options.api.shipping.cartHoldStops });
      }
      registerTrackingRoutes(app, options.api.db, options.api.accounts, options.api.shipping?.devMailbox ?? false);
    }
  }

  const content = options.content ?? contentLibrary();
  registerContentRoutes(app, content);

  if (options.apiDocs) registerApiDocsRoutes(app, apiRoutes);

  app.all('/api/*', async (request, reply) =>
    reply
      .status(404)
      .send({ statusCode: 404, error: 'Not Found', message: `No API endpoint ${request.method} ${request.url.split('?')[0]}` }),
  );

  // Route loaders search the catalogue in process; catalogue pages are rendered once per shop and URL
  // until the catalogue changes (docs/decisions/017).
  const catalogueSearch = options.api ? inProcessSearch(options.api.search, countSubmitted) : undefined;
  const pageCache = options.api && options.pageCache !== false ? new PageCache() : undefined;
  let catalogueGeneration = 0;
  options.api?.store.onChange(() => {
    catalogueGeneration++;
    pageCache?.clear();
  });

  /** Renders the request's page; `catalogue` tells whether it may be kept in the page cache. */
  const renderFresh = async (request: FastifyRequest, shop: ShopContext, offerForm?: (deviceId: number) => Promise<OfferFormOutcome>) => {
    let catalogue = false;
    const response = await options.render({
      request: toFetchRequest(request),
      shop,
      resolveAssets: options.resolveAssets,
      api: { baseURL: `${request.protocol}://${request.host}`, fetch: injectFetch(app, request.host) },
      catalogueSearch,
      content: content.source,
      onError: (error) => request.log.error({ err: error, path: request.url.split('?')[0] }, 'page data failed to load'),
      onRendered: (page) => {
        catalogue = page.catalogue;
      },
      nonce: NONCE_PLACEHOLDER,
      ...(offerForm && { offerForm }),
    });
    const page: CachedPage = {
      renderedAt: Date.now(),
      status: response.status,
      headers: [...response.headers],
      body: await response.text(),
    };
    return { page, catalogue };
  };

  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const shop = resolveShop(request.hostname, request.headers.cookie);
    reply.header('Cache-Control', 'private, no-cache');
    if (shop.languageSwitchable) reply.header('Vary', 'Cookie');
    const key = PageCache.key(shop, request.url);
    const cached = key === undefined ? undefined : pageCache?.get(key);
    if (cached) return sendPage(request, reply, cached);
    const generation = catalogueGeneration;
    const { page, catalogue } = await renderFresh(request, shop);
    // A page rendered while the catalogue changed may show the old one: it is sent, not kept.
    if (pageCache && key !== undefined && catalogue && page.status === 200 && generation === catalogueGeneration) pageCache.set(key, page);
    return sendPage(request, reply, page);
  };
  app.get('/*', renderPage);
  app.get('/', renderPage);

  app.setErrorHandler(apiErrorHandler);

  // Without JavaScript the question form of a product detail page posts to the page itself, which
  // answers with the offer (decision 052). Only these routes parse form bodies: the API keeps refusing
  // them (415), so a form on another site cannot post to it.
  const { api } = options;
  if (api) {
    const writer = new OfferWriter(api.db);
    await app.register(async (pages) => {
      pages.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      });
      const postPage = async (request: FastifyRequest, reply: FastifyReply) => {
        if (!String(request.headers['content-type'] ?? '').startsWith(FORM_TYPE))
          return reply.status(415).type('text/plain; charset=utf-8').send('Pages accept only forms (application/x-www-form-urlencoded).');
        const shop = resolveShop(request.hostname, request.headers.cookie);
        const fields = formFields(request.body);
        let outcome: OfferFormOutcome | undefined;
        const { page } = await renderFresh(request, shop, async (deviceId) => {
          outcome = await submitOfferForm(writer, api.store, shop.locale, deviceId, fields);
          return outcome;
        });
        // A page without a question form (or a device that no longer exists) is shown as it is.
        // (One leading slash: "//host/…" would send the browser to another site.)
        if (!outcome) return page.status === 200 ? reply.redirect(request.url.replace(/^\/+/, '/'), 303) : sendPage(request, reply, page);
        reply.header('Cache-Control', 'private, no-store');
        if (shop.languageSwitchable) reply.header('Vary', 'Cookie');
        return sendPage(request, reply, { ...page, status: page.status === 200 ? offerFormStatus(outcome) : page.status });
      };
      pages.post('/*', postPage);
      pages.post('/', postPage);
    });
  }

  return app;
}
