// The IDOR sweep of the customer data API, on PGlite and (when TEST_DATABASE_URL is set) PostgreSQL:
// two customers A and B, both with every kind of data. For every customer route and method, A using
// B's IRIs and ids (alone, mixed with A's own, or in another collection's IRI) gets 404 (400 for a
// malformed IRI), reads never show B's data, and B's and A's rows are unchanged afterwards.

import { randomUUID } from 'node:crypto';
import { asc, eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iriOf, PaymentAccountSchema } from '../../src/contracts/account';
import type { AccountServices } from '../accounts/services';
import type { DatabaseHandle } from '../db/client';
import { bankAccounts, customerAddresses, customerPaymentAccounts, customers, paypalAccounts, phoneContacts } from '../db/schema/customers';
import { trades } from '../db/schema/trades';
import { fixtureServices, testApp } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { checkout, insertCustomer, testAccountServices, type TestCustomer } from './testing';

const ADDRESS = { firstName: 'Erika', lastName: 'Mustermann', street: 'Heidestraße', houseNumber: '17', postalCode: '51147', city: 'Köln' };
const BANK = { accountHolder: 'Erika Mustermann', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };
const PERSON = { salutation: 'mr', firstName: 'Mallory', lastName: 'Intruder' };

type Method = 'GET' | 'PATCH' | 'POST' | 'DELETE';

/** What a customer owns, by IRI. */
interface Owned {
  readonly customer: TestCustomer;
  readonly address: string;
  readonly bank: string;
  readonly paypal: string;
  readonly phone: string;
  readonly trades: string[];
  readonly ids: string[];
}

interface Case {
  readonly method: Method;
  readonly url: string;
  /** A's request body, built from A's and B's data. */
  readonly body?: (a: Owned, b: Owned) => object;
  readonly status: 200 | 400 | 404;
  /** For reads: the id of A's that the answer holds. */
  readonly shows?: (a: Owned) => string;
}

const uuidOf = (iri: string) => iri.slice(iri.lastIndexOf('/') + 1);

