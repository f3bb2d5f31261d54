// The offer flow of one product detail page (product §10): every condition question is on screen,
// the server prices the answers as soon as all are given and again whenever one changes, and the
// binding offer can go into the cart. The answers and the offer are kept per device (IndexedDB), so
// a reload or back/forward finds them again. A shared link (issue 18) opens its offer, or its expired
// state with the answers filled in. Side effects run in the `restore` and `requestOffer`
// actors; ./offer.actors.ts provides the real ones, tests provide fakes.

import { track } from '../services/tracking';
import { itemOf } from '../services/tracking-events';
import { and, assign, fromPromise, setup } from 'xstate';
import type { Offer, OfferBlocked, OfferRequest } from '../contracts/offers';
import type { Device, Question } from '../services/catalogue/entities';
import type { OfferResult } from '../services/offers';
import type { CartPlacement } from './cart';

export type OfferAnswers = Readonly<Record<string, number>>;
export type BlockedBy = OfferBlocked['blockedBy'];

/** What is kept of an offer flow between visits; a different version is discarded on restore. */
export const OFFER_SNAPSHOT_VERSION = 2;

export interface StoredOffer {
  readonly version: number;
  readonly deviceId: number;
  readonly answers: OfferAnswers;
  readonly offer: Offer | null;
}

export interface OfferInput {
  readonly device: Device;
  /** The signed token of a shared offer link (`?offer=` of the device page): its offer and answers replace the stored ones. */
  readonly sharedToken?: string;
}

export interface OfferContext {
  readonly device: Device;
  /** Chosen answer id per question id (the OfferRequest shape). */
  readonly answers: OfferAnswers;
  readonly offer: Offer | null;
  /** The answers that made the server refuse the device; empty unless in `blocked`. */
  readonly blockedBy: BlockedBy;
  /** The expired offer a shared link opened (its answers are the flow's); null unless in `expired`. */
  readonly expiredOffer: Offer | null;
  readonly sharedToken: string | null;
}

/** What the `restore` actor finds: the stored flow, or the offer of a shared link (an expired one with its answers). */
export type RestoredOffer = Pick<OfferContext, 'answers' | 'offer'> & { readonly expiredOffer?: Offer | null };

export type OfferEvent =
  | { readonly type: 'offer.answer'; readonly questionId: number; readonly answerId: number }
  | { readonly type: 'offer.retry' }
  /**
   * Into the cart; `placement` where the device is in the cart already with other answers: in place of
   * that line (a corrected answer, the default) or beside it as another device (src/machines/cart.ts).
   */
  | { readonly type: 'offer.addToCart'; readonly placement?: CartPlacement }
  /** A shared offer expired: get a new one for the same answers. */
  | { readonly type: 'offer.renew' };

export { offerStorageKey } from '../services/storage-keys';

/** Index of the first question without an answer, or -1 when every question is answered. */
export function firstUnanswered(questions: readonly Question[], answers: OfferAnswers): number {
  return questions.findIndex((question) => answers[String(question.id)] === undefined);
}

const isAnswerOf = (questions: readonly Question[], questionId: number, answerId: number) =>
  questions.find((q) => q.id === questionId)?.answers.some((answer) => answer.id === answerId) ?? false;

/** Only the answers that belong to the device's questions (a changed catalogue drops the others). */
function validAnswers(questions: readonly Question[], answers: OfferAnswers): OfferAnswers {
  return Object.fromEntries(
    Object.entries(answers).filter(([questionId, answerId]) => isAnswerOf(questions, Number(questionId), answerId)),
  );
}

const sameAnswers = (a: OfferAnswers, b: OfferAnswers) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/** The stored flow of `device` to continue with at `now`, or null when it is unusable (other version or device). */
export function resumableOffer(stored: unknown, device: Device, now: number): Pick<OfferContext, 'answers' | 'offer'> | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const { version, deviceId, answers, offer } = stored as Partial<StoredOffer>;
  if (version !== OFFER_SNAPSHOT_VERSION || deviceId !== device.id || typeof answers !== 'object' || answers === null) return null;
  const kept = validAnswers(device.questions, answers);
  // An offer is kept only while it is valid and was made for exactly these answers.
  const usable =
    offer && offer.deviceId === device.id && Date.parse(offer.validUntil) > now && sameAnswers(offer.answers, kept) ? offer : null;
  return { answers: kept, offer: usable };
}

/** What is stored of a running flow. */
export function storedOfferOf(context: OfferContext): StoredOffer {
  return { version: OFFER_SNAPSHOT_VERSION, deviceId: context.device.id, answers: context.answers, offer: context.offer };
}

const questionsOf = (context: OfferContext): readonly Question[] => context.device.questions;
const notProvided = (name: string) => () => Promise.reject(new Error(`offer machine: provide the '${name}' actor`));

