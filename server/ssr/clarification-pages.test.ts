// The clarification and quick-answer pages rendered on the server with the real SSR entry: with a
// valid link the first HTML is the clarification (devices, old and new price, the choices), never the
// loading note; a forged, foreign or expired link is the expired-link 404 page with status 404. The
// quick answer's GET decides nothing (mail scanners fetch links); its one-button form posted without
// JavaScript accepts the offer, and its undo takes the answer back (decision 069).

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../src/entry-server';
import { TradeRequestSchema, TradeSchema } from '../../src/contracts/trades';
import type { ApiServices } from '../app';
import { createClarificationLinks } from '../clarifications/links';
import type { DatabaseHandle } from '../db/client';
import { clarifications } from '../db/schema/clarifications';
import { createLabelLinks } from '../labels/links';
import { createOffer } from '../offers/service';
import { OfferWriter } from '../offers/writer';
import { createReviewLinks } from '../reviews/links';
import { fixtureServices, testApp } from '../test-support/app';
import { recordInspection } from '../trades/inspection';
import { transition } from '../trades/lifecycle';
import { createCertificateLinks, createTradeLinks } from '../trades/links';
import { submitTrade } from '../trades/service';
import { memoryDatabase } from '../test-support/databases';

const SECRET = 'a-clarification-secret-for-tests';
const BEST = { 1: 11, 2: 21, 3: 31 };
const CRACKED = { 2: 23 };
const DAY_MS = 86_400_000;
const links = createClarificationLinks(SECRET);
const LOADING = 'Ihr Verkauf wird geladen';
const EXPIRED_PAGE = 'Dieser Link ist abgelaufen';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let database: DatabaseHandle;
let api: ApiServices;
let app: FastifyInstance;

beforeAll(async () => {
  database = await memoryDatabase();
  api = await fixtureServices(database.db);
  app = await testApp(
    {
      ...api,
      shipping: {
        labels: createLabelLinks(SECRET),
        clarifications: links,
        reviews: createReviewLinks(SECRET),
        trades: createTradeLinks(SECRET),
        certificates: createCertificateLinks(SECRET),
        mailer: { send: async () => undefined },
        publicOrigin: () => 'http://de.localhost',
        devMailbox: false,
      },
    },
    {
      render,
      resolveAssets: ({ pages, catalog }) => ({ entry: '/assets/entry.js', css: [], preloads: [...pages, catalog] }),
    },
  );
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** A trade of two phones, both found with a cracked display: two clarifications, each with its token. */
async function clarifiedTrade(options: { now?: Date } = {}) {
  const db = database.db;
  const writer = new OfferWriter(db);
  const offerIds: string[] = [];
  for (const deviceId of [1300, 2100]) {
    const result = await createOffer(writer, api.store, 'de', { deviceId, answers: BEST });
    if (result.kind !== 'created') throw new Error('offer blocked');
    offerIds.push(result.offer.offerId);
  }
  const request = TradeRequestSchema('de').parse({
    offerIds,
    identity: { kind: 'guest', email: `seller-${randomUUID()}@example.com` },
    address: { firstName: 'Erika', lastName: 'Mustermann', street: 'Heidestraße', houseNumber: '17', postalCode: '51147', city: 'Köln' },
    payout: { method: 'paypal', email: 'erika.paypal@example.com' },
    termsAccepted: true,
  });
  const trade = TradeSchema.parse((await submitTrade(db, { idempotencyKey: randomUUID(), locale: 'de', request })).body);
  await transition(db, trade.tradeNumber, 'received');
  const inspected = await recordInspection(
    db,
    api.store,
    trade.tradeNumber,
    offerIds.map((offerId) => ({ offerId, answers: CRACKED })),
    options.now ? { now: options.now } : {},
  );
  const [first, second] = inspected.items.map((i) => i.clarification!);
  const tokenOf = async (id: string) => {
    const [row] = await db.select().from(clarifications).where(eq(clarifications.id, id));
    return links.token(id, trade.tradeNumber, row!.deadline!);
  };
  return { trade, first: first!, second: second!, firstToken: await tokenOf(first!.id), secondToken: await tokenOf(second!.id) };
}

const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'de.localhost' } });
const statusOf = async (id: string) => (await database.db.select().from(clarifications).where(eq(clarifications.id, id)))[0]!.status;
const page = (id: string, trade: string, token: string) => `/clarification/${id}/${trade}?token=${encodeURIComponent(token)}`;
const quickPage = (c: { id: string; newOfferId: string }, trade: string, token: string) =>
  `/clarificationQuickAnswer/${c.id}/${trade}/${c.newOfferId}?token=${encodeURIComponent(token)}`;

