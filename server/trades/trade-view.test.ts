// The guest trade page's API (GET /api/trades/{tradeNumber}/status) on PGlite and (when TEST_DATABASE_URL
// is set) PostgreSQL: the signed link opens the trade with its money and timeline, a tampered or foreign
// link and an unknown trade answer the same 404, a closed trade's link expires after the grace period.
// The trade is moved with the operator's functions: received and inspected in the past (one device found
// better, one worse and declined, one as declared), paid late (the late-payout bonus), then returned.
// A device whose wipe was confirmed links its data-erasure certificate, whose signed link
// (GET /api/certificates/{id}.pdf) opens the PDF; any other link to it answers the same 404.

import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TradeStatusAnswerSchema, type TradeView } from '../../src/contracts/trade-view';
import { CatalogueStore } from '../catalogue/store';
import { createClarificationLinks } from '../clarifications/links';
import { checkout, testAccountServices } from '../customers/testing';
import type { DatabaseHandle } from '../db/client';
import { trades } from '../db/schema/trades';
import { createLabelLinks } from '../labels/links';
import { createReviewLinks } from '../reviews/links';
import { fixtureCatalogue } from '../test-support/catalogue';
import { fixtureServices, testApp } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { confirmErasure } from './erasure';
import { answerClarification, recordInspection } from './inspection';
import { payTrade, transition } from './lifecycle';
import { createCertificateLinks, createTradeLinks, TRADE_LINK_GRACE_DAYS } from './links';
import { guestTradeView } from './status-route';

const SECRET = 'a-label-secret-for-the-tests';
const BEST = { 1: 11, 2: 21, 3: 31 };
const LOCKED = { 3: 32 };
const DAY_MS = 24 * 3600 * 1000;
const links = createTradeLinks(SECRET);
const certificateLinks = createCertificateLinks(SECRET);
const IMEI = '352099001761481';

