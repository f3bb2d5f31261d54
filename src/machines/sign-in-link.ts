// Signing in with a mailed sign-in link (decision 077): the page of the link hands its token to the
// server once; the answer's tokens open the session (the `signIn` actor hands them to it, see
// ./sign-in-link.actors.ts), a used, expired or malformed link ends in invalidToken (the page offers
// the log-in form, where a new link can be asked for), a missing answer offers a retry. Asking for
// the link is the forgotten-password flow with another call (forgotPasswordMachine, ./password.ts).

import { assign, fromPromise, setup } from 'xstate';
import { ONE_TIME_TOKEN_PATTERN } from '../contracts/account';
import { isTransient, readApiFailure } from '../services/api-failure';

export interface SignInWithLinkInput {
  /** The `token` query parameter of the link. */
  readonly token: string | null | undefined;
}

export interface SignInWithLinkContext {
  readonly token: string;
  /** The last attempt got no verdict on the token: 'network' (retry) or 'rateLimited' (later). */
  readonly failure: 'network' | 'rateLimited' | null;
}

export type SignInWithLinkEvent = { readonly type: 'link.retry' };

export const signInWithLinkMachine = setup({
  types: {
    context: {} as SignInWithLinkContext,
    events: {} as SignInWithLinkEvent,
    input: {} as SignInWithLinkInput,
  },
  actors: {
    /** Signs in with the token and opens the session; rejects with the HTTP client's error. */
    signIn: fromPromise<void, { token: string }>(() => Promise.reject(new Error("signInWithLink machine: provide the 'signIn' actor"))),
  },
  guards: {
    /** The one-time token form; anything else is refused without a call. */
    hasUsableToken: ({ context }) => ONE_TIME_TOKEN_PATTERN.test(context.token),
    noVerdict: (_, { error }: { error: unknown }) => {
      const failure = readApiFailure(error);
      return isTransient(failure) || failure.kind === 'rateLimited';
    },
  },
  actions: {
    storeFailure: assign((_, { error }: { error: unknown }) => ({
      failure: readApiFailure(error).kind === 'rateLimited' ? ('rateLimited' as const) : ('network' as const),
    })),
  },
}).createMachine({
  id: 'signInWithLink',
  context: ({ input }) => ({ token: input.token ?? '', failure: null }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'hasUsableToken', target: 'signingIn' }, { target: 'invalidToken' }] },
    signingIn: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ token: context.token }),
        onDone: 'signedIn',
        onError: [
          {
            guard: { type: 'noVerdict', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'invalidToken' },
        ],
      },
    },
    failed: { on: { 'link.retry': 'signingIn' } },
    invalidToken: { type: 'final' },
    signedIn: { type: 'final' },
  },
});
