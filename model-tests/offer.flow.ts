// The offer flow's machine-level runner: the model's paths against the production offer machine
// (offerFlow takes another machine to show that a diverging implementation fails, see runner.test.ts).
// A reload is a new actor that restores what the previous one would have stored.

import { expect } from 'vitest';
import { createActor, fromPromise, type Actor } from 'xstate';
import type { OfferRequest } from '../src/contracts/offers';
import type { Device } from '../src/services/catalogue/entities';
import { offerMachine, resumableOffer, storedOfferOf, type OfferInput, type RestoredOffer } from '../src/machines/offer';
import { blocked as BLOCKED, device as DEVICE, offer as OFFER } from '../src/machines/offer.fixtures';
import type { OfferResult } from '../src/services/offers';
import { offerModel } from './offer.model';
import { controllable } from './support/controllable';
import type { CoverageRecorder } from './support/coverage';
import type { MachineFlow } from './support/machine-runner';

export interface OfferHarness {
  actor: Actor<typeof offerMachine> | null;
  /** What the seller put into the cart (the shop actor's part), and where (a correction or another device). */
  readonly accepted: unknown[];
  readonly placements: (string | undefined)[];
  open(input: OfferInput, kept?: RestoredOffer | null | Error): void;
  requestOffer: ReturnType<typeof controllable<OfferResult, OfferRequest>>;
}

const context = (h: OfferHarness) => h.actor!.getSnapshot().context;
const answerNext = (h: OfferHarness) => {
  const question = DEVICE.questions.find((q) => context(h).answers[String(q.id)] === undefined)!;
  h.actor!.send({ type: 'offer.answer', questionId: question.id, answerId: question.answers[0]!.id });
};

