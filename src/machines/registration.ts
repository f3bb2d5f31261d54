// Registering an account (product §3 Registration payload, §7 register; product §12): the form as
// typed, validated with the contract's RegistrationSchema (errors are form field → message key), the
// exact payload it becomes, and the submission. Success means "check your e-mail": the account is
// active only after the activation link (./activation.ts). The machine pushes the 'registration'
// data-layer event on success (action `trackRegistration`). The HTTP call is the `register` actor:
// ./registration.actors.ts provides the real one (tests provide a fake).

import { assign, fromPromise, setup } from 'xstate';
import type { Locale } from '../config/locales';
import { RegistrationSchema, type Registration } from '../contracts/account';
import type { Address, Payout } from '../contracts/trades';
import { track } from '../services/tracking';
import { isTransient, readApiFailure } from '../services/api-failure';
import { fieldErrors, hasErrors, withoutError, type FieldErrors } from './form';
import { passwordStrength, serverFieldErrors, type PasswordStrength } from './password';

export type { FieldErrors } from './form';
export type { PasswordStrength } from './password';

export const REGISTRATION_TEXT_FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;
export type RegistrationTextField = (typeof REGISTRATION_TEXT_FIELDS)[number];
/** Error paths: the text fields, 'privacyAccepted', and 'Address.<field>' / 'Payment.<field>' when sent. */
export type RegistrationField = RegistrationTextField | 'privacyAccepted';

export interface RegistrationValues extends Readonly<Record<RegistrationTextField, string>> {
  readonly privacyAccepted: boolean;
}

export interface RegistrationInput {
  readonly locale: Locale;
  /** The checkout's register path sends the first address and payout account along. */
  readonly address?: Address;
  readonly payment?: Payout;
}

export interface RegistrationForm {
  readonly locale: Locale;
  readonly values: RegistrationValues;
  readonly address: Address | null;
  readonly payment: Payout | null;
}

export type RegistrationSubmitError =
  /** No answer or a server failure: submit again. */
  | 'network'
  /** Too many registrations from here: later. */
  | 'rateLimited'
  /** The server refused fields (shown at the fields). */
  | 'invalid'
  | 'unknown';

export interface RegistrationContext extends RegistrationForm {
  readonly errors: FieldErrors;
  /** Of the typed password; null while it is empty. */
  readonly passwordStrength: PasswordStrength | null;
  readonly submitError: RegistrationSubmitError | null;
}

export type RegistrationEvent =
  | { readonly type: 'registration.change'; readonly field: RegistrationTextField; readonly value: string }
  | { readonly type: 'registration.acceptPrivacy'; readonly value: boolean }
  | { readonly type: 'registration.submit' };

export interface RegistrationOutput {
  /** Where the activation mail went (lower-cased). */
  readonly email: string;
}

export const emptyRegistration: RegistrationValues = { firstName: '', lastName: '', email: '', password: '', privacyAccepted: false };

/** Product §3: the payload as typed; RegistrationSchema trims and lower-cases it. An unticked privacy box sends no value. */
export function registrationPayload(form: RegistrationForm) {
  const { values } = form;
  return {
    enabled: true,
    firstName: values.firstName,
    lastName: values.lastName,
    username: values.email.trim().toLowerCase(),
    email: values.email.trim().toLowerCase(),
    credentials: [{ type: 'password', value: values.password, temporary: false }],
    requiredActions: [],
    groups: [],
    attributes: { locale: [form.locale], privacyAccepted: values.privacyAccepted ? ['true'] : [] },
    ...(form.address ? { Address: form.address } : {}),
    ...(form.payment ? { Payment: form.payment } : {}),
  };
}

// Payload paths that belong to one form field.
const FORM_PATHS: Readonly<Record<string, RegistrationField>> = {
  username: 'email',
  credentials: 'password',
  'credentials.0': 'password',
  'credentials.0.value': 'password',
  attributes: 'privacyAccepted',
  'attributes.privacyAccepted': 'privacyAccepted',
  'attributes.privacyAccepted.0': 'privacyAccepted',
};