export const offerMachine = setup({
  types: {
    context: {} as OfferContext,
    events: {} as OfferEvent,
    input: {} as OfferInput,
  },
  actors: {
    // Placeholders typed with the real signatures; see ./offer.actors.ts.
    /** The shared offer of the token, else the stored flow of the device (resumableOffer); null when there is none. */
    restore: fromPromise<RestoredOffer | null, { device: Device; sharedToken: string | null }>(notProvided('restore')),
    requestOffer: fromPromise<OfferResult, OfferRequest>(notProvided('requestOffer')),
  },
  guards: {
    hasOffer: ({ context }) => context.offer !== null,
    hasExpiredOffer: ({ context }) => context.expiredOffer !== null,
    allAnswered: ({ context }) => firstUnanswered(questionsOf(context), context.answers) === -1,
    /** The answer belongs to the question and differs from the chosen one; anything else is ignored. */
    changesAnswer: ({ context, event }) =>
      event.type === 'offer.answer' &&
      isAnswerOf(questionsOf(context), event.questionId, event.answerId) &&
      context.answers[String(event.questionId)] !== event.answerId,
    completesAnswers: ({ context, event }) =>
      event.type === 'offer.answer' &&
      firstUnanswered(questionsOf(context), { ...context.answers, [String(event.questionId)]: event.answerId }) === -1,
    isOffer: (_, result: OfferResult) => result.kind === 'offer',
  },
  actions: {
    /** Stored answers, overridden by the ones chosen while they loaded. */
    resume: assign(({ context }, stored: RestoredOffer | null) => {
      if (!stored) return {};
      const answers = { ...stored.answers, ...context.answers };
      const expiredOffer = stored.expiredOffer && sameAnswers(stored.expiredOffer.answers, answers) ? stored.expiredOffer : null;
      return { answers, offer: stored.offer && sameAnswers(stored.offer.answers, answers) ? stored.offer : null, expiredOffer };
    }),
    recordAnswer: assign(({ context, event }) =>
      event.type === 'offer.answer' ? { answers: { ...context.answers, [String(event.questionId)]: event.answerId } } : {},
    ),
    storeResult: assign((_, result: OfferResult) =>
      result.kind === 'offer' ? { offer: result.offer, blockedBy: [] } : { offer: null, blockedBy: result.blocked.blockedBy },
    ),
    clearResult: assign({ offer: null, blockedBy: () => [], expiredOffer: null }),
    /** The offer_generated event (product §7) of a price received. */
    trackOffer: ({ context }, result: OfferResult) => {
      if (result.kind === 'offer') track({ event: 'offer_generated', ...itemOf(result.offer, context.device.category) });
    },
    /** The seller put the offer into the cart: the owner (the shop actor) adds it; nothing without one. */
    accepted: () => undefined,
  },
}).createMachine({
  id: 'offer',
  context: ({ input }) => ({
    device: input.device,
    answers: {},
    offer: null,
    blockedBy: [],
    expiredOffer: null,
    sharedToken: input.sharedToken ?? null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      // Answers chosen while the stored flow loads are kept and win over the stored ones.
      on: { 'offer.answer': { guard: 'changesAnswer', actions: 'recordAnswer' } },
      invoke: {
        src: 'restore',
        input: ({ context }) => ({ device: context.device, sharedToken: context.sharedToken }),
        onDone: { target: 'resuming', actions: { type: 'resume', params: ({ event }) => event.output } },
        // Storage is a convenience: without it the flow starts from the answers it has.
        onError: 'resuming',
      },
    },
    resuming: {
      always: [
        { guard: 'hasOffer', target: 'offered' },
        { guard: 'hasExpiredOffer', target: 'expired' },
        { guard: 'allAnswered', target: 'calculating' },
        { target: 'answering' },
      ],
    },
    /** A shared link of an offer that has expired: its answers are filled in, a new offer is one click away. */
    expired: {
      on: {
        // The link's answers are the offer's, one per question of the device: a new offer is priced at once.
        'offer.renew': 'calculating',
        'offer.answer': { guard: 'changesAnswer', target: 'calculating', actions: 'recordAnswer' },
      },
    },
    answering: {
      on: {
        'offer.answer': [
          { guard: and(['changesAnswer', 'completesAnswers']), target: 'calculating', actions: 'recordAnswer' },
          { guard: 'changesAnswer', actions: 'recordAnswer' },
        ],
      },
    },
    calculating: {
      entry: 'clearResult',
      invoke: {
        src: 'requestOffer',
        input: ({ context }) => ({ deviceId: context.device.id, answers: { ...context.answers } }),
        onDone: [
          {
            guard: { type: 'isOffer', params: ({ event }) => event.output },
            target: 'offered',
            actions: [
              { type: 'storeResult', params: ({ event }) => event.output },
              { type: 'trackOffer', params: ({ event }) => event.output },
            ],
          },
          { target: 'blocked', actions: { type: 'storeResult', params: ({ event }) => event.output } },
        ],
        onError: 'failed',
      },
    },
    offered: {
      on: {
        'offer.addToCart': 'addedToCart',
        // Every question is answered here: a changed answer prices again at once.
        'offer.answer': { guard: 'changesAnswer', target: 'calculating', actions: 'recordAnswer' },
      },
    },
    blocked: {
      on: { 'offer.answer': { guard: 'changesAnswer', target: 'calculating', actions: 'recordAnswer' } },
    },
    failed: {
      on: {
        'offer.retry': 'calculating',
        'offer.answer': { guard: 'changesAnswer', target: 'calculating', actions: 'recordAnswer' },
      },
    },
    addedToCart: {
      entry: 'accepted',
      on: {
        // The line was removed from the cart meanwhile: the same offer goes in again.
        'offer.addToCart': { target: 'addedToCart', reenter: true },
        // Another answer is another offer: it can go into the cart as well.
        'offer.answer': { guard: 'changesAnswer', target: 'calculating', actions: 'recordAnswer' },
      },
    },
  },
});

export type OfferMachine = typeof offerMachine;
