// What operators read (issue 16 part 10): Prometheus metrics at /metrics (open in development, a
// bearer token in production, 404 otherwise), and the OpenAPI document with its docs page, generated
// from the zod contracts, listing every API route with the schema of its body.

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { MailOutbox } from '../mail/outbox';
import { fixtureServices, testApp } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import type { ApiServices } from '../app';
import { IN_PROCESS_HEADER } from './metrics';
import { MemoryRateLimiter } from './rate-limit';
import { CapturingMailer, testAccountServices } from '../test-support/accounts';

const BEST = { 1: 11, 2: 21, 3: 31 };

interface MetricFamily {
  readonly name: string;
  help?: string;
  type?: string;
  readonly samples: string[];
}

/** The metric families of a Prometheus text exposition (version 0.0.4): HELP, TYPE and sample lines (values read as promtool does, NaN in any case). */
function parseExposition(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const family = (name: string) => families.get(name) ?? families.set(name, { name, samples: [] }).get(name)!;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) ?(.*)$/.exec(line);
    if (meta) {
      if (meta[1] === 'HELP') family(meta[2]!).help = meta[3];
      else family(meta[2]!).type = meta[3];
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (-?[0-9.e+-]+|nan|[+-]?inf)( -?\d+)?$/i.exec(line);
    if (!sample) throw new Error(`not an exposition line: ${line}`);
    const name = sample[1]!;
    const base = [...families.keys()].find((f) => name === f || (/^_(bucket|sum|count)$/.test(name.slice(f.length)) && name.startsWith(f)));
    family(base ?? name).samples.push(line);
  }
  return families;
}

const UNIT_PREFIXES = ['pico', 'nano', 'micro', 'milli', 'centi', 'deci', 'kilo', 'kibi', 'mega', 'mebi', 'giga', 'gibi', 'tera', 'peta'];
const BASE_UNITS = ['seconds', 'bytes', 'meters', 'grams', 'joules', 'volts', 'amperes', 'kelvin', 'celsius'];
const ABBREVIATED_UNITS = ['s', 'ms', 'us', 'ns', 'sec', 'b', 'kb', 'mb', 'gb', 'tb', 'pb', 'm', 'h', 'd'];