/** The form field of a payload path ('credentials.0.value' → 'password'); Address and Payment paths stay. */
export const formPath = (path: string): string => FORM_PATHS[path] ?? path;

const schemas = new Map<Locale, ReturnType<typeof RegistrationSchema>>();
const schemaFor = (locale: Locale) => {
  let schema = schemas.get(locale);
  if (schema === undefined) schemas.set(locale, (schema = RegistrationSchema(locale)));
  return schema;
};

/** The validated payload (what is sent), or the errors per form field. */
export function parseRegistration(
  form: RegistrationForm,
): { readonly registration: Registration; readonly errors: null } | { readonly registration: null; readonly errors: FieldErrors } {
  const result = schemaFor(form.locale).safeParse(registrationPayload(form));
  if (result.success) return { registration: result.data, errors: null };
  return { registration: null, errors: fieldErrors(result.error, { rename: formPath }) };
}

function submittedRegistration(context: RegistrationContext): Registration {
  const { registration } = parseRegistration(context);
  // Unreachable: 'registration.submit' is guarded by the same validation.
  if (registration === null) throw new Error('registration machine: submitting an invalid form');
  return registration;
}

function submitErrorOf(error: unknown): Pick<RegistrationContext, 'submitError' | 'errors'> {
  const failure = readApiFailure(error);
  if (isTransient(failure)) return { submitError: 'network', errors: {} };
  if (failure.kind === 'rateLimited') return { submitError: 'rateLimited', errors: {} };
  const errors = serverFieldErrors(error, formPath);
  if (hasErrors(errors)) return { submitError: 'invalid', errors };
  return { submitError: 'unknown', errors: {} };
}

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
    output: {} as RegistrationOutput,
  },
  actors: {
    /** Resolves on 202 accepted; rejects with AccountCallError. */
    register: fromPromise<void, Registration>(() => Promise.reject(new Error("registration machine: provide the 'register' actor"))),
  },
  guards: {
    isFormValid: ({ context }) => parseRegistration(context).errors === null,
  },
  actions: {
    changeField: assign(({ context, event }) => {
      if (event.type !== 'registration.change' || !REGISTRATION_TEXT_FIELDS.includes(event.field)) return {};
      return {
        values: { ...context.values, [event.field]: event.value },
        errors: withoutError(context.errors, event.field),
        submitError: null,
        ...(event.field === 'password' ? { passwordStrength: event.value === '' ? null : passwordStrength(event.value) } : {}),
      };
    }),
    acceptPrivacy: assign(({ context, event }) =>
      event.type === 'registration.acceptPrivacy'
        ? {
            values: { ...context.values, privacyAccepted: event.value },
            errors: withoutError(context.errors, 'privacyAccepted'),
            submitError: null,
          }
        : {},
    ),
    showErrors: assign(({ context }) => ({ errors: parseRegistration(context).errors ?? {} })),
    startSubmission: assign({ submitError: null, errors: {} }),
    storeSubmitFailure: assign((_, { error }: { error: unknown }) => submitErrorOf(error)),
    trackRegistration: () => track({ event: 'registration', method: 'password' }),
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => ({
    locale: input.locale,
    values: emptyRegistration,
    address: input.address ?? null,
    payment: input.payment ?? null,
    errors: {},
    passwordStrength: null,
    submitError: null,
  }),
  initial: 'editing',
  output: ({ context }) => ({ email: context.values.email.trim().toLowerCase() }),
  states: {
    editing: {
      on: {
        'registration.change': { actions: 'changeField' },
        'registration.acceptPrivacy': { actions: 'acceptPrivacy' },
        'registration.submit': [{ guard: 'isFormValid', target: 'submitting' }, { actions: 'showErrors' }],
      },
    },
    submitting: {
      entry: 'startSubmission',
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => submittedRegistration(context),
        onDone: { target: 'checkEmail', actions: 'trackRegistration' },
        onError: { target: 'editing', actions: { type: 'storeSubmitFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** Done: the activation mail is on its way. */
    checkEmail: { type: 'final' },
  },
});
