// Server rendering with the real SSR entry: route loaders search the catalogue in process (no request
// to the shop's own POST /searches), pages carry only the fields they show, and catalogue pages are
// rendered once per shop and URL until the catalogue is imported again.

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render } from '../../src/entry-server';
import { buildApp, type RenderFn } from '../app';
import type { Catalogue } from '../catalogue/model';
import { importCatalogue } from '../catalogue/repository';
import { LocalSearch, type SearchBackend } from '../catalogue/search-service';
import { CatalogueStore } from '../catalogue/store';
import type { DatabaseHandle } from '../db/client';
import { fixtureCatalogue } from '../test-support/catalogue';
import { memoryDatabase } from '../test-support/databases';

let database: DatabaseHandle;
let store: CatalogueStore;
let app: FastifyInstance;
/** Requests that reached POST /searches (over HTTP or fastify.inject). */
let searchRequests = 0;
/** Searches the engine answered, however they were asked. */
let engineSearches = 0;
let renders = 0;

const countingRender: RenderFn = async (input) => {
  renders++;
  return render(input);
};

beforeAll(async () => {
  database = await memoryDatabase();
  await importCatalogue(database.db, fixtureCatalogue());
  store = await CatalogueStore.load(database.db);
  const local = new LocalSearch(store);
  const search: SearchBackend = {
    search: (application, body, size) => {
      engineSearches++;
      return local.search(application, body, size);
    },
  };
  app = await buildApp({
    render: countingRender,
    logLevel: 'silent',
    resolveAssets: ({ pages, catalog }) => ({ entry: '/assets/entry.js', css: [], preloads: [...pages, catalog] }),
    api: { db: database.db, store, search },
  });
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/searches')) searchRequests++;
  });
}, 30_000);
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(() => {
  searchRequests = 0;
  engineSearches = 0;
  renders = 0;
});

const get = (host: string, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { host, ...headers } });

