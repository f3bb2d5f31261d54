// Signing in to the back office (product §11.10): e-mail and password, then the six digits of the
// authenticator app; on the first sign-in the app is enrolled first (the QR code, or the secret to
// type). A wrong password or code says so and keeps the typed e-mail; a locked account says for how
// many minutes, and offers to mail a sign-in link to the typed address (decision 081: the link's page,
// ./sign-in-link.ts, signs in with it and the code). The machine ends with the signed-in user (its
// output); the session flow runs it.
//
//   credentials ─ 'signIn.submit' [valid] ─▶ signingIn ─ second factor / enrol ─▶ code ─ 'signIn.submit' [6 digits] ─▶ verifying ─▶ signedIn
//        ▲                                      └─ refused (wrong, locked, no answer) ─┘        ▲  └─ wrong code ─┘ (code)
//        └──────────────── 'signIn.back', the pending sign-in ended or locked ─────────────────┘
//   credentials (locked) ─ 'signIn.requestLink' [e-mail valid] ─▶ requestingLink ─ sent or no answer ─▶ credentials

import { assign, fromPromise, setup } from 'xstate';
import { issueCode, type IssueCode } from '../../contracts/issues';
import {
  StaffLoginRequestSchema,
  TotpCodeRequestSchema,
  type StaffLoginAnswer,
  type StaffLoginRequest,
  type StaffMe,
  type StaffSignInLinkRequest,
  type StaffLocale,
} from '../../contracts/staff';
import { readStaffFailure, type StaffFailure } from '../services/failure';

/** Why the sign-in screen shows: the session timed out, the user signed out, or neither (a first visit). */
export type SignInNotice = 'expired' | 'signedOut' | null;

export interface SignInInput {
  readonly notice?: SignInNotice;
}

export interface Enrolment {
  readonly secret: string;
  readonly otpauthUri: string;
  readonly qrSvg: string;
}

export type SignInField = 'email' | 'password' | 'code';

export interface SignInContext {
  readonly email: string;
  readonly password: string;
  readonly code: string;
  /** The first sign-in's authenticator enrolment; null: the app is enrolled already. */
  readonly enrolment: Enrolment | null;
  readonly issues: Partial<Record<SignInField, IssueCode>>;
  /** How many submits were refused in the browser (the screen focuses the first invalid field after each). */
  readonly attempt: number;
  readonly failure: StaffFailure | null;
  readonly notice: SignInNotice;
  readonly me: StaffMe | null;
  /** The address a sign-in link was asked for (the screen says a mail is on its way, if it is an account). */
  readonly linkSentTo: string | null;
  /** The link could not be asked for (no answer, or too many calls). */
  readonly linkFailure: StaffFailure | null;
}

export type SignInEvent =
  | { readonly type: 'signIn.email'; readonly value: string }
  | { readonly type: 'signIn.password'; readonly value: string }
  | { readonly type: 'signIn.code'; readonly value: string }
  | { readonly type: 'signIn.submit' }
  | { readonly type: 'signIn.back' }
  /** Mail a sign-in link to the typed address, in the screen's language. */
  | { readonly type: 'signIn.requestLink'; readonly lang: StaffLocale };

const notProvided = (name: string) => () => Promise.reject(new Error(`sign-in machine: provide the '${name}' actor`));

type Issues = SignInContext['issues'];

function issuesOf(result: { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[] }[] } }): Issues {
  if (result.success) return {};
  const issues: Record<string, IssueCode> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    issues[field] ??= issueCode(issue as Parameters<typeof issueCode>[0]);
  }
  return issues;
}

export const credentialIssues = (context: Pick<SignInContext, 'email' | 'password'>): Issues =>
  issuesOf(StaffLoginRequestSchema.safeParse({ email: context.email.trim(), password: context.password }));

/** The e-mail address alone (asking for a sign-in link needs no password). */
const emailIssues = (context: Pick<SignInContext, 'email'>): Issues => {
  const { email } = credentialIssues({ email: context.email, password: 'x' });
  return email ? { email } : {};
};

export const codeIssues = (context: Pick<SignInContext, 'code'>): Issues =>
  issuesOf(TotpCodeRequestSchema.safeParse({ code: context.code.replace(/\s/g, '') }));

