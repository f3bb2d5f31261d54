import { describe, expect, it } from 'vitest';
import { readApiFailure } from './api-failure';
import { createApiClient } from './api-client';
import { AccountDeletionError, createCustomerApi } from './customer-data';
import { SessionEndedError, type TokenSource } from './session-tokens';
import { SELLER_ADDRESS } from '../contracts/seller.fixtures';
import { z } from '../contracts/zod';

const CUSTOMER_ID = '5b0e8a6c-3f1d-4e2a-9c7b-8d6e5f4a3b2c';
const ADDRESS_ID = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const customerIri = `/api/customers/customers/${CUSTOMER_ID}`;

const customer = {
  '@id': customerIri,
  id: CUSTOMER_ID,
  customerNumber: 'K-100042',
  email: 'erika@example.com',
  locale: 'de',
  person: '/api/customers/people/0d6f4a3e-2b1c-4d5e-8f7a-9b8c7d6e5f4a',
  createdAt: '2030-01-01T10:00:00.000Z',
};
const address = {
  '@id': `/api/customers/addresses/${ADDRESS_ID}`,
  ...SELLER_ADDRESS,
  country: 'DE',
  updatedAt: '2030-01-02T10:00:00.000Z',
};

interface Recorded {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | null;
  readonly body: unknown;
}

type Reply = { status: number; body?: unknown };

