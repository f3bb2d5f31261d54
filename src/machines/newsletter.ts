// The newsletter flows (issue 13; product §1, §2 newsletter paths): the sign-up form of the footer and
// the home page (double opt-in: the answer is the same for every address, the mail does the rest),
// the enrich page (confirm the mail link, then first name and interests), the one-step unsubscribe
// from the signed hash of a mail link, and the account's subscription switch. The HTTP calls are
// placeholder actors; ./newsletter.actors.ts provides the real ones, tests provide fakes.
//
//   newsletter:             editing ─submit─▶ sending ─▶ sent | failed ─retry─▶ sending
//   newsletterEnrich:       start ─▶ confirming | loading | finding ─▶ editing ─submit─▶ saving ─▶ saved
//                                     (invalid link ─▶ invalidLink; not subscribed ─▶ notSubscribed)
//   newsletterUnsubscribe:  start ─▶ ready ─unsubscribe─▶ unsubscribing ─▶ done | invalidLink | failed
//   newsletterSubscription: loading ─▶ shown ─toggle─▶ saving ─▶ shown

import { assign, fromPromise, setup } from 'xstate';
import type { CategoryKey } from '../config/categories';
import { AccountEmailSchema } from '../contracts/account';
import {
  EMAIL_HASH_PATTERN,
  ProfileSchema,
  type NewsletterProfile,
  type NewsletterSource,
  type ProfileAnswer,
  type SubscriptionAnswer,
  type SubscriptionStatus,
} from '../contracts/newsletter';
import { isTransient, readApiFailure } from '../services/api-failure';
import { fieldErrors, hasErrors, withoutError, type FieldErrors } from './form';

/** Why the last call got no verdict: no answer or a server failure (try again), or too many attempts (wait). */
export type NewsletterFailure = 'network' | 'rateLimited';

type Failure = { readonly error: unknown };

const failureOf = (error: unknown): NewsletterFailure => (readApiFailure(error).kind === 'rateLimited' ? 'rateLimited' : 'network');
/** No verdict on the request: the same request may work later. */
const noVerdict = (error: unknown) => {
  const failure = readApiFailure(error);
  return isTransient(failure) || failure.kind === 'rateLimited';
};
const serverFieldErrors = (error: unknown): FieldErrors => {
  const failure = readApiFailure(error);
  return failure.kind === 'validation' ? fieldErrors(failure.issues) : {};
};

const notProvided = (machine: string, name: string) => () => Promise.reject(new Error(`${machine} machine: provide the '${name}' actor`));

// ---------------------------------------------------------------------------------------------
// Sign-up (footer, home)

export interface SignUpInput {
  readonly source: NewsletterSource;
  /** Typed before the form's code loaded. */
  readonly email?: string;
}

export interface SignUpContext {
  readonly source: NewsletterSource;
  readonly email: string;
  readonly errors: FieldErrors;
  readonly failure: NewsletterFailure | null;
}

export type SignUpEvent =
  | { readonly type: 'newsletter.change'; readonly value: string }
  | { readonly type: 'newsletter.submit' }
  | { readonly type: 'newsletter.retry' };

export interface SubscribeInput {
  readonly email: string;
  readonly source: NewsletterSource;
}

const emailErrors = (email: string): FieldErrors => {
  const result = AccountEmailSchema.safeParse(email);
  return result.success ? {} : fieldErrors(result.error, { prefix: 'email' });
};

