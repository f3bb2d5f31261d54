// Voucher rules (checkVoucher), the seed import and POST /api/vouchers/check, on PGlite and (when
// TEST_DATABASE_URL is set) PostgreSQL.

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VoucherCheckResultSchema } from '../../src/contracts/trades';
import type { DatabaseHandle } from '../db/client';
import { trades, voucherRedemptions } from '../db/schema/trades';
import { vouchers } from '../db/schema/vouchers';
import { fixtureServices, testApp } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { importVouchers, loadVoucherSeed, type VoucherSeed } from './seed';
import { checkVoucher, voucherValueCents } from './service';

const NOW = new Date('2026-06-15T12:00:00Z');
const FIXTURES: VoucherSeed = [
  { code: 'FIXED10', locale: null, kind: 'fixed', value: 1000, minTotalCents: 5000, validUntil: null, singleUsePerCustomer: true },
  {
    code: 'PCT5',
    locale: null,
    kind: 'percent',
    value: 500,
    minTotalCents: 0,
    validUntil: '2026-06-30T23:59:59+02:00',
    singleUsePerCustomer: false,
  },
  {
    code: 'GONE',
    locale: null,
    kind: 'fixed',
    value: 500,
    minTotalCents: 0,
    validUntil: '2026-06-15T11:59:59Z',
    singleUsePerCustomer: false,
  },
  { code: 'DEONLY', locale: 'de', kind: 'fixed', value: 1500, minTotalCents: 0, validUntil: null, singleUsePerCustomer: false },
];

describe('voucherValueCents', () => {
  it.each([
    ['fixed', 1000, 123_45, 1000],
    ['percent', 500, 123_45, 617], // 617.25 → 617
    ['percent', 333, 999, 33], // 33.2667 → 33
    ['percent', 1000, 1, 0],
    ['percent', 250, 40_000, 1000],
  ] as const)('%s %i on %i cents gives %i cents', (kind, value, total, cents) => {
    expect(voucherValueCents({ kind, value }, total)).toBe(cents);
  });
});

