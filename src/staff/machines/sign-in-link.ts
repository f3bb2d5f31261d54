// Signing in with the mailed sign-in link of a locked account (decision 081): the link's page asks for
// the six digits of the authenticator app and sends them with the link's token; the answer is the
// signed-in user (the machine's output; the page hands it to the session). A wrong code says so and
// lets the user type the next one (the 5th wrong code ends the link); a link that is unknown, used,
// expired, replaced or ended ends in linkInvalid, an account without an authenticator app in
// notEnrolled (both pages say what to do instead).
//
//   starting ─ token ─▶ code ─ 'link.submit' [6 digits] ─▶ verifying ─▶ signedIn
//      │                 ▲ └ [invalid]: issue      └─ wrong code, no answer ─┘ (code)
//      └─ no token ─▶ linkInvalid ◀─ link_invalid ─ verifying ─ not_enrolled ─▶ notEnrolled

import { assign, fromPromise, setup } from 'xstate';
import type { IssueCode } from '../../contracts/issues';
import type { StaffLinkSignInRequest, StaffMe } from '../../contracts/staff';
import { readStaffFailure, type StaffFailure } from '../services/failure';
import { codeIssues } from './sign-in';

export interface SignInLinkInput {
  /** The link's token; empty: the link is cut off. */
  readonly token: string;
}

export interface SignInLinkContext {
  readonly token: string;
  readonly code: string;
  readonly issues: Partial<Record<'code', IssueCode>>;
  readonly attempt: number;
  readonly failure: StaffFailure | null;
  readonly me: StaffMe | null;
}

export type SignInLinkEvent = { readonly type: 'link.code'; readonly value: string } | { readonly type: 'link.submit' };

type Failed = { readonly error: unknown };

export const signInLinkMachine = setup({
  types: {
    context: {} as SignInLinkContext,
    events: {} as SignInLinkEvent,
    input: {} as SignInLinkInput,
    output: {} as StaffMe | null,
  },
  actors: {
    signIn: fromPromise<StaffMe, StaffLinkSignInRequest>(() =>
      Promise.reject(new Error("sign-in link machine: provide the 'signIn' actor")),
    ),
  },
  guards: {
    hasToken: ({ context }) => context.token !== '',
    codeValid: ({ context }) => Object.keys(codeIssues(context)).length === 0,
    linkInvalid: (_, { error }: Failed) => readStaffFailure(error).code === 'link_invalid',
    notEnrolled: (_, { error }: Failed) => readStaffFailure(error).code === 'not_enrolled',
  },
}).createMachine({
  id: 'staffSignInLink',
  context: ({ input }) => ({ token: input.token, code: '', issues: {}, attempt: 0, failure: null, me: null }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hasToken', target: 'code' }, { target: 'linkInvalid' }] },
    code: {
      on: {
        'link.code': { actions: assign(({ event }) => ({ code: event.value })) },
        'link.submit': [
          { guard: 'codeValid', target: 'verifying', actions: assign({ issues: {}, failure: null }) },
          { actions: assign(({ context }) => ({ issues: codeIssues(context), attempt: context.attempt + 1 })) },
        ],
      },
    },
    verifying: {
      invoke: {
        src: 'signIn',
        input: ({ context }) => ({ token: context.token, code: context.code.replace(/\s/g, '') }),
        onDone: { target: 'signedIn', actions: assign(({ event }) => ({ me: event.output, code: '' })) },
        onError: [
          { guard: { type: 'linkInvalid', params: ({ event }) => ({ error: event.error }) }, target: 'linkInvalid' },
          { guard: { type: 'notEnrolled', params: ({ event }) => ({ error: event.error }) }, target: 'notEnrolled' },
          { target: 'code', actions: assign(({ event }) => ({ failure: readStaffFailure(event.error), code: '' })) },
        ],
      },
    },
    signedIn: { type: 'final' },
    linkInvalid: { type: 'final' },
    notEnrolled: { type: 'final' },
  },
  output: ({ context }) => context.me,
});
