// The account session (product §3 Account session, §4 Login, §8; product §12): login, the token
// refresh before authenticated calls, logout, and the session that survives a reload. The machine owns
// the flow; the HTTP calls are the `login`, `refresh` and `loadCustomer` actors and the fire-and-forget
// `revokeOnServer` action (the AccountProvider provides them with authMachineWith; tests provide
// fakes), and time comes from the `readClock` action (a fake clock in tests).
//
// Rules of product §4, where they live in the chart:
// - a login answer without a usable access token stays in loggedOut (loginFailure 'noToken');
// - login success: customerId from the token subject, customerNumber and e-mail from the claims,
//   then the customer region loads customerData;
// - a refresh failure clears every token and the customer data: loggedOut;
// - logout clears tokens, customerId, customerNumber and e-mail (the server call is best-effort and
//   runs after the client state is already cleared);
// - at start ('restoring') a logged-in session without a customer number goes to loggedOut;
// - before an authenticated call ('session.ensureFresh') the token is refreshed when now ≥ tokenExpiry.
//   tokenExpiry is set TOKEN_EXPIRY_MARGIN_SECONDS before the server's expiry, so a call sent just in
//   time does not arrive with an expired token; the comparison itself is exactly now ≥ tokenExpiry.
// The password is never in the context (product §12); what is stored is persistableSession's view.

