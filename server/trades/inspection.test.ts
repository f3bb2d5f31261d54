// Inspection and clarifications on PGlite and (with TEST_DATABASE_URL) PostgreSQL: found answers as
// offered (and "price only goes up" when the base price rose), worse answers opening a clarification
// with a new offer and its link, blocking and recycling answers, the seller's accept/decline moving
// the trade, and input that does not fit the trade refused with nothing written.

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TradeRequestSchema, TradeSchema, type Trade } from '../../src/contracts/trades';
import { CatalogueStore } from '../catalogue/store';
import type { Database, DatabaseHandle } from '../db/client';
import { clarifications } from '../db/schema/clarifications';
import { offers } from '../db/schema/offers';
import { tradeInspections, trades, tradeTransitions } from '../db/schema/trades';
import { createOffer } from '../offers/service';
import { OfferWriter } from '../offers/writer';
import { fixtureCatalogue } from '../test-support/catalogue';
import { fixtureServices } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { answerClarification, ClarificationError, InspectionError, recordInspection } from './inspection';
import { showTrade, transition, TransitionError } from './lifecycle';
import { submitTrade } from './service';

const BEST = { 1: 11, 2: 21, 3: 31 };
const SCRATCHED = { 1: 11, 2: 22, 3: 31 };
const CRACKED = { 2: 23 };
const LOCKED = { 3: 32 };
const WATER = { 1: 12 };
const ADDRESS = { firstName: 'Erika', lastName: 'Mustermann', street: 'Heidestraße', houseNumber: '17', postalCode: '51147', city: 'Köln' };
const PAYPAL = { method: 'paypal', email: 'erika.paypal@example.com' };
const DAY_MS = 86_400_000;

/** The fixture catalogue with another German base price for one device (a price change since the offer). */
function storeWithPrice(deviceId: number, euros: number): CatalogueStore {
  const catalogue = fixtureCatalogue();
  return CatalogueStore.of({
    ...catalogue,
    devices: catalogue.devices.map((d) => (d.id === deviceId ? { ...d, basePrice: { ...d.basePrice, de: euros } } : d)),
  });
}

