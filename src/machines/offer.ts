// The offer flow of one product detail page (DESIGN.md §6): load the device, answer its condition
// questions, let the server price them, then add the binding offer to the cart or change answers.
// Side effects run in the `loadDevice` and `requestOffer` actors; pages provide the real ones with
// `offerMachine.provide({ actors: offerActors(deps) })`, tests provide fakes.

import { and, assign, fromPromise, setup } from 'xstate';
import type { Offer, OfferBlocked, OfferRequest } from '../contracts/offers';
import type { Device, Question } from '../services/catalogue/entities';
import type { ApiClient } from '../services/api-client';
import type { OfferResult } from '../services/offers';

/** The device is already loaded by the route, or only its url slug is known. */
export type OfferInput = { readonly device: Device } | { readonly slug: string };

export type OfferAnswers = Readonly<Record<string, number>>;
export type BlockedBy = OfferBlocked['blockedBy'];

export interface OfferContext {
  readonly slug: string | null;
  readonly device: Device | null;
  /** Index of the question on screen. */
  readonly step: number;
  /** Chosen answer id per question id (the OfferRequest shape). */
  readonly answers: OfferAnswers;
  readonly offer: Offer | null;
  /** The answers that made the server refuse the device; empty unless in `blocked`. */
  readonly blockedBy: BlockedBy;
  /** The last actor failure, for logging or a not-found decision by the route; never shown as text. */
  readonly error: unknown;
}

export type OfferEvent =
  | { readonly type: 'offer.answer'; readonly questionId: number; readonly answerId: number }
  | { readonly type: 'offer.back' }
  | { readonly type: 'offer.change'; readonly questionId: number }
  | { readonly type: 'offer.retry' }
  | { readonly type: 'offer.addToCart' };

export interface OfferOutput {
  readonly offer: Offer | null;
}

/** Index of the first question without an answer, or -1 when every question is answered. */
export function firstUnanswered(questions: readonly Question[], answers: OfferAnswers): number {
  return questions.findIndex((question) => answers[String(question.id)] === undefined);
}

const questionsOf = (context: OfferContext): readonly Question[] => context.device?.questions ?? [];
const lastStep = (context: OfferContext): number => Math.max(0, questionsOf(context).length - 1);
const indexOfQuestion = (context: OfferContext, questionId: number): number =>
  questionsOf(context).findIndex((question) => question.id === questionId);

const notProvided = (name: string) => () => Promise.reject(new Error(`offer machine: provide the '${name}' actor`));

