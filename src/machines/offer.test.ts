import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { OfferRequest } from '../contracts/offers';
import type { ApiClient } from '../services/api-client';
import type { Device } from '../services/catalogue/entities';
import type { OfferResult } from '../services/offers';
import { loadSnapshot, saveSnapshot } from '../services/persistence';
import {
  OFFER_SNAPSHOT_VERSION,
  firstUnanswered,
  offerMachine,
  offerStorageKey,
  resumableOffer,
  storedOfferOf,
  type OfferInput,
  type RestoredOffer,
} from './offer';
import { offerActors, restoreOffer } from './offer.actors';
import { blocked, device, offer } from './offer.fixtures';

/** A requestOffer fake that records its requests and answers from a script. */
function offerService(...script: Array<OfferResult | Error>) {
  const requests: OfferRequest[] = [];
  const logic = fromPromise<OfferResult, OfferRequest>(async ({ input }) => {
    requests.push(input);
    const next = script.length > 1 ? script.shift() : script[0];
    if (next === undefined) throw new Error('script exhausted');
    if (next instanceof Error) throw next;
    return next;
  });
  return { logic, requests };
}

type Stored = RestoredOffer | null;

function start(options: { input?: OfferInput; result?: Array<OfferResult | Error>; stored?: Stored | Error } = {}) {
  const service = offerService(...(options.result ?? [{ kind: 'offer', offer }]));
  const restore = fromPromise<Stored, { device: Device; sharedToken: string | null }>(async () => {
    if (options.stored instanceof Error) throw options.stored;
    return options.stored ?? null;
  });
  const accepted: unknown[] = [];
  const actor = createActor(
    offerMachine.provide({
      actors: { requestOffer: service.logic, restore },
      actions: { accepted: ({ context }) => void accepted.push(context.offer) },
    }),
    { input: options.input ?? { device } },
  ).start();
  return { actor, requests: service.requests, accepted };
}

type Actor = ReturnType<typeof start>['actor'];
const settled = (actor: Actor) => waitFor(actor, (s) => !s.matches('restoring') && !s.matches('calculating'));
const answerAll = (actor: Actor, battery = 301) => {
  actor.send({ type: 'offer.answer', questionId: 10, answerId: 101 });
  actor.send({ type: 'offer.answer', questionId: 20, answerId: 201 });
  actor.send({ type: 'offer.answer', questionId: 30, answerId: battery });
};

describe('firstUnanswered', () => {
  it('gives the index of the first question without an answer, -1 when all are answered', () => {
    expect(firstUnanswered(device.questions, {})).toBe(0);
    expect(firstUnanswered(device.questions, { '10': 101, '30': 301 })).toBe(1);
    expect(firstUnanswered(device.questions, { '10': 101, '20': 201, '30': 303 })).toBe(-1);
    expect(firstUnanswered([], {})).toBe(-1);
  });
});

