// Reviews end to end on the server: the review invitation in the payout mail that completes a trade,
// with its signed link (server/trades/step-mails.tsx), the link check, storing one review per trade, moderation, and the summary that counts approved reviews only.

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importCatalogue } from '../catalogue/repository';
import { CatalogueStore } from '../catalogue/store';
import type { DatabaseHandle } from '../db/client';
import { type HttpError } from '../http/errors';
import type { MailMessage } from '../mail/mailer';
import type { ShippingServices } from '../shipping';
import { createLabelLinks } from '../labels/links';
import { createClarificationLinks } from '../clarifications/links';
import { fixtureCatalogue } from '../test-support/catalogue';
import { testApp } from '../test-support/app';
import { LocalSearch } from '../catalogue/search-service';
import { testDatabases } from '../test-support/databases';
import { BEST, createTrade } from '../test-support/trades';
import { recordInspection } from '../trades/inspection';
import { payTrade, transition } from '../trades/lifecycle';
import { createReviewLinks, REVIEW_LINK_DAYS } from './links';
import { createCertificateLinks, createTradeLinks } from '../trades/links';
import { tradeStepMails } from '../trades/step-mails';
import { authorNameOf, listReviews, moderateReview, reviewLinkStatus, reviewSummary, submitReview } from './service';

const SECRET = 'a-label-secret-for-the-tests';
const links = createReviewLinks(SECRET);