describe.each(testDatabases())('inspection and clarifications on $name', (database) => {
  let handle: DatabaseHandle;
  let db: Database;
  let store: CatalogueStore;

  beforeAll(async () => {
    handle = await database.open();
    db = handle.db;
    store = (await fixtureServices(db)).store;
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  /** A trade in 'received' holding one offer per device (answers default to the best condition). */
  const receivedTrade = async (devices: { deviceId: number; answers?: Record<string, number> }[]): Promise<Trade> => {
    const writer = new OfferWriter(db);
    const offerIds: string[] = [];
    for (const { deviceId, answers = BEST } of devices) {
      const result = await createOffer(writer, store, 'de', { deviceId, answers });
      if (result.kind !== 'created') throw new Error('offer blocked');
      offerIds.push(result.offer.offerId);
    }
    const rawBody = {
      offerIds,
      identity: { kind: 'guest', email: `seller-${randomUUID()}@example.com` },
      address: ADDRESS,
      payout: PAYPAL,
      termsAccepted: true,
    };
    const answer = await submitTrade(db, {
      idempotencyKey: randomUUID(),
      locale: 'de',
      request: TradeRequestSchema('de').parse(rawBody),
    });
    const trade = TradeSchema.parse(answer.body);
    await transition(db, trade.tradeNumber, 'received');
    return trade;
  };
  const moves = async (tradeId: string) =>
    (await db.select().from(tradeTransitions).where(eq(tradeTransitions.tradeId, tradeId)).orderBy(tradeTransitions.id)).map(
      (t) => t.toStatus,
    );
  const statusOf = async (tradeId: string) =>
    (await db.select({ status: trades.status }).from(trades).where(eq(trades.id, tradeId)))[0]!.status;
  const written = async () => ({
    inspections: await db.$count(tradeInspections),
    clarifications: await db.$count(clarifications),
    offers: await db.$count(offers),
  });

  describe('found as offered', () => {
    it('inspects the trade at the offered price, stores the found answers, and pays that', async () => {
      const trade = await receivedTrade([{ deviceId: 1300 }, { deviceId: 2100, answers: SCRATCHED }]);
      const [a, b] = trade.items.map((i) => i.offerId) as [string, string];
      const result = await recordInspection(db, store, trade.tradeNumber, [
        { offerId: a, answers: BEST },
        { offerId: b, answers: {} },
      ]);
      expect(result).toMatchObject({ tradeNumber: trade.tradeNumber, status: 'inspected' });
      expect(result.items).toEqual([
        expect.objectContaining({
          offerId: a,
          offeredPriceCents: 31_000,
          foundKind: 'purchase',
          foundPriceCents: 31_000,
          agreedPriceCents: 31_000,
          clarification: null,
        }),
        expect.objectContaining({
          offerId: b,
          offeredPriceCents: 16_150,
          foundAnswers: { '1': 11, '2': 22, '3': 31 },
          agreedPriceCents: 16_150,
        }),
      ]);
      expect(await moves(trade.tradeId)).toEqual(['created', 'received', 'inspected']);
      const [stored] = await db.select().from(tradeInspections).where(eq(tradeInspections.offerId, a));
      expect(stored).toMatchObject({
        tradeId: trade.tradeId,
        foundAnswers: { '1': 11, '2': 21, '3': 31 },
        foundKind: 'purchase',
        foundPriceCents: 31_000,
        foundConditionId: 1,
        // No IMEI or serial number given (the ops CLI): none stored, and no data-erasure certificate (./erasure.test.ts).
        identifier: null,
      });
      expect(result.items.map((i) => [i.identifier, i.certificateId])).toEqual([
        [null, null],
        [null, null],
      ]);
      expect((await showTrade(db, trade.tradeNumber)).trade.payoutCents).toBe(47_150);
      expect((await transition(db, trade.tradeNumber, 'paid')).note).toBe('payout 471.50 EUR');
    });

    it('pays the higher price when the base price rose since the offer ("price only goes up")', async () => {
      const trade = await receivedTrade([{ deviceId: 1300 }]);
      const result = await recordInspection(db, storeWithPrice(1300, 350), trade.tradeId, [
        { offerId: trade.items[0]!.offerId, answers: {} },
      ]);
      expect(result.status).toBe('inspected');
      expect(result.items[0]).toMatchObject({ offeredPriceCents: 31_000, foundPriceCents: 35_000, agreedPriceCents: 35_000 });
      expect((await transition(db, trade.tradeNumber, 'paid')).note).toBe('payout 350.00 EUR');
    });

    it('keeps the offered price when the base price fell since the offer', async () => {
      const trade = await receivedTrade([{ deviceId: 1300 }]);
      const result = await recordInspection(db, storeWithPrice(1300, 250), trade.tradeNumber, [
        { offerId: trade.items[0]!.offerId, answers: {} },
      ]);
      expect(result.status).toBe('inspected');
      expect(result.items[0]).toMatchObject({ foundPriceCents: 25_000, agreedPriceCents: 31_000, clarification: null });
    });

    it('pays the offered condition for a device found better than described', async () => {
      const trade = await receivedTrade([{ deviceId: 1300, answers: SCRATCHED }]);
      const result = await recordInspection(db, store, trade.tradeNumber, [{ offerId: trade.items[0]!.offerId, answers: BEST }]);
      expect(result.items[0]).toMatchObject({ offeredPriceCents: 26_350, foundPriceCents: 31_000, agreedPriceCents: 26_350 });
    });

    it('needs no clarification when a worse device is still worth its offer at today’s higher price', async () => {
      const trade = await receivedTrade([{ deviceId: 1300 }]);
      const result = await recordInspection(db, storeWithPrice(1300, 400), trade.tradeNumber, [
        { offerId: trade.items[0]!.offerId, answers: { 2: 22 } },
      ]);
      expect(result).toMatchObject({
        status: 'inspected',
        items: [{ foundPriceCents: 34_000, agreedPriceCents: 34_000, clarification: null }],
      });
    });
  });

  describe('found worse than offered', () => {
    it('opens a clarification with a new offer at the lower price, valid 21 days, and its link', async () => {
      const now = new Date(Date.UTC(2026, 2, 1, 12));
      const trade = await receivedTrade([{ deviceId: 1300 }, { deviceId: 1500 }]);
      const [fine, cracked] = trade.items.map((i) => i.offerId) as [string, string];
      const result = await recordInspection(
        db,
        store,
        trade.tradeNumber,
        [
          { offerId: cracked, answers: CRACKED },
          { offerId: fine, answers: {} },
        ],
        { now },
      );
      expect(result.status).toBe('clarification');
      expect(result.items[0]).toMatchObject({ offerId: fine, agreedPriceCents: 31_000, clarification: null });
      const item = result.items[1]!;
      expect(item).toMatchObject({
        offerId: cracked,
        foundPriceCents: 28_800,
        agreedPriceCents: null,
        clarification: { kind: 'lower_price', newPriceCents: 28_800 },
      });
      const c = item.clarification!;
      expect(c.linkPath).toBe(`/clarification/${c.id}/${trade.tradeNumber}`);
      expect(c.reason).toBe('The device differs from the offer (DISPLAY=CRACKED). New offer: 288.00 EUR instead of 640.00 EUR.');

      const [newOffer] = await db.select().from(offers).where(eq(offers.id, c.newOfferId));
      expect(newOffer).toMatchObject({
        deviceId: 1500,
        locale: 'de',
        answers: { '1': 11, '2': 23, '3': 31 },
        priceCents: 28_800,
        conditionId: 4,
        kind: 'purchase',
      });
      expect(newOffer!.validUntil.getTime()).toBe(now.getTime() + 21 * DAY_MS);
      const [row] = await db.select().from(clarifications).where(eq(clarifications.id, c.id));
      expect(row).toMatchObject({
        tradeId: trade.tradeId,
        itemOfferId: cracked,
        status: 'open',
        kind: 'lower_price',
        answerCodes: ['DISPLAY=CRACKED'],
        answeredAt: null,
      });
      expect(row!.createdAt.getTime()).toBe(now.getTime());

      expect(await moves(trade.tradeId)).toEqual(['created', 'received', 'inspected', 'clarification']);
      const shown = await showTrade(db, trade.tradeNumber);
      expect(shown.clarifications).toEqual([
        expect.objectContaining({ id: c.id, newPriceCents: 28_800, status: 'open', linkPath: c.linkPath }),
      ]);
      expect(shown.items[1]!.inspection).toMatchObject({
        foundCodes: ['POWER=YES', 'DISPLAY=CRACKED', 'ACCOUNT=REMOVED'],
        agreedPriceCents: null,
      });
      expect(shown.transitions.map((t) => t.at.getTime()).slice(-2)).toEqual([now.getTime(), now.getTime()]);
      await expect(transition(db, trade.tradeNumber, 'paid')).rejects.toThrow(
        `Trade ${trade.tradeNumber} is in clarification; it cannot be paid.`,
      );

      // The clarification's new offer belongs to this trade: it cannot be sold again in a new checkout.
      const rawBody = {
        offerIds: [c.newOfferId],
        identity: { kind: 'guest', email: 'someone@example.com' },
        address: ADDRESS,
        payout: PAYPAL,
        termsAccepted: true,
      };
      const resold = await submitTrade(db, {
        idempotencyKey: randomUUID(),
        locale: 'de',
        request: TradeRequestSchema('de').parse(rawBody),
        now,
      });
      expect(resold.statusCode).toBe(409);
      expect(resold.body).toMatchObject({ usedOfferIds: [c.newOfferId] });
    });

    it('explains a blocking answer: the device cannot be bought, the new offer is free recycling', async () => {
      const trade = await receivedTrade([{ deviceId: 3000 }]);
      const result = await recordInspection(db, store, trade.tradeNumber, [{ offerId: trade.items[0]!.offerId, answers: LOCKED }]);
      const c = result.items[0]!.clarification!;
      expect(result.items[0]).toMatchObject({ foundKind: 'blocked', foundPriceCents: 0, agreedPriceCents: null });
      expect(c).toMatchObject({ kind: 'blocked', newPriceCents: 0 });
      expect(c.reason).toContain('cannot be bought as it is (ACCOUNT=LOCKED)');
      expect(c.reason).toContain('instead of 280.00 EUR');
      const [newOffer] = await db.select().from(offers).where(eq(offers.id, c.newOfferId));
      expect(newOffer).toMatchObject({ priceCents: 0, kind: 'recycling', conditionId: 4, answers: { '1': 11, '2': 21, '3': 32 } });
    });

    it('offers free recycling for a device found fit only for recycling', async () => {
      const trade = await receivedTrade([{ deviceId: 2100 }]);
      const result = await recordInspection(db, store, trade.tradeNumber, [{ offerId: trade.items[0]!.offerId, answers: WATER }]);
      expect(result.items[0]!.clarification).toMatchObject({ kind: 'recycling', newPriceCents: 0 });
      expect(result.items[0]!.clarification!.reason).toContain('POWER=NO_WATER');
    });
  });

  describe("the seller's answer", () => {
    const twoWorse = async () => {
      const trade = await receivedTrade([{ deviceId: 1300 }, { deviceId: 1500 }]);
      const result = await recordInspection(
        db,
        store,
        trade.tradeNumber,
        trade.items.map((i) => ({ offerId: i.offerId, answers: CRACKED })),
      );
      return { trade, ids: result.items.map((i) => i.clarification!.id) as [string, string] };
    };

    it('accepting every clarification accepts the trade at the new prices, which paying pays', async () => {
      const { trade, ids } = await twoWorse();
      expect(await answerClarification(db, trade.tradeNumber, ids[0], 'accept')).toEqual({
        clarificationId: ids[0],
        status: 'accepted',
        tradeStatus: 'clarification',
      });
      expect(await statusOf(trade.tradeId)).toBe('clarification');
      expect(await answerClarification(db, trade.tradeNumber, ids[1].toUpperCase(), 'accept')).toMatchObject({ tradeStatus: 'accepted' });
      expect(await moves(trade.tradeId)).toEqual(['created', 'received', 'inspected', 'clarification', 'accepted']);
      const shown = await showTrade(db, trade.tradeNumber);
      expect(shown.clarifications.map((c) => c.status)).toEqual(['accepted', 'accepted']);
      expect(shown.clarifications.every((c) => c.answeredAt instanceof Date)).toBe(true);
      expect(shown.items.map((i) => i.inspection?.agreedPriceCents)).toEqual([13_950, 28_800]);
      expect((await transition(db, trade.tradeNumber, 'paid')).note).toBe('payout 427.50 EUR');
    });

    it('declining one declines the trade; the devices are returned, never paid', async () => {
      const { trade, ids } = await twoWorse();
      await answerClarification(db, trade.tradeNumber, ids[0], 'decline');
      expect(await answerClarification(db, trade.tradeNumber, ids[1], 'accept')).toMatchObject({
        status: 'accepted',
        tradeStatus: 'declined',
      });
      await expect(transition(db, trade.tradeNumber, 'paid')).rejects.toThrow(`Trade ${trade.tradeNumber} is declined; it cannot be paid.`);
      await transition(db, trade.tradeNumber, 'returned', 'DHL 0034');
      await expect(transition(db, trade.tradeNumber, 'paid')).rejects.toMatchObject({ from: 'returned', to: 'paid' });
      expect(await moves(trade.tradeId)).toEqual(['created', 'received', 'inspected', 'clarification', 'declined', 'returned']);
    });

    it('refuses a second answer, unknown clarifications, those of another trade and an expired new offer', async () => {
      const { trade, ids } = await twoWorse();
      const other = await twoWorse();
      await answerClarification(db, trade.tradeNumber, ids[0], 'accept');
      await expect(answerClarification(db, trade.tradeNumber, ids[0], 'decline')).rejects.toThrow(
        `Clarification ${ids[0]} was already accepted.`,
      );
      await expect(answerClarification(db, trade.tradeNumber, other.ids[0], 'accept')).rejects.toThrow(
        `Trade ${trade.tradeNumber} has no clarification ${other.ids[0]}.`,
      );
      await expect(answerClarification(db, trade.tradeNumber, 'nope', 'accept')).rejects.toBeInstanceOf(ClarificationError);
      await expect(answerClarification(db, 'TR-1999-999999', ids[1], 'accept')).rejects.toThrow('There is no trade TR-1999-999999.');
      const late = new Date(Date.now() + 22 * DAY_MS);
      await expect(answerClarification(db, trade.tradeNumber, ids[1], 'accept', { now: late })).rejects.toThrow(
        /expired on .*; it can only be declined/,
      );
      expect(await answerClarification(db, trade.tradeNumber, ids[1], 'decline', { now: late })).toMatchObject({ tradeStatus: 'declined' });
    });
  });

  describe('input that does not fit', () => {
    it('refuses to inspect a trade that is not received, or twice', async () => {
      const trade = await receivedTrade([{ deviceId: 1300 }]);
      const item = [{ offerId: trade.items[0]!.offerId, answers: {} }];
      await recordInspection(db, store, trade.tradeNumber, item);
      await expect(recordInspection(db, store, trade.tradeNumber, item)).rejects.toThrow(
        `Trade ${trade.tradeNumber} is already inspected.`,
      );
      const created = await receivedTrade([{ deviceId: 1300 }]);
      await db.update(trades).set({ status: 'created' }).where(eq(trades.id, created.tradeId));
      await expect(recordInspection(db, store, created.tradeNumber, [{ offerId: created.items[0]!.offerId, answers: {} }])).rejects.toThrow(
        new TransitionError(created.tradeNumber, 'created', 'inspected'),
      );
    });

    it('refuses missing, unknown and repeated items and answers that do not fit, writing nothing', async () => {
      const trade = await receivedTrade([{ deviceId: 1300 }, { deviceId: 2100 }]);
      const [a, b] = trade.items.map((i) => i.offerId) as [string, string];
      const before = await written();
      const attempt = (items: { offerId: string; answers: Record<string, number> }[]) =>
        recordInspection(db, store, trade.tradeNumber, items);
      await expect(attempt([{ offerId: a, answers: {} }])).rejects.toThrow(
        /needs its inspection result; missing: 2\. Samsung Galaxy S21 128 GB/,
      );
      const stranger = randomUUID();
      await expect(
        attempt([
          { offerId: a, answers: {} },
          { offerId: b, answers: {} },
          { offerId: stranger, answers: {} },
        ]),
      ).rejects.toThrow(`has no item ${stranger}`);
      await expect(
        attempt([
          { offerId: a, answers: {} },
          { offerId: a.toUpperCase(), answers: {} },
        ]),
      ).rejects.toThrow('is listed twice');
      await expect(
        attempt([
          { offerId: a, answers: { 1: 23 } },
          { offerId: b, answers: {} },
        ]),
      ).rejects.toThrow('Item 1 (Apple iPhone 13 128 GB): answers.1: This answer does not belong to the question.');
      await expect(
        attempt([
          { offerId: a, answers: {} },
          { offerId: b, answers: { 9: 91 } },
        ]),
      ).rejects.toBeInstanceOf(InspectionError);
      expect(await written()).toEqual(before);
      expect(await statusOf(trade.tradeId)).toBe('received');
    });

    it('records one of two concurrent inspections of the same trade', async () => {
      const trade = await receivedTrade([{ deviceId: 1300 }]);
      const results = await Promise.allSettled(
        [BEST, CRACKED].map((answers) => recordInspection(db, store, trade.tradeNumber, [{ offerId: trade.items[0]!.offerId, answers }])),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason)).toEqual([
        expect.any(TransitionError),
      ]);
      expect(await db.$count(tradeInspections, eq(tradeInspections.tradeId, trade.tradeId))).toBe(1);
    });
  });
});
