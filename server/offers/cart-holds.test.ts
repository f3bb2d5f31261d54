// Cart holds through fastify.inject (decision 058): the checkout's report stores the cart's valid
// offers of the shop for the address, the next report replaces them, a placed trade and the offer's
// expiry delete them; the price-drop warning reaches share and cart-hold addresses exactly once per
// scheduled price and address, and the mail's stop link deletes the address's holds (a tampered link
// is refused). Shared and saved offers say when a drop falls inside their validity.

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiServices } from '../app';
import { importPriceSchedule, parsePriceCsv, UpcomingPrices } from '../catalogue/price-schedule';
import { runPriceSchedule } from './price-scheduler';
import { createClarificationLinks } from '../clarifications/links';
import type { DatabaseHandle } from '../db/client';
import { priceSchedules } from '../db/schema/catalogue';
import { cartHolds } from '../db/schema/offers';
import { createLabelLinks } from '../labels/links';
import { createReviewLinks } from '../reviews/links';
import { createCertificateLinks, createTradeLinks } from '../trades/links';
import { TEST_ORIGIN, testAccountServices, type TestAccountServices } from '../test-support/accounts';
import { fixtureServices, testApp } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { ADDRESS, SEPA } from '../test-support/trades';
import { createCartHoldStopLinks } from './cart-holds';
import { createOfferShareTokens } from './share-token';

const BEST = { 1: 11, 2: 21, 3: 31 };
const DAY = 86_400_000;
const SECRET = 'a-label-secret-for-the-tests';
const silent = { info: () => undefined, warn: () => undefined };

