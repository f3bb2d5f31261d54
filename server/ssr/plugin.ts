// The shop's pages as a plugin (`pages`): every route of the localized route map rendered on the
// server (src/entry-server, product §2), the built browser files, legacy redirects (301), the
// sitemap, robots.txt, the device pictures, the question form posted without JavaScript (decision
// 052) and the 404 of unknown API paths. Catalogue pages are kept until the catalogue changes
// (decision 017); route loaders search the catalogue and read the content pages in process.

import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import { lookupHost, resolveShop, type ShopContext } from '../../src/config/hosts';
import { findRedirect } from '../../src/config/redirects';
import type { OfferFormOutcome } from '../../src/contracts/offers';
import type { PageAssets } from '../../src/contracts/page-assets';
import type { SearchTransport } from '../../src/services/catalogue/transport';
import type { ContentSource } from '../../src/services/content/source';
import { seedPictures } from '../catalogue/pictures';
import { submittedSearchCounter } from '../catalogue/search-log';
import type { SearchBackend } from '../catalogue/search-service';
import type { CatalogueStore } from '../catalogue/store';
import type { ContentLibrary } from '../content/library';
import type { Database } from '../db/client';
import { HASHED_FILE, IMMUTABLE } from '../http/hashed-files';
import { IN_PROCESS_HEADER, IN_PROCESS_MARK } from '../http/metrics';
import { domainPlugin } from '../http/plugin';
import { offerFormStatus, submitOfferForm } from '../offers/form';
import { OfferWriter } from '../offers/writer';
import type { AssetResolver } from './assets';
import { inProcessSearch } from './catalogue-search';
import { type CachedPage, PageCache, type StoredPage } from './page-cache';
import { inlineScriptHashes } from './script-hashes';
import { sitemapXml } from './sitemap';

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
  /** A posted question form (no JavaScript): prices its answers for the device the page shows. */
  offerForm?: (deviceId: number) => Promise<OfferFormOutcome>;
  /** The text fields of a form posted without JavaScript (the quick answer's button records its decision, decision 069). */
  postedForm?: Readonly<Record<string, string>>;
}) => Promise<Response>;

export interface PagesPluginOptions {
  /** Server renderer of a request (src/entry-server in production, Vite's module loader in development). */
  readonly render: RenderFn;
  readonly resolveAssets: AssetResolver;
  /** Built browser files to serve; absent in development, where Vite serves them. */
  readonly clientDir?: string | undefined;
  /** The content pages the route loaders read. */
  readonly content: ContentLibrary;
  /** The catalogue the loaders search and the question form prices; without it pages render without data. */
  readonly catalogue?: { readonly db: Database; readonly store: CatalogueStore; readonly search: SearchBackend } | undefined;
  /** Keep rendered catalogue pages until the catalogue changes (default: on with a catalogue). */
  readonly pageCache?: boolean | undefined;
}

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

/** An API answer a shared cache may keep, as rendering got it (see sharedAnswers). */
interface SharedAnswer {
  readonly until: number;
  readonly status: number;
  readonly headers: readonly [string, string][];
  readonly body: Uint8Array<ArrayBuffer>;
}

/**
 * How long a shared cache may keep an answer to a GET: `public` with `max-age` (the review summary every
 * footer reads), nothing that sets a cookie or varies by request; 0 for every other answer.
 */
function sharedMaxAgeMs(method: string, status: number, headers: Record<string, unknown>): number {
  if (method !== 'GET' || status !== 200 || headers['set-cookie'] !== undefined) return 0;
  const vary = String(headers.vary ?? '').toLowerCase();
  if (vary !== '' && vary !== 'accept-encoding') return 0;
  const cacheControl = String(headers['cache-control'] ?? '');
  const maxAge = /(?:^|,)\s*max-age=(\d+)/.exec(cacheControl)?.[1];
  return /(?:^|,)\s*public\s*(?:,|$)/.test(cacheControl) && maxAge ? Number(maxAge) * 1000 : 0;
}

/**
 * A fetch that dispatches into this app (server rendering calls the API without a network hop; /metrics
 * does not count it). Like any shared cache between the page and the API, it keeps what the API marks
 * public for as long as the API says (`shared`, one per app).
 */