describe.each(testDatabases())('the guest trade page on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let store: CatalogueStore;

  beforeAll(async () => {
    handle = await database.open();
    const services = await fixtureServices(handle.db);
    const catalogue = fixtureCatalogue();
    // Device 1300 is worth 350 EUR at inspection (offered at 310): found better, paid more.
    store = CatalogueStore.of({
      ...catalogue,
      devices: catalogue.devices.map((d) => (d.id === 1300 ? { ...d, basePrice: { ...d.basePrice, de: 350 } } : d)),
    });
    const shipping = {
      labels: createLabelLinks(SECRET),
      clarifications: createClarificationLinks(SECRET),
      reviews: createReviewLinks(SECRET),
      trades: links,
      certificates: certificateLinks,
      mailer: { send: async () => undefined },
      publicOrigin: () => 'https://www.tradein.de',
      devMailbox: false,
    };
    app = await testApp({ ...services, accounts: testAccountServices(), shipping });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const guestTrade = async (deviceIds: number[]) => {
    const res = await checkout(app, { identity: { kind: 'guest', email: 'erika@example.com' }, deviceIds });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { tradeId: string; tradeNumber: string; items: { offerId: string }[] };
    return { ...body, offerIds: body.items.map((i) => i.offerId) };
  };
  const open = (path: string) => app.inject({ method: 'GET', url: path, headers: { host: 'de.localhost' } });
  const statusOf = async (tradeNumber: string, token = links.token(tradeNumber)): Promise<TradeView> => {
    const res = await open(`/api/trades/${tradeNumber}/status?token=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return TradeStatusAnswerSchema.parse(res.json()).trade;
  };

  it('shows every step with its date and the money: a raise, a declined device, a late-payout bonus', async () => {
    const t = await guestTrade([1300, 1500, 1300]);
    const created = await statusOf(t.tradeNumber);
    expect(created.timeline.map((e) => e.kind)).toEqual(['created', 'labelIssued']);
    expect(created.total).toBe(310 + 640 + 310);
    expect(created.payout).toEqual({ method: 'sepa', account: 'DE89 •••• •••• •••• 3000' });

    // The trade happened a month ago: sold, received two days later, inspected two days after that.
    const sold = new Date(Date.now() - 32 * DAY_MS);
    await handle.db.update(trades).set({ createdAt: sold }).where(eq(trades.id, t.tradeId));
    const received = new Date(sold.getTime() + 2 * DAY_MS);
    const inspected = new Date(received.getTime() + 2 * DAY_MS);
    await transition(handle.db, t.tradeNumber, 'received', undefined, received);
    const inspection = await recordInspection(
      handle.db,
      store,
      t.tradeNumber,
      [
        { offerId: t.offerIds[0]!, answers: BEST },
        { offerId: t.offerIds[1]!, answers: LOCKED },
        { offerId: t.offerIds[2]!, answers: BEST },
      ],
      { now: inspected },
    );
    const asked = await statusOf(t.tradeNumber);
    // The counter-offer for the locked device counts for nothing until it is answered.
    expect(asked.items.map((i) => [i.status, i.price, i.counterOffer])).toEqual([
      ['repriced', 350, undefined],
      ['clarification', null, 0],
      ['repriced', 350, undefined],
    ]);
    expect(asked.total).toBe(700);
    // The guest opens the question from the trade page with the clarification link's token.
    const clarification = inspection.items.find((i) => i.clarification)!.clarification!;
    expect(asked.items[1]!.clarificationPath).toMatch(new RegExp(`^/clarification/${clarification.id}/${t.tradeNumber}\\?token=`));
    expect(asked.timeline.find((e) => e.kind === 'inspected')).toEqual({
      kind: 'inspected',
      at: inspected.toISOString(),
      devices: [
        { deviceName: expect.any(String), outcome: 'better', offered: 310, price: 350 },
        { deviceName: expect.any(String), outcome: 'worse', offered: 640, price: 0 },
        { deviceName: expect.any(String), outcome: 'better', offered: 310, price: 350 },
      ],
    });

    await answerClarification(handle.db, t.tradeNumber, clarification.id, 'decline', { now: new Date(inspected.getTime() + DAY_MS) });
    const paid = await payTrade(handle.db, t.tradeNumber);
    expect(paid.bonusCents).toBeGreaterThan(0);
    await transition(handle.db, t.tradeNumber, 'returned');

    const done = await statusOf(t.tradeNumber);
    expect(done.status).toBe('returned');
    const bonus = paid.bonusCents / 100;
    // Paid: both better devices at 350 (40 EUR raised each) and the late bonus; the declined device nothing.
    expect(done.total).toBe(700 + bonus);
    expect(done.paid).toBe(700 + bonus);
    expect(done.lateBonus).toBe(bonus);
    expect(done.timeline.map((e) => e.kind)).toEqual([
      'created',
      'labelIssued',
      'received',
      'inspected',
      'clarificationOpened',
      'clarificationAnswered',
      'paid',
      'returned',
    ]);
    expect(done.timeline.find((e) => e.kind === 'received')!.at).toBe(received.toISOString());
    expect(done.timeline.find((e) => e.kind === 'clarificationAnswered')).toMatchObject({
      decision: 'declined',
      byDeadline: false,
      counterOffer: 0,
    });
    expect(done.timeline.find((e) => e.kind === 'paid')).toMatchObject({
      amount: 700 + bonus,
      method: 'sepa',
      devices: [
        { offered: 310, paid: 350 },
        { offered: 310, paid: 350 },
      ],
      raise: 80,
      voucher: 0,
      bonus,
    });
    expect(done.timeline.find((e) => e.kind === 'returned')).toMatchObject({ devices: [done.items[1]!.deviceName] });
  });

  it('refuses a tampered or foreign token and an unknown trade alike (404), and a closed trade after the grace period (410)', async () => {
    const t = await guestTrade([1300]);
    const other = await guestTrade([1300]);
    const token = links.token(t.tradeNumber);
    const tampered = `${token[0] === 'A' ? 'B' : 'A'}${token.slice(1)}`;
    for (const path of [
      `/api/trades/${t.tradeNumber}/status?token=${tampered}`,
      `/api/trades/${t.tradeNumber}/status?token=${links.token(other.tradeNumber)}`,
      `/api/trades/TR-1999-000001/status?token=${links.token('TR-1999-000001')}`,
      `/api/trades/not-a-trade/status?token=${token}`,
    ]) {
      const res = await open(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toBe('This trade link is not valid. Please use the link from our e-mail.');
    }
    expect((await open(`/api/trades/${t.tradeNumber}/status`)).statusCode).toBe(400);

    await transition(handle.db, t.tradeNumber, 'cancelled');
    const options = { db: handle.db, links, labels: createLabelLinks(SECRET), clarificationPath: () => '/' };
    const grace = TRADE_LINK_GRACE_DAYS * DAY_MS;
    const within = await guestTradeView({ ...options, now: () => new Date(Date.now() + grace - 60_000) }, t.tradeNumber, token);
    expect(within.trade.timeline.at(-1)!.kind).toBe('cancelled');
    await expect(
      guestTradeView({ ...options, now: () => new Date(Date.now() + grace + 60_000) }, t.tradeNumber, token),
    ).rejects.toMatchObject({
      statusCode: 410,
    });
    // An open trade's link does not expire.
    const running = await guestTradeView(
      { ...options, now: () => new Date(Date.now() + 10 * grace) },
      other.tradeNumber,
      links.token(other.tradeNumber),
    );
    expect(running.trade.status).toBe('created');
  });

  it('links the data-erasure certificate of each device that has one; the link opens the PDF, any other answers 404', async () => {
    const t = await guestTrade([1300, 1500]);
    await transition(handle.db, t.tradeNumber, 'received');
    await recordInspection(handle.db, store, t.tradeNumber, [
      { offerId: t.offerIds[0]!, answers: BEST, identifier: IMEI, erasure: { method: 'factory_reset_encrypted', inspector: 'cli' } },
      { offerId: t.offerIds[1]!, answers: LOCKED },
    ]);
    const view = await statusOf(t.tradeNumber);
    const [wiped, asked] = view.items;
    expect(wiped!.certificatePath).toMatch(/^\/api\/certificates\/[0-9a-f-]{36}\.pdf\?token=[A-Za-z0-9_-]{43}$/);
    expect(asked!.certificatePath).toBeUndefined();

    const res = await open(wiped!.certificatePath!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="data-erasure-certificate-${t.tradeNumber}-1.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const id = /certificates\/([0-9a-f-]{36})\.pdf/.exec(wiped!.certificatePath!)![1]!;
    const token = certificateLinks.token(id);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const refused = await Promise.all(
      [
        `/api/certificates/${id}.pdf?token=${token[0] === 'A' ? 'B' : 'A'}${token.slice(1)}`,
        `/api/certificates/${id}.pdf`,
        `/api/certificates/${unknown}.pdf?token=${certificateLinks.token(unknown)}`,
        `/api/certificates/${id}?token=${token}`,
        `/api/certificates/not-an-id.pdf?token=${token}`,
      ].map(open),
    );
    expect(refused.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect(new Set(refused.map((r) => r.json().message))).toEqual(
      new Set(['There is no such certificate. Please use the link from our e-mail.']),
    );

    // Once the seller accepts the blocked device's free recycling, its wipe is confirmed later.
    await answerClarification(handle.db, t.tradeNumber, (await statusOf(t.tradeNumber)).items[1]!.clarificationId!, 'accept');
    await confirmErasure(handle.db, t.tradeNumber, t.offerIds[1]!, {
      method: 'cryptographic_erase',
      identifier: 'C39XK2LMN07K',
      inspector: 'cli',
    });
    expect((await statusOf(t.tradeNumber)).items.every((i) => i.certificatePath)).toBe(true);
  });
});
