// The seller's clarification API through fastify.inject, on PGlite and (with TEST_DATABASE_URL)
// PostgreSQL: the link token (tampered, other trade, expired), the view, per-item answers and what
// they do to the payout, answers refused as late, repeated or foreign, and one effect per key.

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClarificationViewSchema } from '../../src/contracts/clarifications';
import { TradeRequestSchema, TradeSchema, type Trade } from '../../src/contracts/trades';
import type { ApiServices } from '../app';
import type { Database, DatabaseHandle } from '../db/client';
import { clarifications } from '../db/schema/clarifications';
import { trades, tradeTransitions } from '../db/schema/trades';
import { createLabelLinks } from '../labels/links';
import type { MailMessage } from '../mail/mailer';
import type { ShippingServices } from '../shipping';
import { createOffer } from '../offers/service';
import { OfferWriter } from '../offers/writer';
import { fixtureServices, testApp } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { recordInspection } from '../trades/inspection';
import { checkPhoto, PhotoError, type InspectionPhoto } from '../trades/photos';
import { payoutCents, transition } from '../trades/lifecycle';
import { submitTrade } from '../trades/service';
import { createClarificationLinks } from './links';
import { sendClarificationMail } from './mail';
import { claimReminders, expireClarifications } from './service';
import { createReviewLinks } from '../reviews/links';
import { createCertificateLinks, createTradeLinks } from '../trades/links';

const SECRET = 'a-clarification-secret-for-tests';
const BEST = { 1: 11, 2: 21, 3: 31 };
const CRACKED = { 2: 23 };
const ADDRESS = { firstName: 'Erika', lastName: 'Mustermann', street: 'Heidestraße', houseNumber: '17', postalCode: '51147', city: 'Köln' };
const DAY_MS = 86_400_000;
/** A 1×1 PNG. */
const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
);
const links = createClarificationLinks(SECRET);

/** The token with one character changed (a different letter at the same place). */
const tamper = (token: string) => {
  const i = token.length - 5;
  return token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
};