describe('offer machine', () => {
  it('happy path: restores nothing, answers every question, calculates, offers, goes into the cart', async () => {
    const { actor, requests, accepted } = start();
    expect((await settled(actor)).value).toBe('answering');
    actor.send({ type: 'offer.answer', questionId: 10, answerId: 101 });
    actor.send({ type: 'offer.answer', questionId: 20, answerId: 201 });
    expect(actor.getSnapshot().value).toBe('answering');
    actor.send({ type: 'offer.answer', questionId: 30, answerId: 301 });
    expect(actor.getSnapshot().value).toBe('calculating');
    const s = await settled(actor);
    expect(s.value).toBe('offered');
    expect(s.context.offer).toEqual(offer);
    expect(requests).toEqual([{ deviceId: 42, answers: { '10': 101, '20': 201, '30': 301 } }]);
    actor.send({ type: 'offer.addToCart' });
    expect(actor.getSnapshot().value).toBe('addedToCart');
    expect(accepted).toEqual([offer]);
    // Removed from the cart meanwhile, the same offer goes in again.
    actor.send({ type: 'offer.addToCart' });
    expect(accepted).toEqual([offer, offer]);
  });

  it('answers out of order (all questions on one screen) and calculates once all are answered', async () => {
    const { actor, requests } = start();
    await settled(actor);
    actor.send({ type: 'offer.answer', questionId: 30, answerId: 302 });
    actor.send({ type: 'offer.answer', questionId: 10, answerId: 102 });
    expect(requests).toEqual([]);
    actor.send({ type: 'offer.answer', questionId: 20, answerId: 201 });
    await settled(actor);
    expect(requests).toEqual([{ deviceId: 42, answers: { '30': 302, '10': 102, '20': 201 } }]);
  });

  it('ignores answers that do not belong to the question, and the same answer again', async () => {
    const { actor, requests } = start();
    await settled(actor);
    actor.send({ type: 'offer.answer', questionId: 10, answerId: 201 });
    actor.send({ type: 'offer.answer', questionId: 99, answerId: 101 });
    expect(actor.getSnapshot().context.answers).toEqual({});
    answerAll(actor);
    await settled(actor);
    actor.send({ type: 'offer.answer', questionId: 30, answerId: 301 }); // unchanged: no new price
    expect(actor.getSnapshot().value).toBe('offered');
    expect(requests).toHaveLength(1);
  });

  it('a changed answer after an offer prices again at once', async () => {
    const changed = { ...offer, offerId: 'second', price: 250, answers: { '10': 101, '20': 201, '30': 302 } };
    const { actor, requests } = start({
      result: [
        { kind: 'offer', offer },
        { kind: 'offer', offer: changed },
      ],
    });
    await settled(actor);
    answerAll(actor);
    await settled(actor);
    actor.send({ type: 'offer.answer', questionId: 30, answerId: 302 });
    expect(actor.getSnapshot().value).toBe('calculating');
    expect(actor.getSnapshot().context.offer).toBeNull(); // the old price is never shown for new answers
    expect((await settled(actor)).context.offer).toEqual(changed);
    expect(requests.map((r) => r.answers['30'])).toEqual([301, 302]);
  });

  it('blocked: keeps the blocking answers; changing one prices again', async () => {
    const { actor } = start({
      result: [
        { kind: 'blocked', blocked },
        { kind: 'offer', offer },
      ],
    });
    await settled(actor);
    actor.send({ type: 'offer.answer', questionId: 10, answerId: 101 });
    actor.send({ type: 'offer.answer', questionId: 20, answerId: 202 });
    actor.send({ type: 'offer.answer', questionId: 30, answerId: 301 });
    const s = await settled(actor);
    expect(s.value).toBe('blocked');
    expect(s.context.blockedBy).toEqual(blocked.blockedBy);
    actor.send({ type: 'offer.addToCart' }); // nothing to add
    expect(actor.getSnapshot().value).toBe('blocked');
    actor.send({ type: 'offer.answer', questionId: 20, answerId: 201 });
    expect((await settled(actor)).value).toBe('offered');
    expect(actor.getSnapshot().context.blockedBy).toEqual([]);
  });

  it('failed → retry → offered, with the same request; a changed answer retries too', async () => {
    const { actor, requests } = start({ result: [new Error('network'), { kind: 'offer', offer }] });
    await settled(actor);
    answerAll(actor);
    expect((await settled(actor)).value).toBe('failed');
    expect(actor.getSnapshot().context.answers).toEqual({ '10': 101, '20': 201, '30': 301 }); // kept
    actor.send({ type: 'offer.retry' });
    expect((await settled(actor)).value).toBe('offered');
    expect(requests[0]).toEqual(requests[1]);

    const again = start({ result: [new Error('network'), { kind: 'offer', offer }] });
    await settled(again.actor);
    answerAll(again.actor);
    await settled(again.actor);
    again.actor.send({ type: 'offer.answer', questionId: 30, answerId: 303 });
    expect((await settled(again.actor)).value).toBe('offered');
  });

  it('after adding to the cart, another answer is another offer', async () => {
    const second = { ...offer, offerId: 'second', answers: { '10': 102, '20': 201, '30': 301 } };
    const { actor, accepted } = start({
      result: [
        { kind: 'offer', offer },
        { kind: 'offer', offer: second },
      ],
    });
    await settled(actor);
    answerAll(actor);
    await settled(actor);
    actor.send({ type: 'offer.addToCart' });
    actor.send({ type: 'offer.answer', questionId: 10, answerId: 102 });
    expect((await settled(actor)).value).toBe('offered');
    actor.send({ type: 'offer.addToCart' });
    expect(accepted).toEqual([offer, second]);
  });

  it('a device without questions goes straight to calculating', async () => {
    const { actor, requests } = start({ input: { device: { ...device, questions: [] } } });
    expect((await settled(actor)).value).toBe('offered');
    expect(requests).toEqual([{ deviceId: 42, answers: {} }]);
  });

  it('answers chosen while the kept flow loads are kept; complete ones price at once', async () => {
    const partial = start();
    expect(partial.actor.getSnapshot().value).toBe('restoring');
    partial.actor.send({ type: 'offer.answer', questionId: 10, answerId: 102 });
    partial.actor.send({ type: 'offer.answer', questionId: 99, answerId: 1 }); // not a question of the device: ignored
    expect((await settled(partial.actor)).context.answers).toEqual({ '10': 102 });
    const complete = start();
    answerAll(complete.actor);
    expect(complete.actor.getSnapshot().value).toBe('restoring');
    expect((await settled(complete.actor)).value).toBe('offered');
    expect(complete.requests).toHaveLength(1);
  });
});