function injectFetch(app: FastifyInstance, host: string, shared: Map<string, SharedAnswer>): typeof globalThis.fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = init?.method ?? 'GET';
    const key = `${host} ${url.pathname}${url.search}`;
    const kept = method === 'GET' ? shared.get(key) : undefined;
    if (kept && Date.now() < kept.until) return new Response(kept.body, { status: kept.status, headers: [...kept.headers] });
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: { ...headers, host, [IN_PROCESS_HEADER]: IN_PROCESS_MARK },
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const responseHeaders: [string, string][] = [];
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) responseHeaders.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
    }
    const body = new Uint8Array(response.rawPayload);
    const maxAgeMs = sharedMaxAgeMs(method, response.statusCode, response.headers);
    if (maxAgeMs > 0) {
      if (shared.size >= SHARED_ANSWERS) shared.delete(shared.keys().next().value!);
      shared.set(key, { until: Date.now() + maxAgeMs, status: response.statusCode, headers: responseHeaders, body });
    }
    return new Response(body, { status: response.statusCode, headers: responseHeaders });
  };
}

/** At most this many kept API answers (the oldest stored goes first). */
const SHARED_ANSWERS = 100;

/** A page's status, its rendered headers and its script policy on the answer. */
function answerAs(reply: FastifyReply, page: Omit<CachedPage, 'renderedAt' | 'body'>): FastifyReply {
  reply.status(page.status);
  for (const [name, value] of page.headers) if (name !== 'content-length') reply.header(name, value);
  reply.cspScriptSources = page.scriptSources;
  return reply;
}

/** A rendered page as it is: the compress plugin encodes it for this answer. */
function sendPage(reply: FastifyReply, page: Omit<CachedPage, 'renderedAt'>): FastifyReply {
  return answerAs(reply, page).send(page.body);
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page to keep, compressed once at the highest levels on libuv's threads (the main thread goes on
 * answering): every later answer is one of these buffers (decision 089).
 */
async function storedForm(page: CachedPage): Promise<StoredPage> {
  const [br, gz] = await Promise.all([
    brotliAsync(page.body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: page.body.length },
    }),
    gzipAsync(page.body, { level: zlib.Z_BEST_COMPRESSION }),
  ]);
  return { ...page, encoded: { br, gzip: gz }, digest: createHash('sha256').update(page.body).digest('base64url') };
}

/** The encoding a request accepts, as the compress plugin chooses it (`*` and x-gzip mean gzip). */
function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const header = request.headers['accept-encoding'];
  if (!header) return undefined;
  return negotiate<'br' | 'gzip'>(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ['br', 'gzip']) ?? undefined;
}

/** A kept page in the encoding the request accepts, with its strong entity tag; 304 when the browser has it. */
function sendStored(request: FastifyRequest, reply: FastifyReply, page: StoredPage, vary: string): FastifyReply {
  const encoding = acceptedEncoding(request);
  const etag = `"${page.digest}${encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : ''}"`;
  answerAs(reply, page).header('ETag', etag).header('Vary', vary);
  if (fresh(request.headers, { etag })) return reply.status(304).send();
  if (!encoding) return reply.send(page.body);
  return reply.header('Content-Encoding', encoding).send(page.encoded[encoding]);
}

