// The text rule and the body limits of every API input: the fuzz cases that answered 500 (NUL bytes,
// lone surrogates, a body nested 10,000 deep) answer 400 on every write route, a real checkout with
// such a field names it, and decomposed text is stored composed.

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from './rate-limit';
import type { DatabaseHandle } from '../db/client';
import { trades } from '../db/schema/trades';
import { fixtureServices, testApp } from '../test-support/app';
import { testAccountServices } from '../test-support/accounts';
import { testDatabases } from '../test-support/databases';
import { BODY_LIMITS, cleanInput } from './input-guard';

/** `{"next":{"next":…"bottom"}}` as JSON text: JSON.stringify itself overflows the stack at this depth. */
const nestedJson = (depth: number): string => `${'{"next":'.repeat(depth)}"bottom"${'}'.repeat(depth)}`;

const nested = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { next: value };
  return value;
};

describe('cleanInput', () => {
  it('refuses NUL, other control characters, DEL, C1 controls and lone surrogates, naming the path', () => {
    for (const bad of ['a\u0000b', 'bell\u0007', 'del\u007f', 'c1\u0085', 'high\ud800', 'low\udc00x'])
      expect(cleanInput({ address: { street: bad } })).toEqual({ kind: 'text', path: 'address.street' });
    expect(cleanInput({ items: ['ok', 'x\u0000'] })).toEqual({ kind: 'text', path: 'items.1' });
    expect(cleanInput({ ['key\u0000']: 1 })).toEqual({ kind: 'text', path: 'key\u0000' });
    expect(cleanInput('\u0000')).toEqual({ kind: 'text', path: '(body)' });
  });

  it('lets tab, line breaks, emoji and every script through, and stores them in normal form C', () => {
    const body = { message: 'Zeile 1\r\n\tZeile 2 😀 日本語 Ελληνικά', name: 'Mu\u0308ller', list: ['e\u0301'] };
    expect(cleanInput(body)).toBeNull();
    expect(body).toEqual({ message: 'Zeile 1\r\n\tZeile 2 😀 日本語 Ελληνικά', name: 'Müller', list: ['é'] });
  });

  it('refuses a body deeper or larger than the limits without overflowing the stack', () => {
    expect(cleanInput(nested(BODY_LIMITS.depth - 1))).toBeNull();
    expect(cleanInput(nested(BODY_LIMITS.depth + 1))).toEqual({ kind: 'tooComplex' });
    expect(cleanInput(nested(100_000))).toEqual({ kind: 'tooComplex' });
    expect(cleanInput({ list: Array.from({ length: BODY_LIMITS.values }, () => 1) })).toEqual({ kind: 'tooComplex' });
    expect(cleanInput({ list: Array.from({ length: 100 }, () => 1) })).toBeNull();
  });
});

describe.each(testDatabases())('API input on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  const routes: Pick<RouteOptions, 'method' | 'url'>[] = [];

  beforeAll(async () => {
    handle = await database.open();
    const now = () => Date.now();
    app = await testApp(
      {
        ...(await fixtureServices(handle.db)),
        accounts: testAccountServices(),
        contact: {
          mailer: { send: async () => undefined },
          limiter: new MemoryRateLimiter(now),
          ticketSecret: 'test-contact-secret-test-contact-secret',
          now,
          rateLimits: { contactSend: { limit: 1000, windowSeconds: 600 } },
        },
      },
      { setup: async (instance) => void instance.addHook('onRoute', (route) => void routes.push(route)) },
    );
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const writeRoutes = () =>
    routes
      .flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ method, url: route.url })))
      .filter(({ method, url }) => url?.startsWith('/api/') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method));

  it('answers no write route with 500 for the fuzz cases; the text rule answers 400 naming the field', async () => {
    const cases: unknown[] = [
      { email: 'a\u0000@example.org', code: 'X\u0000', accountHolder: 'Erika\ud800' },
      { name: 'x\udc00', message: 'bell\u0007' },
      `{"offerIds":["${randomUUID()}"],"extra":${nestedJson(10_000)}}`,
    ];
    const found = writeRoutes();
    expect(found.length).toBeGreaterThan(15);
    let answers = 0;
    for (const { method, url } of found) {
      for (const payload of cases) {
        const res = await app.inject({
          method: method as 'POST',
          url: (url ?? '').replace(/:[A-Za-z]+/g, '1'),
          payload: payload as object | string,
          headers: { host: 'de.localhost', 'content-type': 'application/json', 'idempotency-key': randomUUID(), authorization: 'Bearer x' },
        });
        answers += 1;
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        // Only a route that answers before reading the body (401 for a bad token, 404 without a shop) may say anything else.
        if (res.statusCode === 400 && payload !== cases[2])
          expect(res.json().fields?.[0]?.code, `${method} ${url}`).toBe('invalidCharacters');
      }
    }
    expect(answers).toBe(found.length * cases.length);
  });

  it('names the checkout field with NUL or a broken character, and refuses a deep extra field before hashing it', async () => {
    const offer = await app.inject({
      method: 'POST',
      url: '/api/offers',
      payload: { deviceId: 1300, answers: { 1: 11, 2: 21, 3: 31 } },
      headers: { host: 'de.localhost' },
    });
    const checkout = (address: Record<string, unknown>, extraJson = '') => {
      const body = JSON.stringify({
        offerIds: [offer.json().offerId],
        identity: { kind: 'guest', email: 'erika@example.org' },
        address: {
          firstName: 'Erika',
          lastName: 'Mustermann',
          street: 'Heidestraße',
          houseNumber: '17',
          postalCode: '51147',
          city: 'Köln',
          ...address,
        },
        payout: { method: 'sepa', accountHolder: 'Erika Mustermann', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
        termsAccepted: true,
      });
      return app.inject({
        method: 'POST',
        url: '/api/trades',
        headers: { host: 'de.localhost', 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        payload: extraJson ? `${body.slice(0, -1)},"extra":${extraJson}}` : body,
      });
    };
    const nul = await checkout({ street: 'Heide\u0000straße' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().fields).toEqual([{ path: 'address.street', code: 'invalidCharacters', message: expect.any(String) }]);
    expect((await checkout({ city: 'K\ud83dln' })).json().fields[0].path).toBe('address.city');
    const deep = await checkout({}, nestedJson(10_000));
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toMatch(/nested too deeply/);
    const decomposed = await checkout({ lastName: 'Mu\u0308ller' });
    expect(decomposed.statusCode).toBe(201);
    const [stored] = await handle.db.select({ address: trades.address }).from(trades).where(eq(trades.id, decomposed.json().tradeId));
    expect(stored?.address.lastName).toBe('Müller');
  });
});
