// The real calls of the auth machine (./auth.ts, through authMachineWith): log-in, refresh and
// log-out of product §7 "Account", and the customer record from the customer-data API.
//
// The refresh is shared by the shop's tabs (decision 020): it runs under a Web Lock, and inside the
// lock it first looks at the stored session. When another tab rotated the refresh token meanwhile,
// its tokens are taken instead of presenting the used one (which the server would treat as reuse
// and answer by ending the whole session in every tab). The new tokens are stored before the lock
// is released. A network error is tried once more before it counts as a failed refresh.

import type { TokenAnswer } from '../contracts/account';
import * as account from '../services/account';
import type { ApiClient } from '../services/api-client';
import { readApiFailure } from '../services/api-failure';
import type { CustomerApi } from '../services/customer-data';
import { loadSnapshot, saveSnapshot } from '../services/persistence';
import { decodeAccessToken } from '../services/session-tokens';
import { ACCOUNT_SESSION_KEY, sessionSnapshot, type AuthCalls } from './auth';
import { sessionFromAnswer, signedOut, type AccountSession } from './auth-session';
import { storedSession } from './auth.stored';

/** The lock every tab of the shop takes around a refresh. */
export const REFRESH_LOCK = 'account-refresh';

/** What the shared refresh needs; tests provide fakes. */
export interface SharedRefreshDeps {
  /** Runs `run` while holding the lock (navigator.locks.request); directly where there are no Web Locks. */
  readonly withLock: <T>(run: () => Promise<T>) => Promise<T>;
  readonly loadSession: () => Promise<AccountSession | null>;
  readonly saveSession: (session: AccountSession) => Promise<void>;
  readonly call: (input: { refreshToken: string }) => Promise<TokenAnswer | null>;
  /** Epoch ms. */
  readonly now: () => number;
  /** Pause before the one retry after a network error. */
  readonly retryDelayMs?: number;
}

/** The token answer of a session another tab stored (its access token's own expiry). */
function answerOf(session: AccountSession, nowSeconds: number): TokenAnswer | null {
  const claims = session.accessToken ? decodeAccessToken(session.accessToken) : null;
  if (!claims || !session.accessToken || !session.refreshToken) return null;
  return {
    access_token: session.accessToken,
    refresh_token: session.refreshToken,
    token_type: 'Bearer',
    expires_in: Math.max(0, claims.exp - nowSeconds),
    refresh_expires_in: 0,
  };
}

const isNetworkError = (error: unknown) => readApiFailure(error).kind === 'network';

export function sharedRefresh(deps: SharedRefreshDeps): (input: { refreshToken: string }) => Promise<TokenAnswer | null> {
  const callWithRetry = async (input: { refreshToken: string }) => {
    try {
      return await deps.call(input);
    } catch (error) {
      if (!isNetworkError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, deps.retryDelayMs ?? 1000));
      return deps.call(input);
    }
  };
  return (input) =>
    deps.withLock(async () => {
      const stored = await deps.loadSession();
      const nowSeconds = Math.floor(deps.now() / 1000);
      if (stored?.isLoggedIn && stored.refreshToken && stored.refreshToken !== input.refreshToken) {
        const taken = answerOf(stored, nowSeconds);
        if (taken) return taken;
      }
      const answer = await callWithRetry(input);
      const session = sessionFromAnswer(answer, nowSeconds, stored ?? signedOut);
      // Stored before the lock is released: the next tab in line finds the rotated token.
      if (session) await deps.saveSession(session);
      return answer;
    });
}

/** navigator.locks where the browser has it. */
function webLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(REFRESH_LOCK, run) : run();
}

export function authCalls(api: () => Promise<ApiClient>, customerApi: () => CustomerApi): AuthCalls {
  return {
    login: async (request) => account.login(await api(), request),
    refresh: sharedRefresh({
      withLock: webLock,
      loadSession: async () => storedSession(await loadSnapshot(ACCOUNT_SESSION_KEY)),
      saveSession: (session) => saveSnapshot(ACCOUNT_SESSION_KEY, sessionSnapshot(session)),
      call: async (input) => account.refreshLogin(await api(), input),
      now: Date.now,
    }),
    logout: async (input) => account.logout(await api(), input),
    loadCustomer: () => customerApi().getCustomer(),
  };
}
