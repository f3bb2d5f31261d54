// The forgotten-password and reset-password flows (product §7 forgotPasswordMail, resetPassword; product §2
// password routes) and the password rules the account forms share: the strength hint and field errors
// from the contract or a server's 400 answer. The HTTP calls are the `sendMail` and `resetPassword`
// actors: ./forgot-password.actors.ts and ./reset-password.actors.ts provide the real ones (tests
// provide fakes).

import { assign, fromPromise, setup } from 'xstate';
import type { Locale } from '../config/locales';
import { AccountEmailSchema, ONE_TIME_TOKEN_PATTERN, PASSWORD_MIN, PasswordSchema } from '../contracts/account';
import { isTransient, readApiFailure } from '../services/api-failure';
import { fieldErrors, hasErrors, withoutError, type FieldErrors } from './form';

export type { FieldErrors } from './form';

// ---------------------------------------------------------------------------------------------
// Shared by the account forms

export type PasswordStrength = 'weak' | 'fair' | 'strong';

const CHARACTER_CLASSES = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u];

/**
 * A hint from length and variety (lower, upper, digits, others), shown while typing. It never blocks:
 * the only rule is 8–128 characters (PasswordSchema); length counts most (ASVS: no composition rules).
 */
export function passwordStrength(password: string): PasswordStrength {
  const length = [...password].length;
  const variety = CHARACTER_CLASSES.filter((pattern) => pattern.test(password)).length;
  if (length >= 16 || (length >= 12 && variety >= 3)) return 'strong';
  if (length >= 12 || (length >= PASSWORD_MIN && variety >= 3)) return 'fair';
  return 'weak';
}

/** The contract's issue with a password, as field errors under `field` ({} when it is valid). */
export function passwordErrors(password: string, field = 'password'): FieldErrors {
  const result = PasswordSchema.safeParse(password);
  return result.success ? {} : fieldErrors(result.error, { prefix: field });
}

/** The field errors of a rejected call's 400 answer ({} for any other failure), paths renamed to form fields. */
export function serverFieldErrors(error: unknown, rename?: (path: string) => string | null): FieldErrors {
  const failure = readApiFailure(error);
  return failure.kind === 'validation' ? fieldErrors(failure.issues, rename ? { rename } : {}) : {};
}

// ---------------------------------------------------------------------------------------------
// Forgotten password: e-mail → sending → sent

export interface ForgotPasswordInput {
  readonly locale: Locale;
  /** Prefill, e.g. from the login form. */
  readonly email?: string;
}

export interface ForgotPasswordContext {
  readonly locale: Locale;
  readonly email: string;
  readonly errors: FieldErrors;
  /** The last attempt got no answer: offer a retry. */
  readonly failure: 'network' | null;
}

export type ForgotPasswordEvent =
  { readonly type: 'forgot.change'; readonly value: string } | { readonly type: 'forgot.submit' } | { readonly type: 'forgot.retry' };

export interface SendMailInput {
  readonly email: string;
  readonly lang: Locale;
}

const emailErrors = (email: string): FieldErrors => {
  const result = AccountEmailSchema.safeParse(email);
  return result.success ? {} : fieldErrors(result.error, { prefix: 'email' });
};

const notProvided = (machine: string, name: string) => () => Promise.reject(new Error(`${machine} machine: provide the '${name}' actor`));

/** Product §7: the result is ignored; the page says "if an account exists, we sent a mail". Only a missing answer offers a retry. */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    input: {} as ForgotPasswordInput,
  },
  actors: {
    sendMail: fromPromise<void, SendMailInput>(notProvided('forgotPassword', 'sendMail')),
  },
  guards: {
    isEmailValid: ({ context }) => !hasErrors(emailErrors(context.email)),
    gotNoAnswer: (_, { error }: { error: unknown }) => readApiFailure(error).kind === 'network',
  },
  actions: {
    changeEmail: assign(({ context, event }) =>
      event.type === 'forgot.change' ? { email: event.value, errors: withoutError(context.errors, 'email') } : {},
    ),
    showErrors: assign(({ context }) => ({ errors: emailErrors(context.email) })),
    startSending: assign({ failure: null, errors: {} }),
    storeNetworkFailure: assign({ failure: 'network' as const }),
  },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({ locale: input.locale, email: input.email ?? '', errors: {}, failure: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'forgot.change': { actions: 'changeEmail' },
        'forgot.submit': [{ guard: 'isEmailValid', target: 'sending' }, { actions: 'showErrors' }],
      },
    },
    sending: {
      entry: 'startSending',
      invoke: {
        id: 'sendMail',
        src: 'sendMail',
        input: ({ context }) => ({ email: AccountEmailSchema.parse(context.email), lang: context.locale }),
        onDone: 'sent',
        onError: [
          {
            guard: { type: 'gotNoAnswer', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: 'storeNetworkFailure',
          },
          { target: 'sent' },
        ],
      },
    },
    failed: {
      on: {
        'forgot.retry': 'sending',
        'forgot.change': { target: 'editing', actions: 'changeEmail' },
        'forgot.submit': [
          { guard: 'isEmailValid', target: 'sending' },
          { target: 'editing', actions: 'showErrors' },
        ],
      },
    },
    sent: { type: 'final' },
  },
});

