// Saved details (issue 32 part 2), through the API on PGlite and (with TEST_DATABASE_URL) PostgreSQL:
// a logged-in checkout with saveToAccount keeps its address (as the primary one) and payout account
// in the account, once per IBAN, and only when the trade is stored; without the flag nothing changes,
// and a guest cannot send it. A guest's 201 answer carries its trade page (Trade-Url), whose token
// makes an account of the trade's e-mail, name, address and payout account with only a password
// (POST /api/account/registerFromTrade): the activation mail goes to the trade's e-mail.

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_TOKEN_HEADER } from '../../src/contracts/account';
import { checkout, insertCustomer, TEST_SEPA } from '../customers/testing';
import type { DatabaseHandle } from '../db/client';
import { bankAccounts, customerAddresses, customerPaymentAccounts, customers, paypalAccounts } from '../db/schema/customers';
import { createClarificationLinks } from '../clarifications/links';
import { createLabelLinks } from '../labels/links';
import { createReviewLinks } from '../reviews/links';
import { activationToken, login, testAccountServices, type TestAccountServices } from '../test-support/accounts';
import { fixtureServices, testApp } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { createCertificateLinks, createTradeLinks } from './links';

const SECRET = 'a-label-secret-for-the-tests';
const PASSWORD = 'Heidestrasse 17 in Koeln';
const OTHER_IBAN = { method: 'sepa', accountHolder: 'Erika Mustermann', iban: 'AT61 1904 3002 3457 3201', bic: '' };