describe.each(testDatabases())('reviews ($name)', (database) => {
  let handle: DatabaseHandle;
  let store: CatalogueStore;
  const sent: MailMessage[] = [];
  const services: ShippingServices = {
    labels: createLabelLinks(SECRET),
    clarifications: createClarificationLinks(SECRET),
    reviews: links,
    trades: createTradeLinks(SECRET),
    certificates: createCertificateLinks(SECRET),
    mailer: { send: async (message: MailMessage) => void sent.push(message) },
    publicOrigin: () => 'https://www.tradein.de',
    devMailbox: false,
  };

  beforeAll(async () => {
    handle = await database.open();
    await importCatalogue(handle.db, fixtureCatalogue());
    store = await CatalogueStore.load(handle.db);
  }, 30_000);
  afterAll(async () => handle.close());

  async function paidTrade() {
    const t = await createTrade(handle.db, store);
    await transition(handle.db, t.tradeNumber, 'received');
    await recordInspection(
      handle.db,
      store,
      t.tradeNumber,
      t.items.map((i) => ({ offerId: i.offerId, answers: BEST })),
    );
    await payTrade(handle.db, t.tradeNumber);
    return t;
  }
  const tokenOf = (mail: MailMessage) => {
    const url = new URL(/https:\/\/www\.tradein\.de\/bewertung\/[^\s"]+/.exec(mail.text)![0]);
    return { tradeId: url.pathname.split('/').pop()!, token: url.searchParams.get('token')! };
  };

  it('invites the review in the payout mail that completes the trade, with a signed link, not before', async () => {
    const mails = tradeStepMails(services);
    const t = await createTrade(handle.db, store);
    const before = sent.length;
    await transition(handle.db, t.tradeNumber, 'received', undefined, new Date(), { mails });
    await recordInspection(
      handle.db,
      store,
      t.tradeNumber,
      t.items.map((i) => ({ offerId: i.offerId, answers: BEST })),
      { mails },
    );
    // The parcel's and the inspection's mails invite no review.
    expect(sent.slice(before).map((m) => /bewertung/.test(m.text))).toEqual([false, false]);
    await payTrade(handle.db, t.tradeNumber, undefined, new Date(), { mails });
    const mail = sent.at(-1)!;
    expect(mail.subject).toMatch(new RegExp(`^Ihr Verkauf ${t.tradeNumber}: Wir haben Ihnen .* ausgezahlt$`));
    expect(mail.text).toContain('Verkauf bewerten');
    expect(mail.text).toContain(`Der Link gilt ${REVIEW_LINK_DAYS} Tage.`);
    const { tradeId, token } = tokenOf(mail);
    expect(tradeId).toBe(t.tradeId);
    expect(await reviewLinkStatus(handle.db, links, tradeId, token)).toEqual({ status: 'open', firstName: 'Erika' });
  });

  it('refuses a forged, foreign or expired link and a trade that is not paid', async () => {
    const t = await paidTrade();
    const other = await paidTrade();
    const token = links.token(t.tradeId, new Date(Date.now() + 3600_000));
    const status = (error: unknown) => (error as HttpError).statusCode;
    await expect(reviewLinkStatus(handle.db, links, other.tradeId, token)).rejects.toSatisfy((e) => status(e) === 403);
    // The MAC's first character changed (its last one carries padding bits, and was 'A' one time in 16).
    const forged = token.replace(/\.(.)/, (_dot, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
    expect(forged).not.toBe(token);
    await expect(reviewLinkStatus(handle.db, links, t.tradeId, forged)).rejects.toSatisfy((e) => status(e) === 403);
    const old = links.token(t.tradeId, new Date(Date.now() - 1000));
    await expect(reviewLinkStatus(handle.db, links, t.tradeId, old)).rejects.toSatisfy((e) => status(e) === 410);
    const unpaid = await createTrade(handle.db, store);
    const unpaidToken = links.token(unpaid.tradeId, new Date(Date.now() + 3600_000));
    await expect(submitReview(handle.db, links, { tradeId: unpaid.tradeId, token: unpaidToken, stars: 5, text: 'x' })).rejects.toSatisfy(
      (e) => status(e) === 409,
    );
  });

  it('stores one review per trade, pending until approved; the summary counts approved reviews only', async () => {
    const before = await reviewSummary(handle.db);
    const a = await paidTrade();
    const b = await paidTrade();
    const c = await paidTrade();
    const token = (id: string) => links.token(id, new Date(Date.now() + 3600_000));
    const ra = await submitReview(handle.db, links, { tradeId: a.tradeId, token: token(a.tradeId), stars: 5, text: 'Schnell bezahlt.' });
    await expect(
      submitReview(handle.db, links, { tradeId: a.tradeId, token: token(a.tradeId), stars: 1, text: 'again' }),
    ).rejects.toSatisfy((e) => (e as HttpError).statusCode === 409);
    expect(await reviewLinkStatus(handle.db, links, a.tradeId, token(a.tradeId))).toMatchObject({ status: 'reviewed' });
    const rb = await submitReview(handle.db, links, { tradeId: b.tradeId, token: token(b.tradeId), stars: 4, text: 'Gut.' });
    const rc = await submitReview(handle.db, links, { tradeId: c.tradeId, token: token(c.tradeId), stars: 1, text: 'Spam http://x' });
    expect(await reviewSummary(handle.db)).toEqual(before);

    await moderateReview(handle.db, ra.id.slice(0, 8), 'approved');
    await moderateReview(handle.db, rb.id, 'approved');
    await moderateReview(handle.db, rc.id, 'rejected');
    const summary = await reviewSummary(handle.db);
    expect(summary.count).toBe(before.count + 2);
    expect(summary.latest.slice(0, 2).map((r) => [r.author, r.stars, r.locale])).toEqual([
      ['Erika M.', 4, 'de'],
      ['Erika M.', 5, 'de'],
    ]);
    expect(summary.latest.some((r) => r.text.includes('Spam'))).toBe(false);
    expect((await listReviews(handle.db, 'rejected')).map((r) => r.id)).toContain(rc.id);
    expect(await moderateReview(handle.db, '00000000', 'approved')).toBeNull();
  });

  it('answers the API: 400 naming the fields, 403 for a forged link, 201 once, then 409; the summary counts approved only', async () => {
    const app = await testApp({ db: handle.db, store, search: new LocalSearch(store), shipping: services });
    try {
      const t = await paidTrade();
      const token = links.token(t.tradeId, new Date(Date.now() + 3600_000));
      const post = (body: unknown) =>
        app.inject({ method: 'POST', url: '/api/reviews', headers: { host: 'de.localhost' }, payload: body as object });
      const invalid = await post({ tradeId: t.tradeId, token, stars: 7, text: '' });
      expect(invalid.statusCode).toBe(400);
      expect(
        invalid
          .json()
          .fields.map((f: { path: string }) => f.path)
          .sort(),
      ).toEqual(['stars', 'text']);
      expect((await post({ tradeId: t.tradeId, token: 'x'.repeat(20), stars: 5, text: 'Gut' })).statusCode).toBe(403);
      const created = await post({ tradeId: t.tradeId, token, stars: 5, text: 'Gut' });
      expect(created.statusCode).toBe(201);
      expect(created.headers['cache-control']).toBe('no-store');
      expect((await post({ tradeId: t.tradeId, token, stars: 5, text: 'Gut' })).statusCode).toBe(409);
      const link = await app.inject({
        url: `/api/reviews/link?trade=${t.tradeId}&token=${encodeURIComponent(token)}`,
        headers: { host: 'de.localhost' },
      });
      expect(link.json()).toEqual({ status: 'reviewed', firstName: 'Erika' });
      const summary = await app.inject({ url: '/api/reviews/summary', headers: { host: 'de.localhost' } });
      expect(summary.json()).toEqual(await reviewSummary(handle.db));
    } finally {
      await app.close();
    }
  });

  it('reads the summary once a minute for every footer, as its Cache-Control says', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const app = await testApp({ db: handle.db, store, search: new LocalSearch(store), shipping: services });
    try {
      const get = async () => (await app.inject({ url: '/api/reviews/summary', headers: { host: 'de.localhost' } })).json();
      const first = await get();
      const t = await paidTrade();
      const token = links.token(t.tradeId, new Date(Date.now() + 3600_000));
      const review = await submitReview(handle.db, links, { tradeId: t.tradeId, token, stars: 3, text: 'Ging so.' });
      await moderateReview(handle.db, review.id, 'approved');
      vi.advanceTimersByTime(59_000);
      expect(await get()).toEqual(first);
      vi.advanceTimersByTime(1_001);
      expect((await get()).count).toBe(first.count + 1);
    } finally {
      vi.useRealTimers();
      await app.close();
    }
  });

  it('says "no reviews" honestly: no average when none is approved', { timeout: 30_000 }, async () => {
    const empty = await database.open();
    try {
      expect(await reviewSummary(empty.db)).toEqual({ average: null, count: 0, latest: [] });
    } finally {
      await empty.close();
    }
  });
});

describe('review author names', () => {
  it('shows the first name and the initial of the last name', () => {
    expect(authorNameOf('Sabine', 'Krüger')).toBe('Sabine K.');
    expect(authorNameOf(' Élodie ', 'ørsted')).toBe('Élodie Ø.');
    expect(authorNameOf('Jan', '')).toBe('Jan');
  });
});
