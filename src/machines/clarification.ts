// Answering a clarification (product §10–11): the seller opens the mail's link (or the account's),
// reads per item what was offered and what was found, decides per item (accept the new offer, or
// decline: the device comes back, or is recycled free), can change the decisions, confirms, and the
// answers are sent once (Idempotency-Key kept for a retry). Decisions made so far are stored by the
// `remember` action (./clarification.actors) and come back with `restore` after a reload. The page's
// loader may hand the view in (`input.view`, loaded on the server): the machine then starts from it
// and fetches only when it was given none (the account's link without a token). The quick answer
// focuses on one item (`focusOfferId`) and accepts its new offer at once (decision 069): `deciding`
// sends it as soon as the actor runs (in the browser; the server's render stays in `deciding`, whose
// page has a one-button form for a browser without JavaScript). While the trade still waits for its
// other devices, `clarification.undo` reopens the quick answer's item.
//
//   starting ─ view given ─▶ deciding | reviewing | answered | expired ; no view ─▶ loading
//   loading ─ open (quick answer: its item open) ─▶ deciding ─▶ answered
//           ─ open ─▶ reviewing ─ 'clarification.confirm' [ready] ─▶ confirming ─ 'clarification.submit' ─▶ submitting
//           ─ answered / expired / not found ─▶ answered | expired (final)       ◀─ 'clarification.back' ─┘
//   submitting ─▶ answered · 404/410 ─▶ expired · 409 (answered meanwhile) ─▶ loading
//   answered ─ 'clarification.undo' [quick answer, trade still in clarification] ─▶ undoing ─▶ reviewing
//   loading / deciding / submitting / undoing ─ no answer, 5xx, 429, 409 (undo) ─▶ failed ─ 'clarification.retry' ─▶ the step that failed

import { assign, fromPromise, setup } from 'xstate';
import type { ClarificationDecision, ClarificationView, DeclineMode } from '../contracts/clarifications';
import { readApiFailure, type ApiFailureKind } from '../services/api-failure';
import { randomKey } from './checkout-form';

export interface ClarificationInput {
  readonly clarificationId: string;
  readonly tradeNumber: string;
  /** The link's token; null when opened from the account. */
  readonly token: string | null;
  /** The quick answer's {offerid}: the new offer the page focuses on. */
  readonly focusOfferId?: string | null;
  /** The view the page's loader already has (server rendering): the machine starts from it instead of fetching. */
  readonly view?: ClarificationView | null;
}

export interface Choice {
  readonly decision: 'accept' | 'decline';
  readonly declineMode: DeclineMode;
}

export type Choices = Readonly<Record<string, Choice>>;

export interface ClarificationContext extends Omit<ClarificationInput, 'view'> {
  readonly focusOfferId: string | null;
  readonly view: ClarificationView | null;
  /** Per clarification id (items still open only). */
  readonly choices: Choices;
  /** Kept from the first submission of the current choices until they change, so a retry is replayed. */
  readonly idempotencyKey: string | null;
  readonly failure: ApiFailureKind | null;
  readonly failedStep: 'load' | 'submit' | 'undo' | null;
}

export interface LoadResult {
  readonly view: ClarificationView;
  /** The choices stored before a reload, if any. */
  readonly saved: Choices | null;
}

/** What the `load` actor is given: the link's parts. */
export type LoadInput = Pick<ClarificationInput, 'clarificationId' | 'tradeNumber' | 'token'>;

export interface SubmitInput {
  readonly ref: LoadInput;
  readonly decisions: ClarificationDecision[];
  readonly idempotencyKey: string;
}

export type ClarificationEvent =
  | { readonly type: 'clarification.decide'; readonly clarificationId: string; readonly decision: 'accept' | 'decline' }
  | { readonly type: 'clarification.chooseDeclineMode'; readonly clarificationId: string; readonly declineMode: DeclineMode }
  | { readonly type: 'clarification.confirm' }
  | { readonly type: 'clarification.back' }
  | { readonly type: 'clarification.submit' }
  | { readonly type: 'clarification.retry' }
  | { readonly type: 'clarification.undo' };

const notProvided = (name: string) => () => Promise.reject(new Error(`clarification machine: provide the '${name}' actor`));