export const offerMachine = setup({
  types: {
    context: {} as OfferContext,
    events: {} as OfferEvent,
    input: {} as OfferInput,
    output: {} as OfferOutput,
  },
  actors: {
    // Placeholders typed with the real signatures; see offerActors().
    loadDevice: fromPromise<Device, { slug: string }>(notProvided('loadDevice')),
    requestOffer: fromPromise<OfferResult, OfferRequest>(notProvided('requestOffer')),
  },
  guards: {
    hasDevice: ({ context }) => context.device !== null,
    hasNoQuestions: ({ context }) => context.device !== null && questionsOf(context).length === 0,
    hasQuestions: ({ context }) => questionsOf(context).length > 0,
    canGoBack: ({ context }) => context.step > 0,
    isKnownQuestion: ({ context, event }) => event.type === 'offer.change' && indexOfQuestion(context, event.questionId) >= 0,
    /** The answer exists and belongs to the question; anything else is ignored. */
    isValidAnswer: ({ context, event }) => {
      if (event.type !== 'offer.answer') return false;
      const question = questionsOf(context).find((q) => q.id === event.questionId);
      return question?.answers.some((answer) => answer.id === event.answerId) ?? false;
    },
    completesAnswers: ({ context, event }) =>
      event.type === 'offer.answer' &&
      firstUnanswered(questionsOf(context), { ...context.answers, [String(event.questionId)]: event.answerId }) === -1,
    isOffer: (_, result: OfferResult) => result.kind === 'offer',
  },
  actions: {
    storeDevice: assign((_, device: Device) => ({ device, step: 0, answers: {}, error: null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    recordAnswer: assign(({ context, event }) => {
      if (event.type !== 'offer.answer') return {};
      const answers = { ...context.answers, [String(event.questionId)]: event.answerId };
      const next = firstUnanswered(questionsOf(context), answers);
      return { answers, step: next === -1 ? lastStep(context) : next };
    }),
    stepBack: assign({ step: ({ context }) => Math.max(0, context.step - 1) }),
    goToLastQuestion: assign({ step: ({ context }) => lastStep(context) }),
    goToQuestion: assign({
      step: ({ context, event }) => (event.type === 'offer.change' ? Math.max(0, indexOfQuestion(context, event.questionId)) : context.step),
    }),
    /** Back from a refusal lands on the first answer the server named. */
    goToBlockingQuestion: assign({
      step: ({ context }) => {
        const first = context.blockedBy[0];
        const index = first ? indexOfQuestion(context, first.questionId) : -1;
        return index >= 0 ? index : lastStep(context);
      },
    }),
    storeResult: assign((_, result: OfferResult) =>
      result.kind === 'offer'
        ? { offer: result.offer, blockedBy: [], error: null }
        : { offer: null, blockedBy: result.blocked.blockedBy, error: null },
    ),
    clearResult: assign({ offer: null, blockedBy: () => [], error: null }),
  },
}).createMachine({
  id: 'offer',
  context: ({ input }) => ({
    slug: 'slug' in input ? input.slug : null,
    device: 'device' in input ? input.device : null,
    step: 0,
    answers: {},
    offer: null,
    blockedBy: [],
    error: null,
  }),
  initial: 'loading',
  output: ({ context }) => ({ offer: context.offer }),
  states: {
    loading: {
      // Skipped (the actor never starts) when the route already loaded the device.
      always: { guard: 'hasDevice', target: 'answering' },
      invoke: {
        src: 'loadDevice',
        input: ({ context }) => ({ slug: context.slug ?? '' }),
        onDone: { target: 'answering', actions: { type: 'storeDevice', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { 'offer.retry': 'loading' },
    },
    answering: {
      always: { guard: 'hasNoQuestions', target: 'calculating' },
      on: {
        'offer.answer': [
          { guard: and(['isValidAnswer', 'completesAnswers']), target: 'calculating', actions: 'recordAnswer' },
          { guard: 'isValidAnswer', actions: 'recordAnswer' },
        ],
        'offer.back': { guard: 'canGoBack', actions: 'stepBack' },
        'offer.change': { guard: 'isKnownQuestion', actions: 'goToQuestion' },
      },
    },
    calculating: {
      entry: 'clearResult',
      invoke: {
        src: 'requestOffer',
        input: ({ context }) => ({ deviceId: context.device?.id ?? 0, answers: { ...context.answers } }),
        onDone: [
          {
            guard: { type: 'isOffer', params: ({ event }) => event.output },
            target: 'offered',
            actions: { type: 'storeResult', params: ({ event }) => event.output },
          },
          { target: 'blocked', actions: { type: 'storeResult', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    offered: {
      on: {
        'offer.addToCart': 'addedToCart',
        'offer.change': { guard: 'isKnownQuestion', target: 'answering', actions: ['clearResult', 'goToQuestion'] },
        'offer.back': { guard: 'hasQuestions', target: 'answering', actions: ['clearResult', 'goToLastQuestion'] },
      },
    },
    blocked: {
      on: {
        'offer.change': { guard: 'isKnownQuestion', target: 'answering', actions: ['goToQuestion', 'clearResult'] },
        'offer.back': { guard: 'hasQuestions', target: 'answering', actions: ['goToBlockingQuestion', 'clearResult'] },
      },
    },
    failed: {
      on: {
        'offer.retry': 'calculating',
        'offer.back': { guard: 'hasQuestions', target: 'answering', actions: ['clearResult', 'goToLastQuestion'] },
        'offer.change': { guard: 'isKnownQuestion', target: 'answering', actions: ['clearResult', 'goToQuestion'] },
      },
    },
    // The page reads the offer from the output (or context) and sends 'cart.add' to the cart.
    addedToCart: { type: 'final' },
  },
});

export type OfferMachine = typeof offerMachine;

export interface OfferDeps {
  /** The API client, made on first use (the HTTP code loads only when an offer is requested). */
  readonly api: () => Promise<ApiClient>;
  readonly loadDevice: (slug: string) => Promise<Device>;
}

/** The real actors, for `offerMachine.provide({ actors: offerActors(deps) })`. */
export function offerActors(deps: OfferDeps) {
  return {
    loadDevice: fromPromise<Device, { slug: string }>(({ input }) => deps.loadDevice(input.slug)),
    requestOffer: fromPromise<OfferResult, OfferRequest>(async ({ input }) => {
      const [{ requestOffer }, api] = await Promise.all([import('../services/offers'), deps.api()]);
      return requestOffer(api, input);
    }),
  };
}