export const newsletterMachine = setup({
  types: { context: {} as SignUpContext, events: {} as SignUpEvent, input: {} as SignUpInput },
  actors: {
    subscribe: fromPromise<void, SubscribeInput>(notProvided('newsletter', 'subscribe')),
  },
  guards: {
    isEmailValid: ({ context }) => !hasErrors(emailErrors(context.email)),
    hasFieldErrors: (_, { error }: Failure) => hasErrors(serverFieldErrors(error)),
  },
  actions: {
    changeEmail: assign(({ context, event }) =>
      event.type === 'newsletter.change' ? { email: event.value, errors: withoutError(context.errors, 'email') } : {},
    ),
    showErrors: assign(({ context }) => ({ errors: emailErrors(context.email) })),
    startSending: assign({ failure: null, errors: {} }),
    storeFieldErrors: assign((_, { error }: Failure) => ({ errors: serverFieldErrors(error) })),
    storeFailure: assign((_, { error }: Failure) => ({ failure: failureOf(error) })),
  },
}).createMachine({
  id: 'newsletter',
  context: ({ input }) => ({ source: input.source, email: input.email ?? '', errors: {}, failure: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'newsletter.change': { actions: 'changeEmail' },
        'newsletter.submit': [{ guard: 'isEmailValid', target: 'sending' }, { actions: 'showErrors' }],
      },
    },
    sending: {
      entry: 'startSending',
      invoke: {
        id: 'subscribe',
        src: 'subscribe',
        input: ({ context }) => ({ email: AccountEmailSchema.parse(context.email), source: context.source }),
        onDone: 'sent',
        onError: [
          {
            guard: { type: 'hasFieldErrors', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'storeFieldErrors', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      on: {
        'newsletter.retry': 'sending',
        'newsletter.change': { target: 'editing', actions: 'changeEmail' },
      },
    },
    /** "Please confirm with the link we sent": the same for every address (no enumeration). */
    sent: { type: 'final' },
  },
});

// ---------------------------------------------------------------------------------------------
// Enrich: /newsletter/enrich/{emailHash}?confirm=… (from the mail) or /newsletter/enrich (logged in)

export interface EnrichInput {
  readonly emailHash: string | null | undefined;
  /** The `confirm` parameter of the confirmation link. */
  readonly confirmToken: string | null | undefined;
  readonly loggedIn: boolean;
}

export interface EnrichContext {
  readonly emailHash: string;
  readonly confirmToken: string;
  readonly loggedIn: boolean;
  /** The link confirmed the subscription just now. */
  readonly confirmed: boolean;
  readonly firstName: string;
  readonly interests: readonly CategoryKey[];
  readonly errors: FieldErrors;
  readonly failure: NewsletterFailure | null;
  /** The step a retry repeats. */
  readonly retryStep: 'confirming' | 'loading' | 'finding' | null;
}

export type EnrichEvent =
  | { readonly type: 'enrich.changeName'; readonly value: string }
  | { readonly type: 'enrich.toggleInterest'; readonly interest: CategoryKey }
  | { readonly type: 'enrich.submit' }
  | { readonly type: 'enrich.edit' }
  | { readonly type: 'enrich.retry' };

const profileErrors = (context: Pick<EnrichContext, 'firstName' | 'interests'>): FieldErrors => {
  const result = ProfileSchema.safeParse({ firstName: context.firstName, interests: context.interests });
  return result.success ? {} : fieldErrors(result.error);
};

export const newsletterEnrichMachine = setup({
  types: { context: {} as EnrichContext, events: {} as EnrichEvent, input: {} as EnrichInput },
  actors: {
    confirm: fromPromise<ProfileAnswer, { emailHash: string; token: string }>(notProvided('newsletterEnrich', 'confirm')),
    loadProfile: fromPromise<ProfileAnswer, { emailHash: string }>(notProvided('newsletterEnrich', 'loadProfile')),
    loadSubscription: fromPromise<SubscriptionAnswer, void>(notProvided('newsletterEnrich', 'loadSubscription')),
    saveProfile: fromPromise<ProfileAnswer, { emailHash: string; profile: NewsletterProfile }>(
      notProvided('newsletterEnrich', 'saveProfile'),
    ),
  },
  guards: {
    hasConfirmLink: ({ context }) => EMAIL_HASH_PATTERN.test(context.emailHash) && context.confirmToken !== '',
    hasHash: ({ context }) => EMAIL_HASH_PATTERN.test(context.emailHash),
    /** A hash in the path that is no hash at all: refused without a call. */
    hasBrokenHash: ({ context }) => context.emailHash !== '',
    isLoggedIn: ({ context }) => context.loggedIn,
    isSubscribed: (_, answer: SubscriptionAnswer) => answer.status === 'subscribed' && answer.emailHash !== null,
    isProfileValid: ({ context }) => !hasErrors(profileErrors(context)),
    noVerdict: (_, { error }: Failure) => noVerdict(error),
    hasFieldErrors: (_, { error }: Failure) => hasErrors(serverFieldErrors(error)),
    retryConfirming: ({ context }) => context.retryStep === 'confirming',
    retryLoading: ({ context }) => context.retryStep === 'loading',
  },
  actions: {
    storeProfile: assign((_, answer: ProfileAnswer) => ({
      emailHash: answer.emailHash,
      firstName: answer.firstName,
      interests: answer.interests,
    })),
    markConfirmed: assign({ confirmed: true }),
    storeHash: assign((_, answer: SubscriptionAnswer) => ({ emailHash: answer.emailHash ?? '' })),
    changeName: assign(({ context, event }) =>
      event.type === 'enrich.changeName' ? { firstName: event.value, errors: withoutError(context.errors, 'firstName') } : {},
    ),
    toggleInterest: assign(({ context, event }) => {
      if (event.type !== 'enrich.toggleInterest') return {};
      const has = context.interests.includes(event.interest);
      return { interests: has ? context.interests.filter((i) => i !== event.interest) : [...context.interests, event.interest] };
    }),
    showErrors: assign(({ context }) => ({ errors: profileErrors(context) })),
    startCall: assign({ failure: null }),
    storeFieldErrors: assign((_, { error }: Failure) => ({ errors: serverFieldErrors(error) })),
    storeFailure: assign((_, params: Failure & { step?: EnrichContext['retryStep'] }) => ({
      failure: failureOf(params.error),
      retryStep: params.step ?? null,
    })),
  },
}).createMachine({
  id: 'newsletterEnrich',
  context: ({ input }) => ({
    emailHash: (input.emailHash ?? '').trim().toLowerCase(),
    confirmToken: (input.confirmToken ?? '').trim(),
    loggedIn: input.loggedIn,
    confirmed: false,
    firstName: '',
    interests: [],
    errors: {},
    failure: null,
    retryStep: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'hasConfirmLink', target: 'confirming' },
        { guard: 'hasHash', target: 'loading' },
        { guard: 'hasBrokenHash', target: 'invalidLink' },
        { guard: 'isLoggedIn', target: 'finding' },
        { target: 'notSubscribed' },
      ],
    },
    confirming: {
      entry: 'startCall',
      invoke: {
        src: 'confirm',
        input: ({ context }) => ({ emailHash: context.emailHash, token: context.confirmToken }),
        onDone: { target: 'editing', actions: [{ type: 'storeProfile', params: ({ event }) => event.output }, 'markConfirmed'] },
        onError: [
          {
            guard: { type: 'noVerdict', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error, step: 'confirming' as const }) },
          },
          { target: 'invalidLink' },
        ],
      },
    },
    loading: {
      entry: 'startCall',
      invoke: {
        src: 'loadProfile',
        input: ({ context }) => ({ emailHash: context.emailHash }),
        onDone: { target: 'editing', actions: { type: 'storeProfile', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'noVerdict', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error, step: 'loading' as const }) },
          },
          { target: 'invalidLink' },
        ],
      },
    },
    /** Logged in without a link: the account's subscription gives the hash. */
    finding: {
      entry: 'startCall',
      invoke: {
        src: 'loadSubscription',
        onDone: [
          {
            guard: { type: 'isSubscribed', params: ({ event }) => event.output },
            target: 'loading',
            actions: { type: 'storeHash', params: ({ event }) => event.output },
          },
          { target: 'notSubscribed' },
        ],
        onError: [
          {
            guard: { type: 'noVerdict', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error, step: 'finding' as const }) },
          },
          // The session ended meanwhile: the page offers the sign-up.
          { target: 'notSubscribed' },
        ],
      },
    },
    editing: {
      on: {
        'enrich.changeName': { actions: 'changeName' },
        'enrich.toggleInterest': { actions: 'toggleInterest' },
        'enrich.submit': [{ guard: 'isProfileValid', target: 'saving' }, { actions: 'showErrors' }],
      },
    },
    saving: {
      entry: assign({ failure: null, errors: {} }),
      invoke: {
        src: 'saveProfile',
        input: ({ context }) => ({
          emailHash: context.emailHash,
          profile: { firstName: context.firstName.trim(), interests: [...context.interests] },
        }),
        onDone: { target: 'saved', actions: { type: 'storeProfile', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'hasFieldErrors', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'storeFieldErrors', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'noVerdict', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
          },
          // Unsubscribed meanwhile (or the hash is unknown).
          { target: 'invalidLink' },
        ],
      },
    },
    saved: {
      on: { 'enrich.edit': 'editing' },
    },
    failed: {
      on: {
        'enrich.retry': [
          { guard: 'retryConfirming', target: 'confirming' },
          { guard: 'retryLoading', target: 'loading' },
          { target: 'finding' },
        ],
      },
    },
    /** Unknown, tampered, expired or unsubscribed: sign up again. */
    invalidLink: { type: 'final' },
    /** Logged out, or the account has no subscription: the page shows the sign-up form. */
    notSubscribed: { type: 'final' },
  },
});

