// Activating a registration from the e-mail link (product §4 Registration activation, §5, §8; decision
// 009: /account/register?token=…). The token is "decoded" (checked against the one-time token form)
// in the browser; then activateRegistration answers {activated, token}, and the returned token is the
// identifier activateCustomerByIdentifier consumes to give the customer number. The HTTP calls are the
// `activateRegistration` and `activateCustomer` actors: ./activation.actors.ts provides the real ones
// (tests provide fakes).
//
//   decoding ─ no token ──────────────▶ missingToken (final)
//            ─ cannot be decoded ─────▶ notActivated (final, no call)
//            ─▶ activating ─ activated + token ─▶ identifying ─▶ activated (final, customerNumber)
//                          ─ activated, no token ─▶ missingToken (product §5)
//                          ─ not activated ───────▶ notActivated
//               activating / identifying ─ no answer, 5xx ─▶ failed ─ 'activation.retry' ─▶ the step that failed

import { assign, fromPromise, setup } from 'xstate';
import { ONE_TIME_TOKEN_PATTERN, type ActivationAnswer } from '../contracts/account';
import { isTransient, readApiFailure } from '../services/api-failure';

export interface ActivationInput {
  /** The `token` query parameter of the link. */
  readonly token: string | null | undefined;
}

export interface ActivationContext {
  readonly token: string;
  /** The identifier activateRegistration answered (kept for a retry of the second step). */
  readonly identifier: string | null;
  readonly customerNumber: string | null;
  /** Where the token was missing: in the link or in the activation answer. */
  readonly missingTokenIn: 'link' | 'answer' | null;
  /** The last failure was a 429 (try later) rather than no answer. */
  readonly rateLimited: boolean;
}

export type ActivationEvent = { readonly type: 'activation.retry' };

const notProvided = (name: string) => () => Promise.reject(new Error(`activation machine: provide the '${name}' actor`));

type Failure = { readonly error: unknown };

export const activationMachine = setup({
  types: {
    context: {} as ActivationContext,
    events: {} as ActivationEvent,
    input: {} as ActivationInput,
  },
  actors: {
    activateRegistration: fromPromise<ActivationAnswer, { token: string }>(notProvided('activateRegistration')),
    activateCustomer: fromPromise<{ customerNumber: string }, { identifier: string }>(notProvided('activateCustomer')),
  },
  guards: {
    hasToken: ({ context }) => context.token !== '',
    /** Product §8: a token that cannot be decoded is "not activated", without asking the server. */
    isDecodable: ({ context }) => ONE_TIME_TOKEN_PATTERN.test(context.token),
    isActivatedWithToken: (_, answer: ActivationAnswer) => answer.activated && typeof answer.token === 'string' && answer.token !== '',
    isActivated: (_, answer: ActivationAnswer) => answer.activated,
    /** Worth trying again: no answer, a server failure, a timeout or a rate limit. */
    isRetryable: (_, { error }: Failure) => {
      const failure = readApiFailure(error);
      return isTransient(failure) || failure.kind === 'rateLimited';
    },
    /** The server says the token header was missing (400). */
    isMissingTokenAnswer: (_, { error }: Failure) => readApiFailure(error).kind === 'validation',
    hasIdentifier: ({ context }) => context.identifier !== null,
  },
  actions: {
    markMissingInLink: assign({ missingTokenIn: 'link' as const }),
    markMissingInAnswer: assign({ missingTokenIn: 'answer' as const }),
    storeIdentifier: assign((_, answer: ActivationAnswer) => ({ identifier: answer.token ?? null })),
    storeCustomerNumber: assign((_, result: { customerNumber: string }) => ({ customerNumber: result.customerNumber })),
    storeFailure: assign((_, { error }: Failure) => ({ rateLimited: readApiFailure(error).kind === 'rateLimited' })),
  },
}).createMachine({
  id: 'activation',
  context: ({ input }) => ({
    token: (input.token ?? '').trim(),
    identifier: null,
    customerNumber: null,
    missingTokenIn: null,
    rateLimited: false,
  }),
  initial: 'decoding',
  states: {
    decoding: {
      always: [
        { guard: 'hasToken', target: 'checkingForm' },
        { target: 'missingToken', actions: 'markMissingInLink' },
      ],
    },
    checkingForm: {
      always: [{ guard: 'isDecodable', target: 'activating' }, { target: 'notActivated' }],
    },
    activating: {
      invoke: {
        id: 'activateRegistration',
        src: 'activateRegistration',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            guard: { type: 'isActivatedWithToken', params: ({ event }) => event.output },
            target: 'identifying',
            actions: { type: 'storeIdentifier', params: ({ event }) => event.output },
          },
          { guard: { type: 'isActivated', params: ({ event }) => event.output }, target: 'missingToken', actions: 'markMissingInAnswer' },
          { target: 'notActivated' },
        ],
        onError: [
          {
            guard: { type: 'isRetryable', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isMissingTokenAnswer', params: ({ event }) => ({ error: event.error }) },
            target: 'missingToken',
            actions: 'markMissingInLink',
          },
          { target: 'notActivated' },
        ],
      },
    },
    identifying: {
      invoke: {
        id: 'activateCustomer',
        src: 'activateCustomer',
        input: ({ context }) => ({ identifier: context.identifier ?? '' }),
        onDone: { target: 'activated', actions: { type: 'storeCustomerNumber', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isRetryable', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
          },
          // The identifier was refused (expired or used): this link cannot activate any more.
          { target: 'notActivated' },
        ],
      },
    },
    failed: {
      on: {
        'activation.retry': [{ guard: 'hasIdentifier', target: 'identifying' }, { target: 'activating' }],
      },
    },
    /** context.customerNumber holds the new customer number. */
    activated: { type: 'final' },
    notActivated: { type: 'final' },
    missingToken: { type: 'final' },
  },
});
