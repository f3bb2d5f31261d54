// Model-based test of answering a clarification against the production clarification machine.

import { expect } from 'vitest';
import { createActor, type Actor } from 'xstate';
import type { ClarificationView } from '../src/contracts/clarifications';
import { clarificationMachine, type Choices, type LoadInput, type LoadResult, type SubmitInput } from '../src/machines/clarification';
import { ApiCallError } from '../src/services/api-failure';
import { clarificationModel } from './clarification.model';
import { controllable } from './support/controllable';
import { describeMachineFlow } from './support/machine-runner';

const FIRST = '11111111-1111-4111-8111-111111111111';
const SECOND = '22222222-2222-4222-8222-222222222222';
const SECOND_OFFER = '33333333-3333-4333-8333-333333333333';

const item = (clarificationId: string, newOfferId: string, position: number, status: 'open' | 'accepted' = 'open') => ({
  clarificationId,
  newOfferId,
  position,
  deviceName: position === 0 ? 'iPhone 13' : 'Galaxy S21',
  kind: 'lower_price' as const,
  answers: [{ questionId: 2, question: 'Display', offered: 'Flawless', found: 'Cracked', differs: true }],
  offeredPriceCents: 31_000,
  newPriceCents: 12_400,
  note: null,
  status,
  declineMode: null,
});

const view = (status: 'open' | 'answered' | 'expired', itemStatus: 'open' | 'accepted' = 'open'): ClarificationView => ({
  clarificationId: FIRST,
  tradeNumber: 'TR-2026-000042',
  status,
  deadline: '2026-12-08T10:00:00.000Z',
  items: [item(FIRST, '44444444-4444-4444-8444-444444444444', 0, itemStatus), item(SECOND, SECOND_OFFER, 1, itemStatus)],
  totals: { otherCents: 5_000, ifAcceptedCents: 29_800, ifDeclinedCents: 5_000 },
});

interface Harness {
  actor: Actor<typeof clarificationMachine> | null;
  stored: Choices | null;
  focus: string | null;
  open(focus: string | null, given?: ClarificationView): void;
  load: ReturnType<typeof controllable<LoadResult, LoadInput>>;
  submit: ReturnType<typeof controllable<ClarificationView, SubmitInput>>;
  undo: ReturnType<typeof controllable<ClarificationView, LoadInput>>;
}

const pending = (h: Harness) => {
  const snapshot = h.actor!.getSnapshot();
  if (snapshot.matches('undoing')) return h.undo;
  return snapshot.matches('submitting') || snapshot.matches('deciding') ? h.submit : h.load;
};
/** The quick answer's device accepted, the other still open. */
const secondAccepted = (): ClarificationView => ({
  ...view('open'),
  items: [item(FIRST, '44444444-4444-4444-8444-444444444444', 0), item(SECOND, SECOND_OFFER, 1, 'accepted')],
});
const choices = (h: Harness) => h.actor!.getSnapshot().context.choices;

