// Saving and sharing one offer (issue 18 part 1), next to the offer on the device page: "copy link"
// asks the server for the device page's signed link and puts it on the clipboard (or shows it to copy
// by hand); "e-mail me this offer" sends the offer to an address (the answer is the same for every
// address). The two run side by side. The calls are placeholder actors; ./offer-share.actors.ts
// provides the real ones, tests provide fakes.
//
//   link:  idle ─copyLink─▶ creating ─▶ ready (copied or shown) | failed ─copyLink─▶ creating
//   mail:  closed ─openMail─▶ editing ─submit─▶ sending ─▶ sent | editing (field errors) | failed ─retry─▶ sending

import { assign, fromPromise, setup } from 'xstate';
import { OfferMailRequestSchema } from '../contracts/offers';
import { readApiFailure } from '../services/api-failure';
import { fieldErrors, hasErrors, withoutError, type FieldErrors } from './form';

export interface OfferShareInput {
  readonly offerId: string;
}

/** Why a call got no answer: try again, or wait (too many); `expired`: the offer expired (or is gone) meanwhile. */
export type OfferShareFailure = 'network' | 'rateLimited' | 'expired';

export interface OfferShareContext {
  readonly offerId: string;
  /** The absolute link once made; `copied` says whether it reached the clipboard. */
  readonly link: string | null;
  readonly copied: boolean;
  readonly email: string;
  readonly errors: FieldErrors;
  readonly linkFailure: OfferShareFailure | null;
  readonly mailFailure: OfferShareFailure | null;
}

export type OfferShareEvent =
  | { readonly type: 'share.copyLink' }
  | { readonly type: 'share.openMail' }
  | { readonly type: 'share.change'; readonly value: string }
  | { readonly type: 'share.submit' }
  | { readonly type: 'share.retry' };

const failureOf = (error: unknown): OfferShareFailure => {
  const failure = readApiFailure(error);
  if (failure.kind === 'rateLimited') return 'rateLimited';
  // 410 (expired) or 404 (gone from the shop): either way only a new offer helps.
  return failure.kind === 'notFound' ? 'expired' : 'network';
};
const serverFieldErrors = (error: unknown): FieldErrors => {
  const failure = readApiFailure(error);
  return failure.kind === 'validation' ? fieldErrors(failure.issues) : {};
};
const emailErrors = (email: string): FieldErrors => {
  const result = OfferMailRequestSchema.safeParse({ email });
  return result.success ? {} : fieldErrors(result.error);
};
const notProvided = (name: string) => () => Promise.reject(new Error(`offer share machine: provide the '${name}' actor`));

export const offerShareMachine = setup({
  types: { context: {} as OfferShareContext, events: {} as OfferShareEvent, input: {} as OfferShareInput },
  actors: {
    /** The signed link of the offer, and whether it was put on the clipboard. */
    createLink: fromPromise<{ link: string; copied: boolean }, { offerId: string }>(notProvided('createLink')),
    sendMail: fromPromise<void, { offerId: string; email: string }>(notProvided('sendMail')),
  },
  guards: {
    isEmailValid: ({ context }) => !hasErrors(emailErrors(context.email)),
    hasFieldErrors: (_, { error }: { error: unknown }) => hasErrors(serverFieldErrors(error)),
  },
  actions: {
    changeEmail: assign(({ context, event }) =>
      event.type === 'share.change' ? { email: event.value, errors: withoutError(context.errors, 'email') } : {},
    ),
    showErrors: assign(({ context }) => ({ errors: emailErrors(context.email) })),
    storeFieldErrors: assign((_, { error }: { error: unknown }) => ({ errors: serverFieldErrors(error) })),
    storeLink: assign((_, output: { link: string; copied: boolean }) => ({ link: output.link, copied: output.copied, linkFailure: null })),
    storeLinkFailure: assign((_, { error }: { error: unknown }) => ({ linkFailure: failureOf(error) })),
    storeMailFailure: assign((_, { error }: { error: unknown }) => ({ mailFailure: failureOf(error) })),
    startSending: assign({ mailFailure: null, errors: {} }),
  },
}).createMachine({
  id: 'offerShare',
  type: 'parallel',
  context: ({ input }) => ({
    offerId: input.offerId,
    link: null,
    copied: false,
    email: '',
    errors: {},
    linkFailure: null,
    mailFailure: null,
  }),
  states: {
    link: {
      initial: 'idle',
      states: {
        idle: { on: { 'share.copyLink': 'creating' } },
        creating: {
          invoke: {
            src: 'createLink',
            input: ({ context }) => ({ offerId: context.offerId }),
            onDone: { target: 'ready', actions: { type: 'storeLink', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'storeLinkFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: { on: { 'share.copyLink': 'creating' } },
        failed: { on: { 'share.copyLink': 'creating' } },
      },
    },
    mail: {
      initial: 'closed',
      states: {
        closed: { on: { 'share.openMail': 'editing' } },
        editing: {
          on: {
            'share.change': { actions: 'changeEmail' },
            'share.submit': [{ guard: 'isEmailValid', target: 'sending' }, { actions: 'showErrors' }],
          },
        },
        sending: {
          entry: 'startSending',
          invoke: {
            src: 'sendMail',
            input: ({ context }) => ({ offerId: context.offerId, email: OfferMailRequestSchema.parse({ email: context.email }).email }),
            onDone: 'sent',
            onError: [
              {
                guard: { type: 'hasFieldErrors', params: ({ event }) => ({ error: event.error }) },
                target: 'editing',
                actions: { type: 'storeFieldErrors', params: ({ event }) => ({ error: event.error }) },
              },
              { target: 'failed', actions: { type: 'storeMailFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        failed: {
          on: {
            'share.retry': 'sending',
            'share.change': { target: 'editing', actions: 'changeEmail' },
          },
        },
        /** "We have sent the offer to …": the same for every address. Another address can follow. */
        sent: { on: { 'share.openMail': 'editing' } },
      },
    },
  },
});