describe('offer machine: resumed from storage', () => {
  it('a kept offer is shown again without a new request', async () => {
    const { actor, requests } = start({ stored: { answers: offer.answers, offer } });
    const s = await settled(actor);
    expect(s.value).toBe('offered');
    expect(s.context).toMatchObject({ answers: offer.answers, offer });
    expect(requests).toEqual([]);
  });

  it('kept answers without an offer are priced; incomplete ones wait for the rest', async () => {
    const priced = start({ stored: { answers: offer.answers, offer: null } });
    expect((await settled(priced.actor)).value).toBe('offered');
    expect(priced.requests).toHaveLength(1);
    const waiting = start({ stored: { answers: { '10': 101 }, offer: null } });
    expect((await settled(waiting.actor)).value).toBe('answering');
    expect(waiting.actor.getSnapshot().context.answers).toEqual({ '10': 101 });
  });

  it('answers chosen while the kept flow loads win over kept ones, and then the kept offer no longer fits', async () => {
    const { actor, requests } = start({ stored: { answers: offer.answers, offer } });
    actor.send({ type: 'offer.answer', questionId: 30, answerId: 303 });
    const s = await settled(actor);
    expect(s.context.answers).toEqual({ '10': 101, '20': 201, '30': 303 });
    expect(requests).toEqual([{ deviceId: 42, answers: { '10': 101, '20': 201, '30': 303 } }]);
  });

  it('a storage failure starts the flow from scratch', async () => {
    const { actor } = start({ stored: new Error('IndexedDB unavailable') });
    expect((await settled(actor)).value).toBe('answering');
  });
});

describe('offer snapshots (resumableOffer and IndexedDB)', () => {
  const now = Date.parse('2030-01-10T00:00:00.000Z');
  const stored = { version: OFFER_SNAPSHOT_VERSION, deviceId: 42, answers: offer.answers, offer };

  it('keeps the answers and a valid offer made for exactly them', () => {
    expect(resumableOffer(stored, device, now)).toEqual({ answers: offer.answers, offer });
  });

  it('drops an expired offer (the answers stay and are priced again) and one for other answers', () => {
    expect(resumableOffer(stored, device, Date.parse(offer.validUntil))).toEqual({ answers: offer.answers, offer: null });
    expect(resumableOffer({ ...stored, answers: { ...offer.answers, '30': 302 } }, device, now)).toEqual({
      answers: { ...offer.answers, '30': 302 },
      offer: null,
    });
  });

  it('drops answers the device no longer asks', () => {
    const changed: Device = { ...device, questions: device.questions.slice(0, 2) };
    expect(resumableOffer(stored, changed, now)).toEqual({ answers: { '10': 101, '20': 201 }, offer: null });
  });

  it('refuses another version, another device and anything that is not a snapshot', () => {
    expect(resumableOffer({ ...stored, version: OFFER_SNAPSHOT_VERSION - 1 }, device, now)).toBeNull();
    expect(resumableOffer({ ...stored, deviceId: 7 }, device, now)).toBeNull();
    expect(resumableOffer({ version: OFFER_SNAPSHOT_VERSION, deviceId: 42 }, device, now)).toBeNull();
    expect(resumableOffer('x', device, now)).toBeNull();
    expect(resumableOffer(null, device, now)).toBeNull();
  });

  it('round-trips through IndexedDB: what a running flow stores, the next visit restores', async () => {
    const { actor } = start();
    await settled(actor);
    answerAll(actor);
    const s = await settled(actor);
    await saveSnapshot(offerStorageKey(device.id), storedOfferOf(s.context));
    await expect(restoreOffer(device, now)).resolves.toEqual({ answers: offer.answers, offer });
  });

  it('deletes a snapshot of an older version instead of restoring it', async () => {
    await saveSnapshot(offerStorageKey(device.id), { ...stored, version: 1, step: 2 });
    await expect(restoreOffer(device, now)).resolves.toBeNull();
    expect(await loadSnapshot(offerStorageKey(device.id))).toBeUndefined();
    await expect(restoreOffer(device, now)).resolves.toBeNull(); // nothing stored
  });
});