export const offerFlow = (machine: typeof offerMachine = offerMachine): MachineFlow<OfferHarness> => ({
  name: 'offer',
  model: offerModel,
  production: [machine],
  simplePathBound: 200,
  start(inspect: CoverageRecorder['inspect']) {
    const requestOffer = controllable<OfferResult, OfferRequest>('requestOffer');
    const harness: OfferHarness = {
      actor: null,
      accepted: [],
      placements: [],
      requestOffer,
      open(input, kept = null) {
        harness.actor?.stop();
        const restore = fromPromise<RestoredOffer | null, { device: Device; sharedToken: string | null }>(async () => {
          if (kept instanceof Error) throw kept;
          return kept;
        });
        const provided = machine.provide({
          actors: { restore, requestOffer: requestOffer.logic },
          actions: {
            accepted: ({ context: c, event }) => {
              harness.accepted.push(c.offer);
              harness.placements.push(event.type === 'offer.addToCart' ? event.placement : undefined);
            },
          },
        });
        harness.actor = createActor(provided, { input, inspect }).start();
      },
    };
    return harness;
  },
  events: {
    OPEN: (h) => h.open({ device: DEVICE }),
    OPEN_AND_ANSWER: (h) => {
      h.open({ device: DEVICE });
      expect(h.actor!.getSnapshot().value).toBe('restoring');
      answerNext(h);
    },
    OPEN_WITHOUT_STORAGE: (h) => h.open({ device: DEVICE }, new Error('IndexedDB is not available')),
    OPEN_DEVICE_WITHOUT_QUESTIONS: (h) => h.open({ device: { ...DEVICE, questions: [] } }),
    // A shared link: the restore actor answers the link's offer (valid), or its answers and the expired offer.
    OPEN_SHARED: (h) => h.open({ device: DEVICE, sharedToken: 'token' }, { answers: OFFER.answers, offer: OFFER }),
    OPEN_SHARED_EXPIRED: (h) =>
      h.open({ device: DEVICE, sharedToken: 'token' }, { answers: OFFER.answers, offer: null, expiredOffer: OFFER }),
    RENEW: (h) => h.actor!.send({ type: 'offer.renew' }),
    ANSWER: answerNext,
    // Another answer to the middle question: the first answer if another was chosen, else the second.
    CHANGE: (h) => {
      const middle = DEVICE.questions[1]!;
      const chosen = context(h).answers[String(middle.id)];
      h.actor!.send({ type: 'offer.answer', questionId: middle.id, answerId: middle.answers.find((a) => a.id !== chosen)!.id });
    },
    RELOAD: (h) => {
      const kept = storedOfferOf(context(h));
      h.open({ device: DEVICE }, { answers: kept.answers, offer: kept.offer });
    },
    // Back after the offer's validity: the restore finds the answers, the expired offer is dropped (resumableOffer).
    COME_BACK_AFTER_EXPIRY: (h) => {
      const kept = storedOfferOf(context(h));
      h.open({ device: DEVICE }, resumableOffer(kept, DEVICE, Date.parse(kept.offer!.validUntil) + 60_000));
    },
    PRICED: (h) => h.requestOffer.resolve((input) => ({ kind: 'offer', offer: { ...OFFER, answers: input.answers } })),
    REFUSED: (h) => h.requestOffer.resolve({ kind: 'blocked', blocked: BLOCKED }),
    PRICE_FAILED: (h) => h.requestOffer.reject(),
    RETRY: (h) => h.actor!.send({ type: 'offer.retry' }),
    ADD_TO_CART: (h) => h.actor!.send({ type: 'offer.addToCart' }),
    REPLACE_IN_CART: (h) => h.actor!.send({ type: 'offer.addToCart', placement: 'replace' }),
    ADD_SECOND: (h) => h.actor!.send({ type: 'offer.addToCart', placement: 'another' }),
    // The cart is the shop actor's; at this level only the offer's part shows: it is accepted once more.
    REMOVE_AND_ADD_AGAIN: (h) => {
      const before = h.accepted.length;
      h.actor!.send({ type: 'offer.addToCart' });
      expect(h.accepted).toHaveLength(before + 1);
    },
  },
  checks: {
    answeringFirst: (h) => expect(context(h).answers).toEqual({}),
    answeringMiddle: (h) => expect(Object.keys(context(h).answers)).toHaveLength(1),
    answeringLast: (h) => expect(Object.keys(context(h).answers)).toHaveLength(2),
    calculating: (h) => {
      expect(h.requestOffer.pendingCount()).toBeGreaterThan(0);
      expect(context(h).offer).toBeNull(); // no old price for new answers
    },
    offered: (h) => expect(context(h).offer?.answers).toEqual(context(h).answers),
    offeredInCart: (h) => expect(context(h).offer).toEqual(h.accepted.at(-1) ?? context(h).offer),
    blocked: (h) => expect(context(h).blockedBy).toEqual(BLOCKED.blockedBy),
    failed: (h) => expect(Object.keys(context(h).answers)).toHaveLength(3),
    expired: (h) => {
      expect(context(h).expiredOffer).toEqual(OFFER);
      expect(context(h).answers).toEqual(OFFER.answers);
    },
    addedToCart: (h) => expect(h.accepted.at(-1)).toEqual(context(h).offer),
    recalculatingInCart: (h) => {
      expect(h.requestOffer.pendingCount()).toBeGreaterThan(0);
      expect(context(h).offer).toBeNull();
      expect(h.accepted.length).toBeGreaterThan(0);
    },
    // The offer in the cart was made for the earlier answers.
    reofferedInCart: (h) => {
      expect(context(h).offer?.answers).toEqual(context(h).answers);
      expect((h.accepted.at(-1) as { answers: unknown }).answers).not.toEqual(context(h).answers);
    },
    correctedInCart: (h) => {
      expect(h.accepted.at(-1)).toEqual(context(h).offer);
      expect(h.placements.at(-1)).toBe('replace');
    },
    secondInCart: (h) => {
      expect(h.accepted.at(-1)).toEqual(context(h).offer);
      expect(h.placements.at(-1)).toBe('another');
    },
  },
});
