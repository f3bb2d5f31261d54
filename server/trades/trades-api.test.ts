// POST /api/trades through fastify.inject, on PGlite and (when TEST_DATABASE_URL is set) PostgreSQL:
// totals from stored offers, offer and voucher rules, the B2B cap, idempotency under concurrency,
// nothing half-written on failures, and no IBAN in answers or logs.

import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TradeErrorSchema, TradeRequestSchema, TradeSchema } from '../../src/contracts/trades';
import type { DatabaseHandle } from '../db/client';
import { offers } from '../db/schema/offers';
import { idempotencyKeys, serverInstances } from '../db/schema/platform';
import { tradeCompanies, tradeItems, trades, tradeTransitions, voucherRedemptions } from '../db/schema/trades';
import { fixtureServices, logCollector, testApp } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { importVouchers } from '../vouchers/seed';
import { BOOT_ID } from '../db/instances';
import { requestHash } from './idempotency';

const BEST = { 1: 11, 2: 21, 3: 31 };
const IBAN = 'DE89370400440532013000';
const SEPA = { method: 'sepa', accountHolder: 'Erika Mustermann', iban: 'de89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' };
const PAYPAL = { method: 'paypal', email: 'erika.paypal@example.com' };
const ADDRESS = { firstName: 'Erika', lastName: 'Mustermann', street: 'Heidestraße', houseNumber: '17', postalCode: '51147', city: 'Köln' };
const POSTAL: Record<string, string> = { 'de.localhost': '51147', 'fr.localhost': '75001', 'it.localhost': '00184' };