import { assign, fromPromise, setup, waitFor, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { Customer, LoginRequest, TokenAnswer } from '../contracts/account';
import { readApiFailure } from '../services/api-failure';
import { track } from '../services/tracking';
import type { PersistableActor } from '../services/persistence';
import { STORAGE_KEYS } from '../services/storage-keys';
import { SessionEndedError, type TokenSource } from '../services/session-tokens';
import { sessionFromAnswer, sessionOf, signedOut, type AccountSession } from './auth-session';

const secondsOf = (epochMs: number) => Math.floor(epochMs / 1000);

export const ACCOUNT_SESSION_KEY = STORAGE_KEYS.session;

export type LoginFailure =
  /** Wrong e-mail or password (one answer for both). */
  | 'invalid'
  /** Too many failures: try again after `retryAfterSeconds`. */
  | 'locked'
  /** The account exists but its activation link was not opened yet. */
  | 'notActivated'
  /** The server answered without an access token (product §8): still logged out. */
  | 'noToken'
  /** Network or server failure. */
  | 'unavailable';

export interface AuthContext extends AccountSession {
  readonly loginFailure: LoginFailure | null;
  readonly retryAfterSeconds: number | null;
  /** Epoch seconds of the last clock reading (the `readClock` action). */
  readonly now: number;
}

export interface AuthInput {
  /** The stored session (storedSession()); none for a first visit. */
  readonly session?: AccountSession | null;
}

export type AuthEvent =
  | { readonly type: 'session.login'; readonly email: string; readonly password: string; readonly rememberMe: boolean }
  | { readonly type: 'session.logout' }
  /** Before an authenticated call: refresh when the token has expired (ignored while a refresh runs). */
  | { readonly type: 'session.ensureFresh' }
  /** The server refused this access token (401): refresh, unless it was replaced already. */
  | { readonly type: 'session.renew'; readonly rejectedToken: string }
  /** The server refused this access token again after its renewal (a second 401): end the session, if it still holds it. */
  | { readonly type: 'session.refused'; readonly rejectedToken: string }
  | { readonly type: 'session.customerNumber'; readonly customerNumber: string }
  /** Another tab of the shop changed the session (login, refresh, logout): take it over. */
  | { readonly type: 'session.adopt'; readonly session: AccountSession };

/** How a rejected login reads (401 and 400 invalid, 403 not activated, 429 locked, anything else unavailable). */
export function loginFailureOf(error: unknown): Pick<AuthContext, 'loginFailure' | 'retryAfterSeconds'> {
  const failure = readApiFailure(error);
  switch (failure.kind) {
    case 'validation':
    case 'unauthorized':
      return { loginFailure: 'invalid', retryAfterSeconds: null };
    case 'forbidden':
      return { loginFailure: 'notActivated', retryAfterSeconds: null };
    case 'rateLimited':
      return { loginFailure: 'locked', retryAfterSeconds: failure.retryAfterSeconds };
    default:
      return { loginFailure: 'unavailable', retryAfterSeconds: null };
  }
}

type ServerTokens = { readonly accessToken: string | null; readonly refreshToken: string | null };

/** The revokeOnServer action with the tokens about to be cleared (it runs before 'clearSession'). */
const revokeTokens = {
  type: 'revokeOnServer',
  params: ({ context }: { context: AuthContext }): ServerTokens => ({
    accessToken: context.accessToken,
    refreshToken: context.refreshToken,
  }),
} as const;

const notProvided = (name: string) => () => Promise.reject(new Error(`auth machine: provide the '${name}' actor`));

const loginRequest = (event: AuthEvent): LoginRequest =>
  event.type === 'session.login'
    ? { username: event.email, password: event.password, rememberMe: event.rememberMe }
    : { username: '', password: '' };

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    /** Resolves the token answer, null for a success answer without one; rejects with the HTTP client's error (read by readApiFailure). */
    login: fromPromise<TokenAnswer | null, LoginRequest>(notProvided('login')),
    refresh: fromPromise<TokenAnswer | null, { refreshToken: string }>(notProvided('refresh')),
    loadCustomer: fromPromise<Customer>(notProvided('loadCustomer')),
  },
  guards: {
    /** Product §4 start rule: logged in, with tokens, a customer id and a customer number. */
    isRestorable: ({ context }) =>
      context.isLoggedIn && !!context.accessToken && !!context.refreshToken && !!context.customerId && !!context.customerNumber,
    hasTokens: ({ context }) => context.accessToken !== null || context.refreshToken !== null,
    opensSession: (_, answer: TokenAnswer | null) => sessionFromAnswer(answer, 0) !== null,
    tokenExpired: ({ context }) => context.now >= context.tokenExpiry,
    isCurrentToken: ({ context, event }) =>
      (event.type === 'session.renew' || event.type === 'session.refused') && event.rejectedToken === context.accessToken,
    hasCustomerData: ({ context }) => context.customerData !== null,
  },
  actions: {
    /** Replaced in tests by a fake clock (authMachineWith). */
    readClock: assign({ now: () => secondsOf(Date.now()) }),
    clearLoginFailure: assign({ loginFailure: null, retryAfterSeconds: null }),
    storeTokens: assign(({ context }, answer: TokenAnswer | null) => sessionFromAnswer(answer, context.now, context) ?? {}),
    storeNoToken: assign({ loginFailure: 'noToken', retryAfterSeconds: null }),
    storeLoginFailure: assign((_, { error }: { error: unknown }) => loginFailureOf(error)),
    clearSession: assign(() => signedOut),
    /**
     * The logout call with the tokens being dropped: fire and forget, its result does not matter and the
     * client state clears regardless (authMachineWith provides it; a failure must not stop the machine).
     */
    revokeOnServer: (_, _tokens: ServerTokens) => undefined,
    storeCustomer: assign(({ context }, customer: Customer) =>
      customer.id === context.customerId
        ? { customerData: customer, customerNumber: context.customerNumber ?? customer.customerNumber }
        : {},
    ),
    setCustomerNumber: assign(({ context, event }) =>
      event.type === 'session.customerNumber'
        ? {
            customerNumber: event.customerNumber,
            customerData: context.customerData && { ...context.customerData, customerNumber: event.customerNumber },
          }
        : {},
    ),
    adoptSession: assign(({ event }) => (event.type === 'session.adopt' ? sessionOf(event.session) : {})),
    trackLogin: () => track({ event: 'login', method: 'password' }),
    /** Tells the owner (the shop actor) that the session logged in or out; nothing without one. */
    announce: () => undefined,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ ...sessionOf(input?.session ?? signedOut), loginFailure: null, retryAfterSeconds: null, now: 0 }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [
        { guard: 'isRestorable', target: 'loggedIn' },
        { guard: 'hasTokens', target: 'loggedOut', actions: [revokeTokens, 'clearSession'] },
        { target: 'loggedOut', actions: 'clearSession' },
      ],
    },
    loggedOut: {
      entry: 'announce',
      on: {
        'session.login': { target: 'loggingIn', actions: 'clearLoginFailure' },
        'session.adopt': { target: 'restoring', actions: 'adoptSession' },
      },
    },
    loggingIn: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => loginRequest(event),
        onDone: [
          {
            guard: { type: 'opensSession', params: ({ event }) => event.output },
            target: 'loggedIn',
            actions: ['readClock', { type: 'storeTokens', params: ({ event }) => event.output }, 'trackLogin'],
          },
          { target: 'loggedOut', actions: 'storeNoToken' },
        ],
        onError: { target: 'loggedOut', actions: { type: 'storeLoginFailure', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { 'session.logout': 'loggedOut' },
    },
    loggedIn: {
      type: 'parallel',
      entry: 'announce',
      on: {
        'session.logout': { target: 'loggedOut', actions: [revokeTokens, 'clearSession'] },
        // A call of an earlier session (logged out, or another log-in since) ends nothing.
        'session.refused': { guard: 'isCurrentToken', target: 'loggedOut', actions: [revokeTokens, 'clearSession'] },
        'session.adopt': { target: 'restoring', actions: 'adoptSession' },
        'session.customerNumber': { actions: 'setCustomerNumber' },
      },
      states: {
        token: {
          initial: 'valid',
          states: {
            valid: {
              on: {
                'session.ensureFresh': { target: 'checking', actions: 'readClock' },
                'session.renew': { guard: 'isCurrentToken', target: 'refreshing' },
              },
            },
            checking: {
              always: [{ guard: 'tokenExpired', target: 'refreshing' }, { target: 'valid' }],
            },
            refreshing: {
              invoke: {
                id: 'refresh',
                src: 'refresh',
                input: ({ context }) => ({ refreshToken: context.refreshToken ?? '' }),
                onDone: [
                  {
                    guard: { type: 'opensSession', params: ({ event }) => event.output },
                    target: 'valid',
                    actions: ['readClock', { type: 'storeTokens', params: ({ event }) => event.output }],
                  },
                  { target: '#auth.loggedOut', actions: 'clearSession' },
                ],
                onError: { target: '#auth.loggedOut', actions: 'clearSession' },
              },
            },
          },
        },
        customer: {
          initial: 'deciding',
          states: {
            deciding: { always: [{ guard: 'hasCustomerData', target: 'loaded' }, { target: 'loading' }] },
            loading: {
              invoke: {
                id: 'loadCustomer',
                src: 'loadCustomer',
                onDone: { target: 'loaded', actions: { type: 'storeCustomer', params: ({ event }) => event.output } },
                onError: 'failed',
              },
            },
            loaded: {},
            /** customerData stays as it was (nothing shows it; the next log-in or adopted session loads it again). */
            failed: {},
          },
        },
      },
    },
  },
});

