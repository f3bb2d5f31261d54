// Each domain plugin registers alone on a bare Fastify with the HTTP platform and the named options
// it declares (one per family: catalogue, trades, accounts, content, operations), serves its routes
// and nothing else, and refuses to load without the platform it depends on.

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceSearchQuery } from '../src/services/catalogue/queries';
import { accountsPlugin } from './accounts/plugin';
import { cataloguePlugin } from './catalogue/plugin';
import { contentLibrary } from './content/library';
import { contentPlugin } from './content/plugin';
import type { DatabaseHandle } from './db/client';
import { httpPlatform } from './http/plugin';
import { operationsPlugin } from './operations/plugin';
import { fixtureServices } from './test-support/app';
import { testAccountServices } from './test-support/accounts';
import { tradesPlugin } from './trades/plugin';
import { memoryDatabase } from './test-support/databases';

const bare = async (register: (app: FastifyInstance) => PromiseLike<unknown>) => {
  const app = Fastify({ logger: false });
  await app.register(httpPlatform);
  await register(app);
  await app.ready();
  return app;
};

describe('domain plugins on their own', () => {
  let handle: DatabaseHandle;
  const apps: FastifyInstance[] = [];
  const alone = async (register: (app: FastifyInstance) => PromiseLike<unknown>) => {
    const app = await bare(register);
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    handle = await memoryDatabase();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await handle.close();
  });

  it('catalogue: searches the catalogue, and serves no other domain', async () => {
    const { db, store, search } = await fixtureServices(handle.db);
    const app = await alone((a) => a.register(cataloguePlugin, { db, store, search }));
    const found = await app.inject({
      method: 'POST',
      url: '/searches',
      payload: { search: deviceSearchQuery('iphone', 5), application: 'de_devices', resultSize: 5 },
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().hits.hits.length).toBeGreaterThan(0);
    expect((await app.inject({ method: 'POST', url: '/api/trades', payload: {} })).statusCode).toBe(404);
  });

  it('trades: refuses a checkout without its Idempotency-Key with a message, checks vouchers', async () => {
    const app = await alone((a) => a.register(tradesPlugin, { db: handle.db }));
    const refused = await app.inject({ method: 'POST', url: '/api/trades', headers: { host: 'de.localhost' }, payload: {} });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Idempotency-Key/);
    const voucher = await app.inject({
      method: 'POST',
      url: '/api/vouchers/check',
      headers: { host: 'de.localhost' },
      payload: { code: 'NO-SUCH-CODE', cartTotal: 100 },
    });
    expect(voucher.statusCode).toBe(200);
    expect(voucher.json()).toMatchObject({ valid: false });
  });

  it('accounts: answers a log-in with unknown credentials 401, its body checked by the platform', async () => {
    const accounts = testAccountServices();
    const app = await alone((a) => a.register(accountsPlugin, { db: handle.db, accounts }));
    const login = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/account/login', headers: { host: 'de.localhost' }, payload });
    expect((await login({ username: 'nobody@example.com', password: 'not-the-password' })).statusCode).toBe(401);
    const invalid = await login({ username: 42 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('content: serves a content page of the library', async () => {
    const app = await alone((a) => a.register(contentPlugin, { library: contentLibrary() }));
    const page = await app.inject({ method: 'GET', url: '/api/content/de/privacy' });
    expect(page.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/content/de/no-such-page' })).statusCode).toBe(404);
  });

  it('operations: is live, and ready without a database', async () => {
    const app = await alone((a) => a.register(operationsPlugin, {}));
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('refuses to load without the HTTP platform, naming it', async () => {
    const app = Fastify({ logger: false });
    app.register(tradesPlugin, { db: handle.db });
    await expect(app.ready()).rejects.toThrow(/http/);
    await app.close();
  });
});