// ---------------------------------------------------------------------------------------------
// Unsubscribe: /newsletter/unsubscribe/{emailHash} — one step, then the success page

export interface UnsubscribeInput {
  readonly emailHash: string | null | undefined;
}

export interface UnsubscribeContext {
  readonly emailHash: string;
  readonly failure: NewsletterFailure | null;
}

export type UnsubscribeEvent = { readonly type: 'unsubscribe.confirm' } | { readonly type: 'unsubscribe.retry' };

export const newsletterUnsubscribeMachine = setup({
  types: { context: {} as UnsubscribeContext, events: {} as UnsubscribeEvent, input: {} as UnsubscribeInput },
  actors: {
    unsubscribe: fromPromise<void, { emailHash: string }>(notProvided('newsletterUnsubscribe', 'unsubscribe')),
  },
  guards: {
    hasHash: ({ context }) => EMAIL_HASH_PATTERN.test(context.emailHash),
    noVerdict: (_, { error }: Failure) => noVerdict(error),
  },
  actions: {
    storeFailure: assign((_, { error }: Failure) => ({ failure: failureOf(error) })),
    /** Provided by the page: go on to the success page. */
    showSuccess: () => undefined,
  },
}).createMachine({
  id: 'newsletterUnsubscribe',
  context: ({ input }) => ({ emailHash: (input.emailHash ?? '').trim().toLowerCase(), failure: null }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'hasHash', target: 'ready' }, { target: 'invalidLink' }] },
    /** One button: mail scanners that open links do not unsubscribe anybody. */
    ready: { on: { 'unsubscribe.confirm': 'unsubscribing' } },
    unsubscribing: {
      entry: assign({ failure: null }),
      invoke: {
        src: 'unsubscribe',
        input: ({ context }) => ({ emailHash: context.emailHash }),
        onDone: 'done',
        onError: [
          {
            guard: { type: 'noVerdict', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'invalidLink' },
        ],
      },
    },
    failed: { on: { 'unsubscribe.retry': 'unsubscribing' } },
    /** The page goes on to /newsletter/unsubscribe/success. */
    done: { type: 'final', entry: 'showSuccess' },
    invalidLink: { type: 'final' },
  },
});