// Every route and method of the customer data API (14), each with every way A can name B's data.
const CASES: readonly [string, Case][] = [
  ['GET customers shows only A', { method: 'GET', url: '/api/customers/customers', status: 200, shows: (a) => a.customer.id }],
  [
    "DELETE customers with B's id and number",
    {
      method: 'DELETE',
      url: '/api/customers/customers',
      body: (_a, b) => ({ customerId: b.customer.id, customerIdentifier: b.customer.customerNumber }),
      status: 404,
    },
  ],
  [
    "DELETE customers with A's id and B's number",
    {
      method: 'DELETE',
      url: '/api/customers/customers',
      body: (a, b) => ({ customerId: a.customer.id, customerIdentifier: b.customer.customerNumber }),
      status: 404,
    },
  ],
  [
    "DELETE customers with B's id and A's number",
    {
      method: 'DELETE',
      url: '/api/customers/customers',
      body: (a, b) => ({ customerId: b.customer.id, customerIdentifier: a.customer.customerNumber }),
      status: 404,
    },
  ],
  ['GET addresses shows only A', { method: 'GET', url: '/api/customers/addresses', status: 200, shows: (a) => a.address }],
  [
    "PATCH addresses with B's address",
    { method: 'PATCH', url: '/api/customers/addresses', body: (_a, b) => ({ address: { ...ADDRESS, '@id': b.address } }), status: 404 },
  ],
  [
    "PATCH addresses with B's customer id as an address",
    {
      method: 'PATCH',
      url: '/api/customers/addresses',
      body: (_a, b) => ({ address: { ...ADDRESS, '@id': iriOf('addresses', b.customer.id) } }),
      status: 404,
    },
  ],
  [
    'PATCH addresses with a malformed IRI',
    {
      method: 'PATCH',
      url: '/api/customers/addresses',
      body: (_a, b) => ({ address: { ...ADDRESS, '@id': `${b.address}/../x` } }),
      status: 400,
    },
  ],
  ['GET bank_accounts shows only A', { method: 'GET', url: '/api/customers/bank_accounts', status: 200, shows: (a) => a.bank }],
  [
    "PATCH bank_accounts with B's bank account",
    { method: 'PATCH', url: '/api/customers/bank_accounts', body: (_a, b) => ({ payment: { '@id': b.bank, ...BANK } }), status: 404 },
  ],
  [
    "PATCH bank_accounts with B's PayPal id",
    {
      method: 'PATCH',
      url: '/api/customers/bank_accounts',
      body: (_a, b) => ({ payment: { '@id': iriOf('bank_accounts', uuidOf(b.paypal)), ...BANK } }),
      status: 404,
    },
  ],
  [
    "PATCH bank_accounts with B's PayPal IRI",
    { method: 'PATCH', url: '/api/customers/bank_accounts', body: (_a, b) => ({ payment: { '@id': b.paypal, ...BANK } }), status: 400 },
  ],
  ['GET paypal_accounts shows only A', { method: 'GET', url: '/api/customers/paypal_accounts', status: 200, shows: (a) => a.paypal }],
  [
    "PATCH paypal_accounts with B's PayPal account",
    {
      method: 'PATCH',
      url: '/api/customers/paypal_accounts',
      body: (_a, b) => ({ paypalAccount: { '@id': b.paypal, email: 'mallory@example.com' } }),
      status: 404,
    },
  ],
  [
    "PATCH paypal_accounts with B's bank id",
    {
      method: 'PATCH',
      url: '/api/customers/paypal_accounts',
      body: (_a, b) => ({ paypalAccount: { '@id': iriOf('paypal_accounts', uuidOf(b.bank)), email: 'mallory@example.com' } }),
      status: 404,
    },
  ],
  [
    'POST customer_payment_accounts (bank) for B',
    {
      method: 'POST',
      url: '/api/customers/customer_payment_accounts',
      body: (_a, b) => ({ bankAccount: BANK, isPrimary: true, customer: b.customer.iri }),
      status: 404,
    },
  ],
  [
    'POST customer_payment_accounts (PayPal) for B',
    {
      method: 'POST',
      url: '/api/customers/customer_payment_accounts',
      body: (_a, b) => ({ paypalAccount: { email: 'mallory@example.com' }, isPrimary: true, customer: b.customer.iri }),
      status: 404,
    },
  ],
  [
    "POST customer_payment_accounts with B's people IRI",
    {
      method: 'POST',
      url: '/api/customers/customer_payment_accounts',
      body: (_a, b) => ({ bankAccount: BANK, customer: b.customer.peopleIri }),
      status: 400,
    },
  ],
  ["POST guest_account_number leaves B's guest trades", { method: 'POST', url: '/api/customers/guest_account_number', status: 200 }],
  [
    'POST phone_contacts for B',
    {
      method: 'POST',
      url: '/api/customers/phone_contacts',
      body: (_a, b) => ({ phone: '+49 170 6666666', customerIri: b.customer.iri }),
      status: 404,
    },
  ],
  [
    "PATCH phone_contacts with B's phone",
    {
      method: 'PATCH',
      url: '/api/customers/phone_contacts',
      body: (a, b) => ({ phone: '+49 170 6666666', customerIri: a.customer.iri, phoneIri: b.phone }),
      status: 404,
    },
  ],
  [
    "PATCH phone_contacts with A's phone and B's customer",
    {
      method: 'PATCH',
      url: '/api/customers/phone_contacts',
      body: (a, b) => ({ phone: '+49 170 6666666', customerIri: b.customer.iri, phoneIri: a.phone }),
      status: 404,
    },
  ],
  [
    "PATCH phone_contacts with B's phone and customer",
    {
      method: 'PATCH',
      url: '/api/customers/phone_contacts',
      body: (_a, b) => ({ phone: '+49 170 6666666', customerIri: b.customer.iri, phoneIri: b.phone }),
      status: 404,
    },
  ],
  [
    "PATCH people with B's person",
    {
      method: 'PATCH',
      url: '/api/customers/people',
      body: (a, b) => ({ address: PERSON, peopleIri: b.customer.peopleIri, customerIri: a.customer.iri }),
      status: 404,
    },
  ],
  [
    "PATCH people with A's person and B's customer",
    {
      method: 'PATCH',
      url: '/api/customers/people',
      body: (a, b) => ({ address: PERSON, peopleIri: a.customer.peopleIri, customerIri: b.customer.iri }),
      status: 404,
    },
  ],
  [
    "PATCH people with B's person and customer",
    {
      method: 'PATCH',
      url: '/api/customers/people',
      body: (_a, b) => ({ address: PERSON, peopleIri: b.customer.peopleIri, customerIri: b.customer.iri }),
      status: 404,
    },
  ],
  [
    "PATCH people with B's customer IRI as the person",
    {
      method: 'PATCH',
      url: '/api/customers/people',
      body: (a, b) => ({ address: PERSON, peopleIri: b.customer.iri, customerIri: a.customer.iri }),
      status: 400,
    },
  ],
  ['GET trade_history shows only A', { method: 'GET', url: '/api/customers/trade_history', status: 200, shows: (a) => a.trades[0]! }],
];