/** A fetch answering from a queue per "METHOD path" (the last answer repeats). */
function fakeServer(routes: Record<string, Reply[]>) {
  const calls: Recorded[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    calls.push({
      method,
      path: url.pathname,
      authorization: headers.get('authorization'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const queue = routes[`${method} ${url.pathname}`];
    const reply = (queue && queue.length > 1 ? queue.shift() : queue?.[0]) ?? {
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'no route' },
    };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  return { calls, api: () => Promise.resolve(createApiClient({ baseURL: 'http://shop.test', fetch, retryDelayMs: 0 })) };
}

/** A session whose token changes with each renewal. */
function fakeSession(options: { loggedIn?: boolean } = {}) {
  const log: string[] = [];
  let token = 'token-1';
  const session: TokenSource = {
    accessToken: async () => {
      log.push('accessToken');
      if (options.loggedIn === false) throw new SessionEndedError('loggedOut');
      return token;
    },
    renewAccessToken: async (rejected) => {
      log.push(`renew ${rejected}`);
      if (rejected === token) token = `token-${Number(token.slice(6)) + 1}`;
      return token;
    },
    sessionRefused: (rejected) => void log.push(`refused ${rejected}`),
    endSession: () => void log.push('endSession'),
    customerNumberChanged: (n) => void log.push(`customerNumber ${n}`),
  };
  return { session, log };
}

const unauthorized: Reply = { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Your session has expired.' } };

describe('createCustomerApi: bearer calls parsed with the contract', () => {
  it('sends the bearer token and parses the answer', async () => {
    const server = fakeServer({
      'GET /api/customers/customers': [{ status: 200, body: customer }],
      'GET /api/customers/addresses': [{ status: 200, body: [address] }],
    });
    const { session } = fakeSession();
    const api = createCustomerApi({ api: server.api, session });
    await expect(api.getCustomer()).resolves.toEqual(customer);
    await expect(api.getAddresses()).resolves.toEqual([address]);
    expect(server.calls.map((c) => [c.method, c.path, c.authorization])).toEqual([
      ['GET', '/api/customers/customers', 'Bearer token-1'],
      ['GET', '/api/customers/addresses', 'Bearer token-1'],
    ]);
  });

  it('wraps the bodies as product §7 names them', async () => {
    const server = fakeServer({
      'PATCH /api/customers/addresses': [{ status: 200, body: address }],
      'PATCH /api/customers/bank_accounts': [
        {
          status: 200,
          body: {
            '@id': '/api/customers/bank_accounts/2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
            accountHolder: 'E M',
            iban: 'DE89370400440532013000',
            ibanMasked: 'DE89 •••• 3000',
            bic: 'COBADEFFXXX',
          },
        },
      ],
      'PATCH /api/customers/paypal_accounts': [
        { status: 200, body: { '@id': '/api/customers/paypal_accounts/3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a', email: 'pp@example.com' } },
      ],
    });
    const api = createCustomerApi({ api: server.api, session: fakeSession().session });
    const { '@id': _id, country: _c, updatedAt: _u, ...fields } = address;
    await api.patchAddress(fields);
    await api.patchBankAccount({
      '@id': '/api/customers/bank_accounts/2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
      accountHolder: 'E M',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    });
    await api.patchPaypalAccount({ '@id': '/api/customers/paypal_accounts/3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a', email: 'pp@example.com' });
    expect(server.calls.map((c) => Object.keys(c.body as object))).toEqual([['address'], ['payment'], ['paypalAccount']]);
  });

  it('an answer that does not fit the contract rejects', async () => {
    const server = fakeServer({ 'GET /api/customers/customers': [{ status: 200, body: { id: 'x' } }] });
    const api = createCustomerApi({ api: server.api, session: fakeSession().session });
    await expect(api.getCustomer()).rejects.toBeInstanceOf(z.core.$ZodError);
  });

  it('the trade history answers its trades', async () => {
    const server = fakeServer({ 'GET /api/customers/trade_history': [{ status: 200, body: { trades: [] } }] });
    const api = createCustomerApi({ api: server.api, session: fakeSession().session });
    await expect(api.getTradeHistory()).resolves.toEqual([]);
  });

  it('a claimed customer number goes to the session', async () => {
    const server = fakeServer({
      'POST /api/customers/guest_account_number': [{ status: 200, body: { customerNumber: 'K-100077', claimedTrades: 2 } }],
    });
    const { session, log } = fakeSession();
    const api = createCustomerApi({ api: server.api, session });
    await expect(api.claimGuestTrades()).resolves.toEqual({ customerNumber: 'K-100077', claimedTrades: 2 });
    expect(log).toContain('customerNumber K-100077');
  });

  it('other HTTP failures reject with the HTTP error: a 400 reads as validation with its issue codes', async () => {
    const server = fakeServer({
      'POST /api/account/changePassword': [
        {
          status: 400,
          body: {
            statusCode: 400,
            error: 'Bad Request',
            message: 'invalid',
            fields: [{ path: 'currentPassword', code: 'passwordWrong', message: 'The current password is not right.' }],
          },
        },
      ],
    });
    const api = createCustomerApi({ api: server.api, session: fakeSession().session });
    const error = await api
      .changePassword({ password: 'new-password-1', userId: CUSTOMER_ID, email: 'erika@example.com', currentPassword: 'old' })
      .catch((e: unknown) => e);
    expect(readApiFailure(error)).toMatchObject({
      kind: 'validation',
      issues: [{ path: 'currentPassword', code: 'passwordWrong', message: 'The current password is not right.' }],
    });
  });

  it('without a session no call is made', async () => {
    const server = fakeServer({});
    const api = createCustomerApi({ api: server.api, session: fakeSession({ loggedIn: false }).session });
    await expect(api.getCustomer()).rejects.toBeInstanceOf(SessionEndedError);
    expect(server.calls).toEqual([]);
  });
});

describe('a 401 answer: one renewal, then give up', () => {
  it('renews the refused token once and repeats the call with the new one', async () => {
    const server = fakeServer({ 'GET /api/customers/customers': [unauthorized, { status: 200, body: customer }] });
    const { session, log } = fakeSession();
    const api = createCustomerApi({ api: server.api, session });
    await expect(api.getCustomer()).resolves.toEqual(customer);
    expect(server.calls.map((c) => c.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(log).toEqual(['accessToken', 'renew token-1']);
  });

  it('a second 401 ends the session of the renewed token and rejects with SessionEndedError', async () => {
    const server = fakeServer({ 'GET /api/customers/addresses': [unauthorized] });
    const { session, log } = fakeSession();
    const api = createCustomerApi({ api: server.api, session });
    const error = await api.getAddresses().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionEndedError);
    expect(error).toMatchObject({ reason: 'unauthorized' });
    expect(server.calls).toHaveLength(2);
    expect(log).toEqual(['accessToken', 'renew token-1', 'refused token-2']);
  });
});

describe('deleteAccount (product §7): customer data first, then the login; success:false is a failure', () => {
  const body = { customerId: CUSTOMER_ID, customerIdentifier: 'K-100042' };

  it('runs both DELETEs in order with the same body and ends the session', async () => {
    const server = fakeServer({
      'DELETE /api/customers/customers': [{ status: 200, body: { success: true } }],
      'DELETE /api/account/deleteUser': [{ status: 200, body: { success: true } }],
    });
    const { session, log } = fakeSession();
    await createCustomerApi({ api: server.api, session }).deleteAccount(body);
    expect(server.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['DELETE', '/api/customers/customers', body],
      ['DELETE', '/api/account/deleteUser', body],
    ]);
    expect(log.at(-1)).toBe('endSession');
  });

  it('success:false of the first call stops before the second; the session stays', async () => {
    const server = fakeServer({
      'DELETE /api/customers/customers': [{ status: 200, body: { success: false } }],
      'DELETE /api/account/deleteUser': [{ status: 200, body: { success: true } }],
    });
    const { session, log } = fakeSession();
    const error = await createCustomerApi({ api: server.api, session })
      .deleteAccount(body)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccountDeletionError);
    expect(error).toMatchObject({ step: 'customers' });
    expect(server.calls).toHaveLength(1);
    expect(log).not.toContain('endSession');
  });

  it('success:false or an error of the second call is a failure too', async () => {
    for (const reply of [
      { status: 200, body: { success: false } },
      { status: 500, body: { statusCode: 500, error: 'x', message: 'x' } },
    ]) {
      const server = fakeServer({
        'DELETE /api/customers/customers': [{ status: 200, body: { success: true } }],
        'DELETE /api/account/deleteUser': [reply],
      });
      const { session, log } = fakeSession();
      await expect(createCustomerApi({ api: server.api, session }).deleteAccount(body)).rejects.toMatchObject({
        name: 'AccountDeletionError',
        step: 'deleteUser',
      });
      expect(log).not.toContain('endSession');
    }
  });
});
