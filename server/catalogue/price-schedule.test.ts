// Scheduled base prices on PGlite (and PostgreSQL with TEST_DATABASE_URL), time injected: the CSV is
// checked line by line and imported all or nothing; before its day nothing changes, on its day (in the
// shop's time zone) the running app prices offers and answers searches with the new base price without
// a restart; the price-drop warning goes to exactly the sellers who saved or shared a still valid offer
// of the device in that shop, once.

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClarificationLinks } from '../clarifications/links';
import type { DatabaseHandle } from '../db/client';
import { createLabelLinks } from '../labels/links';
import { createOfferShareTokens } from '../offers/share-token';
import { createReviewLinks } from '../reviews/links';
import { createCertificateLinks, createTradeLinks } from '../trades/links';
import { testAccountServices, TEST_ORIGIN, type TestAccountServices } from '../test-support/accounts';
import { fixtureServices, testApp } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import type { ApiServices } from '../app';
import { importPriceSchedule, parsePriceCsv, PriceImportError, UpcomingPrices } from './price-schedule';
import { runPriceSchedule } from '../offers/price-scheduler';

const BEST = { 1: 11, 2: 21, 3: 31 };
const DAY = 86_400_000;
const silent = { info: () => undefined, warn: () => undefined };

describe.each(testDatabases())('scheduled prices on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let api: ApiServices;
  let accounts: TestAccountServices;
  const shipping = {
    labels: createLabelLinks('a-label-secret-for-the-tests'),
    clarifications: createClarificationLinks('a-label-secret-for-the-tests'),
    offerShares: createOfferShareTokens('a-label-secret-for-the-tests'),
    reviews: createReviewLinks('a-label-secret-for-the-tests'),
    trades: createTradeLinks('a-label-secret-for-the-tests'),
    certificates: createCertificateLinks('a-label-secret-for-the-tests'),
    publicOrigin: TEST_ORIGIN,
    devMailbox: false,
  };

  beforeAll(async () => {
    handle = await database.open();
    api = { ...(await fixtureServices(handle.db)), upcomingPrices: new UpcomingPrices() };
    accounts = testAccountServices();
    app = await testApp({ ...api, accounts, shipping: { ...shipping, mailer: accounts.mailer } });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const host = { host: 'de.localhost' };
  const offerFor = async (deviceId: number, headers = host) => {
    const res = await app.inject({ method: 'POST', url: '/api/offers', payload: { deviceId, answers: BEST }, headers });
    expect(res.statusCode).toBe(201);
    return res.json() as { offerId: string; price: number };
  };
  const basePriceInSearch = async (deviceId: number) => {
    const res = await app.inject({
      method: 'POST',
      url: '/searches',
      headers: host,
      payload: { search: { query: { term: { id: deviceId } } }, application: 'de_devices', resultSize: 1 },
    });
    return res.json().hits.hits[0]._source.basePrice as number;
  };
  const deps = () => ({
    db: handle.db,
    store: api.store,
    shipping: { ...shipping, mailer: accounts.mailer },
    log: silent,
    warningDays: 3,
    upcoming: api.upcomingPrices!,
  });

  it('refuses a CSV with unknown devices, shops or prices, naming each line, and a day that is not in the future', async () => {
    expect(() => parsePriceCsv('device,locale,basePrice\n999999,de,10\n1300,xx,10\n1300,de,ten\n', api.store)).toThrow(
      /line 2: no device 999999\nline 3: locale unknown shop\nline 4: basePrice/,
    );
    expect(() => parsePriceCsv('', api.store)).toThrow(PriceImportError);
    const rows = parsePriceCsv('device,locale,basePrice\n1300,de,100\n', api.store);
    await expect(importPriceSchedule(handle.db, rows, '2026-11-24', new Date('2026-11-24T10:00:00Z'))).rejects.toThrow(/future day/);
    await expect(importPriceSchedule(handle.db, rows, '2026-13-40', new Date('2026-11-24T10:00:00Z'))).rejects.toThrow(/--effective/);
  });

  it('switches offers and search on the day, without a restart; warns exactly the holders of a valid offer, once', async () => {
    const before = await offerFor(1300);
    const oldBase = await basePriceInSearch(1300);
    const newBase = Math.round(oldBase * 60) / 100;

    // Who holds an offer of device 1300 in the German shop: by mail (twice, one mail), as a link only (no address), of another device.
    const holder = `holder-${randomUUID()}@example.com`;
    const other = `other-${randomUUID()}@example.com`;
    const share = (offerId: string, email: string) =>
      app.inject({ method: 'POST', url: `/api/offers/${offerId}/mail`, headers: host, payload: { email } });
    accounts.clock.set(Date.now());
    await share(before.offerId, holder);
    await share((await offerFor(1300)).offerId, holder);
    await app.inject({ method: 'POST', url: `/api/offers/${(await offerFor(1300)).offerId}/link`, headers: host });
    await share((await offerFor(1500)).offerId, other);
    const mailsBefore = accounts.mailer.sent.length;

    const now = Date.now();
    const dayAfterTomorrow = new Date(now + 2 * DAY).toISOString().slice(0, 10);
    await importPriceSchedule(
      handle.db,
      parsePriceCsv(`device,locale,basePrice\napple-iphone-13-128-gb,de,${newBase.toFixed(2)}\n`, api.store),
      dayAfterTomorrow,
      new Date(now),
    );

    // Today: nothing switches; the drop is within 3 days, so the holder is warned — once.
    expect(await runPriceSchedule(deps(), new Date(now))).toEqual({ applied: 0, warned: 1 });
    expect(await runPriceSchedule(deps(), new Date(now + 60_000))).toEqual({ applied: 0, warned: 0 });
    const warnings = accounts.mailer.sent.slice(mailsBefore);
    expect(warnings.map((m) => m.to.address)).toEqual([holder]);
    expect(warnings[0]!.subject).toMatch(/^Preise für Apple iPhone 13 128 GB sinken am/);
    expect(warnings[0]!.text).toMatch(/Ihr Angebot: \d+,\d\d\s€, gültig bis/);
    expect(warnings[0]!.text).toMatch(/https:\/\/de\.shop\.test\/produkte\/apple-iphone-13-128-gb\?offer=/);
    // An offer made now keeps its price and says what follows after the drop (inside its 21 days).
    const announced = (await offerFor(1300)) as { price: number; priceChange?: { effectiveOn: string; price: number } };
    expect(announced.price).toBe(before.price);
    expect(announced.priceChange?.effectiveOn).toBe(dayAfterTomorrow);
    expect(announced.priceChange!.price).toBeLessThan(before.price);
    expect((before as { priceChange?: unknown }).priceChange).toBeUndefined();

    // On the day (noon in Berlin): offers and search use the new base price, in the same process.
    const onTheDay = new Date(`${dayAfterTomorrow}T11:00:00Z`);
    expect(await runPriceSchedule(deps(), onTheDay)).toEqual({ applied: 1, warned: 0 });
    expect(await basePriceInSearch(1300)).toBe(newBase);
    const after = await offerFor(1300);
    expect(after.price).toBeLessThan(before.price);
    expect(after.price).toBeCloseTo(before.price * (newBase / oldBase), 0);
    expect(after.price).toBe(announced.priceChange!.price);
    expect((after as { priceChange?: unknown }).priceChange).toBeUndefined();
    // The Austrian shop keeps its own price.
    expect((await offerFor(1300, { host: 'at.localhost' })).price).toBe(before.price);
    expect(await runPriceSchedule(deps(), new Date(onTheDay.getTime() + DAY))).toEqual({ applied: 0, warned: 0 });
  });
});
