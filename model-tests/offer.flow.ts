// The offer flow's machine-level runner: the model's paths against the production offer machine
// (offerFlow takes another machine to show that a diverging implementation fails, see runner.test.ts).

import { expect } from 'vitest';
import { createActor, type Actor } from 'xstate';
import type { Device } from '../src/services/catalogue/entities';
import type { OfferResult } from '../src/services/offers';
import type { OfferRequest } from '../src/contracts/offers';
import { offerMachine, type OfferInput } from '../src/machines/offer';
import { offerModel } from './offer.model';
import { controllable } from './support/controllable';
import { blocked as BLOCKED, device as DEVICE, offer as OFFER } from '../src/machines/offer.fixtures';
import type { MachineFlow } from './support/machine-runner';

export interface OfferHarness {
  actor: Actor<typeof offerMachine> | null;
  open(input: OfferInput): void;
  loadDevice: ReturnType<typeof controllable<Device, { slug: string }>>;
  requestOffer: ReturnType<typeof controllable<OfferResult, OfferRequest>>;
}

const context = (h: OfferHarness) => h.actor!.getSnapshot().context;
const answerOnScreen = (h: OfferHarness) => {
  const question = context(h).device!.questions[context(h).step]!;
  h.actor!.send({ type: 'offer.answer', questionId: question.id, answerId: question.answers[0]!.id });
};

export const offerFlow = (machine: typeof offerMachine = offerMachine): MachineFlow<OfferHarness> => ({
  name: 'offer',
  model: offerModel,
  production: [machine],
  simplePathBound: 200,
  start(inspect) {
    const loadDevice = controllable<Device, { slug: string }>('loadDevice');
    const requestOffer = controllable<OfferResult, OfferRequest>('requestOffer');
    const harness: OfferHarness = {
      actor: null,
      loadDevice,
      requestOffer,
      open(input) {
        harness.actor = createActor(machine.provide({ actors: { loadDevice: loadDevice.logic, requestOffer: requestOffer.logic } }), { input, inspect }).start();
      },
    };
    return harness;
  },
  events: {
    OPEN_WITH_DEVICE: (h) => h.open({ device: DEVICE }),
    OPEN_BY_SLUG: (h) => h.open({ slug: DEVICE.url }),
    OPEN_DEVICE_WITHOUT_QUESTIONS: (h) => h.open({ device: { ...DEVICE, questions: [] } }),
    DEVICE_LOADED: (h) => h.loadDevice.resolve(DEVICE),
    DEVICE_LOAD_FAILED: (h) => h.loadDevice.reject(),
    RETRY: (h) => h.actor!.send({ type: 'offer.retry' }),
    ANSWER: answerOnScreen,
    BACK: (h) => h.actor!.send({ type: 'offer.back' }),
    // Change the middle question: from the result (all answered) or while answering the last one.
    CHANGE: (h) => h.actor!.send({ type: 'offer.change', questionId: DEVICE.questions[1]!.id }),
    PRICED: (h) => h.requestOffer.resolve({ kind: 'offer', offer: OFFER }),
    REFUSED: (h) => h.requestOffer.resolve({ kind: 'blocked', blocked: BLOCKED }),
    PRICE_FAILED: (h) => h.requestOffer.reject(),
    ADD_TO_CART: (h) => h.actor!.send({ type: 'offer.addToCart' }),
  },
  checks: {
    answeringFirst: (h) => expect(context(h).step).toBe(0),
    answeringSecond: (h) => expect(context(h).step).toBe(1),
    answeringLast: (h) => expect(context(h).step).toBe(2),
    revisitingFirst: (h) => expect(Object.keys(context(h).answers)).toHaveLength(1),
    revisitingSecond: (h) => expect(Object.keys(context(h).answers)).toHaveLength(2),
    calculating: (h) => expect(h.requestOffer.pendingCount()).toBe(1),
    offered: (h) => expect(context(h).offer?.price).toBe(OFFER.price),
    blocked: (h) => expect(context(h).blockedBy).toEqual(BLOCKED.blockedBy),
    reviewing: (h) => expect(Object.keys(context(h).answers)).toHaveLength(3),
    addedToCart: (h) => expect(h.actor!.getSnapshot().output).toEqual({ offer: OFFER }),
  },
});
