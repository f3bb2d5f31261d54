// Setting the password from an admin's one-time link (/set-password?token=…): the new password twice,
// at least 12 characters, then on to the sign-in. A link that is unknown, used or expired says so.
//
//   editing ─ 'setPassword.submit' [valid] ─▶ submitting ─▶ done
//      ▲ └ [invalid]: field issues              └ refused (400 fields, no answer) ─▶ editing · link_invalid ─▶ linkInvalid

import { assign, fromPromise, setup } from 'xstate';
import { issueCode, type IssueCode } from '../../contracts/issues';
import { SetPasswordRequestSchema } from '../../contracts/staff';
import { readStaffFailure, type StaffFailure } from '../services/failure';

export interface SetPasswordInput {
  /** The link's token; empty: the link is cut off. */
  readonly token: string;
}

export type PasswordField = 'password' | 'repeat';

export interface SetPasswordContext {
  readonly token: string;
  readonly password: string;
  readonly repeat: string;
  readonly issues: Partial<Record<PasswordField, IssueCode>>;
  readonly attempt: number;
  readonly failure: StaffFailure | null;
}

export type SetPasswordEvent =
  | { readonly type: 'setPassword.password'; readonly value: string }
  | { readonly type: 'setPassword.repeat'; readonly value: string }
  | { readonly type: 'setPassword.submit' };

export function passwordIssues(context: Pick<SetPasswordContext, 'token' | 'password' | 'repeat'>): SetPasswordContext['issues'] {
  const result = SetPasswordRequestSchema.safeParse({ token: context.token || 'x', password: context.password });
  const issues: Partial<Record<PasswordField, IssueCode>> = {};
  if (!result.success) {
    const issue = result.error.issues.find((i) => i.path[0] === 'password');
    if (issue) issues.password = issue.code === 'too_small' && context.password !== '' ? 'passwordTooShort' : issueCode(issue);
  }
  if (!issues.password && context.repeat !== context.password) issues.repeat = 'passwordMismatch';
  return issues;
}

export const setPasswordMachine = setup({
  types: { context: {} as SetPasswordContext, events: {} as SetPasswordEvent, input: {} as SetPasswordInput },
  actors: {
    setPassword: fromPromise<void, { readonly token: string; readonly password: string }>(() =>
      Promise.reject(new Error("set-password machine: provide the 'setPassword' actor")),
    ),
  },
  guards: {
    hasToken: ({ context }) => context.token !== '',
    valid: ({ context }) => Object.keys(passwordIssues(context)).length === 0,
    linkInvalid: (_, failure: StaffFailure) => failure.code === 'link_invalid',
  },
}).createMachine({
  id: 'staffSetPassword',
  context: ({ input }) => ({ token: input.token, password: '', repeat: '', issues: {}, attempt: 0, failure: null }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hasToken', target: 'editing' }, { target: 'linkInvalid' }] },
    editing: {
      on: {
        'setPassword.password': { actions: assign(({ event }) => ({ password: event.value })) },
        'setPassword.repeat': { actions: assign(({ event }) => ({ repeat: event.value })) },
        'setPassword.submit': [
          { guard: 'valid', target: 'submitting', actions: assign({ issues: {}, failure: null }) },
          { actions: assign(({ context }) => ({ issues: passwordIssues(context), attempt: context.attempt + 1 })) },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'setPassword',
        input: ({ context }) => ({ token: context.token, password: context.password }),
        onDone: { target: 'done', actions: assign({ password: '', repeat: '' }) },
        onError: [
          { guard: { type: 'linkInvalid', params: ({ event }) => readStaffFailure(event.error) }, target: 'linkInvalid' },
          { target: 'editing', actions: assign(({ event }) => ({ failure: readStaffFailure(event.error) })) },
        ],
      },
    },
    done: { type: 'final' },
    linkInvalid: { type: 'final' },
  },
});