describe.each(testDatabases())('cart holds on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let api: ApiServices;
  let accounts: TestAccountServices;
  const shipping = {
    labels: createLabelLinks(SECRET),
    clarifications: createClarificationLinks(SECRET),
    offerShares: createOfferShareTokens(SECRET),
    reviews: createReviewLinks(SECRET),
    trades: createTradeLinks(SECRET),
    certificates: createCertificateLinks(SECRET),
    cartHoldStops: createCartHoldStopLinks(SECRET),
    publicOrigin: TEST_ORIGIN,
    devMailbox: false,
  };

  beforeAll(async () => {
    handle = await database.open();
    api = { ...(await fixtureServices(handle.db)), upcomingPrices: new UpcomingPrices() };
    accounts = testAccountServices({ rateLimits: { cartHolds: { limit: 3, windowSeconds: 3600 } } });
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
    return res.json() as { offerId: string; price: number; validUntil: string; priceChange?: { effectiveOn: string; price: number } };
  };
  const report = (email: string, offerIds: string[], locale = 'de', headers = host) =>
    app.inject({ method: 'PUT', url: '/api/cart-holds', headers, payload: { email, locale, offerIds } });
  const heldBy = async (email: string) =>
    (await handle.db.select().from(cartHolds).where(eq(cartHolds.email, email))).map((row) => row.offerId).sort();
  const deps = () => ({
    db: handle.db,
    store: api.store,
    shipping: { ...shipping, mailer: accounts.mailer },
    log: silent,
    warningDays: 3,
    upcoming: api.upcomingPrices!,
  });

  it("stores the cart's valid offers of the shop, replaces them on the next report and forgets them for an empty cart", async () => {
    const email = `cart-${randomUUID()}@example.com`;
    const [a, b, c] = [await offerFor(1300), await offerFor(1500), await offerFor(1300)];
    const austrian = await offerFor(1300, { host: 'at.localhost' });
    const first = await report(email.toUpperCase(), [a.offerId, b.offerId, austrian.offerId, randomUUID()]);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ status: 'accepted' });
    // Lower case; the Austrian offer and the unknown id are left out without a word.
    expect(await heldBy(email)).toEqual([a.offerId, b.offerId].sort());
    const [row] = await handle.db.select().from(cartHolds).where(eq(cartHolds.offerId, a.offerId));
    expect(row!.expiresAt.toISOString()).toBe(a.validUntil);
    expect(row!.locale).toBe('de');

    expect((await report(email, [c.offerId])).statusCode).toBe(202);
    expect(await heldBy(email)).toEqual([c.offerId]);
    expect((await report(email, [])).statusCode).toBe(202);
    expect(await heldBy(email)).toEqual([]);
  });

  it('refuses an invalid address, offer id or shop with a 400 naming the field, and answers 202 without storing after the per-address limit', async () => {
    const offer = await offerFor(1300);
    const bad = await report('not-an-address', [offer.offerId]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0]).toMatchObject({ path: 'email' });
    expect((await report(`x-${randomUUID()}@example.com`, ['nope'])).json().fields[0]).toMatchObject({ path: 'offerIds.0' });
    const foreign = await report(`x-${randomUUID()}@example.com`, [offer.offerId], 'fr');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields[0]).toMatchObject({ path: 'locale' });
    expect((await report(`x-${randomUUID()}@example.com`, [offer.offerId], 'xx')).statusCode).toBe(400);

    const email = `busy-${randomUUID()}@example.com`;
    for (let i = 0; i < 3; i++) expect((await report(email, [offer.offerId])).statusCode).toBe(202);
    await report(email, []);
    // The fourth report of the hour is answered the same, and changes nothing.
    expect(await heldBy(email)).toEqual([offer.offerId]);
  });

  it('deletes the holds of the offers a trade takes, and of expired offers', async () => {
    const email = `sold-${randomUUID()}@example.com`;
    const [sold, kept] = [await offerFor(1300), await offerFor(1500)];
    await report(email, [sold.offerId, kept.offerId]);
    const trade = await app.inject({
      method: 'POST',
      url: '/api/trades',
      headers: { ...host, 'idempotency-key': randomUUID() },
      payload: { offerIds: [sold.offerId], identity: { kind: 'guest', email }, address: ADDRESS, payout: SEPA, termsAccepted: true },
    });
    expect(trade.statusCode).toBe(201);
    expect(await heldBy(email)).toEqual([kept.offerId]);
    // A report naming the sold offer again does not hold it.
    await report(email, [sold.offerId, kept.offerId]);
    expect(await heldBy(email)).toEqual([kept.offerId]);

    // The schedule's run after the offer's expiry forgets it.
    await runPriceSchedule(deps(), new Date(Date.parse(kept.validUntil) - 60_000));
    expect(await heldBy(email)).toEqual([kept.offerId]);
    await runPriceSchedule(deps(), new Date(Date.parse(kept.validUntil) + 1000));
    expect(await heldBy(email)).toEqual([]);
  });

  it('warns share and cart-hold addresses exactly once per scheduled price and address; the stop link deletes the holds', async () => {
    // Device 1301 in the German shop: one address shared an offer, one holds it in a cart, one did both (two carts, a share).
    const sharer = `sharer-${randomUUID()}@example.com`;
    const carter = `carter-${randomUUID()}@example.com`;
    const both = `both-${randomUUID()}@example.com`;
    const bystander = `bystander-${randomUUID()}@example.com`;
    accounts.clock.set(Date.now());
    const share = async (email: string) =>
      app.inject({ method: 'POST', url: `/api/offers/${(await offerFor(1301)).offerId}/mail`, headers: host, payload: { email } });
    await share(sharer);
    await share(both);
    const held = await offerFor(1301);
    expect((await report(carter, [held.offerId])).statusCode).toBe(202);
    expect((await report(both, [(await offerFor(1301)).offerId, (await offerFor(1301)).offerId])).statusCode).toBe(202);
    // A cart of another device is not warned.
    await report(bystander, [(await offerFor(1500)).offerId]);
    const mailsBefore = accounts.mailer.sent.length;

    const now = Date.now();
    const effectiveOn = new Date(now + 2 * DAY).toISOString().slice(0, 10);
    const oldBase = api.store.device(1301)!.basePrice.de;
    await importPriceSchedule(
      handle.db,
      parsePriceCsv(`device,locale,basePrice\n1301,de,${(oldBase * 0.7).toFixed(2)}\n`, api.store),
      effectiveOn,
      new Date(now),
    );
    try {
      expect(await runPriceSchedule(deps(), new Date(now))).toMatchObject({ warned: 3 });
      expect(await runPriceSchedule(deps(), new Date(now + 60_000))).toMatchObject({ warned: 0 });
      const mails = accounts.mailer.sent.slice(mailsBefore);
      expect(mails.map((m) => m.to.address).sort()).toEqual([both, carter, sharer].sort());
      const mailTo = (email: string) => mails.find((m) => m.to.address === email)!;
      // Only an address with a cart gets the stop link; the cart's mail does not speak of a saved offer.
      expect(mailTo(sharer).text).not.toContain('/cart-holds/stop');
      expect(mailTo(carter).text).toContain('Das Angebot in Ihrem Warenkorb ist davon nicht betroffen');
      const stop = /https:\/\/de\.shop\.test(\/cart-holds\/stop\?token=\S+)/.exec(mailTo(carter).text)![1]!;
      expect(mailTo(both).text).toContain('/cart-holds/stop?token=');
      expect(mailTo(carter).html).toContain('/cart-holds/stop?token=');

      // The shared link and a new offer say "valid until …, then …".
      const link = /https:\/\/de\.shop\.test\/produkte\/\S+\?offer=(\S+)/.exec(mailTo(sharer).text)![1]!;
      const opened = await app.inject({ method: 'GET', url: `/api/shared-offers?token=${link}`, headers: host });
      expect(opened.json().offer.priceChange).toMatchObject({ effectiveOn });
      expect(opened.json().offer.priceChange.price).toBeLessThan(opened.json().offer.price);
      expect((await app.inject({ method: 'GET', url: `/api/offers/${held.offerId}`, headers: host })).json().priceChange).toMatchObject({
        effectiveOn,
      });

      // The stop link: the page asks first (a mail scanner's GET stops nothing), the button deletes every hold of the address.
      const page = await app.inject({ method: 'GET', url: stop, headers: host });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<form method="post"');
      expect(await heldBy(carter)).toEqual([held.offerId]);
      const tampered = stop.replace(/.(?=$)/, (c) => (c === 'A' ? 'B' : 'A'));
      expect((await app.inject({ method: 'POST', url: tampered, headers: host })).statusCode).toBe(400);
      expect((await app.inject({ method: 'POST', url: '/cart-holds/stop?token=garbage', headers: host })).statusCode).toBe(400);
      expect((await app.inject({ method: 'GET', url: '/cart-holds/stop', headers: host })).statusCode).toBe(400);
      expect(await heldBy(carter)).toEqual([held.offerId]);
      const stopped = await app.inject({
        method: 'POST',
        url: stop,
        headers: { ...host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(stopped.statusCode).toBe(200);
      expect(stopped.body).toContain('Erledigt');
      expect(await heldBy(carter)).toEqual([]);
      expect(await heldBy(both)).toHaveLength(2);
    } finally {
      // The schedule must not switch the device's price for the other tests.
      await handle.db.delete(priceSchedules).where(eq(priceSchedules.deviceId, 1301));
      await api.upcomingPrices!.refresh(handle.db);
    }
  });
});