export const pagesPlugin = domainPlugin<PagesPluginOptions>('pages', async (app, options) => {
  // Legacy URLs (product §2.4) answer 301 before anything renders; the query string is kept.
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
    const setHeaders = (res: { header(name: string, value: string): unknown }, path: string) => {
      // builds/latest.json tells running pages about a new deployment: never from a cache.
      res.header('Cache-Control', path.includes('/assets/') ? IMMUTABLE : path.includes('/builds/') ? 'no-cache' : 'public, max-age=3600');
    };
    // The build's files are listed once; a route per folder (assets, builds, images, video) and per
    // top-level file serves those listed. @fastify/static's own modes cost more: a route per file
    // (wildcard: false) made start-up glob the ~530 files and add a thousand routes (issue 34), and its
    // wildcard route reads the folder on every request to check the path's spelling. A path that is not
    // a file of the build is a plain 404; the page routes own every other path.
    await app.register(fastifyStatic, { root: options.clientDir, serve: false, preCompressed: true, index: false, setHeaders });
    const clientDir = options.clientDir;
    const entries = readdirSync(clientDir, { recursive: true, withFileTypes: true });
    const files = new Set(
      entries
        .filter((entry) => entry.isFile())
        .map((entry) => relative(clientDir, join(entry.parentPath, entry.name)).split(sep).join('/')),
    );
    const sendBuildFile = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0]!.slice(1);
      // The build's file names need no escapes: a path with any (even a malformed one) is no file of it.
      if (!files.has(path)) return reply.callNotFound();
      return path.startsWith('assets/') ? reply.sendFile(path, HASHED_FILE) : reply.sendFile(path);
    };
    for (const entry of entries.filter((entry) => entry.parentPath === clientDir))
      app.get(entry.isDirectory() ? `/${entry.name}/*` : `/${entry.name}`, sendBuildFile);
  }

  app.all('/api/*', async (request, reply) =>
    reply
      .status(404)
      .send({ statusCode: 404, error: 'Not Found', message: `No API endpoint ${request.method} ${request.url.split('?')[0]}` }),
  );

  // Route loaders search the catalogue in process; catalogue pages are rendered once per shop and URL
  // until the catalogue changes (docs/decisions/017).
  const { catalogue: api, content } = options;
  const catalogueSearch = api ? inProcessSearch(api.search, submittedSearchCounter(api.db, app.log)) : undefined;
  const pageCache = api && options.pageCache !== false ? new PageCache() : undefined;
  /** API answers rendering may reuse (public, for their max-age): the review summary of every footer. */
  const sharedAnswers = new Map<string, SharedAnswer>();
  /** Pages being compressed to be kept: a request for one meanwhile waits for it instead of rendering it again. */
  const storing = new Map<string, Promise<StoredPage>>();
  let catalogueGeneration = 0;
  api?.store.onChange(() => {
    catalogueGeneration++;
    pageCache?.clear();
    storing.clear();
  });

  /** Renders the request's page; `catalogue` tells whether it may be kept in the page cache. */
  const renderFresh = async (
    request: FastifyRequest,
    shop: ShopContext,
    posted?: { offerForm: (deviceId: number) => Promise<OfferFormOutcome>; fields: Readonly<Record<string, string>> },
  ) => {
    let catalogue = false;
    const response = await options.render({
      request: toFetchRequest(request),
      shop,
      resolveAssets: options.resolveAssets,
      api: { baseURL: `${request.protocol}://${request.host}`, fetch: injectFetch(app, request.host, sharedAnswers) },
      catalogueSearch,
      content: content.source,
      onError: (error) => request.log.error({ err: error, path: request.url.split('?')[0] }, 'page data failed to load'),
      onRendered: (page) => {
        catalogue = page.catalogue;
      },
      ...(posted && { offerForm: posted.offerForm, postedForm: posted.fields }),
    });
    const html = await response.text();
    const page: CachedPage = {
      renderedAt: Date.now(),
      status: response.status,
      headers: [...response.headers],
      body: Buffer.from(html),
      scriptSources: inlineScriptHashes(html),
    };
    return { page, catalogue };
  };

  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const shop = resolveShop(request.hostname, request.headers.cookie);
    reply.header('Cache-Control', 'private, no-cache');
    if (shop.languageSwitchable) reply.header('Vary', 'Cookie');
    const key = PageCache.key(shop, request.url);
    // A kept form that failed to be made is logged where it failed; this request renders the page.
    const kept = key === undefined ? undefined : (pageCache?.get(key) ?? (await storing.get(key)?.catch(() => undefined)));
    const vary = shop.languageSwitchable ? 'Accept-Encoding, Cookie' : 'Accept-Encoding';
    if (kept) return sendStored(request, reply, kept, vary);
    const generation = catalogueGeneration;
    const { page, catalogue } = await renderFresh(request, shop);
    // A page rendered while the catalogue changed may show the old one: it is sent, not kept. This
    // answer is compressed by the compress plugin; the kept form is made meanwhile.
    if (pageCache && key !== undefined && catalogue && page.status === 200 && generation === catalogueGeneration && !storing.has(key)) {
      const stored = storedForm(page);
      storing.set(key, stored);
      void stored.then(
        (done) => {
          if (storing.get(key) !== stored) return;
          storing.delete(key);
          pageCache.set(key, done);
        },
        (error: unknown) => {
          storing.delete(key);
          request.log.error({ err: error }, 'a rendered page could not be compressed to be kept');
        },
      );
    }
    return sendPage(reply, page);
  };
  app.get('/*', renderPage);
  app.get('/', renderPage);

  // Without JavaScript the question form of a product detail page posts to the page itself, which
  // answers with the offer (decision 052). Only these routes parse form bodies: the API keeps refusing
  // them (415), so a form on another site cannot post to it.
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
        const { page } = await renderFresh(request, shop, {
          offerForm: async (deviceId) => {
            outcome = await submitOfferForm(writer, api.store, shop.locale, deviceId, fields);
            return outcome;
          },
          fields,
        });
        // A page without a question form (or a device that no longer exists) is shown as it is; the
        // quick answer's form has recorded its decision while rendering, and is then read again (303).
        // (One leading slash: "//host/…" would send the browser to another site.)
        if (!outcome) return page.status === 200 ? reply.redirect(request.url.replace(/^\/+/, '/'), 303) : sendPage(reply, page);
        reply.header('Cache-Control', 'private, no-store');
        if (shop.languageSwitchable) reply.header('Vary', 'Cookie');
        return sendPage(reply, { ...page, status: page.status === 200 ? offerFormStatus(outcome) : page.status });
      };
      pages.post('/*', postPage);
      pages.post('/', postPage);
    });
  }
});
