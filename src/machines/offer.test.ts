import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { OfferRequest } from '../contracts/offers';
import type { Device } from '../services/catalogue/entities';
import type { OfferResult } from '../services/offers';
import { firstUnanswered, offerActors, offerMachine, type OfferInput } from './offer';

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

function start(options: { input?: OfferInput; result?: Array<OfferResult | Error>; load?: Array<Device | Error> } = {}) {
  const service = offerService(...(options.result ?? [{ kind: 'offer', offer }]));
  const loads: string[] = [];
  const loadScript = options.load ?? [device];
  const loadDevice = fromPromise<Device, { slug: string }>(async ({ input }) => {
    loads.push(input.slug);
    const next = loadScript.length > 1 ? loadScript.shift() : loadScript[0];
    if (next === undefined || next instanceof Error) throw next ?? new Error('no device');
    return next;
  });
  const actor = createActor(offerMachine.provide({ actors: { requestOffer: service.logic, loadDevice } }), {
    input: options.input ?? { device },
  }).start();
  return { actor, requests: service.requests, loads };
}

const answerAll = (actor: ReturnType<typeof start>['actor'], battery = 301) => {
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
  it('happy path: answers every question one at a time, calculates, offers', async () => {
    const { actor, requests, loads } = start();
    expect(actor.getSnapshot().value).toBe('answering');
    expect(loads).toEqual([]); // the route gave the device: no load
    actor.send({ type: 'offer.answer', questionId: 10, answerId: 101 });
    expect(actor.getSnapshot().context.step).toBe(1);
    actor.send({ type: 'offer.answer', questionId: 20, answerId: 201 });
    expect(actor.getSnapshot().context.step).toBe(2);
    actor.send({ type: 'offer.answer', questionId: 30, answerId: 303 });
    expect(actor.getSnapshot().value).toBe('calculating');

    const done = await waitFor(actor, (s) => s.matches('offered'));
    expect(done.context.offer).toEqual(offer);
    expect(done.context.blockedBy).toEqual([]);
    expect(requests).toEqual([{ deviceId: 42, answers: { '10': 101, '20': 201, '30': 303 } }]);

    actor.send({ type: 'offer.addToCart' });
    expect(actor.getSnapshot().value).toBe('addedToCart');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ offer });
  });

  it('back goes to the previous question and keeps the answers', () => {
    const { actor } = start();
    actor.send({ type: 'offer.answer', questionId: 10, answerId: 102 });
    actor.send({ type: 'offer.answer', questionId: 20, answerId: 201 });
    actor.send({ type: 'offer.back' });
    expect(actor.getSnapshot().context.step).toBe(1);
    actor.send({ type: 'offer.back' });
    expect(actor.getSnapshot().context.step).toBe(0);
    actor.send({ type: 'offer.back' }); // already at the first question
    expect(actor.getSnapshot().context.step).toBe(0);
    expect(actor.getSnapshot().value).toBe('answering');
    expect(actor.getSnapshot().context.answers).toEqual({ '10': 102, '20': 201 });
    // Re-answering the first question moves on to the first unanswered one.
    actor.send({ type: 'offer.answer', questionId: 10, answerId: 101 });
    expect(actor.getSnapshot().context.step).toBe(2);
    expect(actor.getSnapshot().context.answers).toEqual({ '10': 101, '20': 201 });
  });

  it('answers out of order (all questions on one screen) and calculates once all are answered', async () => {
    const { actor, requests } = start();
    actor.send({ type: 'offer.answer', questionId: 30, answerId: 302 });
    expect(actor.getSnapshot().context.step).toBe(0);
    actor.send({ type: 'offer.answer', questionId: 10, answerId: 101 });
    expect(actor.getSnapshot().context.step).toBe(1);
    actor.send({ type: 'offer.answer', questionId: 30, answerId: 303 }); // changes an answer
    expect(actor.getSnapshot().value).toBe('answering');
    expect(actor.getSnapshot().context.step).toBe(1);
    actor.send({ type: 'offer.answer', questionId: 20, answerId: 201 });
    expect(actor.getSnapshot().value).toBe('calculating');
    await waitFor(actor, (s) => s.matches('offered'));
    expect(requests[0]?.answers).toEqual({ '10': 101, '20': 201, '30': 303 });
  });

  it('ignores answers that do not belong to the question', () => {
    const { actor } = start();
    actor.send({ type: 'offer.answer', questionId: 10, answerId: 201 }); // answer of another question
    actor.send({ type: 'offer.answer', questionId: 99, answerId: 101 }); // unknown question
    expect(actor.getSnapshot().context.answers).toEqual({});
    expect(actor.getSnapshot().context.step).toBe(0);
    actor.send({ type: 'offer.answer', questionId: 10, answerId: 101 });
    actor.send({ type: 'offer.answer', questionId: 20, answerId: 201 });
    actor.send({ type: 'offer.answer', questionId: 30, answerId: 999 });
    expect(actor.getSnapshot().value).toBe('answering');
    expect(actor.getSnapshot().context.answers).toEqual({ '10': 101, '20': 201 });
  });

  it('blocked: keeps the blocking answers, back returns to the blocking question', async () => {
    const { actor } = start({ result: [{ kind: 'blocked', blocked }, { kind: 'offer', offer }] });
    actor.send({ type: 'offer.answer', questionId: 10, answerId: 101 });
    actor.send({ type: 'offer.answer', questionId: 20, answerId: 202 });
    actor.send({ type: 'offer.answer', questionId: 30, answerId: 301 });
    const snap = await waitFor(actor, (s) => s.matches('blocked'));
    expect(snap.context.blockedBy).toEqual([{ questionId: 20, answerId: 202, code: 'ACTIVATION_LOCK' }]);
    expect(snap.context.offer).toBeNull();

    actor.send({ type: 'offer.back' });
    expect(actor.getSnapshot().value).toBe('answering');
    expect(actor.getSnapshot().context.step).toBe(1);
    expect(actor.getSnapshot().context.blockedBy).toEqual([]);
    actor.send({ type: 'offer.answer', questionId: 20, answerId: 201 });
    const offered = await waitFor(actor, (s) => s.matches('offered'));
    expect(offered.context.offer?.price).toBe(287.35);
  });

  it('blocked: change goes to the named question', async () => {
    const { actor } = start({ result: [{ kind: 'blocked', blocked }] });
    answerAll(actor);
    await waitFor(actor, (s) => s.matches('blocked'));
    actor.send({ type: 'offer.change', questionId: 30 });
    expect(actor.getSnapshot().value).toBe('answering');
    expect(actor.getSnapshot().context.step).toBe(2);
  });

  it('failed → retry → offered, with the same request', async () => {
    const { actor, requests } = start({ result: [new Error('503'), { kind: 'offer', offer }] });
    answerAll(actor);
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toBeInstanceOf(Error);
    expect((failed.context.error as Error).message).toBe('503');
    actor.send({ type: 'offer.retry' });
    expect(actor.getSnapshot().value).toBe('calculating');
    const offered = await waitFor(actor, (s) => s.matches('offered'));
    expect(offered.context.offer?.offerId).toBe(offer.offerId);
    expect(offered.context.error).toBeNull();
    expect(requests).toHaveLength(2);
    expect(requests[1]).toEqual(requests[0]);
  });

  it('failed → back returns to the last question', async () => {
    const { actor } = start({ result: [new Error('network')] });
    answerAll(actor);
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'offer.back' });
    expect(actor.getSnapshot().value).toBe('answering');
    expect(actor.getSnapshot().context.step).toBe(2);
  });

  it('loads the device by slug; a load failure can be retried', async () => {
    const { actor, loads } = start({ input: { slug: 'apple-iphone-13-128gb' }, load: [new Error('500'), device] });
    expect(actor.getSnapshot().value).toBe('loading');
    const failed = await waitFor(actor, (s) => s.matches('loadFailed'));
    expect((failed.context.error as Error).message).toBe('500');
    expect(failed.context.device).toBeNull();
    actor.send({ type: 'offer.answer', questionId: 10, answerId: 101 }); // nothing to answer yet
    expect(actor.getSnapshot().value).toBe('loadFailed');
    actor.send({ type: 'offer.retry' });
    const ready = await waitFor(actor, (s) => s.matches('answering'));
    expect(ready.context.device?.id).toBe(42);
    expect(ready.context.step).toBe(0);
    expect(ready.context.error).toBeNull();
    expect(loads).toEqual(['apple-iphone-13-128gb', 'apple-iphone-13-128gb']);
  });

  it('change after an offer: clears the offer, reopens that question, recalculates', async () => {
    const second = { ...offer, offerId: '1c8d3a67-4b54-4d66-8e1f-2a2a9a4a1b22', price: 250.1, conditionId: 2 as const };
    const { actor, requests } = start({ result: [{ kind: 'offer', offer }, { kind: 'offer', offer: second }] });
    answerAll(actor);
    await waitFor(actor, (s) => s.matches('offered'));
    actor.send({ type: 'offer.change', questionId: 10 });
    expect(actor.getSnapshot().value).toBe('answering');
    expect(actor.getSnapshot().context.step).toBe(0);
    expect(actor.getSnapshot().context.offer).toBeNull();
    expect(actor.getSnapshot().context.answers).toEqual({ '10': 101, '20': 201, '30': 301 });
    actor.send({ type: 'offer.change', questionId: 77 }); // unknown question: ignored
    expect(actor.getSnapshot().context.step).toBe(0);
    actor.send({ type: 'offer.answer', questionId: 10, answerId: 102 });
    const offered = await waitFor(actor, (s) => s.matches('offered'));
    expect(offered.context.offer?.price).toBe(250.1);
    expect(requests[1]?.answers).toEqual({ '10': 102, '20': 201, '30': 301 });
  });

  it('back after an offer returns to the last question', async () => {
    const { actor } = start();
    answerAll(actor);
    await waitFor(actor, (s) => s.matches('offered'));
    actor.send({ type: 'offer.back' });
    expect(actor.getSnapshot().value).toBe('answering');
    expect(actor.getSnapshot().context.step).toBe(2);
    expect(actor.getSnapshot().context.offer).toBeNull();
  });

  it('a device without questions goes straight to calculating', async () => {
    const { actor, requests } = start({ input: { device: { ...device, questions: [] } } });
    await waitFor(actor, (s) => s.matches('offered'));
    expect(requests).toEqual([{ deviceId: 42, answers: {} }]);
  });

  it('offerActors wraps requestOffer over the given API client', async () => {
    const calls: Array<{ url: string; body: unknown }> = [];
    const api = (async (url: string, opts?: { body?: unknown }) => {
      calls.push({ url, body: opts?.body });
      return offer;
    }) as unknown as Awaited<ReturnType<Parameters<typeof offerActors>[0]['api']>>;
    const actor = createActor(offerMachine.provide({ actors: offerActors({ api: async () => api, loadDevice: async () => device }) }), {
      input: { slug: 'apple-iphone-13-128gb' },
    }).start();
    await waitFor(actor, (s) => s.matches('answering'));
    answerAll(actor);
    const offered = await waitFor(actor, (s) => s.matches('offered'));
    expect(offered.context.offer).toEqual(offer);
    expect(calls).toEqual([{ url: '/api/offers', body: { deviceId: 42, answers: { '10': 101, '20': 201, '30': 301 } } }]);
  });

  it('without provided actors the flow fails instead of calling anything', async () => {
    const actor = createActor(offerMachine, { input: { device } }).start();
    answerAll(actor);
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect((failed.context.error as Error).message).toMatch(/provide the 'requestOffer' actor/);
  });
});
