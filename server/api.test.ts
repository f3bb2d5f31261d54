// The catalogue, search and offer API end to end through fastify.inject, on PGlite and (when
// TEST_DATABASE_URL is set) PostgreSQL, with the small fixture catalogue.

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfferSchema } from '../src/contracts/offers';
import { DeviceDocSchema, SearchResponseSchema } from '../src/contracts/search';
import { importCatalogue, loadCatalogue } from './catalogue/repository';
import type { DatabaseHandle } from './db/client';
import { fixtureCatalogue } from './test-support/catalogue';
import { fixtureServices, testApp } from './test-support/app';
import { testDatabases } from './test-support/databases';

const BEST = { 1: 11, 2: 21, 3: 31 };

describe.each(testDatabases())('API on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await database.open();
    app = await testApp(await fixtureServices(handle.db));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const post = (url: string, payload: unknown, host = 'de.localhost') =>
    app.inject({ method: 'POST', url, payload: payload as object, headers: { host } });

  describe('catalogue import', () => {
    it('is idempotent and keeps offers when a device leaves the catalogue', async () => {
      const offer = await post('/api/offers', { deviceId: 2100, answers: BEST });
      expect(offer.statusCode).toBe(201);
      expect(await importCatalogue(handle.db, fixtureCatalogue())).toMatchObject({ imported: false, devices: 5 });

      const without = fixtureCatalogue();
      const reduced = { ...without, devices: without.devices.filter((d) => d.id !== 2100) };
      expect(await importCatalogue(handle.db, reduced)).toMatchObject({ imported: true, devices: 4 });
      expect((await loadCatalogue(handle.db)).devices.map((d) => d.id)).not.toContain(2100);
      const kept = await app.inject({ method: 'GET', url: `/api/offers/${offer.json().offerId}`, headers: { host: 'de.localhost' } });
      expect(kept.statusCode).toBe(200);
      expect(kept.json().deviceName).toBe('Samsung Galaxy S21 128 GB');

      await importCatalogue(handle.db, fixtureCatalogue());
      expect((await loadCatalogue(handle.db)).devices.map((d) => d.id)).toContain(2100);
    });
  });

  describe('POST /searches', () => {
    const search = (body: unknown) => post('/searches', body);

    it('finds a device with a typo, model boosted, in Elasticsearch shape', async () => {
      const res = await search({
        search: { query: { multi_match: { query: 'iphnoe 13', fields: ['model^2', 'searchTerms^2', 'name'], fuzziness: 'AUTO' } } },
        application: 'de_devices',
        resultSize: 3,
      });
      expect(res.statusCode).toBe(200);
      const body = SearchResponseSchema(DeviceDocSchema).parse(res.json());
      expect(body.hits.hits[0]?._source.model).toBe('iPhone 13');
      expect(body.hits.hits.length).toBeLessThanOrEqual(3);
    });

    it('answers each locale from its own index (German category names in de)', async () => {
      const res = await search({
        search: { query: { term: { url: 'apple-iphone-13-128-gb' } } },
        application: 'de_devices',
        resultSize: 1,
      });
      expect(res.json().hits.hits[0]._source.category).toBe('Smartphones (de)');
      const fr = await search({ search: { query: { term: { url: 'apple-iphone-13-128-gb' } } }, application: 'fr_devices', resultSize: 1 });
      expect(fr.json().hits.hits[0]._source).toMatchObject({ category: 'Smartphones', basePrice: 301 });
    });

    it('gives the popTitleException to the iPhone category title', async () => {
      const res = await search({
        search: { query: { term: { url: 'apple-smartphones' } } },
        application: 'de_aggregations',
        resultSize: 1,
      });
      expect(res.json().hits.hits[0]._source).toMatchObject({ type: 'manufacturer', title: 'iPhone verkaufen' });
    });

    it('sorts a series newest first and aggregates', async () => {
      const res = await search({
        search: {
          query: { term: { manufacturerId: 1001 } },
          sort: [{ releaseYear: { order: 'desc' } }, { id: 'asc' }],
          aggs: { series: { terms: { field: 'seriesUrl' } } },
        },
        application: 'es_devices',
        resultSize: 10,
      });
      expect(res.json().hits.hits.map((h: { _id: string }) => h._id)).toEqual(['1500', '1300', '1301']);
      expect(res.json().aggregations.series.buckets).toEqual([
        { key: 'iphone-13', doc_count: 2 },
        { key: 'iphone-15', doc_count: 1 },
      ]);
    });

    it('names an unsupported clause in a 400', async () => {
      const res = await search({ search: { query: { wildcard: { name: 'iph*' } } }, application: 'de_devices', resultSize: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ clause: 'wildcard' });
      expect(res.json().message).toContain('wildcard');
    });

    it.each([
      [{ application: 'de_devices', resultSize: 1 }, 'search'],
      [{ search: {}, application: 'xx_devices', resultSize: 1 }, 'application'],
      [{ search: {}, application: 'de_devices; drop', resultSize: 1 }, 'application'],
      [{ search: {}, application: 'de_devices', resultSize: -1 }, 'resultSize'],
      [{ search: {}, application: 'de_devices', resultSize: 'ten' }, 'resultSize'],
    ])('refuses a bad body %j naming %s', async (body, field) => {
      const res = await search(body);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    });

    it('refuses malformed JSON with 400, never 500', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/searches',
        payload: '{"search":',
        headers: { host: 'de.localhost', 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('POST /api/offers', () => {
    it('stores a binding offer priced for the shop country, valid 21 days', async () => {
      const before = Date.now();
      const res = await post('/api/offers', { deviceId: 1300, answers: { 1: 11, 2: 22, 3: 31 } }, 'es.localhost');
      expect(res.statusCode).toBe(201);
      const offer = OfferSchema.parse(res.json());
      // ES base 295 (310 × 0.95 rounded) × 0.85 = 250.75
      expect(offer).toMatchObject({ deviceId: 1300, price: 250.75, conditionId: 2, kind: 'purchase', locale: 'es', currency: 'EUR' });
      const days = (new Date(offer.validUntil).getTime() - before) / 86_400_000;
      expect(days).toBeGreaterThan(20.99);
      expect(days).toBeLessThan(21.01);
      const again = await app.inject({ method: 'GET', url: `/api/offers/${offer.offerId}`, headers: { host: 'es.localhost' } });
      expect(again.json()).toEqual(offer);
    });

    it('answers 422 naming the blocking answer, and stores nothing', async () => {
      const res = await post('/api/offers', { deviceId: 1500, answers: { 1: 11, 2: 21, 3: 32 } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: 'Offer Blocked', blockedBy: [{ questionId: 3, answerId: 32, code: 'LOCKED' }] });
    });

    it('turns water damage into a free recycling offer', async () => {
      const res = await post('/api/offers', { deviceId: 1500, answers: { 1: 12, 2: 21, 3: 31 } });
      expect(res.json()).toMatchObject({ price: 0, kind: 'recycling', conditionId: 4 });
    });

    it('never trusts a price from the client', async () => {
      const res = await post('/api/offers', { deviceId: 1300, answers: BEST, price: 9999 });
      expect(res.statusCode).toBe(201);
      expect(res.json().price).toBe(310);
    });

    it.each([
      [{ deviceId: 999999, answers: BEST }, 'deviceId', 'invalid'],
      [{ deviceId: 'abc', answers: BEST }, 'deviceId', 'required'],
      [{ deviceId: 1300, answers: { 1: 11, 2: 21 } }, 'answers.3', 'required'],
      [{ deviceId: 1300, answers: { 1: 21, 2: 21, 3: 31 } }, 'answers.1', 'invalid'],
      [{ deviceId: 1300, answers: { x: 1 } }, 'answers.x', 'invalid'],
      [{}, 'deviceId', 'required'],
    ])('refuses %j with 400 naming %s with the issue code %s', async (body, path, code) => {
      const res = await post('/api/offers', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toContainEqual({ path, code, message: expect.any(String) });
      expect(res.json().message).toBeTruthy();
    });

    it('answers 400 for a malformed offer id and 404 for an unknown one', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/offers/not-a-uuid' })).statusCode).toBe(400);
      expect((await app.inject({ method: 'GET', url: '/api/offers/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    });
  });
});