type Failed = { readonly error: unknown };
const failureOf = ({ error }: Failed) => readStaffFailure(error);

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
    output: {} as StaffMe,
  },
  actors: {
    login: fromPromise<StaffLoginAnswer, StaffLoginRequest>(notProvided('login')),
    verify: fromPromise<StaffMe, { readonly code: string }>(notProvided('verify')),
    requestLink: fromPromise<void, StaffSignInLinkRequest>(notProvided('requestLink')),
  },
  guards: {
    credentialsValid: ({ context }) => Object.keys(credentialIssues(context)).length === 0,
    codeValid: ({ context }) => Object.keys(codeIssues(context)).length === 0,
    emailValid: ({ context }) => Object.keys(emailIssues(context)).length === 0,
    /** The pending sign-in is gone (timed out) or the account got locked: start again from the password. */
    startsAgain: (_, failed: Failed) => ['signed_out', 'locked', 'invalid_credentials'].includes(failureOf(failed).code),
  },
  actions: {
    refuseCredentials: assign(({ context }) => ({ issues: credentialIssues(context), attempt: context.attempt + 1 })),
    refuseCode: assign(({ context }) => ({ issues: codeIssues(context), attempt: context.attempt + 1 })),
    startCall: assign({ failure: null, notice: null, issues: {}, linkSentTo: null, linkFailure: null }),
    storeEnrolment: assign((_, answer: StaffLoginAnswer) => ({
      enrolment: answer.step === 'enrol' ? { secret: answer.secret, otpauthUri: answer.otpauthUri, qrSvg: answer.qrSvg } : null,
      code: '',
    })),
    /** Back to the password: the e-mail stays, the secrets go. */
    refusePassword: assign((_, failed: Failed) => ({ failure: failureOf(failed), password: '', code: '', enrolment: null })),
    refuseTypedCode: assign((_, failed: Failed) => ({ failure: failureOf(failed), code: '' })),
    storeMe: assign((_, me: StaffMe) => ({ me, password: '', code: '' })),
  },
}).createMachine({
  id: 'staffSignIn',
  context: ({ input }) => ({
    email: '',
    password: '',
    code: '',
    enrolment: null,
    issues: {},
    attempt: 0,
    failure: null,
    notice: input.notice ?? null,
    me: null,
    linkSentTo: null,
    linkFailure: null,
  }),
  initial: 'credentials',
  states: {
    credentials: {
      on: {
        'signIn.email': { actions: assign(({ event }) => ({ email: event.value })) },
        'signIn.password': { actions: assign(({ event }) => ({ password: event.value })) },
        'signIn.submit': [{ guard: 'credentialsValid', target: 'signingIn', actions: 'startCall' }, { actions: 'refuseCredentials' }],
        'signIn.requestLink': [
          { guard: 'emailValid', target: 'requestingLink', actions: assign({ linkSentTo: null, linkFailure: null, issues: {} }) },
          { actions: assign(({ context }) => ({ issues: emailIssues(context), attempt: context.attempt + 1 })) },
        ],
      },
    },
    requestingLink: {
      invoke: {
        src: 'requestLink',
        input: ({ context, event }) => ({
          email: context.email.trim(),
          lang: event.type === 'signIn.requestLink' ? event.lang : ('en' as const),
        }),
        onDone: { target: 'credentials', actions: assign(({ context }) => ({ linkSentTo: context.email.trim() })) },
        onError: { target: 'credentials', actions: assign(({ event }) => ({ linkFailure: failureOf({ error: event.error }) })) },
      },
    },
    signingIn: {
      invoke: {
        src: 'login',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: { target: 'code', actions: { type: 'storeEnrolment', params: ({ event }) => event.output } },
        onError: { target: 'credentials', actions: { type: 'refusePassword', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    code: {
      on: {
        'signIn.code': { actions: assign(({ event }) => ({ code: event.value })) },
        'signIn.submit': [{ guard: 'codeValid', target: 'verifying', actions: 'startCall' }, { actions: 'refuseCode' }],
        'signIn.back': { target: 'credentials', actions: assign({ password: '', code: '', enrolment: null, failure: null, issues: {} }) },
      },
    },
    verifying: {
      invoke: {
        src: 'verify',
        input: ({ context }) => ({ code: context.code.replace(/\s/g, '') }),
        onDone: { target: 'signedIn', actions: { type: 'storeMe', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'startsAgain', params: ({ event }) => ({ error: event.error }) },
            target: 'credentials',
            actions: { type: 'refusePassword', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'code', actions: { type: 'refuseTypedCode', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    signedIn: { type: 'final' },
  },
  output: ({ context }) => context.me!,
});