// ---------------------------------------------------------------------------------------------
// The account's subscription (account overview)

export interface SubscriptionContext {
  readonly status: SubscriptionStatus;
  readonly emailHash: string | null;
  readonly failure: NewsletterFailure | null;
  /** The last change the customer made (for the status message). */
  readonly changed: 'subscribed' | 'unsubscribed' | null;
}

export type SubscriptionEvent = { readonly type: 'subscription.toggle' } | { readonly type: 'subscription.retry' };

export const newsletterSubscriptionMachine = setup({
  types: { context: {} as SubscriptionContext, events: {} as SubscriptionEvent },
  actors: {
    loadSubscription: fromPromise<SubscriptionAnswer, void>(notProvided('newsletterSubscription', 'loadSubscription')),
    setSubscription: fromPromise<SubscriptionAnswer, { subscribed: boolean }>(notProvided('newsletterSubscription', 'setSubscription')),
  },
  actions: {
    store: assign((_, answer: SubscriptionAnswer) => ({ status: answer.status, emailHash: answer.emailHash })),
    storeChange: assign((_, answer: SubscriptionAnswer) => ({
      changed: answer.status === 'subscribed' ? ('subscribed' as const) : ('unsubscribed' as const),
    })),
    storeFailure: assign((_, { error }: Failure) => ({ failure: failureOf(error) })),
  },
}).createMachine({
  id: 'newsletterSubscription',
  context: { status: 'none', emailHash: null, failure: null, changed: null },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ failure: null }),
      invoke: {
        src: 'loadSubscription',
        onDone: { target: 'shown', actions: { type: 'store', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { 'subscription.retry': 'loading' } },
    shown: { on: { 'subscription.toggle': 'saving' } },
    saving: {
      entry: assign({ failure: null }),
      invoke: {
        src: 'setSubscription',
        input: ({ context }) => ({ subscribed: context.status !== 'subscribed' }),
        onDone: {
          target: 'shown',
          actions: [
            { type: 'store', params: ({ event }) => event.output },
            { type: 'storeChange', params: ({ event }) => event.output },
          ],
        },
        onError: { target: 'shown', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
