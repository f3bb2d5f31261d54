// Who uses the back office in this tab (product §11.10): the session is an HttpOnly cookie, so the
// tab asks the server (GET /api/staff/me) at start. Signed out, the sign-in flow runs as this
// machine's child and its end signs the tab in. Any call that meets the end of the session (idle
// timeout, signed out elsewhere) tells this machine (`session.expired`, sent by the API client's
// listener), and the screens go to the sign-in page, keeping where the user was.
//
//   checking ─ user ─▶ signedIn ─ 'session.signOut' ─▶ signingOut ─▶ signedOut
//            ─ none ─▶ signedOut (runs the sign-in) ─ done ─▶ signedIn ◀──────┘ (a failed sign-out)
//            ─ no answer ─▶ unavailable ─ 'session.retry' ─▶ checking
//   signedIn ─ 'session.expired' ─▶ signedOut
//   any ─ 'session.signedIn' (the sign-in link's page signed this browser in, decision 081) ─▶ signedIn

import { assign, fromPromise, setup } from 'xstate';
import type { StaffMe, StaffRole } from '../../contracts/staff';
import { readStaffFailure, type StaffFailure } from '../services/failure';
import { signInMachine, type SignInNotice } from './sign-in';

export interface SessionContext {
  readonly me: StaffMe | null;
  /** Why the tab is signed out (shown on the sign-in page). */
  readonly notice: SignInNotice;
  /** A failed check at start or a failed sign-out. */
  readonly failure: StaffFailure | null;
}

export type SessionEvent =
  | { readonly type: 'session.signOut' }
  | { readonly type: 'session.expired' }
  | { readonly type: 'session.retry' }
  /** Signed in outside the sign-in flow: by the mailed sign-in link and its code. */
  | { readonly type: 'session.signedIn'; readonly me: StaffMe };

const notProvided = (name: string) => () => Promise.reject(new Error(`session machine: provide the '${name}' actor`));

type Failed = { readonly error: unknown };

export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent, children: {} as { signIn: 'signIn' } },
  actors: {
    me: fromPromise<StaffMe>(notProvided('me')),
    signOut: fromPromise<void>(notProvided('signOut')),
    signIn: signInMachine,
  },
  guards: {
    signedOutAlready: (_, failed: Failed) => readStaffFailure(failed.error).code === 'signed_out',
  },
  actions: {
    storeMe: assign((_, me: StaffMe) => ({ me, notice: null, failure: null })),
    storeFailure: assign((_, failed: Failed) => ({ failure: readStaffFailure(failed.error) })),
    /** Drops what the signed-in user read (provided by ./session.actors: the query cache). */
    forgetData: () => {},
  },
}).createMachine({
  id: 'staffSession',
  context: { me: null, notice: null, failure: null },
  initial: 'checking',
  on: {
    'session.signedIn': { target: '.signedIn', actions: { type: 'storeMe', params: ({ event }) => event.me } },
  },
  states: {
    checking: {
      invoke: {
        src: 'me',
        onDone: { target: 'signedIn', actions: { type: 'storeMe', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'signedOutAlready', params: ({ event }) => ({ error: event.error }) }, target: 'signedOut' },
          { target: 'unavailable', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    unavailable: {
      on: { 'session.retry': { target: 'checking', actions: assign({ failure: null }) } },
    },
    signedOut: {
      entry: ['forgetData', assign({ me: null, failure: null })],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ notice: context.notice }),
        onDone: { target: 'signedIn', actions: { type: 'storeMe', params: ({ event }) => event.output } },
      },
    },
    signedIn: {
      on: {
        'session.signOut': { target: 'signingOut', actions: assign({ failure: null }) },
        'session.expired': { target: 'signedOut', actions: assign({ notice: 'expired' as const }) },
      },
    },
    signingOut: {
      invoke: {
        src: 'signOut',
        onDone: { target: 'signedOut', actions: assign({ notice: 'signedOut' as const }) },
        onError: [
          {
            guard: { type: 'signedOutAlready', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut',
            actions: assign({ notice: 'signedOut' as const }),
          },
          { target: 'signedIn', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
  },
});

/** Whether the signed-in user has one of `roles`. */
export const hasRole = (me: StaffMe | null, ...roles: readonly StaffRole[]): boolean =>
  me !== null && me.roles.some((r) => roles.includes(r));