describe('offer machine: opened from a shared link', () => {
  it('an expired shared offer waits with its answers; "get a new offer" prices the same answers', async () => {
    const { actor, requests } = start({
      input: { device, sharedToken: 'token' },
      stored: { answers: offer.answers, offer: null, expiredOffer: offer },
    });
    const s = await settled(actor);
    expect(s.value).toBe('expired');
    expect(s.context).toMatchObject({ answers: offer.answers, offer: null, expiredOffer: offer });
    expect(requests).toEqual([]);
    actor.send({ type: 'offer.renew' });
    const renewed = await settled(actor);
    expect(renewed.value).toBe('offered');
    expect(renewed.context.expiredOffer).toBeNull();
    expect(requests).toEqual([{ deviceId: 42, answers: offer.answers }]);
  });

  it('another answer in the expired state prices at once', async () => {
    const { actor, requests } = start({ stored: { answers: offer.answers, offer: null, expiredOffer: offer } });
    await settled(actor);
    actor.send({ type: 'offer.answer', questionId: 30, answerId: 303 });
    expect((await settled(actor)).value).toBe('offered');
    expect(requests).toEqual([{ deviceId: 42, answers: { '10': 101, '20': 201, '30': 303 } }]);
  });

  it("the restore actor gets the link's token; a valid shared offer is shown as it is", async () => {
    const inputs: unknown[] = [];
    const actor = createActor(
      offerMachine.provide({
        actors: {
          restore: fromPromise<RestoredOffer | null, { device: typeof device; sharedToken: string | null }>(async ({ input }) => {
            inputs.push(input.sharedToken);
            return { answers: offer.answers, offer };
          }),
        },
      }),
      { input: { device, sharedToken: 'signed' } },
    ).start();
    expect((await settled(actor)).value).toBe('offered');
    expect(inputs).toEqual(['signed']);
  });
});

describe('offerActors', () => {
  it("restore opens a shared link's offer of this device, its expired state, and the stored flow for a refused link", async () => {
    const answers: Record<string, unknown> = {
      valid: { offer, expired: false },
      old: { offer, expired: true },
      other: { offer: { ...offer, deviceId: 7 }, expired: false },
    };
    const api = (async (url: string, options: { query: { token: string } }) => {
      expect(url).toBe('/api/shared-offers');
      const answer = answers[options.query.token];
      if (!answer) throw new Error('404');
      return answer;
    }) as unknown as ApiClient;
    const restore = (token: string) =>
      waitFor(
        createActor(offerActors({ api: async () => api }).restore, { input: { device, sharedToken: token } }).start(),
        (s) => s.status === 'done',
      ).then((s) => s.output);
    expect(await restore('valid')).toEqual({ answers: offer.answers, offer });
    expect(await restore('old')).toEqual({ answers: offer.answers, offer: null, expiredOffer: offer });
    // Another device's offer, or a link the server refuses: what this browser kept (nothing here).
    expect(await restore('other')).toBeNull();
    expect(await restore('forged')).toBeNull();
  });

  it('requestOffer posts the answers over the given API client', async () => {
    const calls: unknown[] = [];
    const api = (async (url: string, options: unknown) => {
      calls.push([url, options]);
      return offer;
    }) as unknown as ApiClient;
    const actor = createActor(offerMachine.provide({ actors: offerActors({ api: async () => api }) }), { input: { device } }).start();
    for (const [questionId, answerId] of Object.entries(offer.answers))
      actor.send({ type: 'offer.answer', questionId: Number(questionId), answerId });
    expect((await settled(actor)).context.offer).toEqual(offer);
    expect(calls).toEqual([['/api/offers', { method: 'POST', body: { deviceId: 42, answers: offer.answers } }]]);
  });

  it('without provided actors the flow fails instead of calling anything', async () => {
    const actor = createActor(offerMachine, { input: { device } }).start();
    for (const [questionId, answerId] of Object.entries(offer.answers))
      actor.send({ type: 'offer.answer', questionId: Number(questionId), answerId });
    expect((await settled(actor)).value).toBe('failed');
  });
});
