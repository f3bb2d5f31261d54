// POST /api/trades by a logged-in customer (identity kind 'customer'), on PGlite and (when
// TEST_DATABASE_URL is set) PostgreSQL: the customer comes from the bearer token (401 without a valid
// one, nothing written), the trade is stored with the customer id and no guest e-mail, the
// confirmation mail and the voucher single-use rule use the account's e-mail, the idempotency key
// cannot replay one customer's trade to another, and the trade shows in that customer's history only.

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TradeHistorySchema } from '../../src/contracts/account';
import { TradeSchema } from '../../src/contracts/trades';
import type { AccountServices } from '../accounts/services';
import type { ApiServices } from '../app';
import { checkout, insertCustomer, testAccountServices, type TestCustomer } from '../customers/testing';
import type { DatabaseHandle } from '../db/client';
import { idempotencyKeys } from '../db/schema/platform';
import { trades, voucherRedemptions } from '../db/schema/trades';
import { createClarificationLinks } from '../clarifications/links';
import { createLabelLinks } from '../labels/links';
import type { MailMessage } from '../mail/mailer';
import { fixtureServices, testApp } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { importVouchers } from '../vouchers/seed';
import { createReviewLinks } from '../reviews/links';
import { createCertificateLinks, createTradeLinks } from './links';

