import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ClarificationView } from '../contracts/clarifications';
import type { ApiClient } from '../services/api-client';
import { ApiCallError } from '../services/api-failure';
import { loadSnapshot } from '../services/persistence';
import { clarificationStorageKey } from '../services/storage-keys';
import { clarificationMachine, decisionsOf, type LoadInput, type LoadResult, type SubmitInput } from './clarification';
import { clarificationActors, clarificationPersistence } from './clarification.actors';

const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

const item = (clarificationId: string, status: 'open' | 'accepted' = 'open') => ({
  clarificationId,
  newOfferId: `${clarificationId.slice(0, 8)}-0000-4000-8000-000000000000`,
  position: clarificationId === A ? 0 : 1,
  deviceName: 'iPhone 13',
  kind: 'lower_price' as const,
  answers: [],
  offeredPriceCents: 31_000,
  newPriceCents: 12_400,
  note: null,
  status,
  declineMode: null,
});
const openView: ClarificationView = {
  clarificationId: A,
  tradeNumber: 'TR-2026-000001',
  status: 'open',
  deadline: '2026-12-08T10:00:00.000Z',
  items: [item(A), item(B)],
  totals: { otherCents: 0, ifAcceptedCents: 24_800, ifDeclinedCents: 0 },
};
const input = { clarificationId: A, tradeNumber: 'TR-2026-000001', token: 't' };

/** An API client answering GET with `view` and POST by `post`. */
function fakeApi(post: (body: unknown, headers: unknown) => unknown = () => ({ ...openView, status: 'answered' })) {
  const calls: { url: string; options: { method?: string; body?: unknown; headers?: unknown } }[] = [];
  const api = (async (url: string, options: { method?: string; body?: unknown; headers?: unknown } = {}) => {
    calls.push({ url, options });
    return options.method === 'POST' ? post(options.body, options.headers) : openView;
  }) as unknown as ApiClient;
  return { api, calls };
}

const realMachine = (api: ApiClient) =>
  clarificationMachine.provide({ actors: clarificationActors({ api: async () => api }), actions: clarificationPersistence });

describe('clarification machine', () => {
  it('keeps half-made decisions across a reload (IndexedDB) and forgets them once answered', async () => {
    const { api, calls } = fakeApi();
    const first = createActor(realMachine(api), { input }).start();
    await waitFor(first, (s) => s.matches('reviewing'));
    first.send({ type: 'clarification.decide', clarificationId: A, decision: 'decline' });
    first.send({ type: 'clarification.chooseDeclineMode', clarificationId: A, declineMode: 'recycle' });
    await new Promise((r) => setTimeout(r, 20));
    first.stop();

    const second = createActor(realMachine(api), { input }).start();
    await waitFor(second, (s) => s.matches('reviewing'));
    expect(second.getSnapshot().context.choices).toEqual({ [A]: { decision: 'decline', declineMode: 'recycle' } });
    second.send({ type: 'clarification.confirm' });
    expect(second.getSnapshot().value).toBe('reviewing'); // B is still undecided
    second.send({ type: 'clarification.decide', clarificationId: B, decision: 'accept' });
    second.send({ type: 'clarification.confirm' });
    second.send({ type: 'clarification.submit' });
    await waitFor(second, (s) => s.matches('answered'));
    const post = calls.find((c) => c.options.method === 'POST')!;
    expect(post.url).toBe(`/api/clarifications/${A}/answers`);
    expect(post.options.body).toEqual({
      trade: 'TR-2026-000001',
      token: 't',
      decisions: [
        { clarificationId: A, decision: 'decline', declineMode: 'recycle' },
        { clarificationId: B, decision: 'accept' },
      ],
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(await loadSnapshot(clarificationStorageKey(A))).toBeUndefined();
  });

  it('retries a failed submission with the same Idempotency-Key; a changed decision gets a new one', async () => {
    const keys: string[] = [];
    let fail = true;
    const machine = clarificationMachine.provide({
      actors: {
        load: fromPromise<LoadResult, LoadInput>(async () => ({ view: openView, saved: null })),
        submit: fromPromise<ClarificationView, SubmitInput>(async ({ input: submitted }) => {
          keys.push(submitted.idempotencyKey);
          if (fail) throw new ApiCallError({});
          return { ...openView, status: 'answered' as const };
        }),
      },
    });
    const actor = createActor(machine, { input }).start();
    await waitFor(actor, (s) => s.matches('reviewing'));
    actor.send({ type: 'clarification.decide', clarificationId: A, decision: 'accept' });
    actor.send({ type: 'clarification.decide', clarificationId: B, decision: 'accept' });
    actor.send({ type: 'clarification.confirm' });
    actor.send({ type: 'clarification.submit' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.failure).toBe('network');
    fail = false;
    actor.send({ type: 'clarification.retry' });
    await waitFor(actor, (s) => s.matches('answered'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('ignores decisions about items that are not open, and the quick answer sends only its item', () => {
    const context = { view: { ...openView, items: [item(A, 'accepted'), item(B)] }, focusOfferId: item(B).newOfferId, choices: {} };
    expect(decisionsOf(context)).toBeNull();
    expect(decisionsOf({ ...context, choices: { [B]: { decision: 'accept', declineMode: 'return' } } })).toEqual([
      { clarificationId: B, decision: 'accept' },
    ]);
  });

  it('a link the server refuses (404) ends on the expired page', async () => {
    const machine = clarificationMachine.provide({
      actors: { load: fromPromise<LoadResult, LoadInput>(() => Promise.reject(new ApiCallError({ status: 404 }))) },
    });
    const actor = createActor(machine, { input }).start();
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('expired');
  });
});
