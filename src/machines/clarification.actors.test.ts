// The clarification's real actors choose the proof of access: the mail link's token travels in the
// query as it is; opened from the account (no token) the call carries the session's bearer token.

import 'fake-indexeddb/auto';
import { createActor, toPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { ClarificationView } from '../contracts/clarifications';
import type { ApiClient } from '../services/api-client';
import { saveSnapshot } from '../services/persistence';
import { SessionEndedError } from '../services/session-tokens';
import { clarificationStorageKey } from '../services/storage-keys';
import { clarificationActors } from './clarification.actors';

const ID = '0b7d6c1e-3f1a-4c59-9a43-4f7a1b2c3d4e';
const VIEW: ClarificationView = {
  clarificationId: ID,
  tradeNumber: 'TR-2026-000001',
  status: 'open',
  deadline: '2026-12-08T09:00:00.000Z',
  items: [],
  totals: { otherCents: 0, ifAcceptedCents: 0, ifDeclinedCents: 0 },
};

function recordingClient() {
  const calls: { url: string; query: unknown; authorization: string | null }[] = [];
  const client = Object.assign(
    async (url: string, options: { query?: unknown; headers?: HeadersInit } = {}) => {
      calls.push({ url, query: options.query, authorization: new Headers(options.headers).get('authorization') });
      return VIEW;
    },
    { raw: async () => undefined },
  ) as unknown as ApiClient;
  return { calls, client };
}

const load = (actors: ReturnType<typeof clarificationActors>, token: string | null) =>
  toPromise(createActor(actors.load, { input: { clarificationId: ID, tradeNumber: 'TR-2026-000001', token } }).start());

describe('clarification actors', () => {
  it('opens a mail link with its token and without the session', async () => {
    const { calls, client } = recordingClient();
    let asked = 0;
    const actors = clarificationActors({ api: async () => client, accessToken: async () => (asked++, 'access-1') });
    await load(actors, '1799999999.abc');
    expect(calls).toEqual([
      { url: `/api/clarifications/${ID}`, query: { trade: 'TR-2026-000001', token: '1799999999.abc' }, authorization: null },
    ]);
    expect(asked).toBe(0);
  });

  it("opens the account's link (no token) with the owner's bearer token", async () => {
    const { calls, client } = recordingClient();
    const actors = clarificationActors({ api: async () => client, accessToken: async () => 'access-1' });
    await load(actors, null);
    expect(calls).toEqual([{ url: `/api/clarifications/${ID}`, query: { trade: 'TR-2026-000001' }, authorization: 'Bearer access-1' }]);
  });

  it('fails like an ended session when nobody is logged in', async () => {
    const { calls, client } = recordingClient();
    const actors = clarificationActors({ api: async () => client, accessToken: () => Promise.reject(new SessionEndedError('loggedOut')) });
    await expect(load(actors, null)).rejects.toBeInstanceOf(SessionEndedError);
    expect(calls).toEqual([]);
  });

  // The machine's `reviewing` state has an (empty) onError for its restore, which no browser path
  // takes because of this: the model-based browser flow names this test as the reason.
  it('restores nothing, and never fails, when the stored choices cannot be read or are not choices', async () => {
    const actors = clarificationActors({ api: async () => recordingClient().client, accessToken: async () => 'access-1' });
    const restore = () =>
      toPromise(createActor(actors.restore, { input: { clarificationId: ID, tradeNumber: 'TR-2026-000001', token: null } }).start());
    await saveSnapshot(clarificationStorageKey(ID), { version: 1, choices: { [ID]: { decision: 'accept', declineMode: 'return' } } });
    const refused = vi.spyOn(IDBObjectStore.prototype, 'get').mockImplementation(() => {
      throw new DOMException('The storage refused the read.', 'UnknownError');
    });
    try {
      await expect(restore()).resolves.toBeNull();
      expect(refused).toHaveBeenCalled();
    } finally {
      refused.mockRestore();
    }
    await saveSnapshot(clarificationStorageKey(ID), 'not choices');
    await expect(restore()).resolves.toBeNull();
  });
});