describe('the clarification page on the server', () => {
  it('shows the clarification in the first HTML: both devices, old and new price, the choices; no loading note', async () => {
    const { trade, first, firstToken } = await clarifiedTrade();
    const response = await get(page(first.id, trade.tradeNumber, firstToken));
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(LOADING);
    expect(response.body.match(/class="clarification-item"/g)).toHaveLength(2);
    expect(response.body).toContain('data-clarification="reviewing"');
    expect(response.body).toMatch(/<del>[^<]*€<\/del>/);
    expect(response.body).toMatch(/data-new-price="true">[^<]*€</);
    expect(response.body.match(/<input type="radio"[^>]*value="accept"/g)).toHaveLength(2);
    expect(response.body).toContain('Apple iPhone 13 128 GB');
  });

  it.each([
    [
      'a token with a wrong MAC',
      (c: Awaited<ReturnType<typeof clarifiedTrade>>) => page(c.first.id, c.trade.tradeNumber, forge(c.firstToken)),
    ],
    [
      'the token of another clarification of the trade',
      (c: Awaited<ReturnType<typeof clarifiedTrade>>) => page(c.first.id, c.trade.tradeNumber, c.secondToken),
    ],
    [
      'a token past its expiry',
      (c: Awaited<ReturnType<typeof clarifiedTrade>>) =>
        page(c.first.id, c.trade.tradeNumber, links.token(c.first.id, c.trade.tradeNumber, new Date(Date.now() - 1000))),
    ],
    [
      'a token that is not a token',
      (c: Awaited<ReturnType<typeof clarifiedTrade>>) => page(c.first.id, c.trade.tradeNumber, 'x'.repeat(300)),
    ],
    ['another trade number', (c: Awaited<ReturnType<typeof clarifiedTrade>>) => page(c.first.id, 'TR-2026-999999', c.firstToken)],
  ])('answers %s with the expired-link 404 page in the first HTML', async (_name, url) => {
    const c = await clarifiedTrade();
    for (const target of [
      url(c),
      url(c).replace(`/clarification/${c.first.id}/`, `/clarificationQuickAnswer/${c.first.id}/`).replace('?', `/${c.first.newOfferId}?`),
    ]) {
      const response = await get(target);
      expect(response.statusCode, target).toBe(404);
      expect(response.body).toContain(EXPIRED_PAGE);
      expect(response.body).not.toContain(LOADING);
    }
    expect(await statusOf(c.first.id)).toBe('open');
  });

  it('answers a genuine link whose clarification is past its deadline with the expired-link 404 page', async () => {
    const c = await clarifiedTrade({ now: new Date(Date.now() - 20 * DAY_MS) });
    // A token still valid (a later expiry than the deadline): the view itself says expired.
    const token = links.token(c.first.id, c.trade.tradeNumber, new Date(Date.now() + DAY_MS));
    const response = await get(page(c.first.id, c.trade.tradeNumber, token));
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain(EXPIRED_PAGE);
  });

  it('without a token (the account) leaves it to the flow, which asks with the session', async () => {
    const { trade, first } = await clarifiedTrade();
    const response = await get(`/clarification/${first.id}/${trade.tradeNumber}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(LOADING);
  });
});

describe('the quick answer on the server (decision 069)', () => {
  it('a GET (a mail scanner) decides nothing: the page shows the device and the one-button form', async () => {
    const { trade, first, firstToken } = await clarifiedTrade();
    const response = await get(quickPage(first, trade.tradeNumber, firstToken));
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(LOADING);
    expect(response.body).toContain('data-clarification="deciding"');
    expect(quickButton(response.body, 'accept')).toMatch(/>\d+,\d\d\s€ annehmen<\/button>$/);
    expect(await statusOf(first.id)).toBe('open');
  });

  it('the form without JavaScript accepts the offer, the page then confirms it with an undo, and the undo reopens it', async () => {
    const { trade, first, second, firstToken } = await clarifiedTrade();
    const url = quickPage(first, trade.tradeNumber, firstToken);
    const post = (payload: string) => app.inject({ method: 'POST', url, payload, headers: { host: 'de.localhost', ...FORM } });

    const accepted = await post('quickAnswer=accept');
    expect(accepted.statusCode).toBe(303);
    expect(accepted.headers.location).toBe(url);
    expect(await statusOf(first.id)).toBe('accepted');
    expect(await statusOf(second.id)).toBe('open');
    // A second press changes nothing.
    expect((await post('quickAnswer=accept')).statusCode).toBe(303);

    const confirmed = await get(url);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Vielen Dank, Ihre Antwort ist bei uns eingegangen.');
    expect(confirmed.body).toContain('data-answer="accepted"');
    expect(quickButton(confirmed.body, 'undo')).toMatch(/>Antwort rückgängig machen<\/button>$/);

    expect((await post('quickAnswer=undo')).statusCode).toBe(303);
    expect(await statusOf(first.id)).toBe('open');
    const reopened = await get(url);
    expect(reopened.body).toContain('data-clarification="deciding"');
  });

  it('offers no undo once the answer moved the trade on (every device answered)', async () => {
    const { trade, first, second, firstToken, secondToken } = await clarifiedTrade();
    const postTo = (url: string) =>
      app.inject({ method: 'POST', url, payload: 'quickAnswer=accept', headers: { host: 'de.localhost', ...FORM } });
    await postTo(quickPage(first, trade.tradeNumber, firstToken));
    await postTo(quickPage(second, trade.tradeNumber, secondToken));
    expect(await statusOf(second.id)).toBe('accepted');
    const confirmed = await get(quickPage(second, trade.tradeNumber, secondToken));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('data-answer="accepted"');
    expect(confirmed.body).not.toContain('value="undo"');
  });
});

/** The submit button of a form posted to the page itself (no action) with name="quickAnswer" and this value. */
function quickButton(html: string, value: string): string | undefined {
  const form = [...html.matchAll(/<form(?![^>]*\baction=)[^>]*\bmethod="post"[^>]*>([\s\S]*?)<\/form>/g)].map((m) => m[1]!);
  const buttons = form.flatMap((body) => [...body.matchAll(/<button[^>]*>[^<]*<\/button>/g)].map((m) => m[0]));
  return buttons.find((b) => b.includes('type="submit"') && b.includes('name="quickAnswer"') && b.includes(`value="${value}"`));
}

/** The token with its MAC's first character changed (the last one may only carry padding bits). */
function forge(token: string): string {
  const dot = token.indexOf('.') + 1;
  return token.slice(0, dot) + (token[dot] === 'A' ? 'B' : 'A') + token.slice(dot + 1);
}