export type AuthMachine = typeof authMachine;
export type AuthActor = ActorRefFrom<AuthMachine>;
export type AuthSnapshot = SnapshotFrom<AuthMachine>;

/** The HTTP side the machine needs (src/services/account.ts and the customer API). */
export interface AuthCalls {
  login(request: LoginRequest): Promise<TokenAnswer | null>;
  refresh(input: { refreshToken: string }): Promise<TokenAnswer | null>;
  /** Best-effort: its failure is ignored. */
  logout(input: ServerTokens): Promise<void>;
  loadCustomer(): Promise<Customer>;
}

/** The machine with its calls and clock (epoch ms, default Date.now). */
export function authMachineWith(calls: AuthCalls, clock: () => number = Date.now) {
  return authMachine.provide({
    actors: {
      login: fromPromise<TokenAnswer | null, LoginRequest>(({ input }) => calls.login(input)),
      refresh: fromPromise<TokenAnswer | null, { refreshToken: string }>(({ input }) => calls.refresh(input)),
      loadCustomer: fromPromise<Customer>(() => calls.loadCustomer()),
    },
    actions: {
      readClock: assign({ now: () => secondsOf(clock()) }),
      revokeOnServer: (_, tokens: ServerTokens) => void calls.logout(tokens).catch(() => undefined),
    },
  });
}

