import { describe, expect, it } from 'vitest';
import type { TokenAnswer } from '../contracts/account';
import { ApiCallError } from '../services/api-failure';
import { signedOut, type AccountSession } from './auth-session';
import { sharedRefresh, type SharedRefreshDeps } from './auth.actors';
import { CUSTOMER_ID, accessToken } from './auth.fixtures';

const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);
const token = (id: number) => accessToken({ exp: NOW / 1000 + 300, customerNumber: 'K-1' }, id);
const answer = (id: number): TokenAnswer => ({
  access_token: token(id),
  refresh_token: `refresh-${id}`,
  token_type: 'Bearer',
  expires_in: 300,
  refresh_expires_in: 86_400,
});
const session = (id: number): AccountSession => ({
  ...signedOut,
  isLoggedIn: true,
  email: 'erika@example.com',
  accessToken: token(id),
  refreshToken: `refresh-${id}`,
  customerId: CUSTOMER_ID,
  customerNumber: 'K-1',
  tokenExpiry: NOW / 1000 - 1,
});

/** Two tabs of one browser: one storage, one lock, one server that rotates refresh tokens and refuses a used one. */
function browser(options: { failures?: Array<'network' | 'refused'> } = {}) {
  let stored: AccountSession | null = session(1);
  let current = 1;
  const calls: string[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  const deps: SharedRefreshDeps = {
    withLock: (run) => {
      const next = queue.then(run);
      queue = next.catch(() => undefined);
      return next;
    },
    loadSession: async () => stored,
    saveSession: async (s) => void (stored = s),
    call: async ({ refreshToken }) => {
      calls.push(refreshToken);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const failure = options.failures?.shift();
      if (failure === 'network') throw new ApiCallError({});
      if (failure === 'refused' || refreshToken !== `refresh-${current}`) throw new ApiCallError({ status: 401 });
      current += 1;
      return answer(current);
    },
    now: () => NOW,
    retryDelayMs: 1,
  };
  return { refresh: sharedRefresh(deps), calls, stored: () => stored };
}

describe('the refresh shared by the tabs', () => {
  it('two tabs refreshing the same token at once: one asks the server, the other takes its new tokens', async () => {
    const b = browser();
    const [first, second] = await Promise.all([b.refresh({ refreshToken: 'refresh-1' }), b.refresh({ refreshToken: 'refresh-1' })]);
    expect(b.calls).toEqual(['refresh-1']);
    expect(first?.refresh_token).toBe('refresh-2');
    expect(second).toMatchObject({ access_token: token(2), refresh_token: 'refresh-2', expires_in: 300 });
    expect(b.stored()).toMatchObject({ isLoggedIn: true, refreshToken: 'refresh-2', customerNumber: 'K-1' });
  });

  it('without the lock both would present the token and the second be refused (the case the lock prevents)', async () => {
    const b = browser();
    const unlocked = sharedRefresh({
      withLock: (run) => run(),
      loadSession: async () => session(1),
      saveSession: async () => undefined,
      call: async ({ refreshToken }) => {
        b.calls.push(refreshToken);
        if (b.calls.length > 1) throw new ApiCallError({ status: 401 });
        return answer(2);
      },
      now: () => NOW,
    });
    const results = await Promise.allSettled([unlocked({ refreshToken: 'refresh-1' }), unlocked({ refreshToken: 'refresh-1' })]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
  });

  it('a network error is tried once more; a second one, or a refusal, fails the refresh', async () => {
    const once = browser({ failures: ['network'] });
    await expect(once.refresh({ refreshToken: 'refresh-1' })).resolves.toMatchObject({ refresh_token: 'refresh-2' });
    expect(once.calls).toEqual(['refresh-1', 'refresh-1']);

    const twice = browser({ failures: ['network', 'network'] });
    await expect(twice.refresh({ refreshToken: 'refresh-1' })).rejects.toMatchObject({ status: undefined });
    expect(twice.calls).toHaveLength(2);

    const refused = browser({ failures: ['refused'] });
    await expect(refused.refresh({ refreshToken: 'refresh-1' })).rejects.toMatchObject({ status: 401 });
    expect(refused.calls).toHaveLength(1); // a refusal is final
    expect(refused.stored()?.refreshToken).toBe('refresh-1');
  });

  it('a stored session of a logged-out tab is not taken: the server is asked', async () => {
    const calls: string[] = [];
    const loggedOut = sharedRefresh({
      withLock: (run) => run(),
      loadSession: async () => ({ ...signedOut, refreshToken: null }),
      saveSession: async () => undefined,
      call: async ({ refreshToken }) => {
        calls.push(refreshToken);
        return answer(9);
      },
      now: () => NOW,
    });
    await expect(loggedOut({ refreshToken: 'refresh-1' })).resolves.toMatchObject({ refresh_token: 'refresh-9' });
    expect(calls).toEqual(['refresh-1']);
  });
});
