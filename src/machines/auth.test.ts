import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Customer, LoginRequest, TokenAnswer } from '../contracts/account';
import * as account from '../services/account';
import { ApiCallError } from '../services/api-failure';
import { createApiClient } from '../services/api-client';
import { createCustomerApi, type CustomerApi } from '../services/customer-data';
import { loadSnapshot, persistActor, restoreSnapshot, saveSnapshot } from '../services/persistence';
import { SessionEndedError, decodeAccessToken } from '../services/session-tokens';
import {
  ACCOUNT_SESSION_KEY,
  authMachine,
  authMachineWith,
  createTokenSource,
  persistableSession,
  sessionSnapshot,
  type AuthActor,
  type AuthCalls,
} from './auth';
import { TOKEN_EXPIRY_MARGIN_SECONDS, type AccountSession } from './auth-session';
import { storedSession } from './auth.stored';

const CUSTOMER_ID = '5b0e8a6c-3f1d-4e2a-9c7b-8d6e5f4a3b2c';
const PASSWORD = 'Kölner-Dom-1248';
const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An access token as the server signs it (the client never checks the signature). */
function accessToken(claims: Partial<{ sub: string; exp: number; email: string; customerNumber: string | null }> = {}, id = 1) {
  const payload = { sub: CUSTOMER_ID, exp: T0 / 1000 + 300, email: 'erika@example.com', customerNumber: 'K-100042', iat: id, ...claims };
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.signature-${id}`;
}

const answer = (id: number, claims?: Parameters<typeof accessToken>[0]): TokenAnswer => ({
  access_token: accessToken(claims, id),
  refresh_token: `refresh-${id}`,
  token_type: 'Bearer',
  expires_in: 300,
  refresh_expires_in: 86_400,
});

const customer: Customer = {
  '@id': `/api/customers/customers/${CUSTOMER_ID}`,
  id: CUSTOMER_ID,
  customerNumber: 'K-100042',
  email: 'erika@example.com',
  locale: 'de',
  person: '/api/customers/people/0d6f4a3e-2b1c-4d5e-8f7a-9b8c7d6e5f4a',
  createdAt: '2030-01-01T10:00:00.000Z',
};

type Step<T> = T | Error | 'hang';
const play = <T>(script: Step<T>[]): Promise<T> => {
  const next = (script.length > 1 ? script.shift() : script[0]) as Step<T>;
  if (next === 'hang') return new Promise<T>(() => undefined);
  return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
};

function harness(
  options: {
    login?: Step<TokenAnswer | null>[];
    refresh?: Step<TokenAnswer | null>[];
    logout?: Step<void>[];
    customer?: Step<Customer>[];
    session?: AccountSession;
  } = {},
) {
  const clock = { now: T0 };
  const calls = {
    login: [] as LoginRequest[],
    refresh: [] as string[],
    logout: [] as { accessToken: string | null; refreshToken: string | null }[],
    loadCustomer: 0,
  };
  const fakes: AuthCalls = {
    login: (request) => (calls.login.push(request), play(options.login ?? [answer(1)])),
    refresh: ({ refreshToken }) => (calls.refresh.push(refreshToken), play(options.refresh ?? [answer(2)])),
    logout: (tokens) => (calls.logout.push(tokens), play(options.logout ?? [undefined])),
    loadCustomer: () => (calls.loadCustomer++, play(options.customer ?? [customer])),
  };
  const tracked: string[] = [];
  const machine = authMachineWith(fakes, () => clock.now).provide({ actions: { trackLogin: () => void tracked.push('login') } });
  const actor = createActor(machine, { input: { session: options.session ?? null } }).start();
  return { actor, clock, calls, tracked, tokens: createTokenSource(actor) };
}

const settle = (actor: AuthActor) =>
  waitFor(
    actor,
    (s) =>
      !s.matches('loggingIn') && !s.matches({ loggedIn: { token: 'refreshing' } }) && !s.matches({ loggedIn: { customer: 'loading' } }),
  );

const login = async (actor: AuthActor, rememberMe = false) => {
  actor.send({ type: 'session.login', email: 'Erika@Example.com', password: PASSWORD, rememberMe });
  return settle(actor);
};

const loggedInSession = (overrides: Partial<AccountSession> = {}): AccountSession => ({
  isLoggedIn: true,
  email: 'erika@example.com',
  password: '',
  accessToken: accessToken({}, 7),
  refreshToken: 'refresh-7',
  customerId: CUSTOMER_ID,
  customerNumber: 'K-100042',
  customerData: customer,
  tokenExpiry: T0 / 1000 + 290,
  ...overrides,
});

const SESSION_CLEARED = {
  isLoggedIn: false,
  email: null,
  password: '',
  accessToken: null,
  refreshToken: null,
  customerId: null,
  customerNumber: null,
  customerData: null,
  tokenExpiry: 0,
};

describe('decodeAccessToken: the claims of the JWT payload, validated', () => {
  it('reads subject, expiry, e-mail and customer number', () => {
    expect(decodeAccessToken(accessToken())).toMatchObject({ sub: CUSTOMER_ID, email: 'erika@example.com', customerNumber: 'K-100042' });
  });
  it.each([
    ['not a JWT', 'opaque-token'],
    ['a payload that is not base64url JSON', 'a.%%%.c'],
    ['claims without a uuid subject', accessToken({ sub: 'customer-1' })],
    ['an empty payload', 'a..c'],
  ])('refuses %s', (_, token) => {
    expect(decodeAccessToken(token)).toBeNull();
  });
});

describe('login (product §4)', () => {
  it('a login answer with a token logs in: customerId from the subject, number and e-mail from the claims, then customer data', async () => {
    const { actor, calls, tracked } = harness();
    const state = await login(actor);
    expect(state.matches({ loggedIn: { token: 'valid', customer: 'loaded' } })).toBe(true);
    expect(calls.login).toEqual([{ username: 'Erika@Example.com', password: PASSWORD, rememberMe: false }]);
    expect(state.context).toMatchObject({
      isLoggedIn: true,
      email: 'erika@example.com',
      customerId: CUSTOMER_ID,
      customerNumber: 'K-100042',
      accessToken: accessToken({}, 1),
      refreshToken: 'refresh-1',
      customerData: customer,
      tokenExpiry: T0 / 1000 + 300 - TOKEN_EXPIRY_MARGIN_SECONDS,
      password: '',
      loginFailure: null,
    });
    expect(calls.loadCustomer).toBe(1);
    expect(tracked).toEqual(['login']);
  });

  it('a login answer without access_token stays logged out (noToken)', async () => {
    const { actor, calls, tracked } = harness({ login: [null] });
    const state = await login(actor);
    expect(state.value).toBe('loggedOut');
    expect(state.context).toMatchObject({ ...SESSION_CLEARED, loginFailure: 'noToken' });
    expect(calls.loadCustomer).toBe(0);
    expect(tracked).toEqual([]);
  });

  it('an access token whose claims cannot be read is no token either', async () => {
    const { actor } = harness({ login: [{ ...answer(1), access_token: 'opaque' }] });
    expect((await login(actor)).context).toMatchObject({ isLoggedIn: false, loginFailure: 'noToken' });
  });

  it.each([
    [new ApiCallError({ status: 401 }), 'invalid', null],
    [new ApiCallError({ status: 400 }), 'invalid', null],
    [new ApiCallError({ status: 403 }), 'notActivated', null],
    [new ApiCallError({ status: 429, retryAfterSeconds: 120 }), 'locked', 120],
    [new ApiCallError({ status: 503 }), 'unavailable', null],
    [new ApiCallError({}), 'unavailable', null],
    [new TypeError('Failed to fetch'), 'unavailable', null],
  ])('a refused login (%s) reads as %s', async (error, failure, retryAfter) => {
    const { actor } = harness({ login: [error] });
    const state = await login(actor);
    expect(state.value).toBe('loggedOut');
    expect(state.context).toMatchObject({ isLoggedIn: false, loginFailure: failure, retryAfterSeconds: retryAfter });
  });

  it('the next attempt clears the last failure; a login while logging in is ignored', async () => {
    const { actor, calls } = harness({ login: [new ApiCallError({ status: 401 }), 'hang'] });
    await login(actor);
    actor.send({ type: 'session.login', email: 'erika@example.com', password: PASSWORD, rememberMe: false });
    expect(actor.getSnapshot().context.loginFailure).toBeNull();
    actor.send({ type: 'session.login', email: 'erika@example.com', password: 'other', rememberMe: false });
    expect(calls.login).toHaveLength(2);
  });

  it('customer data that fails to load leaves the session logged in, and is not asked for again', async () => {
    const { actor, calls } = harness({ customer: [new Error('503'), customer] });
    const state = await login(actor);
    expect(state.matches({ loggedIn: { customer: 'failed' } })).toBe(true);
    expect(state.context.isLoggedIn).toBe(true);
    expect(state.context.customerData).toBeNull();
    expect(calls.loadCustomer).toBe(1);
  });
});

describe('refresh before an authenticated call (product §4: when now has reached the expiry)', () => {
  it('does not refresh one second before tokenExpiry, refreshes exactly at it', async () => {
    const { actor, clock, calls } = harness();
    await login(actor);
    const expiry = actor.getSnapshot().context.tokenExpiry;

    clock.now = (expiry - 1) * 1000 + 999;
    actor.send({ type: 'session.ensureFresh' });
    expect(actor.getSnapshot().matches({ loggedIn: { token: 'valid' } })).toBe(true);
    expect(calls.refresh).toEqual([]);

    clock.now = expiry * 1000;
    actor.send({ type: 'session.ensureFresh' });
    expect(actor.getSnapshot().matches({ loggedIn: { token: 'refreshing' } })).toBe(true);
    const state = await settle(actor);
    expect(calls.refresh).toEqual(['refresh-1']);
    expect(state.context).toMatchObject({
      accessToken: accessToken({}, 2),
      refreshToken: 'refresh-2',
      tokenExpiry: expiry + 300 - TOKEN_EXPIRY_MARGIN_SECONDS,
      customerData: customer,
    });
  });

  it('two concurrent calls with an expired token share one refresh', async () => {
    const { actor, clock, calls, tokens } = harness();
    await login(actor);
    const before = actor.getSnapshot().context.accessToken;
    clock.now += 400_000;
    const [a, b] = await Promise.all([tokens.accessToken(), tokens.accessToken()]);
    expect(calls.refresh).toHaveLength(1);
    expect(a).toBe(accessToken({}, 2));
    expect(b).toBe(a);
    expect(a).not.toBe(before);
  });

  it('a fresh token is handed out without a refresh', async () => {
    const { actor, calls, tokens } = harness();
    await login(actor);
    await expect(tokens.accessToken()).resolves.toBe(accessToken({}, 1));
    expect(calls.refresh).toEqual([]);
  });

  it('a refresh failure clears all tokens and the customer data and logs out; the waiting call ends', async () => {
    const { actor, clock, tokens } = harness({ refresh: [new ApiCallError({ status: 401 })] });
    await login(actor);
    clock.now += 400_000;
    const error = await tokens.accessToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionEndedError);
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toMatchObject(SESSION_CLEARED);
  });

  it('a refresh answer without a usable token is a refresh failure too', async () => {
    const { actor, clock, tokens } = harness({ refresh: [null] });
    await login(actor);
    clock.now += 400_000;
    await expect(tokens.accessToken()).rejects.toBeInstanceOf(SessionEndedError);
    expect(actor.getSnapshot().context).toMatchObject(SESSION_CLEARED);
  });

  it('a 401 renews the refused token once; a token already replaced is not refreshed again', async () => {
    const { actor, calls, tokens } = harness();
    await login(actor);
    const first = actor.getSnapshot().context.accessToken ?? '';
    await expect(tokens.renewAccessToken(first)).resolves.toBe(accessToken({}, 2));
    await expect(tokens.renewAccessToken(first)).resolves.toBe(accessToken({}, 2));
    expect(calls.refresh).toEqual(['refresh-1']);
  });

  it('without a session a call ends at once', async () => {
    const { tokens } = harness();
    await expect(tokens.accessToken()).rejects.toMatchObject({ name: 'SessionEndedError', reason: 'loggedOut' });
  });
});

describe('logout (product §4)', () => {
  it('clears tokens, customerId, customerNumber and e-mail at once and calls the server with the old tokens', async () => {
    const { actor, calls } = harness({ logout: ['hang'] });
    await login(actor);
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toMatchObject(SESSION_CLEARED);
    expect(calls.logout).toEqual([{ accessToken: accessToken({}, 1), refreshToken: 'refresh-1' }]);
  });

  it('clears the client state even when the logout call fails', async () => {
    const { actor } = harness({ logout: [new ApiCallError({ status: 500 })] });
    await login(actor);
    actor.send({ type: 'session.logout' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context).toMatchObject(SESSION_CLEARED);
  });

  it('the token source ends the session (a deleted account)', async () => {
    const { actor, tokens, calls } = harness();
    await login(actor);
    tokens.endSession();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(calls.logout).toHaveLength(1);
  });

  it('a second 401 ends the session that holds the refused token', async () => {
    const { actor, tokens, calls } = harness();
    await login(actor);
    tokens.sessionRefused(actor.getSnapshot().context.accessToken!);
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toMatchObject(SESSION_CLEARED);
    expect(calls.logout).toHaveLength(1);
  });

  it("a second 401 of an earlier session's call ends nothing: not the new session, not a log-in under way", async () => {
    const { actor, tokens, calls } = harness({ login: [answer(1), answer(2)] });
    await login(actor);
    const earlier = actor.getSnapshot().context.accessToken!;
    actor.send({ type: 'session.logout' });
    actor.send({ type: 'session.login', email: 'Erika@Example.com', password: PASSWORD, rememberMe: false });
    expect(actor.getSnapshot().value).toBe('loggingIn');
    tokens.sessionRefused(earlier);
    expect(actor.getSnapshot().value).toBe('loggingIn');
    await settle(actor);
    expect(actor.getSnapshot().context.accessToken).not.toBe(earlier);
    tokens.sessionRefused(earlier);
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    expect(calls.logout).toHaveLength(1);
  });
});

describe('start (product §4: a logged-in session without a customer number is logged out)', () => {
  it('a stored logged-in session without a customer number starts logged out and cleared', () => {
    const { actor, calls } = harness({ session: loggedInSession({ customerNumber: null }) });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toMatchObject(SESSION_CLEARED);
    expect(calls.logout).toEqual([{ accessToken: accessToken({}, 7), refreshToken: 'refresh-7' }]);
  });

  it('a complete stored session starts logged in without calls (customer data already there)', () => {
    const { actor, calls } = harness({ session: loggedInSession() });
    expect(actor.getSnapshot().matches({ loggedIn: { token: 'valid', customer: 'loaded' } })).toBe(true);
    expect(calls).toEqual({ login: [], refresh: [], logout: [], loadCustomer: 0 });
  });

  it('a stored session without customer data loads it', async () => {
    const { actor, calls } = harness({ session: loggedInSession({ customerData: null }) });
    expect((await settle(actor)).context.customerData).toEqual(customer);
    expect(calls.loadCustomer).toBe(1);
  });

  it('no stored session: logged out, no calls', () => {
    const { actor, calls } = harness();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(calls.logout).toEqual([]);
  });
});

describe('the stored session (IndexedDB, key account-session)', () => {
  it('never holds the password, even with remember-me and during the login call', () => {
    const { actor, calls } = harness({ login: ['hang'] });
    actor.send({ type: 'session.login', email: 'erika@example.com', password: PASSWORD, rememberMe: true });
    expect(calls.login[0]).toMatchObject({ password: PASSWORD, rememberMe: true });
    // The actor's own snapshot holds the running login's input; what is stored never does.
    expect(JSON.stringify(actor.getPersistedSnapshot())).toContain(PASSWORD);
    expect(JSON.stringify(persistableSession(actor).getPersistedSnapshot())).not.toContain(PASSWORD);
  });

  it('a remember-me login is stored without the password and restores logged in', async () => {
    const { actor } = harness();
    const persisted = persistActor(persistableSession(actor), ACCOUNT_SESSION_KEY, { debounceMs: 0 });
    await login(actor, true);
    await persisted.flush();
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain(PASSWORD);
    const stored = await loadSnapshot<{ value: unknown; context: Record<string, unknown> }>(ACCOUNT_SESSION_KEY);
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);
    expect(stored?.value).toBe('restoring');
    expect(stored?.context).toMatchObject({ isLoggedIn: true, password: '', customerNumber: 'K-100042', refreshToken: 'refresh-1' });
    await persisted.stop();

    // Reload: the machine starts from what is stored.
    const snapshot = await restoreSnapshot(authMachine, ACCOUNT_SESSION_KEY, { validate: (s) => storedSession(s) !== null });
    const restored = createActor(authMachine, { input: { session: storedSession(snapshot) } }).start();
    expect(restored.getSnapshot().matches({ loggedIn: { customer: 'loaded' } })).toBe(true);
    expect(restored.getSnapshot().context).toMatchObject({
      email: 'erika@example.com',
      customerId: CUSTOMER_ID,
      accessToken: accessToken({}, 1),
    });
  });

  it('writes only when the session changed (not on every token check)', async () => {
    const { actor } = harness();
    await login(actor);
    const next = vi.fn();
    const subscription = persistableSession(actor).subscribe({ next });
    actor.send({ type: 'session.ensureFresh' });
    actor.send({ type: 'session.ensureFresh' });
    expect(next).not.toHaveBeenCalled();
    actor.send({ type: 'session.logout' });
    expect(next).toHaveBeenCalledTimes(1);
    subscription.unsubscribe();
  });

  it('a start that logs the stored session out (start rule) replaces it in storage', async () => {
    const stale = loggedInSession({ customerNumber: null });
    await saveSnapshot(ACCOUNT_SESSION_KEY, sessionSnapshot(stale));
    const session = storedSession(await restoreSnapshot(authMachine, ACCOUNT_SESSION_KEY));
    expect(session).toEqual(stale);
    const actor = createActor(authMachineWith({ login: vi.fn(), refresh: vi.fn(), logout: async () => undefined, loadCustomer: vi.fn() }), {
      input: { session },
    });
    const persisted = persistActor(persistableSession(actor, session), ACCOUNT_SESSION_KEY, { debounceMs: 0 });
    actor.start();
    await persisted.flush();
    expect(storedSession(await loadSnapshot(ACCOUNT_SESSION_KEY))).toEqual(SESSION_CLEARED);
    await persisted.stop();
  });

  it('a stored value that is not a session is ignored', () => {
    expect(storedSession({ context: { isLoggedIn: true, password: PASSWORD } })).toBeNull();
    expect(storedSession(undefined)).toBeNull();
  });
});

describe('other tabs and the customer number', () => {
  it('adopts a session another tab opened, and its logout', async () => {
    const { actor, calls } = harness();
    actor.send({ type: 'session.adopt', session: loggedInSession() });
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    expect(actor.getSnapshot().context.refreshToken).toBe('refresh-7');
    actor.send({ type: 'session.adopt', session: { ...loggedInSession(), ...SESSION_CLEARED, password: '' } });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(calls.logout).toEqual([]);
  });

  it('a claimed customer number is kept in the session and the customer data', async () => {
    const { actor, tokens } = harness({ login: [answer(1, { customerNumber: null })], customer: [{ ...customer, customerNumber: null }] });
    await login(actor);
    expect(actor.getSnapshot().context.customerNumber).toBeNull();
    tokens.customerNumberChanged('K-100077');
    expect(actor.getSnapshot().context).toMatchObject({ customerNumber: 'K-100077', customerData: { customerNumber: 'K-100077' } });
  });
});

describe('the customer API on the session (real services, fake fetch, fake clock)', () => {
  const addresses: unknown[] = [];

  /** A shop server: login gives token 1, each refresh the next; `refuse` lists access tokens the addresses answer with 401. */
  function shop(options: { refuse?: string[]; refreshFails?: boolean } = {}) {
    let issued = 1;
    const calls: string[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname;
      const headers = new Headers(init?.headers);
      const bearer = headers.get('authorization')?.replace('Bearer ', '') ?? null;
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/api/account/login') {
        calls.push('login');
        return json(200, answer(1));
      }
      if (path === '/api/account/loginRefresh') {
        calls.push(`refresh ${headers.get('x-refresh-token')}`);
        if (options.refreshFails) return json(401, { statusCode: 401, error: 'Unauthorized', message: 'refresh token used' });
        return json(200, answer(++issued));
      }
      if (path === '/api/account/logout') return json(200, { success: true });
      const tokenId = bearer ? /signature-(\d+)$/.exec(bearer)?.[1] : undefined;
      calls.push(`${init?.method ?? 'GET'} ${path} token-${tokenId}`);
      if (!bearer || (path === '/api/customers/addresses' && options.refuse?.includes(`token-${tokenId}`)))
        return json(401, { statusCode: 401, error: 'Unauthorized', message: 'expired' });
      return json(200, path === '/api/customers/customers' ? customer : addresses);
    }) as typeof globalThis.fetch;
    const api = () => Promise.resolve(createApiClient({ baseURL: 'http://shop.test', fetch, retryDelayMs: 0 }));
    const clock = { now: T0 };
    const machine = authMachineWith(
      {
        login: async (request) => account.login(await api(), request),
        refresh: async (input) => account.refreshLogin(await api(), input),
        logout: async (input) => account.logout(await api(), input),
        // Runs only after start, when customerApi (below) exists.
        loadCustomer: () => customerApi.getCustomer(),
      },
      () => clock.now,
    );
    const actor = createActor(machine, { input: {} });
    const customerApi: CustomerApi = createCustomerApi({ api, session: createTokenSource(actor) });
    actor.start();
    return { actor, calls, clock, customerApi };
  }

  it('after login the customer data is loaded with the new token', async () => {
    const { actor, calls } = shop();
    const state = await login(actor);
    expect(state.context.customerData).toEqual(customer);
    expect(calls).toEqual(['login', 'GET /api/customers/customers token-1']);
  });

  it('an expired token is refreshed once before two concurrent calls', async () => {
    const { actor, calls, clock, customerApi } = shop();
    await login(actor);
    clock.now = actor.getSnapshot().context.tokenExpiry * 1000;
    await Promise.all([customerApi.getAddresses(), customerApi.getCustomer()]);
    expect(calls.slice(2)).toEqual(['refresh refresh-1', 'GET /api/customers/addresses token-2', 'GET /api/customers/customers token-2']);
  });

  it('a 401 with a fresh token: one refresh, the call repeated with the new token', async () => {
    const { actor, calls, customerApi } = shop({ refuse: ['token-1'] });
    await login(actor);
    calls.length = 0;
    await customerApi.getAddresses();
    expect(calls).toEqual(['GET /api/customers/addresses token-1', 'refresh refresh-1', 'GET /api/customers/addresses token-2']);
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
  });

  it('a 401 again after the refresh: give up, log out, SessionEndedError', async () => {
    const { actor, calls, customerApi } = shop({ refuse: ['token-1', 'token-2'] });
    await login(actor);
    calls.length = 0;
    await expect(customerApi.getAddresses()).rejects.toMatchObject({ name: 'SessionEndedError', reason: 'unauthorized' });
    expect(calls).toEqual(['GET /api/customers/addresses token-1', 'refresh refresh-1', 'GET /api/customers/addresses token-2']);
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toMatchObject(SESSION_CLEARED);
  });

  it('a failed refresh before a call: logged out, the call rejects without reaching the server', async () => {
    const { actor, calls, clock, customerApi } = shop({ refreshFails: true });
    await login(actor);
    calls.length = 0;
    clock.now += 3_600_000;
    await expect(customerApi.getCustomer()).rejects.toBeInstanceOf(SessionEndedError);
    expect(calls).toEqual(['refresh refresh-1']);
    expect(actor.getSnapshot().context).toMatchObject(SESSION_CLEARED);
  });
});