describe.each(testDatabases())('saved details on $name', (database) => {
  let handle: DatabaseHandle;
  let accounts: TestAccountServices;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await database.open();
    accounts = testAccountServices();
    const shipping = {
      labels: createLabelLinks(SECRET),
      clarifications: createClarificationLinks(SECRET),
      reviews: createReviewLinks(SECRET),
      trades: createTradeLinks(SECRET),
      certificates: createCertificateLinks(SECRET),
      mailer: { send: async () => undefined },
      publicOrigin: () => 'https://www.tradein.de',
      devMailbox: false,
    };
    app = await testApp({ ...(await fixtureServices(handle.db)), accounts, shipping });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const savedOf = async (customerId: string) => ({
    addresses: await handle.db.select().from(customerAddresses).where(eq(customerAddresses.customerId, customerId)),
    banks: await handle.db.select().from(bankAccounts).where(eq(bankAccounts.customerId, customerId)),
    paypals: await handle.db.select().from(paypalAccounts).where(eq(paypalAccounts.customerId, customerId)),
    links: await handle.db.select().from(customerPaymentAccounts).where(eq(customerPaymentAccounts.customerId, customerId)),
  });

  describe('a logged-in checkout with saveToAccount', () => {
    it('keeps the address as the primary one and the bank account; the same details again add nothing', async () => {
      const customer = await insertCustomer(handle.db, accounts);
      const first = await checkout(app, { identity: { kind: 'customer' }, headers: await customer.auth(), saveToAccount: true });
      expect(first.statusCode, first.body).toBe(201);
      let saved = await savedOf(customer.id);
      expect(saved.addresses).toHaveLength(1);
      expect(saved.addresses[0]).toMatchObject({ isPrimary: true, address: { street: 'Heidestraße', postalCode: '51147', country: 'DE' } });
      expect(saved.banks).toEqual([expect.objectContaining({ iban: 'DE89370400440532013000', accountHolder: 'Erika Mustermann' })]);
      expect(saved.links).toEqual([expect.objectContaining({ bankAccountId: saved.banks[0]!.id, paymentType: 'INVOICE' })]);

      const again = await checkout(app, { identity: { kind: 'customer' }, headers: await customer.auth(), saveToAccount: true });
      expect(again.statusCode).toBe(201);
      saved = await savedOf(customer.id);
      expect(saved.addresses).toHaveLength(1);
      expect(saved.banks).toHaveLength(1);
      expect(saved.links).toHaveLength(1);
    });

    it('a new address becomes the primary one; a new IBAN and a PayPal account are added beside the old', async () => {
      const customer = await insertCustomer(handle.db, accounts);
      const sell = (options: Parameters<typeof checkout>[1]) => checkout(app, options);
      const auth = await customer.auth();
      expect((await sell({ identity: { kind: 'customer' }, headers: auth, saveToAccount: true })).statusCode).toBe(201);
      expect(
        (await sell({ identity: { kind: 'customer' }, headers: auth, saveToAccount: true, street: 'Domstraße', payout: OTHER_IBAN }))
          .statusCode,
      ).toBe(201);
      const paypal = { method: 'paypal', email: 'Erika.PayPal@example.com' };
      for (let i = 0; i < 2; i++) {
        const res = await sell({ identity: { kind: 'customer' }, headers: auth, saveToAccount: true, street: 'Domstraße', payout: paypal });
        expect(res.statusCode).toBe(201);
      }
      const saved = await savedOf(customer.id);
      const primary = saved.addresses.filter((a) => a.isPrimary);
      expect(primary).toHaveLength(1);
      expect(primary[0]!.address.street).toBe('Domstraße');
      expect(saved.addresses).toHaveLength(2);
      expect(saved.banks.map((b) => b.iban).sort()).toEqual(['AT611904300234573201', 'DE89370400440532013000']);
      expect(saved.paypals.map((p) => p.email)).toEqual(['Erika.PayPal@example.com']);
      expect(saved.links).toHaveLength(3);
    });

    it('without the flag the account stays as it was', async () => {
      const customer = await insertCustomer(handle.db, accounts);
      const res = await checkout(app, { identity: { kind: 'customer' }, headers: await customer.auth() });
      expect(res.statusCode).toBe(201);
      const saved = await savedOf(customer.id);
      expect([saved.addresses, saved.banks, saved.paypals, saved.links]).toEqual([[], [], [], []]);
    });

    it('a refused trade (an unknown voucher) saves nothing', async () => {
      const customer = await insertCustomer(handle.db, accounts);
      const res = await checkout(app, {
        identity: { kind: 'customer' },
        headers: await customer.auth(),
        saveToAccount: true,
        voucherCode: 'NOSUCHCODE',
      });
      expect(res.statusCode).toBe(422);
      const saved = await savedOf(customer.id);
      expect([saved.addresses, saved.banks, saved.links]).toEqual([[], [], []]);
    });

    it('a guest cannot send it: 400 on the field, no trade', async () => {
      const res = await checkout(app, { identity: { kind: 'guest', email: `g-${randomUUID()}@example.com` }, saveToAccount: true });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([expect.objectContaining({ path: 'saveToAccount' })]);
    });
  });

  describe('an account from a guest sale', () => {
    const guestSale = async (payout?: Record<string, string>) => {
      const email = `guest-${randomUUID()}@example.com`;
      const res = await checkout(app, { identity: { kind: 'guest', email }, ...(payout && { payout }) });
      expect(res.statusCode, res.body).toBe(201);
      const tradeUrl = new URL(String(res.headers['trade-url']), 'https://www.tradein.de');
      expect(tradeUrl.pathname).toBe(`/verkauf/${res.json().tradeNumber}`);
      return { email, tradeNumber: res.json().tradeNumber as string, token: tradeUrl.searchParams.get('token')! };
    };
    const registerFromTrade = (body: object, token?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/account/registerFromTrade',
        headers: { host: 'de.localhost', ...(token !== undefined && { [TRADE_TOKEN_HEADER]: token }) },
        payload: body,
      });

    it("makes a pending account of the trade's e-mail, name, address and bank account; activation opens it", async () => {
      const sale = await guestSale();
      const res = await registerFromTrade({ tradeNumber: sale.tradeNumber, password: PASSWORD, privacyAccepted: true }, sale.token);
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toEqual({ status: 'accepted' });
      await accounts.afterAnswer?.drain();
      const [customer] = await handle.db.select().from(customers).where(eq(customers.email, sale.email));
      expect(customer).toMatchObject({ status: 'pending', firstName: 'Erika', lastName: 'Mustermann', locale: 'de' });
      const saved = await savedOf(customer!.id);
      expect(saved.addresses[0]).toMatchObject({ isPrimary: true, address: { street: 'Heidestraße', city: 'Köln' } });
      expect(saved.banks).toEqual([expect.objectContaining({ iban: 'DE89370400440532013000', accountHolder: TEST_SEPA.accountHolder })]);

      // The activation link reaches the trade's e-mail; after it the password logs in.
      const activated = await app.inject({
        method: 'POST',
        url: '/api/account/activateRegistration',
        headers: { host: 'de.localhost', 'x-activation-token': activationToken(accounts.mailer, sale.email) },
      });
      expect(activated.json()).toMatchObject({ activated: true });
      const identifier = activated.json().token as string;
      const opened = await app.inject({
        method: 'GET',
        url: '/api/activateCustomerByIdentifier',
        headers: { host: 'de.localhost', 'x-customer-identifier': identifier },
      });
      expect(opened.statusCode).toBe(200);
      expect((await login(app, { email: sale.email, password: PASSWORD })).access_token).toBeTruthy();
    });

    it('keeps a PayPal payout as the PayPal account', async () => {
      const sale = await guestSale({ method: 'paypal', email: 'erika.pp@example.com' });
      const res = await registerFromTrade({ tradeNumber: sale.tradeNumber, password: PASSWORD, privacyAccepted: true }, sale.token);
      expect(res.statusCode).toBe(202);
      await accounts.afterAnswer?.drain();
      const [customer] = await handle.db.select().from(customers).where(eq(customers.email, sale.email));
      expect((await savedOf(customer!.id)).paypals).toEqual([expect.objectContaining({ email: 'erika.pp@example.com' })]);
    });

    it('refuses a missing or wrong token, another trade’s token, a weak password and a missing consent', async () => {
      const sale = await guestSale();
      const other = await guestSale();
      const body = { tradeNumber: sale.tradeNumber, password: PASSWORD, privacyAccepted: true };
      const missing = await registerFromTrade(body);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toBe('Missing Token');
      expect((await registerFromTrade(body, 'x'.repeat(43))).json().error).toBe('Invalid Token');
      expect((await registerFromTrade(body, other.token)).json().error).toBe('Invalid Token');
      const weak = await registerFromTrade({ ...body, password: 'abcdefg' }, sale.token);
      expect(weak.statusCode).toBe(400);
      expect(weak.json().fields).toEqual([expect.objectContaining({ path: 'password', code: 'passwordTooShort' })]);
      const noConsent = await registerFromTrade({ ...body, privacyAccepted: false }, sale.token);
      expect(noConsent.statusCode).toBe(400);
      expect(noConsent.json().fields).toEqual([expect.objectContaining({ path: 'privacyAccepted' })]);
      await accounts.afterAnswer?.drain();
      expect(await handle.db.select().from(customers).where(eq(customers.email, sale.email))).toEqual([]);
    });

    it("a customer's trade has no Trade-Url, and a trade that joined an account answers 409", async () => {
      const customer = await insertCustomer(handle.db, accounts);
      const own = await checkout(app, { identity: { kind: 'customer' }, headers: await customer.auth() });
      expect(own.headers['trade-url']).toBeUndefined();
      const sale = await guestSale();
      await handle.db.update(customers).set({ email: sale.email }).where(eq(customers.id, customer.id));
      const claimed = await app.inject({
        method: 'POST',
        url: '/api/customers/guest_account_number',
        headers: { host: 'de.localhost', ...(await customer.auth()) },
        payload: {},
      });
      expect(claimed.json().claimedTrades).toBe(1);
      const res = await registerFromTrade({ tradeNumber: sale.tradeNumber, password: PASSWORD, privacyAccepted: true }, sale.token);
      expect(res.statusCode).toBe(409);
    });
  });
});
