// Model-based test of log-in and refresh against the production auth machine (fake clock).

import { expect } from 'vitest';
import { createActor, type Actor } from 'xstate';
import type { Customer, LoginRequest, TokenAnswer } from '../src/contracts/account';
import { authMachineWith, type AuthCalls } from '../src/machines/auth';
import { signedOut, type AccountSession } from '../src/machines/auth-session';
import { ApiCallError } from '../src/services/api-failure';
import { authModel } from './auth.model';
import { controllable } from './support/controllable';
import { describeMachineFlow, stateText } from './support/machine-runner';

const CUSTOMER_ID = '5b0e8a6c-3f1d-4e2a-9c7b-8d6e5f4a3b2c';
const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An access token as the server signs it, valid 5 minutes from `now` (the client never checks the signature). */
const accessToken = (id: number, now: number) =>
  `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: CUSTOMER_ID, exp: Math.floor(now / 1000) + 300, email: 'erika@example.com', customerNumber: 'K-0000042', iat: id })}.sig-${id}`;
const answer = (id: number, now: number): TokenAnswer => ({
  access_token: accessToken(id, now),
  refresh_token: `refresh-${id}`,
  token_type: 'Bearer',
  expires_in: 300,
  refresh_expires_in: 43_200,
});
const CUSTOMER: Customer = {
  '@id': `/api/customers/customers/${CUSTOMER_ID}`,
  id: CUSTOMER_ID,
  customerNumber: 'K-0000042',
  email: 'erika@example.com',
  locale: 'de',
  person: `/api/customers/people/${CUSTOMER_ID}`,
  createdAt: '2030-01-01T10:00:00.000Z',
};
const storedSession = (overrides: Partial<AccountSession> = {}): AccountSession => ({
  isLoggedIn: true,
  email: 'erika@example.com',
  password: '',
  accessToken: accessToken(7, T0),
  refreshToken: 'refresh-7',
  customerId: CUSTOMER_ID,
  customerNumber: 'K-0000042',
  customerData: CUSTOMER,
  tokenExpiry: Math.floor(T0 / 1000) + 290,
  ...overrides,
});

interface Harness {
  actor: Actor<ReturnType<typeof authMachineWith>> | null;
  clock: { now: number };
  arrive(session: AccountSession | null): void;
  login: ReturnType<typeof controllable<TokenAnswer | null, LoginRequest>>;
  refresh: ReturnType<typeof controllable<TokenAnswer | null, { refreshToken: string }>>;
  loadCustomer: ReturnType<typeof controllable<Customer, void>>;
  loggedOutOnServer: number;
  nextId: number;
  /** The access token of a session ended while one of its calls was under way (LOGOUT_DURING_CALL). */
  endedToken: string | null;
}

const context = (h: Harness) => h.actor!.getSnapshot().context;
const expectSignedOut = (h: Harness) => {
  const c = context(h);
  expect({
    accessToken: c.accessToken,
    refreshToken: c.refreshToken,
    customerId: c.customerId,
    customerNumber: c.customerNumber,
    email: c.email,
    customerData: c.customerData,
  }).toEqual({
    accessToken: null,
    refreshToken: null,
    customerId: null,
    customerNumber: null,
    email: null,
    customerData: null,
  });
};

