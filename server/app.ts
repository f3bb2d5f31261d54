// The Fastify app factory used by `npm start`, `npm run dev`, the tests and the benchmarks: the HTTP
// platform, the staff host's gate (decision 071), then one plugin per domain with the named services it
// declares (docs/architecture.md, "The server"), then the pages. Without `api` only pages, assets and
// health are served.

import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { accountsPlugin } from './accounts/plugin';
import type { AccountServices } from './accounts/services';
import { businessPlugin } from './business/plugin';
import { cataloguePlugin } from './catalogue/plugin';
import type { UpcomingPrices } from './catalogue/price-schedule';
import type { SearchBackend } from './catalogue/search-service';
import type { CatalogueStore } from './catalogue/store';
import { clarificationsPlugin } from './clarifications/plugin';
import { contactPlugin } from './contact/plugin';
import type { ContactServices } from './contact/services';
import { contentLibrary, type ContentLibrary } from './content/library';
import { contentPlugin } from './content/plugin';
import { customersPlugin } from './customers/plugin';
import type { Database } from './db/client';
import type { MetricsAccess, PoolStats } from './http/metrics';
import { httpPlatform } from './http/plugin';
import { MemoryRateLimiter, type RateLimitRule } from './http/rate-limit';
import type { SecurityHeaderOptions } from './http/security-headers';
import { newsletterPlugin } from './newsletter/plugin';
import type { NewsletterSigner } from './newsletter/signing';
import { offersPlugin } from './offers/plugin';
import { operationsPlugin } from './operations/plugin';
import { loggerOptions } from './platform/logger';
import { reviewsPlugin } from './reviews/plugin';
import type { ShippingServices } from './shipping';
import { staffHost } from './staff/host';
import { staffPlugin, type StaffServices } from './staff/plugin';
import type { AssetResolver } from './ssr/assets';
import { pagesPlugin, type RenderFn } from './ssr/plugin';
import { trackingPlugin } from './tracking/plugin';
import { guestTradeLookup } from './trades/guest-account';
import { tradesPlugin } from './trades/plugin';
import { tradeStepMails } from './trades/step-mails';

export type { RenderFn } from './ssr/plugin';

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
  /** Accounts (product §7 Account) and customer data; without it those endpoints answer 404. */
  readonly accounts?: AccountServices;
  /** Signs the newsletter's e-mail hashes and links; with `accounts`, the newsletter endpoints are served. */
  readonly newsletter?: NewsletterSigner;
  /** The contact form (POST /api/contact); without it that endpoint answers 404. */
  readonly contact?: ContactServices;
  /** Scheduled base prices, so an offer says when its device's price drops (issue 18); without it none does. */
  readonly upcomingPrices?: UpcomingPrices;
  /** Overrides the bulk offer limit per client IP (tests). */
  readonly bulkRateLimit?: RateLimitRule;
  /** PostgreSQL's pool figures for /metrics; absent on the embedded database. */
  readonly poolStats?: () => PoolStats;
  /**
   * The staff back office (decision 071): its origin and session settings. With `shipping` (its trade
   * moves mail the seller), /api/staff/* is served on the staff host.
   */
  readonly staff?: StaffServices;
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

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'info', options.logStream),
    return503OnClosing: true,
    ...(options.trustProxy !== undefined && { trustProxy: trustProxyOption(options.trustProxy) }),
  });
  const { api } = options;
  const mailQueue = api?.shipping?.mailQueue;
  const backend = api?.search;
  const searchStatus = backend?.status && (() => backend.status!());
  await app.register(httpPlatform, { security: options.security });
  await app.register(operationsPlugin, {
    db: api?.db,
    metrics: options.metrics,
    metricsSources: {
      ...(mailQueue && { mailDepth: () => mailQueue.outbox.depth() }),
      ...(api?.poolStats && { pool: api.poolStats }),
      ...(searchStatus && { search: searchStatus }),
    },
    apiDocs: options.apiDocs,
    mail: api?.shipping,
    searchStatus,
  });
  if (options.setup) await options.setup(app);
  // The staff host answers the back office only, and no other host answers it.
  await app.register(staffHost, {
    origin: api?.staff?.origin,
    staffDir: options.clientDir && join(options.clientDir, '..', 'staff'),
  });

  if (api) {
    const { db, store, search, shipping, accounts, contact } = api;
    const tokens = accounts?.tokens;
    // The shared counter (memory, or Redis with REDIS_URL) where the accounts or the contact form have one.
    const limiter = accounts?.limiter ?? contact?.limiter ?? new MemoryRateLimiter();
    await app.register(cataloguePlugin, { db, store, search, searchBasicAuth: api.searchBasicAuth });
    await app.register(offersPlugin, {
      db,
      store,
      upcoming: api.upcomingPrices,
      accounts,
      shares: shipping?.offerShares,
      cartHoldStops: shipping?.cartHoldStops,
    });
    await app.register(businessPlugin, { db, store, search, limiter, rateLimit: api.bulkRateLimit, labels: shipping?.labels });
    await app.register(tradesPlugin, {
      db,
      mail: shipping,
      tokens,
      tradePages: shipping && {
        links: shipping.trades,
        clarificationPath: (id, tradeNumber, deadline) => shipping.clarifications.path(id, tradeNumber, deadline),
      },
      certificates: shipping?.certificates,
    });
    if (shipping) {
      await app.register(clarificationsPlugin, { db, store, mail: shipping, tokens });
      await app.register(reviewsPlugin, { db, links: shipping.reviews });
    }
    if (contact) await app.register(contactPlugin, { db, services: contact });
    if (shipping && api.staff) {
      await app.register(staffPlugin, {
        ...api.staff,
        db,
        store,
        limiter,
        mails: tradeStepMails(shipping),
        mailer: shipping.mailer,
        ...(accounts?.afterAnswer && { afterAnswer: accounts.afterAnswer }),
        clarificationMails: shipping,
        certificates: shipping.certificates,
        returnLabels: { url: (tradeId, locale, brand) => `${shipping.publicOrigin(locale, brand)}${shipping.labels.returnPath(tradeId)}` },
      });
    }
    if (accounts) {
      await app.register(accountsPlugin, { db, accounts, guestTrades: shipping && guestTradeLookup(db, shipping.trades) });
      await app.register(customersPlugin, { db, accounts, labels: shipping?.labels, certificates: shipping?.certificates });
      if (api.newsletter) await app.register(newsletterPlugin, { db, accounts, signer: api.newsletter });
      await app.register(trackingPlugin, { db, accounts, devPages: shipping?.devMailbox ?? false });
    }
  }

  const content = options.content ?? contentLibrary();
  await app.register(contentPlugin, { library: content });
  await app.register(pagesPlugin, {
    render: options.render,
    resolveAssets: options.resolveAssets,
    clientDir: options.clientDir,
    content,
    catalogue: api,
    pageCache: options.pageCache,
  });
  return app;
}
