// Saving and sharing an offer through fastify.inject: the link opens the same offer and, after its
// expiry, the expired offer with its answers; a tampered token is refused; the mail goes out with the
// link and countdown, at most a few per address and hour with the same answer either way; a logged-in
// customer's shares are the account's saved offers; unknown and expired offers cannot be shared.

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClarificationLinks } from '../clarifications/links';
import type { DatabaseHandle } from '../db/client';
import { offerShares } from '../db/schema/offers';
import { createLabelLinks } from '../labels/links';
import { bearer, login, registerAndActivate, TEST_ORIGIN, testAccountServices, type TestAccountServices } from '../test-support/accounts';
import { fixtureServices, testApp } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { createOfferShareTokens } from './share-token';
import { createReviewLinks } from '../reviews/links';
import { createCertificateLinks, createTradeLinks } from '../trades/links';

const BEST = { 1: 11, 2: 21, 3: 31 };
const DAY = 86_400_000;

describe.each(testDatabases())('shared offers on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let accounts: TestAccountServices;

  beforeAll(async () => {
    handle = await database.open();
    accounts = testAccountServices({ rateLimits: { offerMail: { limit: 2, windowSeconds: 3600 } } });
    const shipping = {
      labels: createLabelLinks('a-label-secret-for-the-tests'),
      clarifications: createClarificationLinks('a-label-secret-for-the-tests'),
      offerShares: createOfferShareTokens('a-label-secret-for-the-tests'),
      reviews: createReviewLinks('a-label-secret-for-the-tests'),
      trades: createTradeLinks('a-label-secret-for-the-tests'),
      certificates: createCertificateLinks('a-label-secret-for-the-tests'),
      mailer: accounts.mailer,
      publicOrigin: TEST_ORIGIN,
      devMailbox: false,
    };
    app = await testApp({ ...(await fixtureServices(handle.db)), accounts, shipping });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const host = { host: 'de.localhost' };
  const newOffer = async () => {
    const res = await app.inject({ method: 'POST', url: '/api/offers', payload: { deviceId: 1300, answers: BEST }, headers: host });
    expect(res.statusCode).toBe(201);
    return res.json() as { offerId: string; price: number; validUntil: string };
  };
  const tokenOf = (path: string) => decodeURIComponent(/[?&]offer=([^&]+)/.exec(path)![1]!);
  const open = (token: string) =>
    app.inject({ method: 'GET', url: `/api/shared-offers?token=${encodeURIComponent(token)}`, headers: host });

  it('links the device page with a token that opens the same offer, and its expired state after the expiry', async () => {
    const offer = await newOffer();
    const res = await app.inject({ method: 'POST', url: `/api/offers/${offer.offerId}/link`, headers: host });
    expect(res.statusCode).toBe(200);
    const { path, token } = res.json();
    expect(path).toMatch(/^\/produkte\/[a-z0-9-]+\?offer=/);
    expect(tokenOf(path)).toBe(token);
    const opened = await open(token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      expired: false,
      offer: { offerId: offer.offerId, price: offer.price, answers: { 1: 11, 2: 21, 3: 31 } },
    });

    accounts.clock.set(Date.parse(offer.validUntil) + 1000);
    try {
      const expired = await open(token);
      expect(expired.statusCode).toBe(200);
      expect(expired.json()).toMatchObject({ expired: true, offer: { offerId: offer.offerId, answers: { 1: 11, 2: 21, 3: 31 } } });
      // An expired offer is not shared again.
      expect((await app.inject({ method: 'POST', url: `/api/offers/${offer.offerId}/link`, headers: host })).statusCode).toBe(410);
    } finally {
      accounts.clock.set(Date.now());
    }
  });

  it('refuses a tampered token and an unknown offer, and answers 404 for an offer of another shop', async () => {
    const offer = await newOffer();
    const { token } = (await app.inject({ method: 'POST', url: `/api/offers/${offer.offerId}/link`, headers: host })).json();
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'AB' : 'AA'}`;
    expect((await open(tampered)).statusCode).toBe(404);
    expect((await open('garbage')).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `/api/offers/${randomUUID()}/link`, headers: host })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: `/api/offers/${offer.offerId}/link`, headers: { host: 'fr.localhost' } })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/offers/nope/link', headers: host })).statusCode).toBe(400);
  });

  it('mails the offer with its price, countdown and link; the same 202 after the per-address limit, without a mail', async () => {
    const offer = await newOffer();
    accounts.clock.set(Date.now());
    const email = `offer-${randomUUID()}@example.com`;
    const send = (address: string) =>
      app.inject({ method: 'POST', url: `/api/offers/${offer.offerId}/mail`, headers: host, payload: { email: address } });
    expect((await send(email.toUpperCase())).statusCode).toBe(202);
    const mail = accounts.mailer.last(email);
    expect(mail.subject).toMatch(/^Ihr Angebot für .+: \d+,\d\d\s€$/);
    expect(mail.text).toContain('noch 21 Tage');
    const link = /https:\/\/de\.shop\.test\/produkte\/\S+\?offer=\S+/.exec(mail.text)![0];
    expect((await open(tokenOf(link))).json()).toMatchObject({ expired: false, offer: { offerId: offer.offerId } });

    expect((await send(email)).statusCode).toBe(202);
    const third = await send(email);
    expect(third.statusCode).toBe(202);
    expect(third.json()).toEqual({ status: 'accepted' });
    expect(accounts.mailer.to(email)).toHaveLength(2);
    const rows = await handle.db.select().from(offerShares).where(eq(offerShares.email, email));
    expect(rows).toHaveLength(2);

    const invalid = await send('not-an-address');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields[0]).toMatchObject({ path: 'email' });
  });

  it("files a logged-in customer's shares under the account: its saved offers, newest first, once per offer", async () => {
    const email = `saver-${randomUUID()}@example.com`;
    await registerAndActivate(app, accounts, { email, password: 'Ein sicheres Passwort 1' });
    const session = await login(app, { email, password: 'Ein sicheres Passwort 1' });
    const first = await newOffer();
    const second = await newOffer();
    const auth = { ...host, ...bearer(session) };
    expect((await app.inject({ method: 'POST', url: `/api/offers/${first.offerId}/link`, headers: auth })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: `/api/offers/${second.offerId}/mail`, headers: auth, payload: { email } })).statusCode,
    ).toBe(202);
    expect((await app.inject({ method: 'POST', url: `/api/offers/${first.offerId}/link`, headers: auth })).statusCode).toBe(200);
    const saved = await app.inject({ method: 'GET', url: '/api/customers/saved-offers', headers: auth });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().map((s: { offer: { offerId: string }; channel: string }) => [s.offer.offerId, s.channel])).toEqual([
      [first.offerId, 'link'],
      [second.offerId, 'mail'],
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/customers/saved-offers', headers: host })).statusCode).toBe(401);
    // A stale token is refused rather than filed as a guest's share.
    const stale = await app.inject({
      method: 'POST',
      url: `/api/offers/${first.offerId}/link`,
      headers: { ...host, authorization: 'Bearer x.y.z' },
    });
    expect(stale.statusCode).toBe(401);
  });

  it('mails a day before expiry with one day left', async () => {
    const offer = await newOffer();
    const email = `late-${randomUUID()}@example.com`;
    accounts.clock.set(Date.parse(offer.validUntil) - DAY + 60_000);
    try {
      await app.inject({ method: 'POST', url: `/api/offers/${offer.offerId}/mail`, headers: host, payload: { email } });
      expect(accounts.mailer.last(email).text).toContain('noch 1 Tag)');
    } finally {
      accounts.clock.set(Date.now());
    }
  });
});
