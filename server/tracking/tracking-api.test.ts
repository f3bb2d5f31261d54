// The tracking API through fastify.inject, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: client
// ids, controlling events with good and bad bodies, the privacy signals, rate limiting, the funnel,
// erasing a client and the retention.

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { controllingEvents } from '../db/schema/tracking';
import { accountTestApp, testAccountServices, type TestAccountServices } from '../test-support/accounts';
import { testDatabases } from '../test-support/databases';
import { clientEventCounts, consentLogOf, eraseClient, funnel, pruneControlling, RETENTION_DAYS } from './controlling';
import { funnelCsv, funnelPage, funnelTable, parseReportTime } from './funnel-report';

describe('funnel report', () => {
  const rows = [
    { locale: 'de', touchpoints: 3, counts: [10, 4, 2, 1, 1] },
    { locale: 'fr', touchpoints: 0, counts: [5, 0, 0, 0, 0] },
  ];
  it('prints counts, step conversions and a total', () => {
    const text = funnelTable(rows, { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-02T00:00:00Z') });
    expect(text).toContain('page views');
    expect(text).toMatch(/de\s+3\s+10\s+4\s+40\.0%\s+2\s+50\.0%\s+1\s+50\.0%\s+1\s+100\.0%\s+10\.0%/);
    expect(text).toMatch(/all\s+3\s+15\s+4/);
    expect(funnelCsv(rows).split('\n')[1]).toBe('de,3,10,4,40.0%,2,50.0%,1,50.0%,1,100.0%,10.0%');
    expect(funnelCsv([rows[1]!]).split('\n')[1]).toBe('fr,0,5,0,0.0%,0,–,0,–,0,–,0.0%');
  });
  it('renders the development page escaped, with its CSV link', () => {
    const html = funnelPage(
      rows,
      { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-02T00:00:00Z') },
      '/dev/funnel?a=1&csv=1',
    );
    expect(html).toContain('<pre>Funnel 2026-11-01');
    expect(html).toContain('href="/dev/funnel?a=1&amp;csv=1"');
    expect(html).toContain('→ device views');
  });

  it('reads dates (the --to day included) and ISO times', () => {
    expect(parseReportTime('2026-11-24', false)?.toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(parseReportTime('2026-11-24', true)?.toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(parseReportTime('2026-11-24T10:00:00Z', true)?.toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect(parseReportTime('yesterday', false)).toBeNull();
  });
});

describe.each(testDatabases())('tracking on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let accounts: TestAccountServices;

  beforeAll(async () => {
    handle = await database.open();
    accounts = testAccountServices({ rateLimits: { clientId: { limit: 3, windowSeconds: 60 } } });
    app = await accountTestApp(handle.db, accounts);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const clientId = async (ip = '10.0.0.1') => {
    const answer = await app.inject({ method: 'GET', url: '/api/client-id', headers: { host: 'de.localhost' }, remoteAddress: ip });
    expect(answer.statusCode).toBe(200);
    return (answer.json() as { clientId: string }).clientId;
  };
  const send = (payload: object, headers: Record<string, string> = {}, host = 'de.localhost') =>
    app.inject({ method: 'POST', url: '/api/controlling/controlling', headers: { host, ...headers }, payload });
  const event = (id: string, fields: object) => ({ clientId: id, applicationId: 'tradein-de', url: 'http://de.localhost/', ...fields });

  it('has no /dev/funnel page outside development (no developer pages in this app)', async () => {
    expect((await app.inject({ method: 'GET', url: '/dev/funnel', headers: { host: 'de.localhost' } })).statusCode).toBe(404);
  });

  it('answers opaque, distinct client ids and limits how often one address asks', async () => {
    const a = await clientId('10.0.1.1');
    const b = await clientId('10.0.1.1');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
    await clientId('10.0.1.1');
    const limited = await app.inject({
      method: 'GET',
      url: '/api/client-id',
      headers: { host: 'de.localhost' },
      remoteAddress: '10.0.1.1',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('stores each of the events with its fields and answers 204', async () => {
    const id = await clientId('10.0.2.1');
    const bodies = [
      { eventName: 'marketing_touchpoint', touchpoint: { utm_source: 'x', gclid: 'y' } },
      { eventName: 'page_view', pageType: 'home' },
      { eventName: 'view_item', deviceId: 12 },
      { eventName: 'offer_generated', offerId: 'OF-1', deviceId: 12, price: 210.5 },
      { eventName: 'offer_add_to_cart', offerId: 'OF-1', deviceId: 12, price: 210.5 },
      { eventName: 'trade_created', tradeId: 'TR-1', revenue: 210.5, items: 1 },
    ];
    for (const body of bodies) expect((await send(event(id, body))).statusCode).toBe(204);
    expect(await clientEventCounts(handle.db, id)).toEqual({
      marketing_touchpoint: 1,
      page_view: 1,
      view_item: 1,
      offer_generated: 1,
      offer_add_to_cart: 1,
      trade_created: 1,
    });
    const rows = (await handle.db.select().from(controllingEvents)).filter((r) => r.clientId === id);
    expect(rows.find((r) => r.eventName === 'marketing_touchpoint')).toMatchObject({
      locale: 'de',
      applicationId: 'tradein-de',
      url: 'http://de.localhost/',
      fields: { touchpoint: { utm_source: 'x', gclid: 'y' } },
    });
  });

  it('refuses bad bodies with 400 and the failing fields, never 500', async () => {
    const id = await clientId('10.0.3.1');
    const cases: [object, string][] = [
      [event(id, { eventName: 'page_view', pageType: 'home', url: 'http://de.localhost/?q=secret' }), 'url'],
      [event('not-an-id', { eventName: 'page_view', pageType: 'home' }), 'clientId'],
      [event(id, { eventName: 'unknown_event' }), 'eventName'],
      [event(id, { eventName: 'marketing_touchpoint', touchpoint: {} }), 'touchpoint'],
      [event(id, { eventName: 'marketing_touchpoint', touchpoint: { email: 'a@b.c' } }), 'touchpoint'],
      [event(id, { eventName: 'offer_generated', offerId: 'OF-1', deviceId: -1, price: 1 }), 'deviceId'],
      [event(id, { eventName: 'page_view', pageType: 'home', applicationId: 'tradein-fr' }), 'applicationId'],
    ];
    for (const [body, path] of cases) {
      const answer = await send(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      const fields = (answer.json() as { fields: { path: string }[] }).fields;
      expect(fields.map((f) => f.path).join(' ')).toContain(path);
    }
    const broken = await app.inject({
      method: 'POST',
      url: '/api/controlling/controlling',
      headers: { host: 'de.localhost', 'content-type': 'application/json' },
      payload: '{',
    });
    expect(broken.statusCode).toBe(400);
    expect(await clientEventCounts(handle.db, id)).toEqual({});
  });

  it('stores nothing for a request with DNT: 1 or Sec-GPC: 1', async () => {
    const id = await clientId('10.0.4.1');
    expect((await send(event(id, { eventName: 'page_view', pageType: 'home' }), { dnt: '1' })).statusCode).toBe(204);
    expect((await send(event(id, { eventName: 'page_view', pageType: 'home' }), { 'sec-gpc': '1' })).statusCode).toBe(204);
    expect(await clientEventCounts(handle.db, id)).toEqual({});
  });

  it('counts the funnel per shop, erases one client and prunes rows past the retention', async () => {
    const from = new Date(accounts.now() - 60_000);
    const to = new Date(accounts.now() + 60_000);
    const fr = await clientId('10.0.5.1');
    const frEvent = (fields: object) => ({ clientId: fr, applicationId: 'tradein-fr', url: 'http://fr.localhost/', ...fields });
    await send(frEvent({ eventName: 'page_view', pageType: 'home' }), {}, 'fr.localhost');
    await send(frEvent({ eventName: 'page_view', pageType: 'device' }), {}, 'fr.localhost');
    await send(frEvent({ eventName: 'view_item', deviceId: 3 }), {}, 'fr.localhost');
    expect(await funnel(handle.db, { from, to, locale: 'fr' })).toEqual([{ locale: 'fr', touchpoints: 0, counts: [2, 1, 0, 0, 0] }]);
    expect(await funnel(handle.db, { from, to, clientId: fr })).toEqual([{ locale: 'fr', touchpoints: 0, counts: [2, 1, 0, 0, 0] }]);
    const logged = await app.inject({
      method: 'POST',
      url: '/api/controlling/consent',
      headers: { host: 'fr.localhost' },
      payload: { clientId: fr, decision: 'all', bannerVersion: 1 },
    });
    expect(logged.statusCode).toBe(204);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/controlling/consent',
      headers: { host: 'fr.localhost' },
      payload: { clientId: fr, decision: 'maybe', bannerVersion: 1 },
    });
    expect(refused.statusCode).toBe(400);
    expect(await consentLogOf(handle.db, fr)).toMatchObject([{ decision: 'all', bannerVersion: 1, locale: 'fr' }]);
    expect(await eraseClient(handle.db, fr)).toEqual({ events: 3, consents: 1 });
    expect(await consentLogOf(handle.db, fr)).toEqual([]);
    expect(await funnel(handle.db, { from, to, locale: 'fr' })).toEqual([]);

    const old = await clientId('10.0.5.2');
    await send(event(old, { eventName: 'page_view', pageType: 'home' }));
    const later = new Date(accounts.now() + (RETENTION_DAYS + 1) * 24 * 60 * 60 * 1000);
    expect(await pruneControlling(handle.db, later)).toBeGreaterThanOrEqual(1);
    expect(await clientEventCounts(handle.db, old)).toEqual({});
  });
});
