// GET /api/customers/trade_history on PGlite and (when TEST_DATABASE_URL is set) PostgreSQL: trades
// moved through their life cycle with the operator's functions (server/trades/lifecycle.ts and
// inspection.ts) show each trade's status, every item's own status and price, and the total in EUR;
// newest first; only the caller's trades; a device's data-erasure certificate once its wipe is
// confirmed. Plus the item status rule itself, for every trade status.

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TradeHistorySchema } from '../../src/contracts/account';
import type { TradeView } from '../../src/contracts/trade-view';
import { TradeStatusSchema, type TradeStatus } from '../../src/contracts/trades';
import type { AccountServices } from '../accounts/services';
import { CatalogueStore } from '../catalogue/store';
import type { DatabaseHandle } from '../db/client';
import { createClarificationLinks } from '../clarifications/links';
import { revokeLabel } from '../labels/repository';
import { createLabelLinks } from '../labels/links';
import { fixtureCatalogue } from '../test-support/catalogue';
import { fixtureServices, testApp } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { answerClarification, recordInspection } from '../trades/inspection';
import { checkPhoto } from '../trades/photos';
import { NothingToPayError, payoutCents, payTrade, showTrade, transition } from '../trades/lifecycle';
import { itemPriceCents, itemStatus, type ItemState } from '../trades/trade-view';
import { checkout, insertCustomer, testAccountServices, type TestCustomer } from './testing';
import { createReviewLinks } from '../reviews/links';
import { createCertificateLinks, createTradeLinks } from '../trades/links';

const BEST = { 1: 11, 2: 21, 3: 31 };
const CRACKED = { 2: 23 };
const LOCKED = { 3: 32 };

describe('itemStatus', () => {
  const offered: ItemState = { offeredCents: 10_000, inspection: null, clarification: null };
  const asOffered: ItemState = { offeredCents: 10_000, inspection: { agreedPriceCents: 10_000 }, clarification: null };
  const better: ItemState = { offeredCents: 10_000, inspection: { agreedPriceCents: 12_000 }, clarification: null };
  const open: ItemState = {
    offeredCents: 10_000,
    inspection: { agreedPriceCents: null },
    clarification: { status: 'open', newPriceCents: 4_500 },
  };
  const accepted: ItemState = {
    offeredCents: 10_000,
    inspection: { agreedPriceCents: 4_500 },
    clarification: { status: 'accepted', newPriceCents: 4_500 },
  };
  const declined: ItemState = {
    offeredCents: 10_000,
    inspection: { agreedPriceCents: null },
    clarification: { status: 'declined', newPriceCents: 4_500 },
  };

  const recycled: ItemState = {
    offeredCents: 10_000,
    inspection: { agreedPriceCents: null },
    clarification: { status: 'declined', newPriceCents: 4_500, declineMode: 'recycle' },
  };

  it.each<[TradeStatus, ItemState, string]>([
    ['created', offered, 'offered'],
    ['cancelled', offered, 'cancelled'],
    ['received', offered, 'received'],
    ['inspected', asOffered, 'inspected'],
    ['inspected', better, 'repriced'],
    ['inspected', offered, 'inspected'],
    ['clarification', open, 'clarification'],
    ['clarification', asOffered, 'inspected'],
    ['clarification', accepted, 'accepted'],
    ['accepted', accepted, 'accepted'],
    ['accepted', better, 'repriced'],
    ['declined', declined, 'return_pending'],
    ['declined', recycled, 'declined'],
    ['returned', recycled, 'declined'],
    ['clarification', { ...asOffered, paid: true }, 'paid'],
    ['declined', { ...accepted, paid: true }, 'paid'],
    ['declined', accepted, 'accepted'],
    ['returned', declined, 'returned'],
    ['returned', asOffered, 'inspected'],
    ['returned', { ...asOffered, paid: true }, 'paid'],
    ['paid', better, 'paid'],
    ['paid', accepted, 'paid'],
  ])('a %s trade: %j is %s', (trade, item, status) => {
    expect(itemStatus(trade, item)).toBe(status);
  });

  it('has an answer for every trade status', () => {
    for (const status of TradeStatusSchema.options) expect(itemStatus(status, offered)).toBeTruthy();
  });

  it('prices the item as it stands: offer, agreed price, no price while a counter-offer awaits the answer, nothing once declined', () => {
    expect([offered, asOffered, better, open, accepted, declined].map(itemPriceCents)).toEqual([10_000, 10_000, 12_000, null, 4_500, 0]);
  });
});