describe.each(testDatabases())('vouchers on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await database.open();
    const services = await fixtureServices(handle.db);
    await importVouchers(handle.db, FIXTURES);
    app = await testApp(services);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const check = (code: string, cartTotalCents: number, extra: { locale?: 'de' | 'fr'; customerKey?: string } = {}) =>
    checkVoucher(handle.db, {
      code,
      cartTotalCents,
      locale: extra.locale ?? 'de',
      now: NOW,
      ...(extra.customerKey ? { customerKey: extra.customerKey } : {}),
    });

  describe('checkVoucher', () => {
    it('gives the value of a valid voucher', async () => {
      expect(await check('FIXED10', 5000)).toEqual({ valid: true, code: 'FIXED10', kind: 'fixed', valueCents: 1000, singleUse: true });
      expect(await check('PCT5', 12_345)).toMatchObject({ valid: true, kind: 'percent', valueCents: 617 });
    });

    it('knows no code it was not given', async () => {
      expect(await check('NOPE', 10_000)).toEqual({ valid: false, reason: 'unknown' });
    });

    it('expires after valid_until, not at it', async () => {
      expect(await check('GONE', 10_000)).toEqual({ valid: false, reason: 'expired' });
      expect(
        await checkVoucher(handle.db, { code: 'GONE', cartTotalCents: 1, locale: 'de', now: new Date('2026-06-15T11:59:59Z') }),
      ).toMatchObject({ valid: true });
    });

    it('holds a shop voucher to its shop', async () => {
      expect(await check('DEONLY', 10_000)).toMatchObject({ valid: true });
      expect(await check('DEONLY', 10_000, { locale: 'fr' })).toEqual({ valid: false, reason: 'not_in_this_shop' });
      expect(await check('PCT5', 10_000, { locale: 'fr' })).toMatchObject({ valid: true });
    });

    it('needs the minimum total', async () => {
      expect(await check('FIXED10', 4999)).toEqual({ valid: false, reason: 'minimum_total', minTotalCents: 5000 });
    });

    it('counts single use per customer', async () => {
      const tradeId = randomUUID();
      await handle.db.insert(trades).values({
        id: tradeId,
        tradeNumber: `TR-TEST-${tradeId}`,
        locale: 'de',
        status: 'created',
        guestEmail: 'used@example.com',
        address: { firstName: 'A', lastName: 'B', street: 'C', houseNumber: '1', postalCode: '10115', city: 'Berlin' },
        payout: { method: 'paypal', email: 'used@example.com' },
        paymentType: 2,
        b2b: false,
        subtotalCents: 5000,
        voucherCode: 'FIXED10',
        voucherCents: 1000,
        totalCents: 6000,
      });
      await handle.db.insert(voucherRedemptions).values({ code: 'FIXED10', customerKey: 'used@example.com', tradeId, singleUse: true });
      expect(await check('FIXED10', 5000, { customerKey: 'used@example.com' })).toEqual({ valid: false, reason: 'already_used' });
      expect(await check('FIXED10', 5000, { customerKey: 'other@example.com' })).toMatchObject({ valid: true });
      expect(await check('FIXED10', 5000)).toMatchObject({ valid: true });
    });
  });

  describe('seed', () => {
    it('loads data/vouchers.json and imports it idempotently, updating changed vouchers', async () => {
      const seed = loadVoucherSeed();
      expect(seed.map((v) => v.code)).toEqual(expect.arrayContaining(['WELCOME10', 'SPRING5']));
      await importVouchers(handle.db, seed);
      await importVouchers(handle.db, seed);
      expect(await handle.db.$count(vouchers)).toBe(FIXTURES.length + seed.length);
      expect(await checkVoucher(handle.db, { code: 'SPRING5', cartTotalCents: 10_000, locale: 'es', now: NOW })).toMatchObject({
        valid: true,
        valueCents: 500,
      });

      await importVouchers(handle.db, [{ ...FIXTURES[0]!, value: 1200 }]);
      const [row] = await handle.db.select().from(vouchers).where(eq(vouchers.code, 'FIXED10'));
      expect(row!.value).toBe(1200);
      await importVouchers(handle.db, FIXTURES);
    });
  });

  describe('POST /api/vouchers/check', () => {
    const post = (payload: unknown, host = 'de.localhost') =>
      app.inject({ method: 'POST', url: '/api/vouchers/check', payload: payload as object, headers: { host } });

    it('answers the value in EUR for the shop of the host, percent truncated to cents', async () => {
      const res = await post({ code: 'deonly', cartTotal: 80 });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(VoucherCheckResultSchema.parse(res.json())).toEqual({ valid: true, code: 'DEONLY', kind: 'fixed', value: 15 });
      expect((await post({ code: 'DEONLY', cartTotal: 80 }, 'fr.localhost')).json()).toEqual({ valid: false, reason: 'not_in_this_shop' });
      expect((await post({ code: 'FIXED10', cartTotal: 49.99 })).json()).toEqual({ valid: false, reason: 'minimum_total', minTotal: 50 });
      expect((await post({ code: 'NOPE', cartTotal: 80 })).json()).toEqual({ valid: false, reason: 'unknown' });
    });

    it('checks single use when the e-mail is sent', async () => {
      expect((await post({ code: 'FIXED10', cartTotal: 50, email: 'USED@example.com' })).json()).toEqual({
        valid: false,
        reason: 'already_used',
      });
      expect((await post({ code: 'FIXED10', cartTotal: 50, email: '' })).json()).toMatchObject({ valid: true, value: 10 });
    });

    it.each([
      [{ cartTotal: 10 }, 'code'],
      [{ code: 'FIXED10', cartTotal: 'ten' }, 'cartTotal'],
      [{ code: 'FIXED10', cartTotal: 10.001 }, 'cartTotal'],
      [{ code: 'FIXED10', cartTotal: 10, email: 'nope' }, 'email'],
    ])('answers 400 for %j naming %s', async (payload, path) => {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(path);
    });
  });
});
