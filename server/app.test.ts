// The server through fastify.inject with the real SSR entry (compiled by Vite as in the build):
// status codes, redirects, sitemap, headers and what the logs contain.

import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import robotsParser from 'robots-parser';
import { LOCALES } from '../src/config/locales';
import { buildPath } from '../src/config/routes';
import { render } from '../src/entry-server';
import { buildApp } from './app';
import { readConfig } from './platform/config';
import { importCatalogue } from './catalogue/repository';
import { LocalSearch } from './catalogue/search-service';
import { CatalogueStore } from './catalogue/store';
import type { DatabaseHandle } from './db/client';
import { sitemapPaths } from './ssr/sitemap';
import { fixtureCatalogue } from './test-support/catalogue';
import { memoryDatabase } from './test-support/databases';

const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let app: FastifyInstance;
let database: DatabaseHandle;
beforeAll(async () => {
  database = await memoryDatabase();
  await importCatalogue(database.db, fixtureCatalogue());
  const store = await CatalogueStore.load(database.db);
  app = await buildApp({
    render,
    logLevel: 'info',
    logStream,
    resolveAssets: ({ pages, catalog }) => ({ entry: '/assets/entry.js', css: [], preloads: [...pages, catalog] }),
    api: { db: database.db, store, search: new LocalSearch(store) },
  });
}, 30_000);
afterAll(async () => {
  await app.close();
  await database.close();
});

const get = (host: string, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { host, ...headers } });

