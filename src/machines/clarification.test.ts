import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ClarificationView } from '../contracts/clarifications';
import type { ApiClient } from '../services/api-client';
import { ApiCallError } from '../services/api-failure';
import { loadSnapshot } from '../services/persistence';
import { clarificationStorageKey } from '../services/storage-keys';
import { clarificationMachine, decisionsOf, type Choices, type LoadInput, type LoadResult, type SubmitInput } from './clarification';
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

  describe("started from the loader's view, the quick answer and its undo (decision 069)", () => {
    const answeredA: ClarificationView = { ...openView, items: [item(A, 'accepted'), item(B)] };
    const quick = { ...input, focusOfferId: item(A).newOfferId };
    /** Fakes that count their calls; `undo` answers by `undoAnswer`. */
    function fakes(undoAnswer: () => Promise<ClarificationView> = async () => openView) {
      const calls = { load: 0, submit: [] as SubmitInput[], undo: 0, changed: 0 };
      const machine = clarificationMachine.provide({
        actors: {
          load: fromPromise<LoadResult, LoadInput>(async () => {
            calls.load++;
            return { view: openView, saved: null };
          }),
          submit: fromPromise<ClarificationView, SubmitInput>(async ({ input: submitted }) => {
            calls.submit.push(submitted);
            return answeredA;
          }),
          restore: fromPromise<Choices | null, LoadInput>(async () => null),
          undo: fromPromise<ClarificationView, LoadInput>(async () => {
            calls.undo++;
            return undoAnswer();
          }),
        },
        actions: { changed: () => void calls.changed++ },
      });
      return { machine, calls };
    }

    it('starts from the given view without fetching it: the first snapshot (the server render) is already the page', async () => {
      const { machine, calls } = fakes();
      const actor = createActor(machine, { input: { ...input, view: openView } });
      // Not started, as on the server: no loading state, the view is there.
      expect(actor.getSnapshot().value).toBe('reviewing');
      expect(actor.getSnapshot().context.view).toEqual(openView);
      actor.start();
      await new Promise((r) => setTimeout(r, 10));
      expect(calls.load).toBe(0);
      expect(actor.getSnapshot().value).toBe('reviewing');
      // A view given as answered or expired starts there.
      expect(
        createActor(machine, {
          input: { ...input, view: { ...answeredA, items: [item(A, 'accepted')], status: 'answered' } },
        }).getSnapshot().value,
      ).toBe('answered');
      expect(createActor(machine, { input: { ...input, view: { ...openView, status: 'expired' } } }).getSnapshot().value).toBe('expired');
    });

    it("still fetches the view itself when none was given (the account's link without a token)", async () => {
      const { machine, calls } = fakes();
      const actor = createActor(machine, { input: { ...input, token: null } });
      expect(actor.getSnapshot().value).toBe('loading');
      actor.start();
      await waitFor(actor, (s) => s.matches('reviewing'));
      expect(calls.load).toBe(1);
    });

    it('restores the stored choices when started from the given view', async () => {
      const machine = clarificationMachine.provide({
        actors: { restore: fromPromise<Choices | null, LoadInput>(async () => ({ [A]: { decision: 'decline', declineMode: 'recycle' } })) },
      });
      const actor = createActor(machine, { input: { ...input, view: openView } }).start();
      await waitFor(actor, (s) => Object.keys(s.context.choices).length > 0);
      expect(actor.getSnapshot().context.choices).toEqual({ [A]: { decision: 'decline', declineMode: 'recycle' } });
    });

    it('the quick answer accepts its item as soon as it runs, only that item, and tells the page the trade changed', async () => {
      const { machine, calls } = fakes();
      const actor = createActor(machine, { input: { ...quick, view: openView } });
      // The server's render: deciding, nothing sent yet (the page shows the form for a browser without JavaScript).
      expect(actor.getSnapshot().value).toBe('deciding');
      expect(calls.submit).toHaveLength(0);
      actor.start();
      await waitFor(actor, (s) => s.matches('answered'));
      expect(calls.submit).toHaveLength(1);
      expect(calls.submit[0]!.decisions).toEqual([{ clarificationId: A, decision: 'accept' }]);
      expect(calls.submit[0]!.idempotencyKey).not.toBe('');
      expect(calls.changed).toBe(1);
      expect(actor.getSnapshot().context.view).toEqual(answeredA);
    });

    it('the quick answer decides after its own first load too, but not again after a conflict', async () => {
      let conflict = true;
      const posts: SubmitInput[] = [];
      const machine = clarificationMachine.provide({
        actors: {
          load: fromPromise<LoadResult, LoadInput>(async () => ({ view: openView, saved: null })),
          submit: fromPromise<ClarificationView, SubmitInput>(async ({ input: submitted }) => {
            posts.push(submitted);
            if (conflict) throw new ApiCallError({ status: 409 });
            return answeredA;
          }),
          restore: fromPromise<Choices | null, LoadInput>(async () => null),
        },
      });
      const actor = createActor(machine, { input: { ...quick, token: null } }).start();
      // 409 (e.g. the trade moved on): read again, and show the item instead of sending again.
      await waitFor(actor, (s) => s.matches('reviewing'));
      expect(posts).toHaveLength(1);
      conflict = false;
      actor.send({ type: 'clarification.decide', clarificationId: A, decision: 'accept' });
      actor.send({ type: 'clarification.confirm' });
      actor.send({ type: 'clarification.submit' });
      await waitFor(actor, (s) => s.matches('answered'));
      expect(posts).toHaveLength(2);
    });

    it('undo reopens the item while the trade waits for another, then it can be answered again', async () => {
      const { machine, calls } = fakes();
      const actor = createActor(machine, { input: { ...quick, view: answeredA } });
      expect(actor.getSnapshot().value).toBe('answered');
      expect(actor.getSnapshot().can({ type: 'clarification.undo' })).toBe(true);
      actor.start();
      actor.send({ type: 'clarification.undo' });
      await waitFor(actor, (s) => s.matches('reviewing'));
      expect(calls.undo).toBe(1);
      expect(calls.changed).toBe(1);
      expect(actor.getSnapshot().context.view?.items[0]?.status).toBe('open');
      actor.send({ type: 'clarification.decide', clarificationId: A, decision: 'decline' });
      actor.send({ type: 'clarification.confirm' });
      expect(actor.getSnapshot().value).toBe('confirming');
    });

    it('offers no undo once every device is answered (the trade moved on) nor on the whole clarification', () => {
      const { machine } = fakes();
      const allAnswered = { ...answeredA, status: 'answered' as const, items: [item(A, 'accepted'), item(B, 'accepted')] };
      expect(
        createActor(machine, { input: { ...quick, view: allAnswered } })
          .getSnapshot()
          .can({ type: 'clarification.undo' }),
      ).toBe(false);
      expect(
        createActor(machine, { input: { ...input, view: allAnswered } })
          .getSnapshot()
          .can({ type: 'clarification.undo' }),
      ).toBe(false);
    });

    it('an undo the server refuses (409: moved on meanwhile) fails with that kind; trying again reads the trade anew', async () => {
      const { machine, calls } = fakes(() => Promise.reject(new ApiCallError({ status: 409 })));
      const actor = createActor(machine, { input: { ...quick, view: answeredA } }).start();
      actor.send({ type: 'clarification.undo' });
      await waitFor(actor, (s) => s.matches('failed'));
      expect(actor.getSnapshot().context).toMatchObject({ failure: 'conflict', failedStep: 'undo' });
      actor.send({ type: 'clarification.retry' });
      await waitFor(actor, (s) => !s.matches('loading') && !s.matches('failed'));
      expect(calls.load).toBe(1);
      expect(calls.submit).toHaveLength(0);
    });
  });
});