describe.each(testDatabases())('POST /api/trades on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  const logs: string[] = [];

  beforeAll(async () => {
    handle = await database.open();
    const services = await fixtureServices(handle.db);
    await importVouchers(handle.db, [
      { code: 'BONUS10', locale: null, kind: 'fixed', value: 1000, minTotalCents: 5000, validUntil: null, singleUsePerCustomer: true },
      { code: 'PLUS5', locale: 'de', kind: 'percent', value: 500, minTotalCents: 0, validUntil: null, singleUsePerCustomer: false },
      {
        code: 'OLD20',
        locale: null,
        kind: 'fixed',
        value: 2000,
        minTotalCents: 0,
        validUntil: '2020-01-01T00:00:00Z',
        singleUsePerCustomer: false,
      },
    ]);
    app = await testApp(services, { logLevel: 'info', logStream: logCollector(logs) });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const offer = async (deviceId = 1300, host = 'de.localhost'): Promise<string> => {
    const res = await app.inject({ method: 'POST', url: '/api/offers', payload: { deviceId, answers: BEST }, headers: { host } });
    expect(res.statusCode).toBe(201);
    return res.json().offerId;
  };
  /** An offer row written directly, for prices the catalogue does not have. */
  const storedOffer = async (priceCents: number): Promise<string> => {
    const id = randomUUID();
    const validUntil = new Date(Date.now() + 86_400_000);
    await handle.db
      .insert(offers)
      .values({ id, deviceId: 1500, locale: 'de', answers: BEST, priceCents, conditionId: 1, kind: 'purchase', validUntil });
    return id;
  };
  const body = (offerIds: string[], extra: Record<string, unknown> = {}, host = 'de.localhost') => ({
    offerIds,
    identity: { kind: 'guest', email: `seller-${randomUUID()}@example.com` },
    address: { ...ADDRESS, postalCode: POSTAL[host] },
    payout: SEPA,
    termsAccepted: true,
    ...extra,
  });
  const submit = (payload: unknown, key: string | null = randomUUID(), host = 'de.localhost') =>
    app.inject({
      method: 'POST',
      url: '/api/trades',
      payload: payload as object,
      headers: { host, ...(key === null ? {} : { 'idempotency-key': key }) },
    });
  const counts = async () => ({
    trades: await handle.db.$count(trades),
    items: await handle.db.$count(tradeItems),
    transitions: await handle.db.$count(tradeTransitions),
    redemptions: await handle.db.$count(voucherRedemptions),
  });

  describe('creating a trade', () => {
    it('creates a guest SEPA trade: payment type 13, masked IBAN, first transition, no-store', async () => {
      const [a, b] = [await offer(1300), await offer(1500)];
      const res = await submit(body([a, b]));
      expect(res.statusCode).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      const trade = TradeSchema.parse(res.json());
      expect(trade).toMatchObject({
        status: 'created',
        subtotal: 950,
        voucher: null,
        total: 950,
        payout: { method: 'sepa', masked: 'DE89 •••• •••• •••• 3000' },
        items: [
          { offerId: a, deviceId: 1300, deviceName: 'Apple iPhone 13 128 GB', price: 310, conditionId: 1, kind: 'purchase' },
          { offerId: b, deviceId: 1500, deviceName: 'Apple iPhone 15 Pro 128 GB', price: 640, conditionId: 1, kind: 'purchase' },
        ],
      });
      expect(trade.tradeNumber).toMatch(new RegExp(`^TR-${new Date().getUTCFullYear()}-\\d{6}$`));
      expect(res.body).not.toContain('0532013000');

      const [row] = await handle.db.select().from(trades).where(eq(trades.id, trade.tradeId));
      expect(row).toMatchObject({
        paymentType: 13,
        b2b: false,
        subtotalCents: 95_000,
        totalCents: 95_000,
        locale: 'de',
        transactionId: trade.transactionId,
      });
      expect(row!.payout).toEqual({ method: 'sepa', accountHolder: 'Erika Mustermann', iban: IBAN, bic: 'COBADEFFXXX' });
      const transitions = await handle.db.select().from(tradeTransitions).where(eq(tradeTransitions.tradeId, trade.tradeId));
      expect(transitions).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'created' })]);
    });

    it('accepts a German IBAN without a BIC (SEPA needs the IBAN alone) and stores the BIC as empty', async () => {
      const res = await submit(body([await offer(1300)], { payout: { ...SEPA, bic: '' } }));
      expect(res.statusCode).toBe(201);
      const trade = TradeSchema.parse(res.json());
      const [row] = await handle.db.select().from(trades).where(eq(trades.id, trade.tradeId));
      expect(row!.payout).toEqual({ method: 'sepa', accountHolder: 'Erika Mustermann', iban: IBAN, bic: '' });
    });

    it('refuses an emoji in the name and a 300-character street with field codes, writing nothing', async () => {
      const before = await counts();
      const res = await submit(body([await offer(1300)], { address: { ...ADDRESS, firstName: 'Erika 😀', street: 'x'.repeat(300) } }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: 'address.firstName', code: 'postalText' }),
          expect.objectContaining({ path: 'address.street', code: 'tooLong' }),
        ]),
      );
      expect(await counts()).toEqual(before);
    });

    it('creates a PayPal trade with payment type 2 and numbers trades in sequence', async () => {
      const first = TradeSchema.parse((await submit(body([await offer(2100)]))).json());
      const res = await submit(body([await offer(3000)], { payout: PAYPAL }));
      expect(res.statusCode).toBe(201);
      const trade = TradeSchema.parse(res.json());
      expect(trade.payout).toEqual({ method: 'paypal', masked: 'erika.paypal@example.com' });
      const [row] = await handle.db.select({ paymentType: trades.paymentType }).from(trades).where(eq(trades.id, trade.tradeId));
      expect(row!.paymentType).toBe(2);
      const number = (t: { tradeNumber: string }) => Number(t.tradeNumber.slice(-6));
      expect(number(trade)).toBe(number(first) + 1);
      expect(trade.transactionId).toBeGreaterThan(first.transactionId);
    });

    it('totals from the stored offer prices, ignoring prices the client sends', async () => {
      const id = await offer(1300);
      const res = await submit(body([id], { total: 9999, subtotal: 9999, items: [{ offerId: id, price: 9999 }] }));
      expect(res.json()).toMatchObject({ subtotal: 310, total: 310, items: [{ price: 310 }] });
    });
  });

  describe('offers that cannot be traded', () => {
    it('answers 400 naming unknown offers, 400 for offers of another shop, and writes nothing', async () => {
      const before = await counts();
      const unknown = randomUUID();
      const res = await submit(body([await offer(), unknown]));
      expect(res.statusCode).toBe(400);
      expect(TradeErrorSchema.parse(res.json())).toMatchObject({ unknownOfferIds: [unknown], fields: [{ path: 'offerIds.1' }] });
      expect(res.json().message).toContain(unknown);

      const french = await offer(1300, 'fr.localhost');
      const foreign = await submit(body([french]));
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json()).toMatchObject({ foreignOfferIds: [french] });
      expect(await counts()).toEqual(before);
    });

    it('answers 409 with the expired offers so the client can re-quote', async () => {
      const [fresh, old] = [await offer(), await offer(1500)];
      await handle.db
        .update(offers)
        .set({ validUntil: new Date(Date.now() - 60_000) })
        .where(eq(offers.id, old));
      const before = await counts();
      const res = await submit(body([fresh, old]));
      expect(res.statusCode).toBe(409);
      expect(TradeErrorSchema.parse(res.json())).toMatchObject({ expiredOfferIds: [old] });
      expect(await counts()).toEqual(before);
    });

    it('answers 409 with the offers another trade already holds', async () => {
      const [taken, free] = [await offer(), await offer(2100)];
      expect((await submit(body([taken]))).statusCode).toBe(201);
      const before = await counts();
      const res = await submit(body([free, taken]));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ usedOfferIds: [taken] });
      expect(await counts()).toEqual(before);
    });
  });

  describe('business trade-ins', () => {
    const COMPANY = { name: 'Muster Handel GmbH', legalForm: 'gmbh', vatId: 'de 136 695 976' };
    const business = (offerIds: string[], extra: Record<string, unknown> = {}) =>
      body(offerIds, { b2b: true, company: COMPANY, address: { ...ADDRESS, phone: '+49 221 123456' }, ...extra });

    it('stores the company with the trade and numbers it in its own range TB-<year>-<n>', async () => {
      const consumer = TradeSchema.parse((await submit(body([await offer(1300)]))).json());
      const first = TradeSchema.parse((await submit(business([await offer(1500)]))).json());
      const second = TradeSchema.parse((await submit(business([await offer(2100)]))).json());
      const year = new Date().getUTCFullYear();
      expect(first.tradeNumber).toMatch(new RegExp(`^TB-${year}-\\d{6}$`));
      expect(Number(second.tradeNumber.slice(-6))).toBe(Number(first.tradeNumber.slice(-6)) + 1);
      expect(first.b2b).toBe(true);
      // The consumers' range goes on without the business numbers.
      const next = TradeSchema.parse((await submit(body([await offer(3000)]))).json());
      expect(next.tradeNumber).toMatch(/^TR-/);
      expect(Number(next.tradeNumber.slice(-6))).toBe(Number(consumer.tradeNumber.slice(-6)) + 1);
      const [company] = await handle.db.select().from(tradeCompanies).where(eq(tradeCompanies.tradeId, first.tradeId));
      expect(company).toEqual({ tradeId: first.tradeId, name: 'Muster Handel GmbH', legalForm: 'gmbh', vatId: 'DE136695976' });
      const [row] = await handle.db.select({ b2b: trades.b2b }).from(trades).where(eq(trades.id, first.tradeId));
      expect(row!.b2b).toBe(true);
    });

    it('takes a small business without VAT id', async () => {
      const res = await submit(
        business([await offer(1300)], { company: { name: 'Erika Mustermann Reparatur', legalForm: 'einzelunternehmen', vatId: '' } }),
      );
      expect(res.statusCode).toBe(201);
      const [company] = await handle.db.select().from(tradeCompanies).where(eq(tradeCompanies.tradeId, res.json().tradeId));
      expect(company!.vatId).toBeNull();
    });

    it('allows up to 5000 EUR and answers 422 with the cap, the total and how much it is over, writing nothing', async () => {
      expect((await submit(business([await storedOffer(300_000), await storedOffer(200_000)]))).json()).toMatchObject({
        total: 5000,
      });
      const before = await counts();
      const companies = await handle.db.$count(tradeCompanies);
      const res = await submit(business([await storedOffer(300_000), await storedOffer(250_050)]));
      expect(res.statusCode).toBe(422);
      expect(TradeErrorSchema.parse(res.json())).toMatchObject({
        cap: 5000,
        total: 5500.5,
        overBy: 500.5,
        fields: [{ path: 'offerIds', code: 'b2bTradeCap' }],
      });
      expect(res.json().message).toContain('5000 EUR');
      expect(await counts()).toEqual(before);
      expect(await handle.db.$count(tradeCompanies)).toBe(companies);
    });

    it('has no cap for consumers, and a voucher counts towards the cap', async () => {
      expect((await submit(body([await storedOffer(300_000), await storedOffer(300_000)]))).statusCode).toBe(201);
      const res = await submit(business([await storedOffer(300_000), await storedOffer(199_900)], { voucherCode: 'BONUS10' }));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ total: 5009, overBy: 9 });
    });

    it('sells several units per offer: subtotal Σ price × quantity, stored per item, capped by the quantity total', async () => {
      const [a, b] = [await storedOffer(3333), await storedOffer(125_050)];
      const res = await submit(business([a, b], { quantities: { [a]: 3, [b]: 2 } }));
      expect(res.statusCode).toBe(201);
      const trade = TradeSchema.parse(res.json());
      expect(trade).toMatchObject({ subtotal: 2600.99, total: 2600.99 });
      expect(trade.items.map((i) => [i.offerId, i.price, i.quantity])).toEqual([
        [a, 33.33, 3],
        [b, 1250.5, 2],
      ]);
      const stored = await handle.db.select().from(tradeItems).where(eq(tradeItems.tradeId, trade.tradeId));
      expect(Object.fromEntries(stored.map((i) => [i.offerId, i.quantity]))).toEqual({ [a]: 3, [b]: 2 });

      // 4 × 1250.01 = 5000.04: the cap counts the units, nothing is written.
      const before = await counts();
      const over = await storedOffer(125_001);
      const capped = await submit(business([over], { quantities: { [over]: 4 } }));
      expect(capped.statusCode).toBe(422);
      expect(capped.json()).toMatchObject({ cap: 5000 });
      expect(capped.json().message).toContain('5000.04 EUR');
      expect(await counts()).toEqual(before);
    });

    it('refuses more than one unit without business trade-in, quantities outside 1..99 and for offers not in the trade', async () => {
      const a = await storedOffer(10_000);
      const before = await counts();
      const consumer = await submit(body([a], { quantities: { [a]: 2 } }));
      expect(consumer.statusCode).toBe(400);
      expect(consumer.json().fields).toEqual([expect.objectContaining({ path: `quantities.${a}` })]);
      expect(consumer.json().fields[0].message).toContain('business trade-ins only');
      for (const quantity of [0, 100, 1.5]) {
        const res = await submit(business([a], { quantities: { [a]: quantity } }));
        expect(res.statusCode).toBe(400);
      }
      const foreign = await submit(business([a], { quantities: { [randomUUID()]: 2 } }));
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().fields[0].message).toContain('not in the trade');
      expect(await counts()).toEqual(before);
      // One unit is what every seller sells: allowed without b2b.
      expect((await submit(body([a], { quantities: { [a]: 1 } }))).statusCode).toBe(201);
    });

    it('refuses b2b in a shop without business trade-ins', async () => {
      const res = await submit(body([await offer(1300, 'fr.localhost')], { b2b: true }, 'fr.localhost'), randomUUID(), 'fr.localhost');
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([expect.objectContaining({ path: 'b2b' })]);
    });

    it('refuses a business trade from a non-German shop even with complete company data', async () => {
      const before = await counts();
      const res = await submit(
        body([await offer(1300, 'it.localhost')], { b2b: true, company: COMPANY }, 'it.localhost'),
        randomUUID(),
        'it.localhost',
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toContainEqual(expect.objectContaining({ path: 'b2b' }));
      expect(await counts()).toEqual(before);
    });

    it('answers 400 with a field issue for b2b without company, PayPal or phone', async () => {
      const res = await submit(body([await offer(1300)], { b2b: true, payout: PAYPAL }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: 'company', code: 'required' }),
          expect.objectContaining({ path: 'payout.method', code: 'b2bSepaOnly' }),
          expect.objectContaining({ path: 'address.phone', code: 'required' }),
        ]),
      );
    });

    it('answers 400 with the vatId issue for a VAT id with a wrong check digit or country', async () => {
      for (const vatId of ['DE136695977', 'GB980780684', 'DE13669597']) {
        const res = await submit(business([await offer(1300)], { company: { ...COMPANY, vatId } }));
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toEqual([expect.objectContaining({ path: 'company.vatId', code: 'vatId' })]);
      }
    });

    it('refuses company data on a trade that is not a business trade', async () => {
      for (const extra of [{ company: COMPANY }, { b2b: false, company: COMPANY }]) {
        const res = await submit(body([await offer(1300)], extra));
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toEqual([expect.objectContaining({ path: 'company', code: 'companyWithoutB2b' })]);
      }
    });
  });

  describe('vouchers', () => {
    it('adds the voucher to the payout and records the redemption', async () => {
      const res = await submit(body([await offer(1300)], { voucherCode: 'bonus10' }));
      expect(res.statusCode).toBe(201);
      const trade = TradeSchema.parse(res.json());
      expect(trade).toMatchObject({ subtotal: 310, voucher: { code: 'BONUS10', value: 10 }, total: 320 });
      const redemptions = await handle.db.select().from(voucherRedemptions).where(eq(voucherRedemptions.tradeId, trade.tradeId));
      expect(redemptions).toEqual([expect.objectContaining({ code: 'BONUS10', singleUse: true })]);
    });

    it('truncates a percent voucher to cents of the server total', async () => {
      const res = await submit(body([await storedOffer(12_345)], { voucherCode: 'PLUS5' }));
      expect(res.json()).toMatchObject({ subtotal: 123.45, voucher: { code: 'PLUS5', value: 6.17 }, total: 129.62 });
    });

    it('re-validates the voucher: single use per e-mail, expiry, minimum total, shop', async () => {
      const email = 'Repeat.Seller@Example.com';
      const first = await submit(body([await offer()], { voucherCode: 'BONUS10', identity: { kind: 'guest', email } }));
      expect(first.statusCode).toBe(201);
      const before = await counts();
      const again = await submit(
        body([await offer()], { voucherCode: 'BONUS10', identity: { kind: 'guest', email: email.toLowerCase() } }),
      );
      expect(again.statusCode).toBe(422);
      expect(TradeErrorSchema.parse(again.json())).toMatchObject({ reason: 'already_used', fields: [{ path: 'voucherCode' }] });

      const cheap = await storedOffer(4_999);
      expect((await submit(body([cheap], { voucherCode: 'BONUS10' }))).json()).toMatchObject({ reason: 'minimum_total' });
      expect((await submit(body([cheap], { voucherCode: 'OLD20' }))).json()).toMatchObject({ reason: 'expired' });
      expect((await submit(body([cheap], { voucherCode: 'NOPE' }))).json()).toMatchObject({ reason: 'unknown' });
      const french = await offer(1300, 'fr.localhost');
      expect((await submit(body([french], { voucherCode: 'PLUS5' }, 'fr.localhost'), randomUUID(), 'fr.localhost')).json()).toMatchObject({
        reason: 'not_in_this_shop',
      });
      expect(await counts()).toEqual(before);
    });

    it('redeems a single-use voucher once when the same e-mail submits twice at once', async () => {
      const identity = { kind: 'guest', email: `race-${randomUUID()}@example.com` };
      const results = await Promise.all(
        [await offer(), await offer(1500)].map(async (id) => submit(body([id], { voucherCode: 'BONUS10', identity }))),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
      expect(results.find((r) => r.statusCode === 422)!.json()).toMatchObject({ reason: 'already_used' });
    });
  });

  describe('invalid input', () => {
    it.each([
      [{ termsAccepted: false }, 'termsAccepted'],
      [{ address: { ...ADDRESS, postalCode: '5114' } }, 'address.postalCode'],
      [{ payout: { ...SEPA, iban: 'DE88370400440532013000' } }, 'payout.iban'],
      [{ payout: { method: 'cheque' } }, 'payout.method'],
      [{ offerIds: [] }, 'offerIds'],
      [{ identity: { kind: 'guest', email: 'nope' } }, 'identity.email'],
    ])('answers 400 for %j naming %s, and writes nothing', async (change, path) => {
      const before = await counts();
      const res = await submit({ ...body([randomUUID()]), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(path);
      expect(
        res.json().fields.find((f: { path: string }) => f.path === 'termsAccepted')?.message ?? 'Please accept the terms and conditions.',
      ).toBe('Please accept the terms and conditions.');
      expect(await counts()).toEqual(before);
    });

    it('answers 400 for malformed JSON and for no body', async () => {
      const malformed = await app.inject({
        method: 'POST',
        url: '/api/trades',
        payload: '{"offerIds":',
        headers: { host: 'de.localhost', 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      });
      expect(malformed.statusCode).toBe(400);
      expect((await submit(undefined)).statusCode).toBe(400);
    });
  });

  describe('idempotency', () => {
    it('requires an Idempotency-Key of 1 to 100 visible characters', async () => {
      const missing = await submit(body([await offer()]), null);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toContain('Idempotency-Key');
      expect((await submit(body([await offer()]), 'has space')).statusCode).toBe(400);
      expect((await submit(body([await offer()]), 'k'.repeat(101))).statusCode).toBe(400);
    });

    it('replays the answer for the same key and body, whatever the key order', async () => {
      const key = randomUUID();
      const payload = body([await offer()]);
      const first = await submit(payload, key);
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const before = await counts();
      const reordered = Object.fromEntries(Object.entries(payload).reverse());
      const again = await submit(reordered, key);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers['cache-control']).toBe('no-store');
      expect(again.json()).toEqual(first.json());
      expect(await counts()).toEqual(before);
    });

    it('answers 422 when the key comes with another body or from another shop', async () => {
      const key = randomUUID();
      const payload = body([await offer()]);
      expect((await submit(payload, key)).statusCode).toBe(201);
      const other = await submit({ ...payload, payout: PAYPAL }, key);
      expect(other.statusCode).toBe(422);
      expect(other.json().message).toBe('This Idempotency-Key was used for a different request.');
      expect((await submit(payload, key, 'fr.localhost')).statusCode).toBe(422);
    });

    it('replays a rejection too, even once the cause is gone', async () => {
      const key = randomUUID();
      const id = await offer();
      await handle.db
        .update(offers)
        .set({ validUntil: new Date(Date.now() - 1000) })
        .where(eq(offers.id, id));
      const payload = body([id]);
      expect((await submit(payload, key)).statusCode).toBe(409);
      await handle.db
        .update(offers)
        .set({ validUntil: new Date(Date.now() + 86_400_000) })
        .where(eq(offers.id, id));
      const again = await submit(payload, key);
      expect(again.statusCode).toBe(409);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toMatchObject({ expiredOfferIds: [id] });
    });

    const claimOf = (key: string, payload: unknown, claimedBy: string) => ({
      key,
      scope: 'trades:de',
      requestHash: requestHash(TradeRequestSchema('de').parse(payload), 'de'),
      status: 'in_progress' as const,
      claimedBy,
    });

    it('answers 409 while a running process holds the key, and takes over a claim older than 5 minutes', async () => {
      const key = randomUUID();
      const payload = body([await offer()]);
      // Held by this very process (its boot id), e.g. a request still running.
      await handle.db.insert(idempotencyKeys).values(claimOf(key, payload, BOOT_ID));
      const busy = await submit(payload, key);
      expect(busy.statusCode).toBe(409);
      expect(busy.json().message).toBe('This checkout is already being processed.');

      await handle.db
        .update(idempotencyKeys)
        .set({ claimedAt: new Date(Date.now() - 6 * 60_000) })
        .where(eq(idempotencyKeys.key, key));
      const taken = await submit(payload, key);
      expect(taken.statusCode).toBe(201);
      expect((await submit(payload, key)).json()).toEqual(taken.json());
    });

    it('takes over at once a claim of a process that is gone, not one of a process that still beats', async () => {
      const crashed = randomUUID();
      const crashedKey = randomUUID();
      const crashedPayload = body([await offer()]);
      // A claim left by a process that died (kill -9): its boot id is not registered any more.
      await handle.db.insert(idempotencyKeys).values(claimOf(crashedKey, crashedPayload, crashed));
      expect((await submit(crashedPayload, crashedKey)).statusCode).toBe(201);

      // Another server that beat a moment ago holds its claim; one that stopped beating 20 s ago does not.
      const alive = randomUUID();
      const silent = randomUUID();
      await handle.db.insert(serverInstances).values([{ bootId: alive }, { bootId: silent, heartbeatAt: new Date(Date.now() - 20_000) }]);
      const aliveKey = randomUUID();
      const alivePayload = body([await offer()]);
      await handle.db.insert(idempotencyKeys).values(claimOf(aliveKey, alivePayload, alive));
      expect((await submit(alivePayload, aliveKey)).statusCode).toBe(409);
      const silentKey = randomUUID();
      const silentPayload = body([await offer()]);
      await handle.db.insert(idempotencyKeys).values(claimOf(silentKey, silentPayload, silent));
      expect((await submit(silentPayload, silentKey)).statusCode).toBe(201);
    });

    it('creates exactly one trade from 50 concurrent submissions with one key', async () => {
      const key = randomUUID();
      const ids = [await offer(), await offer(1500)];
      const payload = body(ids);
      const results = await Promise.all(Array.from({ length: 50 }, () => submit(payload, key)));

      const created = results.filter((r) => r.statusCode === 201);
      const busy = results.filter((r) => r.statusCode === 409);
      expect(created.length + busy.length).toBe(50);
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(new Set(created.map((r) => r.json().tradeId)).size).toBe(1);
      for (const r of busy) expect(r.json().message).toBe('This checkout is already being processed.');
      const rows = await handle.db.selectDistinct({ tradeId: tradeItems.tradeId }).from(tradeItems).where(inArray(tradeItems.offerId, ids));
      expect(rows).toEqual([{ tradeId: created[0]!.json().tradeId }]);
      expect(await handle.db.$count(trades, eq(trades.id, created[0]!.json().tradeId))).toBe(1);
    });

    it('creates exactly one trade from 50 concurrent submissions of the same offers with different keys', async () => {
      const ids = [await offer(), await offer(1500)];
      const payload = body(ids);
      const before = await counts();
      const results = await Promise.all(Array.from({ length: 50 }, () => submit(payload)));

      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
      const conflicts = results.filter((r) => r.statusCode === 409);
      expect(conflicts).toHaveLength(49);
      for (const r of conflicts) expect(r.json().usedOfferIds.sort()).toEqual([...ids].sort());
      expect(await counts()).toEqual({
        ...before,
        trades: before.trades + 1,
        items: before.items + 2,
        transitions: before.transitions + 1,
      });
    });
  });

  describe('a database failure', () => {
    it('answers 500, writes nothing, frees the key for a retry, and never logs the IBAN', async () => {
      const key = randomUUID();
      const payload = body([await offer(1300, 'it.localhost')], {}, 'it.localhost');
      await handle.db.execute(sql`alter table trades add constraint test_no_it check (locale <> 'it') not valid`);
      const before = await counts();
      const failed = await submit(payload, key, 'it.localhost');
      await handle.db.execute(sql`alter table trades drop constraint test_no_it`);
      expect(failed.statusCode).toBe(500);
      expect(failed.body).not.toContain('0532013000');
      expect(await counts()).toEqual(before);
      expect(logs.join('')).toContain('Creating the trade failed (23514)');

      const retried = await submit(payload, key, 'it.localhost');
      expect(retried.statusCode).toBe(201);
      expect(logs.join('')).not.toMatch(/0532013000|0532 0130 00/);
    });
  });
});