describe('rendering', () => {
  it('renders a country home page with lang, layout and the localized heading', async () => {
    const res = await get('de.localhost:3000', '/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toMatch(/^<!DOCTYPE html><html lang="de" dir="ltr" data-locale="de"/);
    expect(res.body).toContain('data-layout="home"');
    expect(res.body).toContain('<h1>Gebrauchte Elektronik verkaufen</h1>');
  });

  it('names the matched page module and the catalog among the preloads', async () => {
    const res = await get('it.localhost', '/contatti');
    expect(res.body).toContain('<link rel="modulepreload" href="./pages/contact.tsx"/>');
    expect(res.body).toContain('<link rel="modulepreload" href="./locales/it.po"/>');
  });

  it('answers 404 with the not-found page for a path of another country', async () => {
    const res = await get('es.localhost', '/kontakt');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>Page Not Found</title>');
    expect(res.body).toContain('data-error="Page Not Found: /kontakt"');
  });

  it('answers 404 for an unknown content slug', async () => {
    expect((await get('fr.localhost', '/content/agb')).statusCode).toBe(404);
    expect((await get('fr.localhost', '/content/cgv')).statusCode).toBe(200);
  });

  it('chooses the language from the cookie on the default host, and says the answer varies by cookie', async () => {
    const res = await get('localhost:3000', '/contatti', { cookie: 'lang=it' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('lang="it"');
    expect(res.headers.vary).toContain('Cookie');
    expect((await get('localhost:3000', '/contatti')).statusCode).toBe(404);
  });

  it('compresses HTML for clients that accept brotli', async () => {
    const res = await get('de.localhost', '/', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
  });
});

describe('catalogue pages', () => {
  it('renders a sell category with its title, description and keywords from the catalogue', async () => {
    const res = await get('de.localhost', '/verkaufen/smartphones');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Smartphones (de) | trade-in</title>');
    expect(res.body).toMatch(/<meta name="description" content="Sell Smartphones"( nonce="[^"]+")?\/>/);
    expect(res.body).toMatch(/<meta name="keywords" content="smartphones"( nonce="[^"]+")?\/>/);
    expect(res.body).toContain('<h1>Smartphones (de)</h1>');
  });

  it('lists an overview newest first, with the iPhone title override', async () => {
    const res = await get('de.localhost', '/produkte/uebersicht-apple-smartphones');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>iPhone verkaufen</h1>');
    const order = ['Apple iPhone 15 Pro 128 GB', 'Apple iPhone 13 128 GB'].map((name) => res.body.indexOf(name));
    expect(order[0]).toBeGreaterThan(0);
    expect(order[0]).toBeLessThan(order[1] as number);
  });

  it('renders a product detail with its questions and descriptions', async () => {
    const res = await get('fr.localhost', '/produits/apple-iphone-13-128-gb');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Apple iPhone 13 128 GB</h1>');
    expect(res.body).toContain('Does it switch on?');
    expect(res.body).toContain('Hold the power button.');
  });

  it('resolves the default locale /products/{slug} to a device, an overview, or 404', async () => {
    expect((await get('localhost', '/products/apple-iphone-13-128-gb')).body).toContain('<h1>Apple iPhone 13 128 GB</h1>');
    expect((await get('localhost', '/products/iphone-13')).body).toContain('data-screen="productOverview"');
    expect((await get('localhost', '/products/no-such-thing')).statusCode).toBe(404);
  });

  it('answers 404 for an unknown category, overview or device', async () => {
    expect((await get('it.localhost', '/catalogo/nope')).statusCode).toBe(404);
    expect((await get('es.localhost', '/productos/todos-los-articulos-nope')).statusCode).toBe(404);
    expect((await get('de.localhost', '/produkte/nope')).statusCode).toBe(404);
  });
});

describe('redirects', () => {
  it('answers 301 with the query kept before rendering', async () => {
    const res = await get('de.localhost', '/agb?utm_source=x&a=%20b');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/content/agb?utm_source=x&a=%20b');
  });
  it('does not redirect in Italy', async () => {
    expect((await get('it.localhost', '/agb')).statusCode).toBe(404);
  });
  it('never redirects API calls or assets', async () => {
    expect((await get('de.localhost', '/api/agb')).statusCode).toBe(404);
  });
});

describe('operations endpoints', () => {
  it('health answers 200', async () => {
    const res = await get('localhost', '/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves a sitemap per country from the host', async () => {
    const res = await get('at.localhost:3000', '/sitemap.xml');
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<loc>http://at.localhost:3000/kontakt</loc>');
    expect(res.body).not.toContain('ankaufsportal');
  });

  it('never puts an unknown Host header into the sitemap', async () => {
    const res = await get('evil.example', '/sitemap.xml');
    expect(res.body).not.toContain('evil.example');
    expect(res.body).toContain('<loc>https://tradein.com/contact</loc>');
  });

  // Read as search engines (and Lighthouse's "is-crawlable") read it: every page of the sitemap and the
  // checkout may be crawled, the account's private pages not.
  it('lets robots crawl the sitemap and the checkout, but not the account', async () => {
    const res = await get('de.localhost', '/robots.txt');
    expect(res.headers['content-type']).toContain('text/plain');
    const robots = robotsParser('http://de.localhost/robots.txt', res.body);
    const allowed = (path: string) => robots.isAllowed(`http://de.localhost${path}`, 'Googlebot');
    for (const locale of LOCALES) {
      for (const path of sitemapPaths(locale)) expect(allowed(path), `${locale} ${path}`).toBe(true);
      expect(allowed(buildPath('checkout', locale)), `${locale} checkout`).toBe(true);
      expect(allowed(buildPath('accountRegister', locale))).toBe(true);
      for (const screen of ['accountOverview', 'accountManagement', 'accountAddressChange'] as const)
        expect(allowed(buildPath(screen, locale)), `${locale} ${screen}`).toBe(false);
    }
  });

  it('answers unknown API paths with a JSON 404 a person can read', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/nothing?token=secret', headers: { host: 'de.localhost' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No API endpoint POST /api/nothing');
  });
});

describe('logging', () => {
  it('logs structured lines without query strings, cookies or authorization headers', async () => {
    await get('de.localhost', '/account/password-reset?token=very-secret-token', {
      cookie: 'session=secret-cookie',
      authorization: 'Bearer secret-bearer',
    });
    const log = lines.join('');
    expect(log).toContain('"path":"/account/password-reset"');
    expect(log).not.toContain('very-secret-token');
    expect(log).not.toContain('secret-cookie');
    expect(log).not.toContain('secret-bearer');
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  it('reads the setting as Fastify expects it', () => {
    expect(readConfig({}).TRUST_PROXY).toBeUndefined();
    expect(readConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBeUndefined();
    expect(readConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(readConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8,127.0.0.1');
  });

  it('takes the client address from X-Forwarded-For only when told to', async () => {
    const ipOf = async (trustProxy: boolean | number | undefined) => {
      const app = await buildApp({
        logLevel: 'silent',
        render: async () => new Response(''),
        resolveAssets: () => ({ entry: '', css: [], preloads: [] }),
        ...(trustProxy !== undefined && { trustProxy }),
      });
      app.get('/ip-probe', async (request) => ({ ip: request.ip }));
      const response = await app.inject({ url: '/ip-probe', headers: { 'x-forwarded-for': '203.0.113.9' }, remoteAddress: '10.1.2.3' });
      await app.close();
      return response.json().ip;
    };
    expect(await ipOf(undefined)).toBe('10.1.2.3');
    expect(await ipOf(true)).toBe('203.0.113.9');
    expect(await ipOf(1)).toBe('203.0.113.9');
  });
});