/** The router's dehydrated state and the rest of the inline scripts of a page. */
const inlineScripts = (html: string) => [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');

describe('route loaders on the server', () => {
  it('render the home page categories without a request to the shop itself', async () => {
    const response = await get('de.localhost', '/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Smartphones (de)');
    expect(response.body).toContain('Game consoles (de)');
    expect(engineSearches).toBeGreaterThan(0);
    expect(searchRequests).toBe(0);
  });

  it('send the browser only the fields the page shows', async () => {
    const home = inlineScripts((await get('fr.localhost', '/')).body);
    expect(home).toContain('Smartphones');
    // Category pages' texts, link lists and the condition questions stay on the server.
    for (const field of ['metaDescription', 'topManufacturers', 'searchTerms', 'popularity', 'POWER']) expect(home).not.toContain(field);
    const category = inlineScripts((await get('de.localhost', '/verkaufen/smartphones')).body);
    expect(category).toContain('topManufacturers');
    expect(category).not.toContain('POWER');
    const device = inlineScripts((await get('de.localhost', '/produkte/apple-iphone-13-128-gb')).body);
    expect(device).toContain('POWER');
    expect(device).not.toContain('searchTerms');
  });

  it('answer a review link that is not valid with 404 and a page that says so', async () => {
    for (const path of [
      '/bewertung/0b0c5f3e-7a4e-4d7e-9a51-4a0e6f1c2d3b?token=forged',
      '/bewertung/0b0c5f3e-7a4e-4d7e-9a51-4a0e6f1c2d3b',
    ]) {
      const response = await get('de.localhost', path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body).toContain('Dieser Bewertungslink ist ungültig.');
    }
  });

  it('still answer an unknown slug with the not-found page', async () => {
    const response = await get('de.localhost', '/verkaufen/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(searchRequests).toBe(0);
  });
});

describe('cached catalogue pages', () => {
  it('render a catalogue page once per shop and URL, and send every visitor the same stored bytes', async () => {
    const first = await get('it.localhost', '/');
    const second = await get('it.localhost', '/', { 'accept-encoding': 'br' });
    const third = await get('it.localhost', '/', { 'accept-encoding': 'gzip, deflate, br;q=0.5' });
    const fourth = await get('it.localhost', '/', { 'accept-encoding': 'br' });
    expect(renders).toBe(1);
    expect(second.headers['content-encoding']).toBe('br');
    expect(third.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(second.rawPayload).toString()).toBe(first.body);
    expect(gunzipSync(third.rawPayload).toString()).toBe(first.body);
    // Two visitors: identical bytes, entity tag and policy (no per-answer nonce, decision 089).
    expect(Buffer.compare(fourth.rawPayload, second.rawPayload)).toBe(0);
    expect(fourth.headers.etag).toBe(second.headers.etag);
    expect(fourth.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(first.body).not.toContain('nonce');
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    await get('es.localhost', '/');
    expect(renders).toBe(2);
  });

  it('answer 304 to a browser that has the kept page, per encoding, and the page again when asked to reload', async () => {
    await get('fr.localhost', '/');
    const rendered = renders;
    const kept = await get('fr.localhost', '/', { 'accept-encoding': 'br' });
    const etag = String(kept.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}-br"$/);
    const revalidated = await get('fr.localhost', '/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers['cache-control']).toBe('private, no-cache');
    // Another encoding is another representation; a forced reload gets the page.
    expect((await get('fr.localhost', '/', { 'accept-encoding': 'gzip', 'if-none-match': etag })).statusCode).toBe(200);
    expect(
      (await get('fr.localhost', '/', { 'accept-encoding': 'br', 'if-none-match': etag, 'cache-control': 'no-cache' })).statusCode,
    ).toBe(200);
    expect((await get('fr.localhost', '/', { 'accept-encoding': 'br', 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect(renders).toBe(rendered);
  });

  it('name each request header the answer depends on once', async () => {
    for (const url of ['/', '/kontakt']) {
      const response = await get('de.localhost', url, { 'accept-encoding': 'gzip' });
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(
        String(response.headers.vary)
          .toLowerCase()
          .split(/\s*,\s*/),
      ).toEqual(['accept-encoding']);
    }
    const switchable = await get('localhost', '/', { 'accept-encoding': 'br' });
    expect(
      String(switchable.headers.vary)
        .toLowerCase()
        .split(/\s*,\s*/)
        .sort(),
    ).toEqual(['accept-encoding', 'cookie']);
  });

  it('reuse an API answer marked public for its max-age (the footer reviews), rendering again', async () => {
    let summaries = 0;
    const counted = await buildApp({
      render: countingRender,
      logLevel: 'silent',
      resolveAssets: ({ pages, catalog }) => ({ entry: '/assets/entry.js', css: [], preloads: [...pages, catalog] }),
      api: { db: database.db, store, search: new LocalSearch(store) },
    });
    // The reviews domain as the footer sees it (this app has no shipping services, so no reviews plugin).
    counted.get('/api/reviews/summary', async (_request, reply) => {
      summaries++;
      return reply.header('Cache-Control', 'public, max-age=60').send({ average: 4.5, count: 2, latest: [] });
    });
    try {
      for (const url of ['/?a=1', '/?a=2', '/kontakt']) {
        const page = await counted.inject({ method: 'GET', url, headers: { host: 'de.localhost' } });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('4,5');
      }
      expect(renders).toBe(3);
      expect(summaries).toBe(1);
    } finally {
      await counted.close();
    }
  });

  it('render other pages every time', async () => {
    await get('de.localhost', '/kontakt');
    await get('de.localhost', '/kontakt');
    await get('de.localhost', '/verkaufen/nothing-here');
    await get('de.localhost', '/verkaufen/nothing-here');
    await get('de.localhost', '/?utm_source=mail');
    await get('de.localhost', '/?utm_source=mail');
    expect(renders).toBe(6);
  });

  it('show the new catalogue after an import', async () => {
    expect((await get('at.localhost', '/')).body).toContain('Smartphones');
    const before = renders;
    const renamed = fixtureCatalogue();
    const changed: Catalogue = {
      ...renamed,
      categories: renamed.categories.map((c) =>
        c.key === 'smartphones' ? { ...c, texts: { ...c.texts, at: { ...c.texts.at, name: 'Handys' } } } : c,
      ),
    };
    await importCatalogue(database.db, changed);
    await store.reload(database.db);
    const after = await get('at.localhost', '/');
    expect(renders).toBe(before + 1);
    expect(after.body).toContain('Handys');
    await importCatalogue(database.db, fixtureCatalogue());
    await store.reload(database.db);
  });
});