describeMachineFlow<Harness>({
  name: 'auth',
  model: authModel,
  production: [authMachineWith({} as AuthCalls)],
  // 0: the model has far more simple paths than any bound would run (18,240, whose mere counting took
  // minutes on two busy cores); shortest and transition paths cover it.
  simplePathBound: 0,
  start(inspect) {
    const login = controllable<TokenAnswer | null, LoginRequest>('login');
    const refresh = controllable<TokenAnswer | null, { refreshToken: string }>('refresh');
    const loadCustomer = controllable<Customer, void>('loadCustomer');
    const harness: Harness = {
      actor: null,
      clock: { now: T0 },
      login,
      refresh,
      loadCustomer,
      loggedOutOnServer: 0,
      nextId: 10,
      endedToken: null,
      arrive(session) {
        const calls: AuthCalls = {
          login: login.call,
          refresh: refresh.call,
          logout: async () => void harness.loggedOutOnServer++,
          loadCustomer: () => loadCustomer.call(undefined),
        };
        const machine = authMachineWith(calls, () => harness.clock.now).provide({ actions: { trackLogin: () => undefined } });
        harness.actor = createActor(machine, { input: { session }, inspect }).start();
      },
    };
    return harness;
  },
  events: {
    FIRST_VISIT: (h) => h.arrive(null),
    RETURN_WITH_SESSION: (h) => h.arrive(storedSession()),
    RETURN_WITH_SESSION_WITHOUT_CUSTOMER_NUMBER: (h) => h.arrive(storedSession({ customerNumber: null })),
    RETURN_WITH_SESSION_WITHOUT_CUSTOMER_DATA: (h) => h.arrive(storedSession({ customerData: null })),
    LOGIN: (h) => h.actor!.send({ type: 'session.login', email: 'Erika@Example.com', password: 'Kölner-Dom-1248', rememberMe: true }),
    LOGIN_ACCEPTED: (h) => h.login.resolve(answer(h.nextId++, h.clock.now)),
    LOGIN_ANSWER_WITHOUT_TOKEN: (h) => h.login.resolve({ refresh_token: 'r' } as TokenAnswer),
    LOGIN_REFUSED: (h) => h.login.reject(new ApiCallError({ status: 401 })),
    LOGIN_LOCKED: (h) => h.login.reject(new ApiCallError({ status: 429, retryAfterSeconds: 60 })),
    OTHER_TAB_LOGS_IN: (h) => h.actor!.send({ type: 'session.adopt', session: storedSession() }),
    OTHER_TAB_LOGS_OUT: (h) => h.actor!.send({ type: 'session.adopt', session: signedOut }),
    CUSTOMER_LOADED: (h) => h.loadCustomer.resolve(CUSTOMER),
    CUSTOMER_LOAD_FAILED: (h) => h.loadCustomer.reject(new ApiCallError({ status: 503 })),
    CALL_WITH_FRESH_TOKEN: (h) => h.actor!.send({ type: 'session.ensureFresh' }),
    CALL_AFTER_EXPIRY: (h) => {
      // Product §4: refresh when the current time has reached the expiry (exactly at it).
      h.clock.now = context(h).tokenExpiry * 1000;
      h.actor!.send({ type: 'session.ensureFresh' });
    },
    SERVER_REFUSES_TOKEN: (h) => h.actor!.send({ type: 'session.renew', rejectedToken: context(h).accessToken! }),
    CUSTOMER_NUMBER_ASSIGNED: (h) => h.actor!.send({ type: 'session.customerNumber', customerNumber: 'K-0000042' }),
    LOGOUT: (h) => h.actor!.send({ type: 'session.logout' }),
    LOGOUT_DURING_CALL: (h) => {
      h.endedToken = context(h).accessToken;
      h.actor!.send({ type: 'session.logout' });
    },
    // The ended session's call, refused a second time (createCustomerApi's sessionRefused with its token).
    OLD_CALL_REFUSED: (h) => h.actor!.send({ type: 'session.refused', rejectedToken: h.endedToken! }),
    CALL_REFUSED_TWICE: (h) => h.actor!.send({ type: 'session.refused', rejectedToken: context(h).accessToken! }),
    REFRESHED: (h) => h.refresh.resolve(answer(h.nextId++, h.clock.now)),
    REFRESH_ANSWER_WITHOUT_TOKEN: (h) => h.refresh.resolve(null),
    REFRESH_FAILED: (h) => h.refresh.reject(new ApiCallError({ status: 401 })),
  },
  checks: {
    loggedOut: (h) => {
      expectSignedOut(h);
      expect(context(h).isLoggedIn).toBe(false);
    },
    loginFailed: (h) => {
      expectSignedOut(h);
      expect(context(h).loginFailure).not.toBeNull();
    },
    loggedOutCallPending: (h) => expectSignedOut(h),
    loggingInCallPending: (h) =>
      expect(h.login.inputs.at(-1)).toEqual({ username: 'Erika@Example.com', password: 'Kölner-Dom-1248', rememberMe: true }),
    loggingIn: (h) =>
      expect(h.login.inputs.at(-1)).toEqual({ username: 'Erika@Example.com', password: 'Kölner-Dom-1248', rememberMe: true }),
    loadingCustomer: (h) => expect(context(h).customerId).toBe(CUSTOMER_ID),
    loggedIn: (h) => {
      const c = context(h);
      expect(c.isLoggedIn).toBe(true);
      expect(c.customerId).toBe(CUSTOMER_ID);
      expect(c.customerNumber).toBe('K-0000042');
      expect(c.customerData).toEqual(CUSTOMER);
      expect(c.password).toBe('');
      expect(Math.floor(h.clock.now / 1000)).toBeLessThan(c.tokenExpiry);
    },
    refreshing: (h) => {
      expect(stateText(h.actor!.getSnapshot().value)).toContain('refreshing');
      expect(h.refresh.inputs.at(-1)?.refreshToken).toBe(context(h).refreshToken);
    },
  },
});