/** The items the seller answers now: the focused one (quick answer) or every open one. */
export function itemsToAnswer(context: Pick<ClarificationContext, 'view' | 'focusOfferId'>): ClarificationView['items'] {
  const open = (context.view?.items ?? []).filter((i) => i.status === 'open');
  if (context.focusOfferId === null) return open;
  return open.filter((i) => i.newOfferId === context.focusOfferId);
}

/** The decisions to send, in item order; null while an item to answer has none. */
export function decisionsOf(context: Pick<ClarificationContext, 'view' | 'focusOfferId' | 'choices'>): ClarificationDecision[] | null {
  const items = itemsToAnswer(context);
  if (items.length === 0 || items.some((i) => !context.choices[i.clarificationId])) return null;
  return items.map((i) => {
    const choice = context.choices[i.clarificationId]!;
    return choice.decision === 'accept'
      ? { clarificationId: i.clarificationId, decision: 'accept' }
      : { clarificationId: i.clarificationId, decision: 'decline', declineMode: choice.declineMode };
  });
}

/** Stored choices that still fit the view: open items only. */
function keptChoices(view: ClarificationView, saved: Choices | null, current: Choices): Choices {
  const open = new Set(view.items.filter((i) => i.status === 'open').map((i) => i.clarificationId));
  const merged = { ...(saved ?? {}), ...current };
  return Object.fromEntries(Object.entries(merged).filter(([id]) => open.has(id)));
}

type Failure = { readonly error: unknown };

/** A quick answer whose item is still open in `view` (and the trade waits for answers). */
const decidesAtOnce = (context: Pick<ClarificationContext, 'focusOfferId'>, view: ClarificationView) =>
  context.focusOfferId !== null && view.status === 'open' && itemsToAnswer({ view, focusOfferId: context.focusOfferId }).length > 0;

