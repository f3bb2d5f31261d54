// Product §7/§8 at the edges of the search endpoint: the optional basic authorisation, and a failing
// search backend: logged on the server, a "try again" for people, no error text for crawlers.

import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../src/entry-server';
import { buildApp } from './app';
import { importCatalogue } from './catalogue/repository';
import { LocalSearch, type SearchBackend } from './catalogue/search-service';
import { CatalogueStore } from './catalogue/store';
import type { DatabaseHandle } from './db/client';
import { fixtureCatalogue } from './test-support/catalogue';
import { memoryDatabase } from './test-support/databases';

let database: DatabaseHandle;
let store: CatalogueStore;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await memoryDatabase();
  await importCatalogue(database.db, fixtureCatalogue());
  store = await CatalogueStore.load(database.db);
}, 30_000);
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await database.close();
});

async function appWith(search: SearchBackend, options: { searchBasicAuth?: string; logs?: string[] } = {}) {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      options.logs?.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    render,
    logLevel: 'info',
    logStream,
    resolveAssets: () => ({ entry: '/e.js', css: [], preloads: [] }),
    api: { db: database.db, store, search, searchBasicAuth: options.searchBasicAuth },
  });
  apps.push(app);
  return app;
}

const body = { search: { query: { match_all: {} } }, application: 'de_devices', resultSize: 1 };

describe('basic authorisation of POST /searches', () => {
  it('answers 401 with a challenge without or with wrong credentials, 200 with the right ones', async () => {
    const app = await appWith(new LocalSearch(store), { searchBasicAuth: 'dev:secret' });
    const post = (authorization?: string) =>
      app.inject({
        method: 'POST',
        url: '/searches',
        payload: body,
        headers: { host: 'de.localhost', ...(authorization ? { authorization } : {}) },
      });
    const missing = await post();
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Basic realm="searches"');
    expect((await post(`Basic ${Buffer.from('dev:wrong').toString('base64')}`)).statusCode).toBe(401);
    expect((await post('Bearer dev:secret')).statusCode).toBe(401);
    expect((await post(`Basic ${Buffer.from('dev:secret').toString('base64')}`)).statusCode).toBe(200);
  });
});

describe('a failing search backend (product §8)', () => {
  const broken: SearchBackend = { search: () => Promise.reject(new Error('index unavailable')) };

  it('shows people a way to try again and logs the failure on the server', async () => {
    const logs: string[] = [];
    const app = await appWith(broken, { logs });
    const res = await app.inject({
      method: 'GET',
      url: '/verkaufen/smartphones',
      headers: { host: 'de.localhost', 'user-agent': 'Mozilla/5.0 Chrome/126.0' },
    });
    expect(res.body).toContain('role="alert"');
    expect(res.body).not.toContain('index unavailable');
    expect(logs.join('')).toContain('page data failed to load');
  });

  it('shows crawlers no error text', async () => {
    const app = await appWith(broken);
    const res = await app.inject({
      method: 'GET',
      url: '/verkaufen/smartphones',
      headers: { host: 'de.localhost', 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    });
    expect(res.body).not.toContain('role="alert"');
    expect(res.body).not.toContain('index unavailable');
  });

  it('answers the search endpoint itself with a generic 500, the cause only in the log', async () => {
    const logs: string[] = [];
    const app = await appWith(broken, { logs });
    const res = await app.inject({ method: 'POST', url: '/searches', payload: body, headers: { host: 'de.localhost' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('index unavailable');
    expect(logs.join('')).toContain('index unavailable');
  });
});