describe.each(testDatabases())('GET /api/customers/trade_history on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let accounts: AccountServices;
  let store: CatalogueStore;
  let customer: TestCustomer;

  beforeAll(async () => {
    handle = await database.open();
    accounts = testAccountServices();
    const services = await fixtureServices(handle.db);
    store = services.store;
    const shipping = {
      labels: createLabelLinks('a-label-secret-for-the-tests'),
      clarifications: createClarificationLinks('a-label-secret-for-the-tests'),
      reviews: createReviewLinks('a-label-secret-for-the-tests'),
      trades: createTradeLinks('a-label-secret-for-the-tests'),
      certificates: createCertificateLinks('a-label-secret-for-the-tests'),
      mailer: { send: async () => undefined },
      publicOrigin: () => 'https://www.tradein.de',
      devMailbox: false,
    };
    app = await testApp({ ...services, accounts, shipping });
    customer = await insertCustomer(handle.db, accounts);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  /** A customer trade of the fixture devices (best condition): 1300 is 310 EUR, 1500 is 640 EUR in DE. */
  const trade = async (deviceIds: number[], who = customer) => {
    const res = await checkout(app, { identity: { kind: 'customer' }, headers: await who.auth(), deviceIds });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { tradeId: string; tradeNumber: string; items: { offerId: string }[] };
    return { ...body, offerIds: body.items.map((i) => i.offerId) };
  };
  const history = async (who = customer): Promise<TradeView[]> => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/customers/trade_history',
      headers: { host: 'de.localhost', ...(await who.auth()) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return TradeHistorySchema.parse(res.json()).trades;
  };
  const entry = async (tradeId: string) => (await history()).find((t) => t.tradeId === tradeId)!;
  /** Each item's status and price (an open counter-offer as `counter <amount>`: it is no price yet). */
  const statuses = (e: TradeView) => ({
    trade: e.status,
    items: e.items.map((i) => [i.status, i.price ?? `counter ${i.counterOffer}`]),
    total: e.total,
  });
  /** The fixture catalogue with another German base price for one device. */
  const storeWithPrice = (deviceId: number, euros: number) => {
    const catalogue = fixtureCatalogue();
    return CatalogueStore.of({
      ...catalogue,
      devices: catalogue.devices.map((d) => (d.id === deviceId ? { ...d, basePrice: { ...d.basePrice, de: euros } } : d)),
    });
  };

  it('is empty for a customer without trades', async () => {
    expect(await history(await insertCustomer(handle.db, accounts))).toEqual([]);
  });

  it('follows a trade found as offered: offered → received → inspected → paid', async () => {
    const t = await trade([1300, 1500]);
    expect(await entry(t.tradeId)).toMatchObject({
      tradeNumber: t.tradeNumber,
      status: 'created',
      total: 950,
      items: [
        { offerId: t.offerIds[0], deviceName: 'Apple iPhone 13 128 GB', price: 310, conditionId: 1, status: 'offered' },
        { offerId: t.offerIds[1], deviceName: 'Apple iPhone 15 Pro 128 GB', price: 640, conditionId: 1, status: 'offered' },
      ],
    });
    await transition(handle.db, t.tradeNumber, 'received');
    expect(statuses(await entry(t.tradeId))).toEqual({
      trade: 'received',
      items: [
        ['received', 310],
        ['received', 640],
      ],
      total: 950,
    });
    await recordInspection(
      handle.db,
      store,
      t.tradeNumber,
      t.offerIds.map((offerId) => ({ offerId, answers: BEST })),
    );
    expect(statuses(await entry(t.tradeId))).toEqual({
      trade: 'inspected',
      items: [
        ['inspected', 310],
        ['inspected', 640],
      ],
      total: 950,
    });
    await transition(handle.db, t.tradeNumber, 'paid');
    expect(statuses(await entry(t.tradeId))).toEqual({
      trade: 'paid',
      items: [
        ['paid', 310],
        ['paid', 640],
      ],
      total: 950,
    });
  });

  it('offers the current shipping label link while the parcel is awaited, also after a revocation', async () => {
    const t = await trade([1300]);
    const links = createLabelLinks('a-label-secret-for-the-tests');
    expect((await entry(t.tradeId)).labelUrl).toBe(links.path(t.tradeId));
    await revokeLabel(handle.db, t.tradeNumber);
    const fresh = (await entry(t.tradeId)).labelUrl;
    expect(fresh).toBe(links.path(t.tradeId, 1));
    expect((await app.inject({ method: 'GET', url: fresh!, headers: { host: 'de.localhost' } })).statusCode).toBe(200);
    await transition(handle.db, t.tradeNumber, 'received');
    expect((await entry(t.tradeId)).labelUrl).toBeUndefined();
  });

  it("links a business trade's credit note, and none for a consumer trade", async () => {
    const links = createLabelLinks('a-label-secret-for-the-tests');
    const res = await checkout(app, {
      identity: { kind: 'customer' },
      headers: await customer.auth(),
      company: { name: 'Muster Handel GmbH', legalForm: 'gmbh' },
    });
    expect(res.statusCode).toBe(201);
    const business = await entry(res.json().tradeId);
    expect(business.creditNoteUrl).toBe(links.creditNotePath(business.tradeId));
    expect((await app.inject({ method: 'GET', url: business.creditNoteUrl!, headers: { host: 'de.localhost' } })).statusCode).toBe(200);
    await transition(handle.db, business.tradeNumber, 'received');
    expect((await entry(business.tradeId)).creditNoteUrl).toBe(links.creditNotePath(business.tradeId));
    expect((await entry((await trade([1300])).tradeId)).creditNoteUrl).toBeUndefined();
  });

  it('links the data-erasure certificate of a device whose wipe was confirmed, and opens it', async () => {
    const t = await trade([1300, 1500]);
    await transition(handle.db, t.tradeNumber, 'received');
    const inspection = await recordInspection(handle.db, store, t.tradeNumber, [
      {
        offerId: t.offerIds[0]!,
        answers: BEST,
        identifier: '352099001761481',
        erasure: { method: 'factory_reset_encrypted', inspector: 'cli' },
      },
      { offerId: t.offerIds[1]!, answers: BEST },
    ]);
    const links = createCertificateLinks('a-label-secret-for-the-tests');
    const items = (await entry(t.tradeId)).items;
    expect(items.map((i) => i.certificatePath)).toEqual([links.path(inspection.items[0]!.certificateId!), undefined]);
    const pdf = await app.inject({ method: 'GET', url: items[0]!.certificatePath!, headers: { host: 'de.localhost' } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('shows an item paid above its offer as repriced', async () => {
    const t = await trade([1300, 1500]);
    await transition(handle.db, t.tradeNumber, 'received');
    await recordInspection(
      handle.db,
      storeWithPrice(1300, 350),
      t.tradeNumber,
      t.offerIds.map((offerId) => ({ offerId, answers: BEST })),
    );
    expect(statuses(await entry(t.tradeId))).toEqual({
      trade: 'inspected',
      items: [
        ['repriced', 350],
        ['inspected', 640],
      ],
      total: 990,
    });
  });

  it('follows a clarification that is accepted: clarification (new offer) → accepted → paid, the total as paid', async () => {
    const t = await trade([1300, 1500]);
    await transition(handle.db, t.tradeNumber, 'received');
    const inspection = await recordInspection(handle.db, store, t.tradeNumber, [
      { offerId: t.offerIds[0]!, answers: CRACKED },
      { offerId: t.offerIds[1]!, answers: BEST },
    ]);
    const e = await entry(t.tradeId);
    // The unanswered counter-offer is not counted in what will be paid.
    expect(statuses(e)).toEqual({
      trade: 'clarification',
      items: [
        ['clarification', 'counter 139.5'],
        ['inspected', 640],
      ],
      total: 640,
    });
    // The condition as found, not as offered.
    const found = (await showTrade(handle.db, t.tradeNumber)).items[0]!.inspection!.foundConditionId;
    expect(found).not.toBe(1);
    expect(e.items.map((i) => i.conditionId)).toEqual([found, 1]);

    await answerClarification(handle.db, t.tradeNumber, inspection.items[0]!.clarification!.id, 'accept');
    expect(statuses(await entry(t.tradeId))).toEqual({
      trade: 'accepted',
      items: [
        ['accepted', 139.5],
        ['inspected', 640],
      ],
      total: 779.5,
    });
    await transition(handle.db, t.tradeNumber, 'paid');
    const paid = await entry(t.tradeId);
    expect(statuses(paid)).toEqual({
      trade: 'paid',
      items: [
        ['paid', 139.5],
        ['paid', 640],
      ],
      total: 779.5,
    });
    const details = await showTrade(handle.db, t.tradeNumber);
    expect(paid.total * 100).toBe(await payoutCents(handle.db, { id: t.tradeId, voucherCents: details.trade.voucher?.cents ?? 0 }));
  });

  it("links each item in clarification; the owner opens and answers it with the session's bearer token, nobody else", async () => {
    const t = await trade([1300, 1500]);
    await transition(handle.db, t.tradeNumber, 'received');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const inspection = await recordInspection(handle.db, store, t.tradeNumber, [
      { offerId: t.offerIds[0]!, answers: CRACKED, photos: [await checkPhoto('crack.png', new Uint8Array(png))] },
      { offerId: t.offerIds[1]!, answers: BEST },
    ]);
    const id = inspection.items[0]!.clarification!.id;
    expect((await entry(t.tradeId)).items.map((i) => i.clarificationId ?? null)).toEqual([id, null]);

    const open = async (headers: Record<string, string>) =>
      app.inject({
        method: 'GET',
        url: `/api/clarifications/${id}`,
        query: { trade: t.tradeNumber },
        headers: { host: 'de.localhost', ...headers },
      });
    const mine = await open(await customer.auth());
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ tradeNumber: t.tradeNumber, status: 'open', items: [{ clarificationId: id }] });
    // The owner's <img> sends no bearer token: the photo's URL carries a signature instead.
    const [photo] = (mine.json() as { items: { photos: { url: string }[] }[] }).items[0]!.photos;
    expect(photo!.url).toMatch(/[?&]sig=/);
    const image = await app.inject({ method: 'GET', url: photo!.url, headers: { host: 'de.localhost' } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const tampered = photo!.url.replace(
      /sig=([^&]*)(.)(&|$)/,
      (_m, a: string, c: string, end: string) => `sig=${a}${c === 'A' ? 'B' : 'A'}${end}`,
    );
    expect((await app.inject({ method: 'GET', url: tampered, headers: { host: 'de.localhost' } })).statusCode).toBe(404);
    const stranger = await insertCustomer(handle.db, accounts);
    expect((await open(await stranger.auth())).statusCode).toBe(404);
    expect((await open({})).statusCode).toBe(404);

    const answered = await app.inject({
      method: 'POST',
      url: `/api/clarifications/${id}/answers`,
      headers: { host: 'de.localhost', 'idempotency-key': `history-${id}`, ...(await customer.auth()) },
      payload: { trade: t.tradeNumber, decisions: [{ clarificationId: id, decision: 'accept' }] },
    });
    expect(answered.statusCode).toBe(200);
    expect((await entry(t.tradeId)).items.map((i) => [i.status, i.clarificationId ?? null])).toEqual([
      ['accepted', id],
      ['inspected', null],
    ]);
  });

  it('pays the device without a clarification at once (split payout); a declined one is on its way back, then returned', async () => {
    const t = await trade([1300, 1500]);
    await transition(handle.db, t.tradeNumber, 'received');
    const inspection = await recordInspection(handle.db, store, t.tradeNumber, [
      { offerId: t.offerIds[0]!, answers: BEST },
      { offerId: t.offerIds[1]!, answers: LOCKED },
    ]);
    expect(statuses(await entry(t.tradeId))).toEqual({
      trade: 'clarification',
      items: [
        ['inspected', 310],
        ['clarification', 'counter 0'],
      ],
      total: 310,
    });
    const split = await payTrade(handle.db, t.tradeNumber);
    expect(split).toMatchObject({ from: 'clarification', to: 'clarification', amountCents: 31_000, items: 1, totalPaidCents: 31_000 });
    expect(await entry(t.tradeId)).toMatchObject({
      status: 'clarification',
      paid: 310,
      items: [{ status: 'paid' }, { status: 'clarification' }],
    });
    // Nothing else is due while the other device waits for the seller.
    await expect(payTrade(handle.db, t.tradeNumber)).rejects.toBeInstanceOf(NothingToPayError);

    expect((await entry(t.tradeId)).returnLabelUrl).toBeUndefined();
    await answerClarification(handle.db, t.tradeNumber, inspection.items[1]!.clarification!.id, 'decline');
    // The declined device goes back: the account links its return label, which opens without a session.
    const returnLabel = (await entry(t.tradeId)).returnLabelUrl;
    expect(returnLabel).toBe(createLabelLinks('a-label-secret-for-the-tests').returnPath(t.tradeId));
    const pdf = await app.inject({ method: 'GET', url: returnLabel!, headers: { host: 'de.localhost' } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(statuses(await entry(t.tradeId))).toEqual({
      trade: 'declined',
      items: [
        ['paid', 310],
        ['return_pending', 0],
      ],
      total: 310,
    });
    await transition(handle.db, t.tradeNumber, 'returned');
    expect((await entry(t.tradeId)).returnLabelUrl).toBeUndefined();
    expect(statuses(await entry(t.tradeId))).toEqual({
      trade: 'returned',
      items: [
        ['paid', 310],
        ['returned', 0],
      ],
      total: 310,
    });
    expect((await entry(t.tradeId)).paid).toBe(310);
  });

  it('pays an accepted device with the rest of a trade whose other device was declined (no payout is lost)', async () => {
    const t = await trade([1300, 1500, 2100]);
    await transition(handle.db, t.tradeNumber, 'received');
    const inspection = await recordInspection(handle.db, store, t.tradeNumber, [
      { offerId: t.offerIds[0]!, answers: CRACKED },
      { offerId: t.offerIds[1]!, answers: LOCKED },
      { offerId: t.offerIds[2]!, answers: BEST },
    ]);
    const [cracked, locked] = inspection.items.map((i) => i.clarification?.id) as [string, string];
    const first = await payTrade(handle.db, t.tradeNumber);
    expect(first.items).toBe(1);
    await answerClarification(handle.db, t.tradeNumber, cracked, 'accept');
    await answerClarification(handle.db, t.tradeNumber, locked, 'decline');
    const before = await entry(t.tradeId);
    expect(before.status).toBe('declined');
    expect(before.items.map((i) => i.status)).toEqual(['accepted', 'return_pending', 'paid']);
    const second = await payTrade(handle.db, t.tradeNumber);
    expect(second).toMatchObject({ from: 'declined', to: 'declined', items: 1, amountCents: 13_950 });
    const after = await entry(t.tradeId);
    expect(after.items.map((i) => i.status)).toEqual(['paid', 'return_pending', 'paid']);
    // What was paid is exactly what the trade agreed: the accepted new price plus the device as offered.
    expect(after.paid).toBe(after.total);
    const details = await showTrade(handle.db, t.tradeNumber);
    expect(details.payouts.map((p) => p.items)).toEqual([1, 1]);
    expect(details.trade.paidCents).toBe(await payoutCents(handle.db, { id: t.tradeId, voucherCents: 0 }));
  });

  it('shows a cancelled trade', async () => {
    const t = await trade([3000]);
    await transition(handle.db, t.tradeNumber, 'cancelled');
    expect(statuses(await entry(t.tradeId))).toEqual({ trade: 'cancelled', items: [['cancelled', 280]], total: 280 });
  });

  it("lists newest first, with only the caller's trades", async () => {
    const other = await insertCustomer(handle.db, accounts);
    const theirs = await trade([2100], other);
    const first = await trade([1300]);
    const second = await trade([3000]);
    const mine = await history();
    expect(mine.slice(0, 2).map((t) => t.tradeId)).toEqual([second.tradeId, first.tradeId]);
    expect(mine.map((t) => t.tradeId)).not.toContain(theirs.tradeId);
    const createdAt = mine.map((t) => Date.parse(t.createdAt));
    expect(createdAt).toEqual([...createdAt].sort((a, b) => b - a));
    expect((await history(other)).map((t) => t.tradeId)).toEqual([theirs.tradeId]);
  });
});