describe.each(testDatabases())('clarification API on $name', (database) => {
  let handle: DatabaseHandle;
  let db: Database;
  let api: ApiServices;
  let app: FastifyInstance;
  const mails: MailMessage[] = [];
  let shipping: ShippingServices;

  beforeAll(async () => {
    handle = await database.open();
    db = handle.db;
    api = await fixtureServices(db);
    shipping = {
      labels: createLabelLinks(SECRET),
      clarifications: links,
      reviews: createReviewLinks('a-label-secret-for-the-tests'),
      trades: createTradeLinks('a-label-secret-for-the-tests'),
      certificates: createCertificateLinks('a-label-secret-for-the-tests'),
      mailer: { send: async (message: MailMessage) => void mails.push(message) },
      publicOrigin: () => 'https://www.tradein.de',
      devMailbox: false,
    };
    app = await testApp({ ...api, shipping });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  /**
   * A received trade, inspected: the first two devices found cracked (clarifications), the third as
   * offered (or cracked too with `allCracked`); `photos` are the first device's, `photosOf` each one's.
   */
  const clarifiedTrade = async (
    options: { now?: Date; photos?: InspectionPhoto[]; photosOf?: readonly InspectionPhoto[][]; allCracked?: boolean } = {},
  ) => {
    const writer = new OfferWriter(db);
    const offerIds: string[] = [];
    for (const deviceId of [1300, 2100, 1300]) {
      const result = await createOffer(writer, api.store, 'de', { deviceId, answers: BEST });
      if (result.kind !== 'created') throw new Error('offer blocked');
      offerIds.push(result.offer.offerId);
    }
    const rawBody = {
      offerIds,
      identity: { kind: 'guest', email: `seller-${randomUUID()}@example.com` },
      address: ADDRESS,
      payout: { method: 'paypal', email: 'erika.paypal@example.com' },
      termsAccepted: true,
    };
    const answer = await submitTrade(db, {
      idempotencyKey: randomUUID(),
      locale: 'de',
      request: TradeRequestSchema('de').parse(rawBody),
    });
    const trade: Trade = TradeSchema.parse(answer.body);
    await transition(db, trade.tradeNumber, 'received');
    const [a, b, c] = offerIds as [string, string, string];
    const inspected = await recordInspection(
      db,
      api.store,
      trade.tradeNumber,
      [
        {
          offerId: a,
          answers: CRACKED,
          note: 'Display cracked in the upper left corner.',
          photos: options.photos ?? options.photosOf?.[0] ?? [],
        },
        { offerId: b, answers: CRACKED, photos: options.photosOf?.[1] ?? [] },
        { offerId: c, answers: options.allCracked ? CRACKED : BEST, photos: options.photosOf?.[2] ?? [] },
      ],
      options.now ? { now: options.now } : {},
    );
    const [first, second] = inspected.items.filter((i) => i.clarification).map((i) => i.clarification!) as [
      NonNullable<(typeof inspected.items)[number]['clarification']>,
      NonNullable<(typeof inspected.items)[number]['clarification']>,
    ];
    const deadline = (await db.select().from(clarifications).where(eq(clarifications.id, first.id)))[0]!.deadline!;
    return { trade, inspected, first, second, deadline, token: links.token(first.id, trade.tradeNumber, deadline) };
  };

  const view = (id: string, trade: string, token?: string) =>
    app.inject({
      method: 'GET',
      url: `/api/clarifications/${id}`,
      query: { trade, ...(token === undefined ? {} : { token }) },
      headers: { host: 'de.localhost' },
    });
  const answer = (id: string, payload: object, key: string | null = randomUUID()) =>
    app.inject({
      method: 'POST',
      url: `/api/clarifications/${id}/answers`,
      payload,
      headers: { host: 'de.localhost', ...(key === null ? {} : { 'idempotency-key': key }) },
    });
  const tradeRow = async (tradeId: string) => (await db.select().from(trades).where(eq(trades.id, tradeId)))[0]!;

  describe('the link', () => {
    it('shows every item in clarification with offered vs found answers, prices, note, deadline and totals', async () => {
      const { trade, first, second, token, deadline } = await clarifiedTrade();
      const res = await view(first.id, trade.tradeNumber.toLowerCase(), token);
      expect(res.statusCode).toBe(200);
      const body = ClarificationViewSchema.parse(res.json());
      expect(body).toMatchObject({ clarificationId: first.id, tradeNumber: trade.tradeNumber, status: 'open' });
      expect(new Date(body.deadline).getTime()).toBe(deadline.getTime());
      expect(deadline.getTime() - Date.now()).toBeGreaterThan(13.9 * DAY_MS);
      expect(body.items.map((i) => i.clarificationId)).toEqual([first.id, second.id]);
      const [one] = body.items;
      expect(one).toMatchObject({ kind: 'lower_price', status: 'open', note: 'Display cracked in the upper left corner.' });
      expect(one!.offeredPriceCents).toBeGreaterThan(one!.newPriceCents);
      expect(one!.answers.filter((a) => a.differs).map((a) => a.questionId)).toEqual([2]);
      const third = trade.items[2]!.price * 100;
      expect(body.totals.otherCents).toBe(Math.round(third));
      expect(body.totals.ifAcceptedCents).toBe(body.totals.otherCents + first.newPriceCents + second.newPriceCents);
      expect(body.totals.ifDeclinedCents).toBe(body.totals.otherCents);
    });

    it('answers 404 for a token with one character changed, another trade, an expired or a missing token', async () => {
      const { trade, first, token } = await clarifiedTrade();
      const other = await clarifiedTrade();
      expect((await view(first.id, trade.tradeNumber, tamper(token))).statusCode).toBe(404);
      expect((await view(first.id, other.trade.tradeNumber, token)).statusCode).toBe(404);
      expect(
        (await view(first.id, other.trade.tradeNumber, links.token(first.id, other.trade.tradeNumber, other.deadline))).statusCode,
      ).toBe(404);
      expect(
        (await view(first.id, trade.tradeNumber, links.token(first.id, trade.tradeNumber, new Date(Date.now() - 1000)))).statusCode,
      ).toBe(404);
      expect((await view(first.id, trade.tradeNumber)).statusCode).toBe(404);
      const res = await view('not-a-uuid', trade.tradeNumber, token);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/not valid or has expired/);
    });
  });

  describe('evidence photos', () => {
    it('checks a photo by its bytes and size: PNG yes; text, PDF, empty and over 5 MB no', async () => {
      expect((await checkPhoto('a.png', PNG)).contentType).toBe('image/png');
      await expect(checkPhoto('photo.jpg', new TextEncoder().encode('not really a photo'))).rejects.toThrow(/photo.jpg is not an image/);
      await expect(checkPhoto('scan.png', new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'))).rejects.toThrow(/application\/pdf/);
      await expect(checkPhoto('empty.png', new Uint8Array())).rejects.toBeInstanceOf(PhotoError);
      const big = new Uint8Array(5 * 1024 * 1024 + 1);
      big.set(PNG);
      await expect(checkPhoto('big.png', big)).rejects.toThrow(/at most 5 MB/);
    });

    it("shows the item's photos with the link's token; the endpoint serves them only with a valid token of that trade", async () => {
      const photo = await checkPhoto('crack.png', PNG);
      const { trade, first, token } = await clarifiedTrade({ photos: [photo, photo] });
      const other = await clarifiedTrade();
      const body = ClarificationViewSchema.parse((await view(first.id, trade.tradeNumber, token)).json());
      const photos = body.items[0]!.photos!;
      expect(photos).toHaveLength(2);
      expect(body.items[1]!.photos).toEqual([]);
      const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'de.localhost' } });
      const ok = await get(photos[0]!.url);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toBe('image/png');
      expect(ok.headers['x-content-type-options']).toBe('nosniff');
      expect(new Uint8Array(ok.rawPayload)).toEqual(PNG);
      const path = `/api/clarifications/${first.id}/photos/${photos[0]!.id}`;
      expect((await get(`${path}?trade=${trade.tradeNumber}&token=${tamper(token)}`)).statusCode).toBe(404);
      expect((await get(`${path}?trade=${trade.tradeNumber}`)).statusCode).toBe(404);
      // Another trade's valid link does not open this trade's photo.
      const foreign = `/api/clarifications/${other.first.id}/photos/${photos[0]!.id}?trade=${other.trade.tradeNumber}&token=${other.token}`;
      expect((await get(foreign)).statusCode).toBe(404);
      // A signature is only for the photo it was made for.
      const sig = links.token(photos[1]!.id, trade.tradeNumber, new Date(Date.now() + DAY_MS));
      expect((await get(`${path}?trade=${trade.tradeNumber}&sig=${sig}`)).statusCode).toBe(404);
      expect((await get(`/api/clarifications/${first.id}/photos/${photos[1]!.id}?trade=${trade.tradeNumber}&sig=${sig}`)).statusCode).toBe(
        200,
      );
    });
    it.each([
      { devices: 2, allCracked: false },
      { devices: 3, allCracked: true },
    ])('shows every photo of a clarification of $devices devices with the one link the mail sent', async ({ devices, allCracked }) => {
      const photo = await checkPhoto('crack.png', PNG);
      const photosOf = [[photo], [photo, photo], allCracked ? [photo] : []];
      const { trade, first, second, token } = await clarifiedTrade({ photosOf, allCracked });
      const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'de.localhost' } });
      // The mail links the first clarification; the view of either link shows every device's photos.
      for (const opened of [first.id, second.id]) {
        const openToken =
          opened === first.id
            ? token
            : links.token(
                second.id,
                trade.tradeNumber,
                (await db.select().from(clarifications).where(eq(clarifications.id, second.id)))[0]!.deadline!,
              );
        const body = ClarificationViewSchema.parse((await view(opened, trade.tradeNumber, openToken)).json());
        const shown = body.items.filter((item) => (item.photos ?? []).length > 0);
        expect(shown).toHaveLength(devices);
        for (const item of shown) {
          for (const p of item.photos!) {
            const answer = await get(p.url);
            expect(answer.statusCode, `${item.deviceName} photo ${p.id} via ${opened}`).toBe(200);
            expect(new Uint8Array(answer.rawPayload)).toEqual(PNG);
          }
        }
      }
    });
  });

  describe('answers', () => {
    it('accepting one device and declining another pays the new price, the third as agreed, and sends one back', async () => {
      const { trade, first, second, token } = await clarifiedTrade();
      const before = await payoutCents(db, await tradeRow(trade.tradeId));
      const res = await answer(first.id, {
        trade: trade.tradeNumber,
        token,
        decisions: [
          { clarificationId: first.id, decision: 'accept' },
          { clarificationId: second.id, decision: 'decline', declineMode: 'return' },
        ],
      });
      expect(res.statusCode).toBe(200);
      const body = ClarificationViewSchema.parse(res.json());
      expect(body.status).toBe('answered');
      expect(body.items.map((i) => [i.status, i.declineMode])).toEqual([
        ['accepted', null],
        ['declined', 'return'],
      ]);
      const row = await tradeRow(trade.tradeId);
      expect(row.status).toBe('declined');
      // Before the answers the clarified items counted nothing; now the accepted one counts its new price.
      expect(await payoutCents(db, row)).toBe(before + first.newPriceCents);
      expect(await payoutCents(db, row)).toBe(body.totals.otherCents + first.newPriceCents);
    });

    it('gives a return label (PDF, warehouse → seller) once a device is declined to be sent back, and only then', async () => {
      const { trade, first, second, token } = await clarifiedTrade();
      const before = ClarificationViewSchema.parse((await view(first.id, trade.tradeNumber, token)).json());
      expect(before.returnLabelPath).toBeNull();
      const labels = createLabelLinks(SECRET);
      const fetchLabel = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'de.localhost' } });
      // Nothing declined yet: no return label, even with a genuine token.
      const early = await fetchLabel(labels.returnPath(trade.tradeId));
      expect(early.statusCode).toBe(404);
      expect(early.json().message).toMatch(/no return label/);

      const res = await answer(first.id, {
        trade: trade.tradeNumber,
        token,
        decisions: [
          { clarificationId: first.id, decision: 'accept' },
          { clarificationId: second.id, decision: 'decline', declineMode: 'return' },
        ],
      });
      const body = ClarificationViewSchema.parse(res.json());
      expect(body.returnLabelPath).toBe(labels.returnPath(trade.tradeId));
      expect(ClarificationViewSchema.parse((await view(first.id, trade.tradeNumber, token)).json()).returnLabelPath).toBe(
        body.returnLabelPath,
      );
      const pdf = await fetchLabel(body.returnLabelPath!);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toContain(`return-label-${trade.tradeNumber}.pdf`);
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // The inbound label's token does not open the return label, nor a tampered one.
      const inbound = new URL(labels.path(trade.tradeId), 'http://x').searchParams.get('token')!;
      expect((await fetchLabel(`/api/trades/${trade.tradeId}/return-label.pdf?token=${inbound}`)).statusCode).toBe(404);
      const returnToken = new URL(body.returnLabelPath!, 'http://x').searchParams.get('token')!;
      expect((await fetchLabel(`/api/trades/${trade.tradeId}/return-label.pdf?token=${tamper(returnToken)}`)).statusCode).toBe(404);
    });

    it('declining every device for recycling moves the trade to accepted (nothing to send back) and pays the rest', async () => {
      const { trade, first, second, token } = await clarifiedTrade();
      const res = await answer(first.id, {
        trade: trade.tradeNumber,
        token,
        decisions: [
          { clarificationId: first.id, decision: 'decline', declineMode: 'recycle' },
          { clarificationId: second.id, decision: 'decline', declineMode: 'recycle' },
        ],
      });
      expect(res.statusCode).toBe(200);
      const row = await tradeRow(trade.tradeId);
      expect(row.status).toBe('accepted');
      expect(await payoutCents(db, row)).toBe(res.json().totals.otherCents);
    });

    it('takes answers one item at a time, then refuses a repeated answer with 409', async () => {
      const { trade, first, second, token } = await clarifiedTrade();
      const one = await answer(first.id, {
        trade: trade.tradeNumber,
        token,
        decisions: [{ clarificationId: first.id, decision: 'accept' }],
      });
      expect(one.statusCode).toBe(200);
      expect(one.json().status).toBe('open');
      expect((await tradeRow(trade.tradeId)).status).toBe('clarification');
      const again = await answer(first.id, {
        trade: trade.tradeNumber,
        token,
        decisions: [{ clarificationId: first.id, decision: 'decline' }],
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ answered: [first.id] });
      const two = await answer(first.id, {
        trade: trade.tradeNumber,
        token,
        decisions: [{ clarificationId: second.id, decision: 'accept' }],
      });
      expect(two.statusCode).toBe(200);
      expect((await tradeRow(trade.tradeId)).status).toBe('accepted');
    });

    it('refuses answers about another trade (400), with a bad token (404), after the deadline (410) and without a key (400)', async () => {
      const { trade, first, token } = await clarifiedTrade();
      const other = await clarifiedTrade();
      const foreign = await answer(first.id, {
        trade: trade.tradeNumber,
        token,
        decisions: [{ clarificationId: other.first.id, decision: 'accept' }],
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().fields).toEqual([expect.objectContaining({ path: 'decisions.0.clarificationId', code: 'invalid' })]);
      const tampered = await answer(first.id, {
        trade: trade.tradeNumber,
        token: tamper(token),
        decisions: [{ clarificationId: first.id, decision: 'accept' }],
      });
      expect(tampered.statusCode).toBe(404);
      const noKey = await answer(
        first.id,
        { trade: trade.tradeNumber, token, decisions: [{ clarificationId: first.id, decision: 'accept' }] },
        null,
      );
      expect(noKey.statusCode).toBe(400);
      const twice = await answer(first.id, {
        trade: trade.tradeNumber,
        token,
        decisions: [
          { clarificationId: first.id, decision: 'accept' },
          { clarificationId: first.id, decision: 'decline' },
        ],
      });
      expect(twice.statusCode).toBe(400);

      const late = await clarifiedTrade({ now: new Date(Date.now() - 15 * DAY_MS) });
      // A link minted with a later expiry: the deadline itself still refuses the answer.
      const lateToken = links.token(late.first.id, late.trade.tradeNumber, new Date(Date.now() + DAY_MS));
      const res = await answer(late.first.id, {
        trade: late.trade.tradeNumber,
        token: lateToken,
        decisions: [{ clarificationId: late.first.id, decision: 'accept' }],
      });
      expect(res.statusCode).toBe(410);
      expect((await view(late.first.id, late.trade.tradeNumber, late.token)).statusCode).toBe(404);
      expect((await tradeRow(late.trade.tradeId)).status).toBe('clarification');
    });

    it('concurrent answers with one Idempotency-Key have one effect and replay the same answer', async () => {
      const { trade, first, second, token } = await clarifiedTrade();
      const key = randomUUID();
      const payload = {
        trade: trade.tradeNumber,
        token,
        decisions: [
          { clarificationId: first.id, decision: 'accept' },
          { clarificationId: second.id, decision: 'accept' },
        ],
      };
      const results = await Promise.all([answer(first.id, payload, key), answer(first.id, payload, key), answer(first.id, payload, key)]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
      expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
      const replay = await answer(first.id, payload, key);
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      const moves = await db.select().from(tradeTransitions).where(eq(tradeTransitions.tradeId, trade.tradeId));
      expect(moves.filter((m) => m.toStatus === 'accepted')).toHaveLength(1);
      const different = await answer(first.id, { ...payload, decisions: [{ clarificationId: first.id, decision: 'decline' }] }, key);
      expect(different.statusCode).toBe(422);
    });
  });

  describe('undo (the quick answer, decision 069)', () => {
    const undo = (id: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api/clarifications/${id}/undo`, payload, headers: { host: 'de.localhost' } });
    const quickToken = async (id: string, tradeNumber: string) =>
      links.token(id, tradeNumber, (await db.select().from(clarifications).where(eq(clarifications.id, id)))[0]!.deadline!);

    it('reopens the one answered device while the trade waits for the others; it can then be answered again', async () => {
      const { trade, first, token } = await clarifiedTrade();
      const before = await payoutCents(db, await tradeRow(trade.tradeId));
      expect(
        (await answer(first.id, { trade: trade.tradeNumber, token, decisions: [{ clarificationId: first.id, decision: 'accept' }] }))
          .statusCode,
      ).toBe(200);
      expect(await payoutCents(db, await tradeRow(trade.tradeId))).toBe(before + first.newPriceCents);

      const res = await undo(first.id, { trade: trade.tradeNumber, token });
      expect(res.statusCode).toBe(200);
      const body = ClarificationViewSchema.parse(res.json());
      expect(body.items.find((i) => i.clarificationId === first.id)).toMatchObject({ status: 'open', declineMode: null });
      expect((await db.select().from(clarifications).where(eq(clarifications.id, first.id)))[0]).toMatchObject({
        status: 'open',
        answeredAt: null,
      });
      // The payout no longer counts the new price, and the trade still waits.
      expect(await payoutCents(db, await tradeRow(trade.tradeId))).toBe(before);
      expect((await tradeRow(trade.tradeId)).status).toBe('clarification');

      // Answered twice: a second undo finds nothing to undo; a new answer (new key) counts again.
      const twice = await undo(first.id, { trade: trade.tradeNumber, token });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toMatch(/nothing to undo/);
      const again = await answer(first.id, {
        trade: trade.tradeNumber,
        token,
        decisions: [{ clarificationId: first.id, decision: 'decline', declineMode: 'recycle' }],
      });
      expect(again.statusCode).toBe(200);
      expect(ClarificationViewSchema.parse(again.json()).items[0]).toMatchObject({ status: 'declined', declineMode: 'recycle' });
    });

    it('refuses a tampered token, another trade and a missing token with 404, an invalid body with 400', async () => {
      const { trade, first, token } = await clarifiedTrade();
      const other = await clarifiedTrade();
      await answer(first.id, { trade: trade.tradeNumber, token, decisions: [{ clarificationId: first.id, decision: 'accept' }] });
      expect((await undo(first.id, { trade: trade.tradeNumber, token: tamper(token) })).statusCode).toBe(404);
      expect((await undo(first.id, { trade: other.trade.tradeNumber, token })).statusCode).toBe(404);
      // The other trade's genuine link does not undo this trade's answer.
      expect((await undo(first.id, { trade: trade.tradeNumber, token: other.token })).statusCode).toBe(404);
      expect((await undo(first.id, { trade: trade.tradeNumber })).statusCode).toBe(404);
      const invalid = await undo(first.id, { token });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().message).toMatch(/Name the trade/);
      expect((await db.select().from(clarifications).where(eq(clarifications.id, first.id)))[0]!.status).toBe('accepted');
    });

    it('answers 409 with a clear message once the last answer moved the trade on, and changes nothing', async () => {
      const { trade, first, second, token } = await clarifiedTrade();
      await answer(first.id, { trade: trade.tradeNumber, token, decisions: [{ clarificationId: first.id, decision: 'accept' }] });
      const secondToken = await quickToken(second.id, trade.tradeNumber);
      const last = await answer(second.id, {
        trade: trade.tradeNumber,
        token: secondToken,
        decisions: [{ clarificationId: second.id, decision: 'accept' }],
      });
      expect(last.statusCode).toBe(200);
      expect((await tradeRow(trade.tradeId)).status).toBe('accepted');
      const res = await undo(second.id, { trade: trade.tradeNumber, token: secondToken });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/has moved on/);
      expect((await db.select().from(clarifications).where(eq(clarifications.id, second.id)))[0]!.status).toBe('accepted');
      expect((await tradeRow(trade.tradeId)).status).toBe('accepted');
    });
  });

  describe('deadline, reminder and mails', () => {
    it('at the deadline a new price is accepted and the trade moves on; before it nothing happens', async () => {
      const late = await clarifiedTrade({ now: new Date(Date.now() - 15 * DAY_MS) });
      const fresh = await clarifiedTrade();
      expect(await expireClarifications(db, { tradeRef: fresh.trade.tradeNumber })).toEqual([]);
      const [expired] = await expireClarifications(db, { tradeRef: late.trade.tradeNumber });
      expect(expired).toMatchObject({ tradeNumber: late.trade.tradeNumber, tradeStatus: 'accepted' });
      expect(expired!.applied.map((a) => a.decision)).toEqual(['accept', 'accept']);
      const row = await tradeRow(late.trade.tradeId);
      const third = Math.round(late.trade.items[2]!.price * 100);
      expect(await payoutCents(db, row)).toBe(third + late.first.newPriceCents + late.second.newPriceCents);
    });

    it('reminds once, three days before the deadline', async () => {
      const soon = await clarifiedTrade({ now: new Date(Date.now() - 12 * DAY_MS) });
      const first = await claimReminders(db);
      expect(first.map((t) => t.tradeNumber)).toContain(soon.trade.tradeNumber);
      expect((await claimReminders(db)).map((t) => t.tradeNumber)).not.toContain(soon.trade.tradeNumber);
    });

    it('mails the opened clarification in German with the signed link and a quick-answer link per device', async () => {
      const { trade, first, second } = await clarifiedTrade();
      mails.length = 0;
      expect(await sendClarificationMail(shipping, db, trade.tradeId, 'opened')).toBe(true);
      const [mail] = mails;
      expect(mail!.subject).toBe(`Ihr Verkauf ${trade.tradeNumber}: eine Rückfrage zu Ihren Geräten`);
      const urls = [...mail!.text.matchAll(/https:\/\/www\.tradein\.de(\S+)/g)].map((m) => new URL(`https://x${m[1]}`));
      expect(urls.map((u) => u.pathname)).toEqual([
        `/clarificationQuickAnswer/${first.id}/${trade.tradeNumber}/${first.newOfferId}`,
        `/clarificationQuickAnswer/${second.id}/${trade.tradeNumber}/${second.newOfferId}`,
        `/clarification/${first.id}/${trade.tradeNumber}`,
        // The seller's trade page (issue 27), signed by its own links.
        `/verkauf/${trade.tradeNumber}`,
      ]);
      const tradePage = urls.pop()!;
      expect(shipping.trades.verify(trade.tradeNumber, tradePage.searchParams.get('token'))).toBe(true);
      for (const url of urls) {
        const id = url.pathname.split('/')[2]!;
        expect(links.verify(id, trade.tradeNumber, url.searchParams.get('token'))).toBe('ok');
      }
    });
  });
});