export const clarificationMachine = setup({
  types: {
    context: {} as ClarificationContext,
    events: {} as ClarificationEvent,
    input: {} as ClarificationInput,
  },
  actors: {
    load: fromPromise<LoadResult, LoadInput>(notProvided('load')),
    submit: fromPromise<ClarificationView, SubmitInput>(notProvided('submit')),
    /** The choices stored before a reload (null: none; nothing is stored unless ./clarification.actors provides it). */
    restore: fromPromise<Choices | null, LoadInput>(async () => null),
    /** Takes back the answer to the quick answer's item: the view afterwards. */
    undo: fromPromise<ClarificationView, LoadInput>(notProvided('undo')),
  },
  guards: {
    isOpen: (_, view: ClarificationView) => view.status === 'open' && itemsToAnswer({ view, focusOfferId: null }).length > 0,
    isExpired: (_, view: ClarificationView) => view.status === 'expired',
    /** The focused offer is not open any more (answered before): show the summary. */
    focusAnswered: ({ context }, view: ClarificationView) =>
      context.focusOfferId !== null && itemsToAnswer({ view, focusOfferId: context.focusOfferId }).length === 0,
    isReady: ({ context }) => decisionsOf(context) !== null,
    isAnswerable: ({ context }, { clarificationId }: { clarificationId: string }) =>
      itemsToAnswer(context).some((i) => i.clarificationId === clarificationId),
    isGone: (_, { error }: Failure) => readApiFailure(error).kind === 'notFound',
    isConflict: (_, { error }: Failure) => readApiFailure(error).kind === 'conflict',
    failedSubmitting: ({ context }) => context.failedStep === 'submit',
    /** The first load (nothing shown yet) of a quick answer whose item is open: its new offer is accepted at once. */
    decidesAtOnce: ({ context }, view: ClarificationView) => context.view === null && decidesAtOnce(context, view),
    /** The quick answer's item is answered and the trade still waits for another: the answer can be taken back. */
    canUndo: ({ context }) =>
      context.focusOfferId !== null &&
      context.view?.status === 'open' &&
      context.view.items.some((i) => i.newOfferId === context.focusOfferId && i.status !== 'open'),
    /** The view the loader handed in (`starting`). */
    givenExpired: ({ context }) => context.view?.status === 'expired',
    givenDecidesAtOnce: ({ context }) => context.view !== null && decidesAtOnce(context, context.view),
    givenFocusAnswered: ({ context }) =>
      context.view !== null &&
      context.focusOfferId !== null &&
      itemsToAnswer({ view: context.view, focusOfferId: context.focusOfferId }).length === 0,
    givenOpen: ({ context }) =>
      context.view !== null && context.view.status === 'open' && itemsToAnswer({ view: context.view, focusOfferId: null }).length > 0,
    hasView: ({ context }) => context.view !== null,
  },
  actions: {
    storeLoaded: assign(({ context }, { view, saved }: LoadResult) => ({
      view,
      choices: keptChoices(view, saved, context.choices),
      failure: null,
      failedStep: null,
    })),
    storeAnswered: assign((_, view: ClarificationView) => ({ view, choices: {}, idempotencyKey: null, failure: null, failedStep: null })),
    storeRestored: assign(({ context }, saved: Choices | null) =>
      context.view ? { choices: keptChoices(context.view, saved, context.choices) } : {},
    ),
    /** The quick answer's decision: accept the new offer of its item. */
    acceptFocused: assign(({ context }) => {
      const focused = itemsToAnswer(context)[0];
      if (!focused) return {};
      return {
        choices: { ...context.choices, [focused.clarificationId]: { decision: 'accept' as const, declineMode: 'return' as const } },
        idempotencyKey: null,
      };
    }),
    decide: assign(({ context }, { clarificationId, decision }: { clarificationId: string; decision: 'accept' | 'decline' }) => ({
      choices: {
        ...context.choices,
        [clarificationId]: { decision, declineMode: context.choices[clarificationId]?.declineMode ?? ('return' as const) },
      },
      idempotencyKey: null,
    })),
    chooseDeclineMode: assign(({ context }, { clarificationId, declineMode }: { clarificationId: string; declineMode: DeclineMode }) => ({
      choices: { ...context.choices, [clarificationId]: { decision: 'decline' as const, declineMode } },
      idempotencyKey: null,
    })),
    makeKey: assign(({ context }) => ({ idempotencyKey: context.idempotencyKey ?? randomKey() })),
    storeFailure: assign((_, { error, step }: Failure & { step: 'load' | 'submit' | 'undo' }) => ({
      failure: readApiFailure(error).kind,
      failedStep: step,
    })),
    forgetKey: assign({ idempotencyKey: null }),
    /** Stores the choices so far (provided by ./clarification.actors; a no-op here). */
    remember: () => {},
    /** Deletes the stored choices once answered (provided by ./clarification.actors). */
    forget: () => {},
    /** Tells the page's other data that the trade changed (provided by ./clarification.actors; a no-op here). */
    changed: () => {},
  },
}).createMachine({
  id: 'clarification',
  context: ({ input }) => ({
    clarificationId: input.clarificationId,
    tradeNumber: input.tradeNumber,
    token: input.token,
    focusOfferId: input.focusOfferId ?? null,
    view: input.view ?? null,
    choices: {},
    idempotencyKey: null,
    failure: null,
    failedStep: null,
  }),
  initial: 'starting',
  states: {
    /** Where the view the loader handed in leads (eventless: the server's render already shows that state). */
    starting: {
      always: [
        { guard: 'givenExpired', target: 'expired' },
        { guard: 'givenDecidesAtOnce', target: 'deciding', actions: ['acceptFocused', 'makeKey'] },
        { guard: 'givenFocusAnswered', target: 'answered' },
        { guard: 'givenOpen', target: 'reviewing' },
        { guard: 'hasView', target: 'answered' },
        { target: 'loading' },
      ],
    },
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ clarificationId: context.clarificationId, tradeNumber: context.tradeNumber, token: context.token }),
        onDone: [
          {
            guard: { type: 'isExpired', params: ({ event }) => event.output.view },
            target: 'expired',
            actions: { type: 'storeLoaded', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'decidesAtOnce', params: ({ event }) => event.output.view },
            target: 'deciding',
            actions: [{ type: 'storeLoaded', params: ({ event }) => event.output }, 'acceptFocused', 'makeKey'],
          },
          {
            guard: { type: 'focusAnswered', params: ({ event }) => event.output.view },
            target: 'answered',
            actions: [{ type: 'storeLoaded', params: ({ event }) => event.output }, 'forget'],
          },
          {
            guard: { type: 'isOpen', params: ({ event }) => event.output.view },
            target: 'reviewing',
            actions: { type: 'storeLoaded', params: ({ event }) => event.output },
          },
          { target: 'answered', actions: [{ type: 'storeLoaded', params: ({ event }) => event.output }, 'forget'] },
        ],
        onError: [
          // The expired-link page of product §2.5: a wrong, foreign or expired link.
          { guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) }, target: 'expired' },
          {
            target: 'failed',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error, step: 'load' as const }) },
          },
        ],
      },
    },
    /** The quick answer accepts its item's new offer as soon as the actor runs (decision 069). */
    deciding: {
      invoke: {
        id: 'decide',
        src: 'submit',
        input: ({ context }) => ({
          ref: { clarificationId: context.clarificationId, tradeNumber: context.tradeNumber, token: context.token },
          decisions: decisionsOf(context) ?? [],
          idempotencyKey: context.idempotencyKey ?? '',
        }),
        onDone: { target: 'answered', actions: [{ type: 'storeAnswered', params: ({ event }) => event.output }, 'forget', 'changed'] },
        onError: [
          { guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) }, target: 'expired', actions: 'forget' },
          // Answered meanwhile (the form without JavaScript, another tab): read what is true now.
          { guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) }, target: 'loading', actions: 'forgetKey' },
          {
            target: 'failed',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error, step: 'submit' as const }) },
          },
        ],
      },
    },
    reviewing: {
      // The choices stored before a reload (a failure to read them leaves the page as it is).
      invoke: {
        src: 'restore',
        input: ({ context }) => ({ clarificationId: context.clarificationId, tradeNumber: context.tradeNumber, token: context.token }),
        onDone: { actions: { type: 'storeRestored', params: ({ event }) => event.output } },
        onError: {},
      },
      on: {
        'clarification.decide': {
          guard: { type: 'isAnswerable', params: ({ event }) => event },
          actions: [{ type: 'decide', params: ({ event }) => event }, 'remember'],
        },
        'clarification.chooseDeclineMode': {
          guard: { type: 'isAnswerable', params: ({ event }) => event },
          actions: [{ type: 'chooseDeclineMode', params: ({ event }) => event }, 'remember'],
        },
        'clarification.confirm': { guard: 'isReady', target: 'confirming' },
      },
    },
    confirming: {
      on: {
        'clarification.back': 'reviewing',
        'clarification.submit': { target: 'submitting', actions: 'makeKey' },
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({
          ref: { clarificationId: context.clarificationId, tradeNumber: context.tradeNumber, token: context.token },
          decisions: decisionsOf(context) ?? [],
          idempotencyKey: context.idempotencyKey ?? '',
        }),
        onDone: { target: 'answered', actions: [{ type: 'storeAnswered', params: ({ event }) => event.output }, 'forget', 'changed'] },
        onError: [
          { guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) }, target: 'expired', actions: 'forget' },
          // Answered meanwhile (another tab, the deadline): read what is true now.
          { guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) }, target: 'loading', actions: 'forgetKey' },
          {
            target: 'failed',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error, step: 'submit' as const }) },
          },
        ],
      },
    },
    failed: {
      on: {
        // A failed undo reads the trade again: it may have moved on.
        'clarification.retry': [{ guard: 'failedSubmitting', target: 'submitting' }, { target: 'loading' }],
      },
    },
    /** context.view holds the answered items and the totals; the quick answer's item can be taken back while the trade waits. */
    answered: {
      on: { 'clarification.undo': { guard: 'canUndo', target: 'undoing' } },
    },
    undoing: {
      invoke: {
        id: 'undo',
        src: 'undo',
        input: ({ context }) => ({ clarificationId: context.clarificationId, tradeNumber: context.tradeNumber, token: context.token }),
        onDone: { target: 'reviewing', actions: [{ type: 'storeAnswered', params: ({ event }) => event.output }, 'changed'] },
        onError: [
          { guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) }, target: 'expired' },
          // 409: the trade moved on meanwhile (the answer stands); the page says so and offers to read it again.
          {
            target: 'failed',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error, step: 'undo' as const }) },
          },
        ],
      },
    },
    /** The link is wrong, of another trade, or past its deadline: the expired-link page. */
    expired: { type: 'final' },
  },
});
