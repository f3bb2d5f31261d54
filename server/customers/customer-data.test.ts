// The customer data API (product §7 "Customer data") through fastify.inject, on PGlite and (when
// TEST_DATABASE_URL is set) PostgreSQL: every endpoint's answer and its errors (401 without or with
// an expired token, 400 naming the fields), the payment account create-then-update rule, claiming
// guest trades, step one of closing the account, and no IBAN in logs when the database fails.

import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_SECONDS,
  BankAccountSchema,
  CustomerAddressSchema,
  CustomerSchema,
  GuestAccountNumberAnswerSchema,
  iriOf,
  PaymentAccountSchema,
  PaypalAccountSchema,
  PersonSchema,
  PhoneContactSchema,
  SuccessAnswerSchema,
  TradeHistorySchema,
} from '../../src/contracts/account';
import type { AccountServices } from '../accounts/services';
import type { DatabaseHandle } from '../db/client';
import { bankAccounts, customerAddresses, customerPaymentAccounts, customers, paypalAccounts, phoneContacts } from '../db/schema/customers';
import { mailOutbox } from '../db/schema/mail';
import { cartHolds } from '../db/schema/offers';
import { trades } from '../db/schema/trades';
import { replaceCartHolds } from '../offers/cart-holds';
import { fixtureServices, logCollector, testApp } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { MAX_PAYMENT_ACCOUNTS } from './payment-accounts';
import { checkout, insertCustomer, testAccountServices, type TestCustomer } from './testing';