describeMachineFlow<Harness>({
  name: 'clarification',
  model: clarificationModel,
  production: [clarificationMachine],
  simplePathBound: 300,
  uncovered: {
    'clarification.reviewing xstate.error.actor.0.clarification.reviewing#0':
      'the restore of the stored choices never fails, even when IndexedDB refuses to read (src/machines/clarification.actors.test.ts, "restores nothing, and never fails")',
  },
  start(inspect) {
    const load = controllable<LoadResult, LoadInput>('load');
    const submit = controllable<ClarificationView, SubmitInput>('submit');
    const undo = controllable<ClarificationView, LoadInput>('undo');
    const harness: Harness = {
      actor: null,
      stored: null,
      focus: null,
      load,
      submit,
      undo,
      open(focus, given) {
        harness.focus = focus;
        harness.actor?.stop();
        const machine = clarificationMachine.provide({
          actors: { load: load.logic, submit: submit.logic, undo: undo.logic },
          actions: {
            remember: ({ context }) => void (harness.stored = context.choices),
            forget: () => void (harness.stored = null),
          },
        });
        harness.actor = createActor(machine, {
          input: {
            clarificationId: FIRST,
            tradeNumber: 'TR-2026-000042',
            token: 'token',
            focusOfferId: focus,
            ...(given && { view: given }),
          },
          inspect,
        }).start();
      },
    };
    return harness;
  },
  events: {
    OPEN_LINK: (h) => h.open(null),
    OPEN_QUICK_ANSWER: (h) => h.open(SECOND_OFFER),
    OPEN_RENDERED_LINK: (h) => h.open(null, view('open')),
    OPEN_RENDERED_ANSWERED_LINK: (h) => h.open(null, view('answered', 'accepted')),
    OPEN_RENDERED_EXPIRED_LINK: (h) => h.open(null, view('expired')),
    OPEN_RENDERED_QUICK_ANSWER: (h) => h.open(SECOND_OFFER, view('open')),
    OPEN_RENDERED_QUICK_ANSWER_AGAIN: (h) => h.open(SECOND_OFFER, secondAccepted()),
    SERVER_SENDS_OPEN: (h) => h.load.resolve({ view: view('open'), saved: h.stored }),
    SERVER_SENDS_ANSWERED: (h) => h.load.resolve({ view: view('answered', 'accepted'), saved: h.stored }),
    SERVER_SENDS_FOCUS_ANSWERED: (h) => h.load.resolve({ view: secondAccepted(), saved: null }),
    SERVER_ACCEPTS_ONE: (h) => h.submit.resolve(secondAccepted()),
    UNDO: (h) => h.actor!.send({ type: 'clarification.undo' }),
    SERVER_UNDOES: (h) => h.undo.resolve(view('open')),
    SERVER_SAYS_MOVED_ON: (h) => h.undo.reject(new ApiCallError({ status: 409 })),
    SERVER_SENDS_EXPIRED: (h) => h.load.resolve({ view: view('expired'), saved: null }),
    LINK_REFUSED: (h) => h.load.reject(new ApiCallError({ status: 404 })),
    SERVER_DOWN: (h) => pending(h).reject(new ApiCallError({ status: 503 })),
    RETRY: (h) => h.actor!.send({ type: 'clarification.retry' }),
    RELOAD: (h) => h.open(h.focus),
    ACCEPT_FIRST: (h) => h.actor!.send({ type: 'clarification.decide', clarificationId: FIRST, decision: 'accept' }),
    DECLINE_SECOND: (h) => h.actor!.send({ type: 'clarification.decide', clarificationId: SECOND, decision: 'decline' }),
    CHOOSE_RECYCLE_SECOND: (h) =>
      h.actor!.send({ type: 'clarification.chooseDeclineMode', clarificationId: SECOND, declineMode: 'recycle' }),
    // The quick answer's one tap: decide and ask for the confirmation.
    ACCEPT_OFFER: (h) => {
      h.actor!.send({ type: 'clarification.decide', clarificationId: SECOND, decision: 'accept' });
      h.actor!.send({ type: 'clarification.confirm' });
    },
    CONFIRM: (h) => h.actor!.send({ type: 'clarification.confirm' }),
    BACK: (h) => h.actor!.send({ type: 'clarification.back' }),
    SUBMIT: (h) => h.actor!.send({ type: 'clarification.submit' }),
    SERVER_ACCEPTS: (h) => h.submit.resolve(view('answered', 'accepted')),
    SERVER_SAYS_ALREADY_ANSWERED: (h) => pending(h).reject(new ApiCallError({ status: 409 })),
    SERVER_SAYS_DEADLINE_PASSED: (h) => pending(h).reject(new ApiCallError({ status: 410 })),
  },
  checks: {
    undecided: (h) => expect(choices(h)).toEqual({}),
    oneDecided: (h) => {
      expect(choices(h)).toEqual({ [FIRST]: { decision: 'accept', declineMode: 'return' } });
      expect(h.stored).toEqual(choices(h));
    },
    allDecided: (h) => expect(Object.keys(choices(h)).sort()).toEqual([FIRST, SECOND]),
    submitting: (h) => {
      const input = h.submit.inputs.at(-1)!;
      expect(input.decisions.map((d) => d.clarificationId)).toEqual([FIRST, SECOND]);
      expect(input.idempotencyKey).not.toBe('');
    },
    submitFailed: (h) => expect(h.actor!.getSnapshot().context.idempotencyKey).not.toBeNull(),
    quickConfirming: (h) => {
      expect(h.actor!.getSnapshot().matches('confirming')).toBe(true);
      expect(choices(h)).toEqual({ [SECOND]: { decision: 'accept', declineMode: 'return' } });
    },
    quickSubmitting: (h) => expect(h.submit.inputs.at(-1)!.decisions).toEqual([{ clarificationId: SECOND, decision: 'accept' }]),
    answered: (h) => {
      expect(h.actor!.getSnapshot().context.view?.status).toBe('answered');
      expect(h.stored).toBeNull();
    },
    quickDeciding: (h) => expect(h.submit.inputs.at(-1)!.decisions).toEqual([{ clarificationId: SECOND, decision: 'accept' }]),
    quickAnswered: (h) => expect(h.actor!.getSnapshot().can({ type: 'clarification.undo' })).toBe(true),
    undoFailed: (h) => expect(h.actor!.getSnapshot().context).toMatchObject({ failure: 'conflict', failedStep: 'undo' }),
    loadFailed: (h) => expect(h.actor!.getSnapshot().context.failedStep).toBe('load'),
  },
});
