// The product detail page without JavaScript: its question form posts to the page, which answers with a
// real offer (stored like one from POST /api/offers), or with a 400/422 page that says what is wrong.

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { render } from '../../src/entry-server';
import type { DatabaseHandle } from '../db/client';
import { offers } from '../db/schema/offers';
import { fixtureServices, testApp } from '../test-support/app';
import { memoryDatabase } from '../test-support/databases';

let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  database = await memoryDatabase();
  app = await testApp(await fixtureServices(database.db), {
    render,
    resolveAssets: ({ pages, catalog }) => ({ entry: '/assets/entry.js', css: [], preloads: [...pages, catalog] }),
  });
}, 30_000);
afterAll(async () => {
  await app.close();
  await database.close();
});

const DEVICE_PAGE = '/produkte/apple-iphone-13-128-gb';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const post = (url: string, payload: string, headers: Record<string, string> = FORM) =>
  app.inject({ method: 'POST', url, payload, headers: { host: 'de.localhost', ...headers } });

/** The radio inputs checked in the page's form, as `q-{question}=answer`. */
const checked = (html: string) =>
  [...html.matchAll(/<input[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => /\bchecked\b/.test(tag))
    .map((tag) => `${/name="([^"]+)"/.exec(tag)?.[1]}=${/value="([^"]+)"/.exec(tag)?.[1]}`);

describe('the question form of a product detail page', () => {
  it('is a form that posts to the page, with a submit button for browsers without JavaScript', async () => {
    const page = await app.inject({ method: 'GET', url: DEVICE_PAGE, headers: { host: 'de.localhost' } });
    expect(page.body).toMatch(/<form class="questions"[^>]* method="post"/);
    expect(page.body).toMatch(/<noscript><button type="submit"[^>]*>[^<]+<\/button><\/noscript>/);
  });

  it('answers complete answers with the binding offer, stored like one from the API', async () => {
    const before = await database.db.select().from(offers).where(eq(offers.deviceId, 1300));
    const response = await post(DEVICE_PAGE, 'q-1=11&q-2=22&q-3=31');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    // 310 € × 0.85 for light scratches, in German notation.
    expect(response.body).toMatch(/data-testid="offer-price">263,50\s€</);
    expect(response.body).toContain('data-testid="offer-needs-javascript"');
    expect(checked(response.body)).toEqual(['q-1=11', 'q-2=22', 'q-3=31']);
    const after = await database.db.select().from(offers).where(eq(offers.deviceId, 1300));
    expect(after.length).toBe(before.length + 1);
    const stored = after.find((row) => !before.some((old) => old.id === row.id));
    expect(stored).toMatchObject({ locale: 'de', priceCents: 26350, answers: { '1': 11, '2': 22, '3': 31 } });
  });

  it('answers missing answers with a 400 page that marks the unanswered questions and keeps the others', async () => {
    const response = await post(DEVICE_PAGE, 'q-1=11');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('data-testid="offer-form-error"');
    expect(response.body).toContain('Bitte beantworten Sie alle Fragen');
    expect(response.body.match(/class="question blocking"/g)).toHaveLength(2);
    expect(checked(response.body)).toEqual(['q-1=11']);
    expect(response.body).not.toContain('data-testid="offer-price"');
  });

  it('answers values that are no answers of the device with a 400 page, never a 500', async () => {
    for (const payload of ['q-1=abc&q-2=21&q-3=31', 'q-1=99&q-2=21&q-3=31', 'q-1=11&q-2=21&q-3=31&q-77=1', 'q-1=-1', '%%%']) {
      const response = await post(DEVICE_PAGE, payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.body, payload).toContain('data-testid="offer-form-error"');
    }
  });

  it('answers an answer that blocks the purchase with a 422 page that says why', async () => {
    const response = await post(DEVICE_PAGE, 'q-1=11&q-2=21&q-3=32');
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('class="offer-blocked"');
    expect(response.body).not.toContain('data-testid="offer-price"');
  });

  it('shows a page without a question form again instead of taking a post', async () => {
    const response = await post('/', 'q-1=11');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
    expect((await post('/produkte/no-such-device', 'q-1=11')).statusCode).toBe(404);
    // Never to another site.
    const elsewhere = await post('//evil.example/', 'q-1=11');
    expect(String(elsewhere.headers.location ?? '')).not.toMatch(/^\/\//);
  });

  it('takes only form bodies of a sensible size, and the API still refuses forms', async () => {
    expect((await post(DEVICE_PAGE, '{"q-1":11}', { 'content-type': 'application/json' })).statusCode).toBe(415);
    const tooLarge = await post(DEVICE_PAGE, `q-1=${'1'.repeat(20_000)}`);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ error: 'Payload Too Large', message: expect.stringContaining('too large') });
    const form = await post('/api/offers', 'deviceId=1300');
    expect(form.statusCode).toBe(415);
    // Named by its status, with a message saying what to send (it said "Bad Request").
    expect(form.json()).toMatchObject({ error: 'Unsupported Media Type', message: expect.stringContaining('application/json') });
  });
});