const ADDRESS = { firstName: 'Erika', lastName: 'Mustermann', street: 'Heidestraße', houseNumber: '17', postalCode: '51147', city: 'Köln' };
const BANK = { accountHolder: 'Erika Mustermann', iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeffxxx' };
const IBAN = 'DE89370400440532013000';
const OTHER_IBAN = 'FR1420041010050500013M02606';
type Method = 'GET' | 'PATCH' | 'POST' | 'DELETE';

/** Every customer route with a body that would be valid for `customer` (for the 401 sweep). */
const ROUTES: readonly [Method, string, (c: TestCustomer) => object | undefined][] = [
  ['GET', '/api/customers/customers', () => undefined],
  ['DELETE', '/api/customers/customers', (c) => ({ customerId: c.id, customerIdentifier: c.customerNumber })],
  ['GET', '/api/customers/addresses', () => undefined],
  ['PATCH', '/api/customers/addresses', () => ({ address: ADDRESS })],
  ['GET', '/api/customers/bank_accounts', () => undefined],
  ['PATCH', '/api/customers/bank_accounts', () => ({ payment: { '@id': iriOf('bank_accounts', randomUUID()), ...BANK } })],
  ['GET', '/api/customers/paypal_accounts', () => undefined],
  [
    'PATCH',
    '/api/customers/paypal_accounts',
    () => ({ paypalAccount: { '@id': iriOf('paypal_accounts', randomUUID()), email: 'erika@example.com' } }),
  ],
  ['POST', '/api/customers/customer_payment_accounts', (c) => ({ bankAccount: BANK, customer: c.iri })],
  ['POST', '/api/customers/guest_account_number', () => undefined],
  ['POST', '/api/customers/phone_contacts', (c) => ({ phone: '+49 170 1234567', customerIri: c.iri })],
  [
    'PATCH',
    '/api/customers/phone_contacts',
    (c) => ({ phone: '+49 170 1234567', customerIri: c.iri, phoneIri: iriOf('phone_contacts', randomUUID()) }),
  ],
  [
    'PATCH',
    '/api/customers/people',
    (c) => ({ address: { firstName: 'Erika', lastName: 'Muster' }, peopleIri: c.peopleIri, customerIri: c.iri }),
  ],
  ['GET', '/api/customers/trade_history', () => undefined],
];

describe.each(testDatabases())('customer data API on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let accounts: AccountServices;
  const logs: string[] = [];

  beforeAll(async () => {
    handle = await database.open();
    accounts = testAccountServices();
    app = await testApp({ ...(await fixtureServices(handle.db)), accounts }, { logLevel: 'info', logStream: logCollector(logs) });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const newCustomer = (values: Parameters<typeof insertCustomer>[2] = {}) => insertCustomer(handle.db, accounts, values);
  const call = async (method: Method, url: string, customer: TestCustomer | null, payload?: object, host = 'de.localhost') =>
    app.inject({
      method,
      url,
      headers: { host, ...(customer ? await customer.auth() : {}) },
      ...(payload === undefined ? {} : { payload }),
    });
  const fieldsOf = (res: { json(): { fields?: { path: string }[] } }) => (res.json().fields ?? []).map((f) => f.path);

  describe('authentication', () => {
    it.each(ROUTES)(
      '%s %s answers 401 without a token, with an expired or forged one, and for a customer that is gone',
      async (method, url, body) => {
        const customer = await newCustomer();
        const payload = body(customer);
        const send = (headers: Record<string, string>) =>
          app.inject({ method, url, headers: { host: 'de.localhost', ...headers }, ...(payload ? { payload } : {}) });

        const missing = await send({});
        expect(missing.statusCode).toBe(401);
        expect(missing.headers['www-authenticate']).toBe('Bearer');
        expect(missing.headers['cache-control']).toBe('no-store');
        expect(missing.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });

        const expired = await send(await customer.auth(Date.now() - (ACCESS_TOKEN_SECONDS + 1) * 1000));
        expect(expired.statusCode).toBe(401);
        expect(expired.headers['www-authenticate']).toBe('Bearer error="invalid_token"');

        const forged = await testAccountServices().tokens.sign({
          customerId: customer.id,
          email: customer.email,
          customerNumber: customer.customerNumber,
        });
        const tampered = `${forged.slice(0, -4)}AAAA`;
        expect((await send({ authorization: `Bearer ${tampered}` })).statusCode).toBe(401);
        expect((await send({ authorization: 'Basic abc' })).statusCode).toBe(401);

        const ghost = await newCustomer();
        await handle.db.delete(customers).where(eq(customers.id, ghost.id));
        const gone = await send(await ghost.auth());
        expect(gone.statusCode).toBe(401);
        expect(gone.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      },
    );

    it('answers 401 for a pending (not activated) customer', async () => {
      const pending = await newCustomer({ status: 'pending' });
      expect((await call('GET', '/api/customers/customers', pending)).statusCode).toBe(401);
    });
  });

  describe('GET /api/customers/customers and PATCH /api/customers/people', () => {
    it('answers the caller as one resource, with the person IRI', async () => {
      const customer = await newCustomer();
      const res = await call('GET', '/api/customers/customers', customer);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(CustomerSchema.parse(res.json())).toEqual({
        '@id': customer.iri,
        id: customer.id,
        customerNumber: customer.customerNumber,
        email: customer.email,
        locale: 'de',
        person: customer.peopleIri,
        createdAt: expect.any(String),
      });
    });

    it('changes the person: salutation, names, birthdate (absent keeps it, null removes it)', async () => {
      const customer = await newCustomer();
      const patch = (address: object) =>
        call('PATCH', '/api/customers/people', customer, { address, peopleIri: customer.peopleIri, customerIri: customer.iri });
      const res = await patch({ salutation: 'mr', firstName: ' Max ', lastName: 'Mustermann', birthdate: '1980-02-29' });
      expect(res.statusCode).toBe(200);
      expect(PersonSchema.parse(res.json())).toEqual({
        '@id': customer.peopleIri,
        salutation: 'mr',
        firstName: 'Max',
        lastName: 'Mustermann',
        birthdate: '1980-02-29',
      });
      expect((await patch({ firstName: 'Max', lastName: 'Muster' })).json()).toMatchObject({
        salutation: 'none',
        lastName: 'Muster',
        birthdate: '1980-02-29',
      });
      expect((await patch({ firstName: 'Max', lastName: 'Muster', birthdate: null })).json()).toMatchObject({ birthdate: null });
      const [row] = await handle.db.select().from(customers).where(eq(customers.id, customer.id));
      expect(row).toMatchObject({ firstName: 'Max', lastName: 'Muster', birthdate: null, salutation: 'none' });
    });

    it('answers 400 naming the fields of a bad person', async () => {
      const customer = await newCustomer();
      const young = new Date(Date.now() - 10 * 365 * 86_400_000).toISOString().slice(0, 10);
      const res = await call('PATCH', '/api/customers/people', customer, {
        address: { firstName: '', lastName: 'X', birthdate: young },
        peopleIri: 'people/1',
        customerIri: customer.iri,
      });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res).sort()).toEqual(['address.birthdate', 'address.firstName', 'peopleIri']);
      expect((await call('PATCH', '/api/customers/people', customer, [])).statusCode).toBe(400);
    });
  });

  describe('addresses', () => {
    it('creates the primary address when there is none, then changes it; lists primary first', async () => {
      const customer = await newCustomer();
      expect((await call('GET', '/api/customers/addresses', customer)).json()).toEqual([]);

      const first = await call('PATCH', '/api/customers/addresses', customer, { address: ADDRESS });
      expect(first.statusCode).toBe(200);
      const created = CustomerAddressSchema.parse(first.json());
      expect(created).toMatchObject({ ...ADDRESS, country: 'DE' });
      expect(created).not.toHaveProperty('phone');

      const second = CustomerAddressSchema.parse(
        (
          await call('PATCH', '/api/customers/addresses', customer, {
            address: { ...ADDRESS, city: 'Bonn', postalCode: '53111', phone: '0228 123456' },
          })
        ).json(),
      );
      expect(second).toMatchObject({ '@id': created['@id'], city: 'Bonn', phone: '0228 123456' });
      expect(await handle.db.$count(customerAddresses, eq(customerAddresses.customerId, customer.id))).toBe(1);

      const byIri = await call('PATCH', '/api/customers/addresses', customer, {
        address: {
          ...ADDRESS,
          '@id': created['@id'].toUpperCase().replace('/API/CUSTOMERS/ADDRESSES/', '/api/customers/addresses/'),
          street: 'Ring',
        },
      });
      expect(byIri.statusCode).toBe(200);
      expect(byIri.json()).toMatchObject({ '@id': created['@id'], street: 'Ring', city: 'Köln' });

      // A second, non-primary address (e.g. kept from registration) lists after the primary one.
      const otherId = randomUUID();
      await handle.db.insert(customerAddresses).values({
        id: otherId,
        customerId: customer.id,
        address: { ...ADDRESS, city: 'Hürth' },
        isPrimary: false,
        updatedAt: new Date(Date.now() + 60_000),
      });
      const list = (await call('GET', '/api/customers/addresses', customer)).json();
      expect(list.map((a: { '@id': string }) => a['@id'])).toEqual([created['@id'], iriOf('addresses', otherId)]);
      expect(list[1]).toMatchObject({ city: 'Hürth', country: 'DE' });
    });

    it("validates with the shop's postal code rule and stores the shop's country", async () => {
      const customer = await newCustomer();
      const german = await call('PATCH', '/api/customers/addresses', customer, { address: ADDRESS }, 'at.localhost');
      expect(german.statusCode).toBe(400);
      expect(fieldsOf(german)).toEqual(['address.postalCode']);
      const austrian = await call(
        'PATCH',
        '/api/customers/addresses',
        customer,
        { address: { ...ADDRESS, postalCode: '1010', city: 'Wien' } },
        'at.localhost',
      );
      expect(austrian.statusCode).toBe(200);
      expect(austrian.json()).toMatchObject({ postalCode: '1010', country: 'AT' });
      expect((await call('GET', '/api/customers/addresses', customer)).json()).toEqual([expect.objectContaining({ country: 'AT' })]);
    });

    it('answers 400 for missing fields, a malformed or foreign-collection @id, and no body', async () => {
      const customer = await newCustomer();
      const res = await call('PATCH', '/api/customers/addresses', customer, {
        address: { ...ADDRESS, street: '', '@id': '/api/customers/addresses/42' },
      });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res).sort()).toEqual(['address.@id', 'address.street']);
      const wrongCollection = await call('PATCH', '/api/customers/addresses', customer, {
        address: { ...ADDRESS, '@id': iriOf('bank_accounts', randomUUID()) },
      });
      expect(fieldsOf(wrongCollection)).toEqual(['address.@id']);
      expect(fieldsOf(await call('PATCH', '/api/customers/addresses', customer, {}))).toEqual(['address']);
      expect((await call('PATCH', '/api/customers/addresses', customer)).statusCode).toBe(400);
    });

    it('answers 404 for an unknown @id and changes nothing', async () => {
      const customer = await newCustomer();
      await call('PATCH', '/api/customers/addresses', customer, { address: ADDRESS });
      const before = await handle.db.select().from(customerAddresses).where(eq(customerAddresses.customerId, customer.id));
      const res = await call('PATCH', '/api/customers/addresses', customer, {
        address: { ...ADDRESS, '@id': iriOf('addresses', randomUUID()), city: 'Bonn' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'There is no such address in your account.' });
      expect(await handle.db.select().from(customerAddresses).where(eq(customerAddresses.customerId, customer.id))).toEqual(before);
    });
  });

  describe('payment accounts', () => {
    it('creates a bank account with its payment account (defaults INVOICE, not primary), lists it, and updates it by its @id', async () => {
      const customer = await newCustomer();
      const res = await call('POST', '/api/customers/customer_payment_accounts', customer, { bankAccount: BANK, customer: customer.iri });
      expect(res.statusCode).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      const account = PaymentAccountSchema.parse(res.json());
      expect(account).toMatchObject({
        paymentType: 'INVOICE',
        isPrimary: false,
        customer: customer.iri,
        paypalAccount: null,
        bankAccount: { accountHolder: 'Erika Mustermann', iban: IBAN, ibanMasked: 'DE89 •••• •••• •••• 3000', bic: 'COBADEFFXXX' },
      });
      const bankIri = account.bankAccount!['@id'];

      const list = await call('GET', '/api/customers/bank_accounts', customer);
      expect(list.statusCode).toBe(200);
      expect(list.json().map((b: unknown) => BankAccountSchema.parse(b))).toEqual([account.bankAccount]);

      // Product §4: with a payment id the existing account is updated (PATCH), not a new one created.
      const before = { bank: await handle.db.$count(bankAccounts), links: await handle.db.$count(customerPaymentAccounts) };
      const patched = await call('PATCH', '/api/customers/bank_accounts', customer, {
        payment: { '@id': bankIri, accountHolder: 'Max Mustermann', iban: OTHER_IBAN, bic: 'BNPAFRPPXXX' },
      });
      expect(patched.statusCode).toBe(200);
      expect(BankAccountSchema.parse(patched.json())).toEqual({
        '@id': bankIri,
        accountHolder: 'Max Mustermann',
        iban: OTHER_IBAN,
        ibanMasked: 'FR14 •••• •••• •••• 2606',
        bic: 'BNPAFRPPXXX',
      });
      expect({ bank: await handle.db.$count(bankAccounts), links: await handle.db.$count(customerPaymentAccounts) }).toEqual(before);
      expect((await call('GET', '/api/customers/bank_accounts', customer)).json()).toEqual([patched.json()]);
    });

    it('creates a PayPal account and updates it; a new primary account takes the flag from the others', async () => {
      const customer = await newCustomer();
      const bank = PaymentAccountSchema.parse(
        (
          await call('POST', '/api/customers/customer_payment_accounts', customer, {
            bankAccount: BANK,
            isPrimary: true,
            customer: customer.iri,
          })
        ).json(),
      );
      expect(bank.isPrimary).toBe(true);
      const res = await call('POST', '/api/customers/customer_payment_accounts', customer, {
        paypalAccount: { email: ' erika@example.com ' },
        paymentType: 'INVOICE',
        isPrimary: true,
        customer: customer.iri,
      });
      expect(res.statusCode).toBe(201);
      const paypal = PaymentAccountSchema.parse(res.json());
      expect(paypal).toMatchObject({ isPrimary: true, bankAccount: null, paypalAccount: { email: 'erika@example.com' } });
      const flags = await handle.db
        .select({ id: customerPaymentAccounts.id, isPrimary: customerPaymentAccounts.isPrimary })
        .from(customerPaymentAccounts)
        .where(eq(customerPaymentAccounts.customerId, customer.id));
      expect(flags.filter((f) => f.isPrimary).map((f) => iriOf('customer_payment_accounts', f.id))).toEqual([paypal['@id']]);

      const paypalIri = paypal.paypalAccount!['@id'];
      const patched = await call('PATCH', '/api/customers/paypal_accounts', customer, {
        paypalAccount: { '@id': paypalIri, email: 'max@example.com' },
      });
      expect(patched.statusCode).toBe(200);
      expect(PaypalAccountSchema.parse(patched.json())).toEqual({ '@id': paypalIri, email: 'max@example.com' });
      expect((await call('GET', '/api/customers/paypal_accounts', customer)).json()).toEqual([patched.json()]);
    });

    it('answers 400 naming the fields of bad payment data, and writes nothing', async () => {
      const customer = await newCustomer();
      const count = async () => [
        await handle.db.$count(bankAccounts),
        await handle.db.$count(paypalAccounts),
        await handle.db.$count(customerPaymentAccounts),
      ];
      const before = await count();
      const post = (body: object) => call('POST', '/api/customers/customer_payment_accounts', customer, body);
      expect(fieldsOf(await post({ customer: customer.iri }))).toEqual(['bankAccount']);
      expect(fieldsOf(await post({ bankAccount: BANK, paypalAccount: { email: 'e@example.com' }, customer: customer.iri }))).toEqual([
        'bankAccount',
      ]);
      expect(fieldsOf(await post({ bankAccount: { ...BANK, iban: 'DE88370400440532013000' }, customer: customer.iri }))).toEqual([
        'bankAccount.iban',
      ]);
      expect(fieldsOf(await post({ bankAccount: BANK, paymentType: 'CASH', customer: customer.iri }))).toEqual(['paymentType']);
      expect(fieldsOf(await post({ paypalAccount: { email: 'nope' }, customer: 'me' }))).toEqual(['paypalAccount.email', 'customer']);
      expect(await count()).toEqual(before);

      const patchBank = await call('PATCH', '/api/customers/bank_accounts', customer, {
        payment: { '@id': 'x', accountHolder: '', iban: 'XX', bic: '1' },
      });
      expect(patchBank.statusCode).toBe(400);
      expect(fieldsOf(patchBank).sort()).toEqual(['payment.@id', 'payment.accountHolder', 'payment.bic', 'payment.iban']);
      expect(
        fieldsOf(await call('PATCH', '/api/customers/paypal_accounts', customer, { paypalAccount: { email: 'x@example.com' } })),
      ).toEqual(['paypalAccount.@id']);
      expect(fieldsOf(await call('PATCH', '/api/customers/paypal_accounts', customer, { payment: {} }))).toEqual(['paypalAccount']);
    });

    it('answers 404 for unknown account ids', async () => {
      const customer = await newCustomer();
      expect(
        (
          await call('PATCH', '/api/customers/bank_accounts', customer, {
            payment: { '@id': iriOf('bank_accounts', randomUUID()), ...BANK },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await call('PATCH', '/api/customers/paypal_accounts', customer, {
            paypalAccount: { '@id': iriOf('paypal_accounts', randomUUID()), email: 'e@example.com' },
          })
        ).statusCode,
      ).toBe(404);
    });

    it(`holds at most ${MAX_PAYMENT_ACCOUNTS} payment accounts (409 after that)`, async () => {
      const customer = await newCustomer();
      for (let i = 0; i < MAX_PAYMENT_ACCOUNTS; i++) {
        expect(
          (
            await call('POST', '/api/customers/customer_payment_accounts', customer, {
              paypalAccount: { email: `p${i}@example.com` },
              customer: customer.iri,
            })
          ).statusCode,
        ).toBe(201);
      }
      const over = await call('POST', '/api/customers/customer_payment_accounts', customer, {
        paypalAccount: { email: 'one-more@example.com' },
        customer: customer.iri,
      });
      expect(over.statusCode).toBe(409);
      expect(await handle.db.$count(paypalAccounts, eq(paypalAccounts.customerId, customer.id))).toBe(MAX_PAYMENT_ACCOUNTS);
    });
  });

  describe('phone contacts', () => {
    it('creates (201) and changes (200) a phone number', async () => {
      const customer = await newCustomer();
      const res = await call('POST', '/api/customers/phone_contacts', customer, { phone: ' +49 170 1234567 ', customerIri: customer.iri });
      expect(res.statusCode).toBe(201);
      const phone = PhoneContactSchema.parse(res.json());
      expect(phone.phone).toBe('+49 170 1234567');
      const patched = await call('PATCH', '/api/customers/phone_contacts', customer, {
        phone: '0221 998877',
        customerIri: customer.iri,
        phoneIri: phone['@id'],
      });
      expect(patched.statusCode).toBe(200);
      expect(patched.json()).toEqual({ '@id': phone['@id'], phone: '0221 998877' });
      expect(
        await handle.db.select({ phone: phoneContacts.phone }).from(phoneContacts).where(eq(phoneContacts.customerId, customer.id)),
      ).toEqual([{ phone: '0221 998877' }]);
    });

    it('answers 400 for a bad number or IRI, 404 for an unknown phone', async () => {
      const customer = await newCustomer();
      const bad = await call('POST', '/api/customers/phone_contacts', customer, { phone: 'call me', customerIri: customer.iri });
      expect(bad.statusCode).toBe(400);
      expect(fieldsOf(bad)).toEqual(['phone']);
      expect(
        fieldsOf(
          await call('PATCH', '/api/customers/phone_contacts', customer, {
            phone: '0221 998877',
            customerIri: customer.iri,
            phoneIri: customer.iri,
          }),
        ),
      ).toEqual(['phoneIri']);
      expect(
        (
          await call('PATCH', '/api/customers/phone_contacts', customer, {
            phone: '0221 998877',
            customerIri: customer.iri,
            phoneIri: iriOf('phone_contacts', randomUUID()),
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  describe('POST /api/customers/guest_account_number', () => {
    it("claims the guest trades with the account's e-mail from every shop, once", async () => {
      const customer = await newCustomer();
      const mixedCase = customer.email.replace('customer', 'Customer').toUpperCase();
      const german = await checkout(app, { identity: { kind: 'guest', email: mixedCase } });
      const french = await checkout(app, { identity: { kind: 'guest', email: customer.email }, host: 'fr.localhost' });
      const stranger = await checkout(app, { identity: { kind: 'guest', email: `someone-${randomUUID()}@example.com` } });
      for (const res of [german, french, stranger]) expect(res.statusCode).toBe(201);

      const res = await call('POST', '/api/customers/guest_account_number', customer);
      expect(res.statusCode).toBe(200);
      expect(GuestAccountNumberAnswerSchema.parse(res.json())).toEqual({ customerNumber: customer.customerNumber, claimedTrades: 2 });
      const history = TradeHistorySchema.parse((await call('GET', '/api/customers/trade_history', customer)).json());
      expect(history.trades.map((t) => t.tradeId).sort()).toEqual([german.json().tradeId, french.json().tradeId].sort());
      const [strangerRow] = await handle.db
        .select({ customerId: trades.customerId })
        .from(trades)
        .where(eq(trades.id, stranger.json().tradeId));
      expect(strangerRow!.customerId).toBeNull();

      expect((await call('POST', '/api/customers/guest_account_number', customer)).json()).toEqual({
        customerNumber: customer.customerNumber,
        claimedTrades: 0,
      });
    });

    it("never moves a trade that is already in another customer's account", async () => {
      const first = await newCustomer();
      const trade = await checkout(app, { identity: { kind: 'guest', email: first.email } });
      expect((await call('POST', '/api/customers/guest_account_number', first)).json()).toMatchObject({ claimedTrades: 1 });
      // Another account cannot have the same e-mail; one changed to it later still claims nothing.
      const second = await newCustomer();
      await handle.db
        .update(customers)
        .set({ email: `renamed-${first.email}` })
        .where(eq(customers.id, first.id));
      await handle.db.update(customers).set({ email: first.email }).where(eq(customers.id, second.id));
      expect((await call('POST', '/api/customers/guest_account_number', second)).json()).toMatchObject({ claimedTrades: 0 });
      const [row] = await handle.db.select({ customerId: trades.customerId }).from(trades).where(eq(trades.id, trade.json().tradeId));
      expect(row!.customerId).toBe(first.id);
    });
  });

  describe('DELETE /api/customers/customers (step one of closing the account)', () => {
    const fill = async (customer: TestCustomer) => {
      await call('PATCH', '/api/customers/addresses', customer, { address: ADDRESS });
      await call('POST', '/api/customers/customer_payment_accounts', customer, {
        bankAccount: BANK,
        isPrimary: true,
        customer: customer.iri,
      });
      await call('POST', '/api/customers/customer_payment_accounts', customer, {
        paypalAccount: { email: 'erika@example.com' },
        customer: customer.iri,
      });
      await call('POST', '/api/customers/phone_contacts', customer, { phone: '+49 170 1234567', customerIri: customer.iri });
      await call('PATCH', '/api/customers/people', customer, {
        address: { firstName: 'Erika', lastName: 'Mustermann', birthdate: '1980-01-01' },
        peopleIri: customer.peopleIri,
        customerIri: customer.iri,
      });
      const trade = await checkout(app, { identity: { kind: 'customer' }, headers: await customer.auth() });
      expect(trade.statusCode).toBe(201);
      // The account's cart, reported at checkout for price-drop warnings (decision 058).
      const offer = await app.inject({
        method: 'POST',
        url: '/api/offers',
        headers: { host: 'de.localhost' },
        payload: { deviceId: 1300, answers: { 1: 11, 2: 21, 3: 31 } },
      });
      await replaceCartHolds(handle.db, { email: customer.email, locale: 'de', offerIds: [offer.json().offerId], now: new Date() });
      return trade.json().tradeId as string;
    };
    const dataOf = async (id: string) => ({
      customer: (await handle.db.select().from(customers).where(eq(customers.id, id)))[0],
      addresses: await handle.db.$count(customerAddresses, eq(customerAddresses.customerId, id)),
      bank: await handle.db.$count(bankAccounts, eq(bankAccounts.customerId, id)),
      paypal: await handle.db.$count(paypalAccounts, eq(paypalAccounts.customerId, id)),
      links: await handle.db.$count(customerPaymentAccounts, eq(customerPaymentAccounts.customerId, id)),
      phones: await handle.db.$count(phoneContacts, eq(phoneContacts.customerId, id)),
      trades: await handle.db.$count(trades, eq(trades.customerId, id)),
      holds: await handle.db.$count(
        cartHolds,
        eq(cartHolds.email, (await handle.db.select({ email: customers.email }).from(customers).where(eq(customers.id, id)))[0]!.email),
      ),
    });

    it('answers 404 and changes nothing unless the body names the caller and their customer number', async () => {
      const customer = await newCustomer();
      await fill(customer);
      const before = await dataOf(customer.id);
      for (const body of [
        { customerId: customer.id, customerIdentifier: 'K-0000000' },
        { customerId: randomUUID(), customerIdentifier: customer.customerNumber },
      ]) {
        const res = await call('DELETE', '/api/customers/customers', customer, body);
        expect(res.statusCode).toBe(404);
      }
      const bad = await call('DELETE', '/api/customers/customers', customer, { customerId: 'me', customerIdentifier: '' });
      expect(bad.statusCode).toBe(400);
      expect(fieldsOf(bad).sort()).toEqual(['customerId', 'customerIdentifier']);
      expect(await dataOf(customer.id)).toEqual(before);
    });

    it('deletes the customer data, blanks the person, keeps the trades; then stores nothing new; a repeat succeeds', async () => {
      const customer = await newCustomer();
      const tradeId = await fill(customer);
      // A mail sent to the account (its text kept for resending) and one still waiting to go out.
      const [sent, pending] = await handle.db
        .insert(mailOutbox)
        .values([
          { recipient: customer.email.toUpperCase(), subject: 'Sent', message: { text: 'kept' }, status: 'sent', sentAt: new Date() },
          { recipient: customer.email, subject: 'Pending', message: { text: 'to send' } },
        ])
        .returning({ id: mailOutbox.id });
      const res = await call('DELETE', '/api/customers/customers', customer, {
        customerId: customer.id.toUpperCase(),
        customerIdentifier: customer.customerNumber,
      });
      expect(res.statusCode).toBe(200);
      expect(SuccessAnswerSchema.parse(res.json())).toEqual({ success: true });

      const after = await dataOf(customer.id);
      expect(after).toMatchObject({ addresses: 0, bank: 0, paypal: 0, links: 0, phones: 0, trades: 1, holds: 0 });
      expect(after.customer).toMatchObject({
        salutation: 'none',
        firstName: '',
        lastName: '',
        birthdate: null,
        email: customer.email,
        customerNumber: customer.customerNumber,
      });
      const deletedAt = after.customer!.dataDeletedAt;
      expect(deletedAt).toBeInstanceOf(Date);
      const mails = await handle.db
        .select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.id, [sent!.id, pending!.id]));
      expect(mails.find((m) => m.id === sent!.id)).toMatchObject({ subject: 'Sent', message: null });
      expect(mails.find((m) => m.id === pending!.id)?.message).toEqual({ text: 'to send' });
      const [trade] = await handle.db.select().from(trades).where(eq(trades.id, tradeId));
      expect(trade).toMatchObject({
        customerId: customer.id,
        address: expect.objectContaining({ firstName: 'Erika' }),
        payout: expect.objectContaining({ iban: IBAN }),
      });
      expect(TradeHistorySchema.parse((await call('GET', '/api/customers/trade_history', customer)).json()).trades).toHaveLength(1);
      expect((await call('GET', '/api/customers/addresses', customer)).json()).toEqual([]);

      const write = await call('PATCH', '/api/customers/addresses', customer, { address: ADDRESS });
      expect(write.statusCode).toBe(409);
      expect(
        (await call('POST', '/api/customers/phone_contacts', customer, { phone: '+49 170 1234567', customerIri: customer.iri })).statusCode,
      ).toBe(409);
      expect((await call('POST', '/api/customers/guest_account_number', customer)).statusCode).toBe(409);
      const tradeAfter = await checkout(app, { identity: { kind: 'customer' }, headers: await customer.auth() });
      expect(tradeAfter.statusCode).toBe(401);

      const again = await call('DELETE', '/api/customers/customers', customer, {
        customerId: customer.id,
        customerIdentifier: customer.customerNumber,
      });
      expect(again.json()).toEqual({ success: true });
      expect((await handle.db.select().from(customers).where(eq(customers.id, customer.id)))[0]!.dataDeletedAt).toEqual(deletedAt);
    });
  });

  describe('a database failure', () => {
    it('answers 500 and logs the failure without the IBAN', async () => {
      const customer = await newCustomer();
      await handle.db.execute(sql`alter table bank_accounts add constraint test_no_bank check (account_holder <> 'Nobody') not valid`);
      const res = await call('POST', '/api/customers/customer_payment_accounts', customer, {
        bankAccount: { ...BANK, accountHolder: 'Nobody' },
        customer: customer.iri,
      });
      await handle.db.execute(sql`alter table bank_accounts drop constraint test_no_bank`);
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('0532013000');
      expect(logs.join('')).toContain('POST /api/customers/customer_payment_accounts failed (23514)');
      expect(logs.join('')).not.toMatch(/0532013000|0532 0130 00/);
      expect(await handle.db.$count(customerPaymentAccounts, eq(customerPaymentAccounts.customerId, customer.id))).toBe(0);
    });
  });
});