/** The rules of promtool check metrics (client_golang's promlint) for one family: its problems. */
function promLint({ name, help, type, samples }: MetricFamily): string[] {
  const problems: string[] = [];
  const say = (text: string) => problems.push(`${name}: ${text}`);
  const tokens = name.split('_');
  if (!help) say('no help text');
  if (!type) say('no type');
  if (type === 'counter' && !name.endsWith('_total')) say('counter metrics should have "_total" suffix');
  if (type !== 'counter' && type !== 'untyped' && name.endsWith('_total')) say('non-counter metrics should not have "_total" suffix');
  if (!/^[a-z0-9_]+$/.test(name)) say('metric names should be written in snake_case (no camelCase, no ":")');
  if (tokens.some((t) => ['gauge', 'counter', 'histogram', 'summary', 'untyped'].includes(t)))
    say('metric name should not include its type');
  for (const token of tokens) {
    if (ABBREVIATED_UNITS.includes(token)) say(`abbreviated unit "${token}"`);
    if (['minutes', 'hours', 'days', 'weeks'].includes(token)) say('use base unit "seconds"');
    for (const prefix of UNIT_PREFIXES) for (const unit of BASE_UNITS) if (token === prefix + unit) say(`use base unit "${unit}"`);
  }
  for (const sample of samples) {
    for (const [, label] of sample.matchAll(/[{,]([^=]+)=/g))
      if (!/^[a-z_][a-z0-9_]*$/.test(label!)) say(`label ${label} is not snake_case`);
    if (/[{,]le=/.test(sample) && !(type === 'histogram' && sample.startsWith(`${name}_bucket{`)))
      say('"le" is reserved for histogram buckets');
    if (/[{,]quantile=/.test(sample) && type !== 'summary') say('"quantile" is reserved for summaries');
  }
  return problems;
}
const TOKEN = 'metrics-token-0123456789';

describe.each(testDatabases())('operator endpoints on $name', (database) => {
  let handle: DatabaseHandle;
  let api: ApiServices;
  const apps: FastifyInstance[] = [];
  const app = async (options: Parameters<typeof testApp>[1]) => {
    const instance = await testApp(api, options);
    apps.push(instance);
    return instance;
  };

  beforeAll(async () => {
    handle = await database.open();
    api = await fixtureServices(handle.db);
  }, 60_000);
  afterAll(async () => {
    for (const instance of apps) await instance.close();
    await handle?.close();
  });

  const metricsOf = async (instance: FastifyInstance, headers: Record<string, string> = {}) => {
    const res = await instance.inject({ method: 'GET', url: '/metrics', headers });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  describe('/metrics', () => {
    it('counts offers per shop and labels requests by route pattern, never by URL', async () => {
      const instance = await app({ metrics: { open: true } });
      const offer = await instance.inject({
        method: 'POST',
        url: '/api/offers',
        payload: { deviceId: 1300, answers: BEST },
        headers: { host: 'de.localhost' },
      });
      expect(offer.statusCode).toBe(201);
      await instance.inject({
        method: 'POST',
        url: '/api/offers',
        payload: { deviceId: 1300, answers: BEST },
        headers: { host: 'fr.localhost' },
      });
      await instance.inject({ method: 'POST', url: '/api/offers', payload: { deviceId: 'x' }, headers: { host: 'fr.localhost' } });
      await instance.inject({ method: 'GET', url: `/api/offers/${offer.json().offerId}`, headers: { host: 'de.localhost' } });

      const text = await metricsOf(instance);
      expect(text).toMatch(/^tradein_offers_created_total\{shop="de"\} 1$/m);
      expect(text).toMatch(/^tradein_offers_created_total\{shop="fr"\} 1$/m);
      expect(text).toMatch(/^http_request_duration_seconds_count\{method="POST",route="\/api\/offers",status_code="201"\} 2$/m);
      expect(text).toMatch(/^http_request_duration_seconds_count\{method="POST",route="\/api\/offers",status_code="400"\} 1$/m);
      expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/offers\/:id",status_code="200"\} 1$/m);
      expect(text).not.toContain(offer.json().offerId);
      expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    });

    it('does not count the API calls server rendering makes in process as requests', async () => {
      const instance = await app({
        metrics: { open: true },
        render: async ({ api: inProcess }) => {
          const popular = await inProcess.fetch(`${inProcess.baseURL}/api/catalogue/popular`);
          return new Response(`page ${popular.status}`);
        },
      });
      const page = await instance.inject({ method: 'GET', url: '/', headers: { host: 'de.localhost' } });
      expect(page.body).toBe('page 200');
      // A client's own call of the same route is counted, even with the header but without this process's mark.
      await instance.inject({
        method: 'GET',
        url: '/api/catalogue/popular',
        headers: { host: 'de.localhost', [IN_PROCESS_HEADER]: 'guessed' },
      });
      const text = await metricsOf(instance);
      expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/catalogue\/popular",status_code="200"\} 1$/m);
      expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/",status_code="200"\} 1$/m);
    });

    it('passes the lint rules of promtool check metrics', async () => {
      const instance = await app({ metrics: { open: true }, api: { ...api, poolStats: () => ({ total: 2, idle: 1, waiting: 0 }) } });
      await instance.inject({ method: 'GET', url: '/api/catalogue/popular', headers: { host: 'de.localhost' } });
      const families = parseExposition(await metricsOf(instance));
      expect(families.size).toBeGreaterThan(20);
      expect([...families.values()].flatMap(promLint)).toEqual([]);
    });

    it('shows the mail queue by status when the shop has the outbox', async () => {
      const outbox = new MailOutbox(handle.db);
      const instance = await app({
        metrics: { open: true },
        api: { ...api, shipping: { mailQueue: { outbox } } as unknown as ApiServices['shipping'] },
      });
      await outbox.enqueue({
        from: { address: 'a@tradein.example' },
        to: { address: 'b@example.com' },
        subject: 's',
        text: 't',
        html: '<p>t</p>',
      });
      const text = await metricsOf(instance);
      expect(text).toMatch(/^tradein_mail_queue\{status="pending"\} [1-9]\d*$/m);
      expect(text).toMatch(/^tradein_mail_queue\{status="dead"\} 0$/m);
    });

    it('answers 404 without access, and only the right bearer token opens it in production', async () => {
      const closed = await app({});
      expect((await closed.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      const guarded = await app({ metrics: { open: false, token: TOKEN } });
      expect((await guarded.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      expect((await guarded.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(
        404,
      );
      expect((await guarded.inject({ method: 'GET', url: '/metrics', headers: { authorization: TOKEN } })).statusCode).toBe(404);
      expect(await metricsOf(guarded, { authorization: `Bearer ${TOKEN}` })).toContain('http_request_duration_seconds');
    });
  });

  describe('the OpenAPI document and docs page', () => {
    it('lists every API route with the JSON Schema of its body, from the zod contracts', async () => {
      const instance = await app({ apiDocs: true });
      const res = await instance.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toBe('3.1.0');
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/offers', '/api/offers/{id}', '/api/trades', '/searches']));
      expect(doc.paths).not.toHaveProperty('/api/openapi.json');

      const offers = doc.paths['/api/offers'].post;
      expect(offers.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['deviceId', 'answers']));
      expect(offers.responses['201'].content['application/json'].schema.properties).toHaveProperty('offerId');
      expect(doc.paths['/api/offers/{id}'].get.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
      // A body checked in the handler (its schema depends on the shop) is documented from its contract too.
      const trades = doc.paths['/api/trades'].post;
      expect(trades.requestBody.content['application/json'].schema.properties).toHaveProperty('offerIds');
      expect(trades.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }));
    });

    it('documents a body for every write route except those that take none', async () => {
      const instance = await app({
        apiDocs: true,
        api: {
          ...api,
          accounts: testAccountServices(),
          contact: {
            mailer: new CapturingMailer(),
            limiter: new MemoryRateLimiter(),
            ticketSecret: 'contact-secret-of-at-least-32-characters',
          },
        },
      });
      const doc = (await instance.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      // Routes that read nothing but the path, a cookie or a header.
      const bodyless = new Set([
        'post /api/account/loginRefresh',
        'post /api/account/logout',
        'post /api/account/activateRegistration',
        'post /api/customers/guest_account_number',
        'post /api/newsletter/unsubscribe/{emailHash}',
      ]);
      const missing: string[] = [];
      for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, { requestBody?: unknown }>>)) {
        for (const [method, operation] of Object.entries(operations)) {
          if (['post', 'put', 'patch'].includes(method) && !operation.requestBody && !bodyless.has(`${method} ${path}`))
            missing.push(`${method} ${path}`);
        }
      }
      expect(missing).toEqual([]);
    });

    it('serves Swagger UI with the page nonce, its two files, and nothing else of the package', async () => {
      const instance = await app({ apiDocs: true });
      const page = await instance.inject({ method: 'GET', url: '/api/docs' });
      expect(page.statusCode).toBe(200);
      const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))![1];
      expect(page.body.match(/<script nonce="([^"]+)"/g)).toEqual([`<script nonce="${nonce}"`, `<script nonce="${nonce}"`]);
      expect((await instance.inject({ method: 'GET', url: '/api/docs/swagger-ui-bundle.js' })).statusCode).toBe(200);
      expect((await instance.inject({ method: 'GET', url: '/api/docs/swagger-ui.css' })).headers['content-type']).toContain('text/css');
      expect((await instance.inject({ method: 'GET', url: '/api/docs/package.json' })).statusCode).toBe(404);
      expect((await instance.inject({ method: 'GET', url: `/api/docs/..%2F${randomUUID()}` })).statusCode).toBe(404);
    });

    it('is not served unless asked for (production without API_DOCS)', async () => {
      const instance = await app({});
      expect((await instance.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(404);
      expect((await instance.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    });
  });
});