describe.each(testDatabases())('customer data IDOR sweep on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let accounts: AccountServices;
  let a: Owned;
  let b: Owned;

  const call = async (customer: TestCustomer, method: Method, url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { host: 'de.localhost', ...(await customer.auth()) },
      ...(payload === undefined ? {} : { payload }),
    });

  /** A customer with an address, a bank and a PayPal account, a phone, a person, a trade, and a guest trade not yet claimed. */
  const owner = async (): Promise<Owned> => {
    const customer = await insertCustomer(handle.db, accounts);
    const ok = async (res: Promise<{ statusCode: number; json(): Record<string, unknown> }>) => {
      const answer = await res;
      expect(answer.statusCode).toBeLessThan(300);
      return answer.json();
    };
    const address = (await ok(call(customer, 'PATCH', '/api/customers/addresses', { address: ADDRESS })))['@id'] as string;
    const bank = PaymentAccountSchema.parse(
      await ok(
        call(customer, 'POST', '/api/customers/customer_payment_accounts', { bankAccount: BANK, isPrimary: true, customer: customer.iri }),
      ),
    );
    const paypal = PaymentAccountSchema.parse(
      await ok(
        call(customer, 'POST', '/api/customers/customer_payment_accounts', {
          paypalAccount: { email: customer.email },
          customer: customer.iri,
        }),
      ),
    );
    const phone = (
      await ok(call(customer, 'POST', '/api/customers/phone_contacts', { phone: '+49 170 1234567', customerIri: customer.iri }))
    )['@id'] as string;
    await ok(
      call(customer, 'PATCH', '/api/customers/people', {
        address: { salutation: 'ms', firstName: 'Erika', lastName: 'Mustermann', birthdate: '1980-01-01' },
        peopleIri: customer.peopleIri,
        customerIri: customer.iri,
      }),
    );
    const trade = await ok(checkout(app, { identity: { kind: 'customer' }, headers: await customer.auth() }));
    const guestTrade = await ok(checkout(app, { identity: { kind: 'guest', email: customer.email } }));
    const ids = [
      customer.id,
      address,
      bank['@id'],
      bank.bankAccount!['@id'],
      paypal['@id'],
      paypal.paypalAccount!['@id'],
      phone,
      trade.tradeId as string,
      guestTrade.tradeId as string,
    ].map(uuidOf);
    return {
      customer,
      address,
      bank: bank.bankAccount!['@id'],
      paypal: paypal.paypalAccount!['@id'],
      phone,
      trades: [trade.tradeId as string, guestTrade.tradeId as string],
      ids,
    };
  };

  /** Every row that holds the customer's data (their guest trades included), in a stable order. */
  const rowsOf = async (o: Owned) => {
    const id = o.customer.id;
    return {
      customer: await handle.db.select().from(customers).where(eq(customers.id, id)),
      addresses: await handle.db
        .select()
        .from(customerAddresses)
        .where(eq(customerAddresses.customerId, id))
        .orderBy(asc(customerAddresses.id)),
      bank: await handle.db.select().from(bankAccounts).where(eq(bankAccounts.customerId, id)).orderBy(asc(bankAccounts.id)),
      paypal: await handle.db.select().from(paypalAccounts).where(eq(paypalAccounts.customerId, id)).orderBy(asc(paypalAccounts.id)),
      links: await handle.db
        .select()
        .from(customerPaymentAccounts)
        .where(eq(customerPaymentAccounts.customerId, id))
        .orderBy(asc(customerPaymentAccounts.id)),
      phones: await handle.db.select().from(phoneContacts).where(eq(phoneContacts.customerId, id)).orderBy(asc(phoneContacts.id)),
      trades: await handle.db
        .select()
        .from(trades)
        .where(or(eq(trades.customerId, id), eq(trades.guestEmail, o.customer.email)))
        .orderBy(asc(trades.id)),
    };
  };

  beforeAll(async () => {
    handle = await database.open();
    accounts = testAccountServices();
    app = await testApp({ ...(await fixtureServices(handle.db)), accounts });
    a = await owner();
    b = await owner();
    // A's own guest trade is claimed already, so A's claim below has nothing of its own to take.
    expect((await call(a.customer, 'POST', '/api/customers/guest_account_number')).json()).toMatchObject({ claimedTrades: 1 });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('covers every route and method of the customer data API', () => {
    const routes = new Set(CASES.map(([, c]) => `${c.method} ${c.url}`));
    expect(routes.size).toBe(14);
  });

  it.each(CASES)('%s', async (_name, c) => {
    const beforeB = await rowsOf(b);
    const beforeA = await rowsOf(a);
    const res = await call(a.customer, c.method, c.url, c.body?.(a, b));
    expect(res.statusCode).toBe(c.status);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const id of b.ids) expect(res.body).not.toContain(id);
    if (c.status === 404) expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    if (c.status === 400) expect(res.json().fields.length).toBeGreaterThan(0);
    if (c.shows) expect(res.body).toContain(c.shows(a));
    if (c.url.endsWith('/guest_account_number'))
      expect(res.json()).toEqual({ customerNumber: a.customer.customerNumber, claimedTrades: 0 });
    expect(await rowsOf(b)).toEqual(beforeB);
    // Nothing half-written on A's side either when the call was refused.
    if (c.status !== 200) expect(await rowsOf(a)).toEqual(beforeA);
  });

  it("a customer checkout goes to the token's customer only, whatever else the body names", async () => {
    const beforeB = await rowsOf(b);
    const res = await checkout(app, { identity: { kind: 'customer' }, headers: await a.customer.auth() });
    expect(res.statusCode).toBe(201);
    const [row] = await handle.db
      .select({ customerId: trades.customerId, guestEmail: trades.guestEmail })
      .from(trades)
      .where(eq(trades.id, res.json().tradeId));
    expect(row).toEqual({ customerId: a.customer.id, guestEmail: null });
    const sneaky = await checkout(app, {
      identity: { kind: 'customer', email: b.customer.email } as never,
      headers: await a.customer.auth(),
    });
    expect(sneaky.statusCode).toBe(400);
    expect(sneaky.json().fields).toEqual([expect.objectContaining({ path: 'identity.email' })]);
    expect(await rowsOf(b)).toEqual(beforeB);
  });

  it("an unknown id reads like another customer's (no probing)", async () => {
    const foreign = await call(a.customer, 'PATCH', '/api/customers/phone_contacts', {
      phone: '+49 170 6666666',
      customerIri: a.customer.iri,
      phoneIri: b.phone,
    });
    const unknown = await call(a.customer, 'PATCH', '/api/customers/phone_contacts', {
      phone: '+49 170 6666666',
      customerIri: a.customer.iri,
      phoneIri: iriOf('phone_contacts', randomUUID()),
    });
    expect(foreign.json()).toEqual(unknown.json());
  });
});