describe.each(testDatabases())('customer trades on $name', (database) => {
  let handle: DatabaseHandle;
  let api: ApiServices;
  let accounts: AccountServices;
  let app: FastifyInstance;
  let guestsOnly: FastifyInstance;
  const mails: MailMessage[] = [];

  beforeAll(async () => {
    handle = await database.open();
    api = await fixtureServices(handle.db);
    await importVouchers(handle.db, [
      { code: 'ONCE10', locale: null, kind: 'fixed', value: 1000, minTotalCents: 0, validUntil: null, singleUsePerCustomer: true },
    ]);
    accounts = testAccountServices();
    const shipping = {
      labels: createLabelLinks('a-label-secret-for-the-tests'),
      clarifications: createClarificationLinks('a-label-secret-for-the-tests'),
      reviews: createReviewLinks('a-label-secret-for-the-tests'),
      trades: createTradeLinks('a-label-secret-for-the-tests'),
      certificates: createCertificateLinks('a-label-secret-for-the-tests'),
      mailer: { send: async (message: MailMessage) => void mails.push(message) },
      publicOrigin: () => 'https://www.tradein.de',
      devMailbox: false,
    };
    app = await testApp({ ...api, accounts, shipping });
    guestsOnly = await testApp(api);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await guestsOnly?.close();
    await handle?.close();
  });

  const newCustomer = () => insertCustomer(handle.db, accounts);
  const asCustomer = async (customer: TestCustomer, options: Omit<Parameters<typeof checkout>[1], 'identity' | 'headers'> = {}) =>
    checkout(app, { identity: { kind: 'customer' }, headers: await customer.auth(), ...options });
  const historyOf = async (customer: TestCustomer) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/customers/trade_history',
      headers: { host: 'de.localhost', ...(await customer.auth()) },
    });
    return TradeHistorySchema.parse(res.json()).trades.map((t) => t.tradeId);
  };

  it("stores the customer's trade under the account, mails the account's e-mail, and lists it in that customer's history only", async () => {
    const customer = await newCustomer();
    const other = await newCustomer();
    const res = await asCustomer(customer, { deviceIds: [1300, 1500] });
    expect(res.statusCode).toBe(201);
    expect(res.headers['label-url']).toMatch(/^\/api\/trades\/[0-9a-f-]{36}\/label\.pdf\?token=/);
    const trade = TradeSchema.parse(res.json());
    expect(trade).toMatchObject({ status: 'created', total: 950, payout: { method: 'sepa', masked: 'DE89 •••• •••• •••• 3000' } });

    const [row] = await handle.db
      .select({ customerId: trades.customerId, guestEmail: trades.guestEmail })
      .from(trades)
      .where(eq(trades.id, trade.tradeId));
    expect(row).toEqual({ customerId: customer.id, guestEmail: null });
    const mail = mails.find((m) => m.subject.includes(trade.tradeNumber));
    expect(mail?.to.address).toBe(customer.email);

    expect(await historyOf(customer)).toEqual([trade.tradeId]);
    expect(await historyOf(other)).toEqual([]);
  });

  it('keeps a guest checkout a guest trade even with a token', async () => {
    const customer = await newCustomer();
    const email = `guest-${randomUUID()}@example.com`;
    const res = await checkout(app, { identity: { kind: 'guest', email }, headers: await customer.auth() });
    expect(res.statusCode).toBe(201);
    const [row] = await handle.db
      .select({ customerId: trades.customerId, guestEmail: trades.guestEmail })
      .from(trades)
      .where(eq(trades.id, res.json().tradeId));
    expect(row).toEqual({ customerId: null, guestEmail: email });
    expect(await historyOf(customer)).toEqual([]);
  });

  it('answers 401 without a valid token, writes nothing and leaves the key free for the retry after login', async () => {
    const customer = await newCustomer();
    const key = randomUUID();
    const before = await handle.db.$count(trades);

    const missing = await checkout(app, { identity: { kind: 'customer' }, idempotencyKey: key });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Please log in to check out with your customer account, or check out as a guest.',
    });

    const expired = await checkout(app, {
      identity: { kind: 'customer' },
      idempotencyKey: key,
      headers: await customer.auth(Date.now() - 3_600_000),
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(expired.json().message).toBe('Your session has expired. Please log in again to check out with your account.');

    const noAccounts = await checkout(guestsOnly, { identity: { kind: 'customer' }, idempotencyKey: key, headers: await customer.auth() });
    expect(noAccounts.statusCode).toBe(401);

    expect(await handle.db.$count(trades)).toBe(before);
    expect(await handle.db.$count(idempotencyKeys, eq(idempotencyKeys.key, key))).toBe(0);
    expect((await asCustomer(customer, { idempotencyKey: key })).statusCode).toBe(201);
  });

  it('refuses an e-mail in a customer identity (400 identity.email)', async () => {
    const customer = await newCustomer();
    const res = await checkout(app, { identity: { kind: 'customer', email: customer.email } as never, headers: await customer.auth() });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([expect.objectContaining({ path: 'identity.email' })]);
  });

  it("replays a customer's answer to that customer only: the same key and body from another account is another request", async () => {
    const customer = await newCustomer();
    const other = await newCustomer();
    const key = randomUUID();
    const first = await asCustomer(customer, { idempotencyKey: key });
    expect(first.statusCode).toBe(201);
    const offerIds = (first.json() as { items: { offerId: string }[] }).items.map((i) => i.offerId);
    const again = await asCustomer(customer, { idempotencyKey: key, offerIds });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const stolen = await asCustomer(other, { idempotencyKey: key, offerIds });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.body).not.toContain(first.json().tradeId);
  });

  it("counts a single-use voucher by the account's e-mail, also against the same e-mail's guest trades", async () => {
    const customer = await newCustomer();
    const used = await asCustomer(customer, { voucherCode: 'once10' });
    expect(used.statusCode).toBe(201);
    expect(used.json()).toMatchObject({ voucher: { code: 'ONCE10', value: 10 } });
    const [redemption] = await handle.db.select().from(voucherRedemptions).where(eq(voucherRedemptions.tradeId, used.json().tradeId));
    expect(redemption!.customerKey).toBe(customer.email);

    const twice = await asCustomer(customer, { voucherCode: 'ONCE10' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({ reason: 'already_used' });
    const asGuest = await checkout(app, { identity: { kind: 'guest', email: customer.email.toUpperCase() }, voucherCode: 'ONCE10' });
    expect(asGuest.json()).toMatchObject({ reason: 'already_used' });

    const guestFirst = await newCustomer();
    expect((await checkout(app, { identity: { kind: 'guest', email: guestFirst.email }, voucherCode: 'ONCE10' })).statusCode).toBe(201);
    expect((await asCustomer(guestFirst, { voucherCode: 'ONCE10' })).json()).toMatchObject({ reason: 'already_used' });
  });
});