const isRefreshing = (snapshot: AuthSnapshot) => snapshot.matches({ loggedIn: { token: 'refreshing' } });

/**
 * The session as authenticated calls use it (TokenSource): asks the actor for a fresh token and waits
 * while a refresh runs. The actor ignores 'session.ensureFresh' and 'session.renew' during a refresh,
 * so every caller that arrives meanwhile waits for that same refresh: one refresh for all.
 */
export function createTokenSource(actor: AuthActor): TokenSource {
  const settledToken = async (): Promise<string> => {
    let snapshot: AuthSnapshot;
    try {
      snapshot = await waitFor(actor, (s) => !isRefreshing(s));
    } catch (error) {
      // The actor stopped (the provider unmounted).
      throw new SessionEndedError('loggedOut', { cause: error });
    }
    const { accessToken } = snapshot.context;
    if (!snapshot.matches('loggedIn') || accessToken === null) throw new SessionEndedError('loggedOut');
    return accessToken;
  };
  return {
    accessToken: () => {
      actor.send({ type: 'session.ensureFresh' });
      return settledToken();
    },
    renewAccessToken: (rejected) => {
      actor.send({ type: 'session.renew', rejectedToken: rejected });
      return settledToken();
    },
    sessionRefused: (rejected) => actor.send({ type: 'session.refused', rejectedToken: rejected }),
    endSession: () => actor.send({ type: 'session.logout' }),
    customerNumberChanged: (customerNumber) => actor.send({ type: 'session.customerNumber', customerNumber }),
  };
}

/** Whether two sessions hold the same values. */
export const sameSession = (a: AccountSession, b: AccountSession) =>
  (Object.keys(signedOut) as (keyof AccountSession)[]).every((key) => a[key] === b[key]);

/** The stored snapshot of a session: the machine about to start ('restoring') from it. */
export function sessionSnapshot(session: AccountSession) {
  return authMachine.getPersistedSnapshot(
    authMachine.resolveState({
      value: 'restoring',
      context: { ...sessionOf(session), loginFailure: null, retryAfterSeconds: null, now: 0 },
    }),
  );
}

/**
 * What persistActor stores of the auth actor under ACCOUNT_SESSION_KEY: the session only (never a
 * running login's input, which holds the password), written only when the session changed. `stored`
 * is the session already in storage: a start that changes it (the start rule logged it out) writes
 * at once. Without `stored`, changes count from the moment of subscribing.
 */
export function persistableSession(
  actor: Pick<AnyActorRef, 'subscribe' | 'getSnapshot'>,
  stored?: AccountSession | null,
): PersistableActor {
  const current = () => sessionOf((actor.getSnapshot() as AuthSnapshot).context);
  return {
    subscribe: ((observer: { next?: () => void; error?: (error: unknown) => void; complete?: () => void }) => {
      let last = stored === undefined ? current() : (stored ?? signedOut);
      return actor.subscribe({
        next: () => {
          const session = current();
          if (sameSession(session, last)) return;
          last = session;
          observer.next?.();
        },
        error: (error) => observer.error?.(error),
        complete: () => observer.complete?.(),
      });
    }) as PersistableActor['subscribe'],
    getPersistedSnapshot: () => sessionSnapshot(current()),
  };
}