// ---------------------------------------------------------------------------------------------
// Reset: token from the link, new password twice → resetting → done | invalidToken | failed

export interface ResetPasswordInput {
  /** The `token` query parameter of the e-mail link. */
  readonly token: string | null | undefined;
}

export type ResetField = 'password' | 'repeat';

export interface ResetPasswordContext {
  readonly token: string;
  readonly password: string;
  readonly repeat: string;
  readonly passwordStrength: PasswordStrength | null;
  readonly errors: FieldErrors;
  /** The last attempt failed without a verdict on the token: 'network' (retry) or 'rateLimited' (later). */
  readonly failure: 'network' | 'rateLimited' | null;
}

export type ResetPasswordEvent =
  | { readonly type: 'reset.change'; readonly field: ResetField; readonly value: string }
  | { readonly type: 'reset.submit' }
  | { readonly type: 'reset.retry' };

export interface ResetPasswordCallInput {
  readonly token: string;
  readonly password: string;
}

/** The new password (contract rule) and its repetition. */
export function resetErrors(context: Pick<ResetPasswordContext, 'password' | 'repeat'>): FieldErrors {
  const errors = passwordErrors(context.password);
  return context.repeat === context.password ? errors : { ...errors, repeat: 'passwordMismatch' };
}

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput,
  },
  actors: {
    resetPassword: fromPromise<void, ResetPasswordCallInput>(notProvided('resetPassword', 'resetPassword')),
  },
  guards: {
    /** The token "decodes" (product §4): the one-time token form; anything else is refused without a call. */
    hasUsableToken: ({ context }) => ONE_TIME_TOKEN_PATTERN.test(context.token),
    isFormValid: ({ context }) => !hasErrors(resetErrors(context)),
    isTransient: (_, { error }: { error: unknown }) => {
      const failure = readApiFailure(error);
      return isTransient(failure) || failure.kind === 'rateLimited';
    },
    hasFieldErrors: (_, { error }: { error: unknown }) => hasErrors(serverFieldErrors(error)),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      if (event.type !== 'reset.change' || (event.field !== 'password' && event.field !== 'repeat')) return {};
      return {
        [event.field]: event.value,
        ...(event.field === 'password' ? { passwordStrength: event.value === '' ? null : passwordStrength(event.value) } : {}),
        errors: withoutError(event.field === 'password' ? withoutError(context.errors, 'password') : context.errors, 'repeat'),
      };
    }),
    showErrors: assign(({ context }) => ({ errors: resetErrors(context) })),
    startReset: assign({ failure: null, errors: {} }),
    storeFieldErrors: assign((_, { error }: { error: unknown }) => ({ errors: serverFieldErrors(error) })),
    storeFailure: assign((_, { error }: { error: unknown }) => ({
      failure: readApiFailure(error).kind === 'rateLimited' ? ('rateLimited' as const) : ('network' as const),
    })),
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ token: input.token ?? '', password: '', repeat: '', passwordStrength: null, errors: {}, failure: null }),
  initial: 'checkingToken',
  states: {
    checkingToken: {
      always: [{ guard: 'hasUsableToken', target: 'editing' }, { target: 'invalidToken' }],
    },
    editing: {
      on: {
        'reset.change': { actions: 'changeField' },
        'reset.submit': [{ guard: 'isFormValid', target: 'resetting' }, { actions: 'showErrors' }],
      },
    },
    resetting: {
      entry: 'startReset',
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ token: context.token, password: context.password }),
        onDone: 'done',
        onError: [
          {
            guard: { type: 'isTransient', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
          },
          // The password was refused (e.g. a too common one): the token is still good.
          {
            guard: { type: 'hasFieldErrors', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'storeFieldErrors', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'invalidToken' },
        ],
      },
    },
    failed: {
      on: {
        'reset.retry': 'resetting',
        'reset.change': { target: 'editing', actions: 'changeField' },
      },
    },
    done: { type: 'final' },
    /** Missing, malformed, unknown, used or expired: ask for a new link. */
    invalidToken: { type: 'final' },
  },
});
