// Field errors of the forms, as every form machine keeps them: field path → issue code (see
// src/contracts/issues). The contract's zod issues and a server's 400 answer become the same map;
// src/ui/form turns a code into words next to its field. Also how a failed save reads, and the
// machine of a form that saves with one call (decision 019).

import { assign, fromPromise, setup } from 'xstate';
import { fieldIssues, type FieldIssue, type IssueCode, type IssueLike } from '../contracts/issues';
import { readApiFailure } from '../services/api-failure';

/** Field path (e.g. 'address.postalCode', 'payout.iban', 'termsAccepted') → what is wrong with it. */
export type FieldErrors = Readonly<Record<string, IssueCode>>;

type ZodIssueLike = IssueLike & { readonly path: readonly PropertyKey[]; readonly message: string };

/**
 * The first issue per field: a server's FieldIssues, or a zod error's issues (`prefix` puts a part's
 * paths under the whole request's). `rename` maps a path to the form's own (null drops it).
 */
export function fieldErrors(
  issues: readonly FieldIssue[] | { readonly issues: readonly ZodIssueLike[] },
  options: { readonly prefix?: string; readonly rename?: (path: string) => string | null } = {},
): FieldErrors {
  const list = 'issues' in issues ? fieldIssues(issues, options.prefix) : issues;
  const errors: Record<string, IssueCode> = {};
  for (const issue of list) {
    const path = options.rename ? options.rename(issue.path) : issue.path;
    if (path !== null) errors[path] ??= issue.code;
  }
  return errors;
}

export const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;

export function withoutError(errors: FieldErrors, path: string): FieldErrors {
  if (!(path in errors)) return errors;
  const { [path]: _removed, ...rest } = errors;
  return rest;
}

/** The errors whose path lies under `prefix` (e.g. 'payout') or equals it. */
export function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => path === prefix || path.startsWith(`${prefix}.`)));
}

export function withoutErrorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  const under = errorsUnder(errors, prefix);
  return Object.keys(under).length === 0 ? errors : Object.fromEntries(Object.entries(errors).filter(([path]) => !(path in under)));
}

// ---------------------------------------------------------------------------------------------
// How a failed save reads for a form

export type SaveFailure =
  /** 400 with field issues: shown next to the fields. */
  | { readonly kind: 'fields'; readonly errors: FieldErrors }
  /** Another refusal (4xx): `status` for forms that tell some apart (403 wrong password, 409 …). */
  | { readonly kind: 'refused'; readonly status: number }
  /** 429: too many attempts; try again after the wait (seconds, when the server said). */
  | { readonly kind: 'locked'; readonly retryAfterSeconds: number | null }
  /** The session ended meanwhile: the screen shows the log-in form. */
  | { readonly kind: 'sessionEnded' }
  /** Network or server failure: the same request may be tried again. */
  | { readonly kind: 'unavailable' };

const STATUS = { unauthorized: 401, forbidden: 403, notFound: 404, conflict: 409 } as const;

/**
 * Reads a rejected save. `rename` maps a server path (e.g. `payment.iban`) to the form's path
 * (`payout.iban`); paths it answers null for are dropped (then the failure is 'refused' if none is left).
 */
export function formFailure(error: unknown, rename: (path: string) => string | null = (path) => path): SaveFailure {
  const failure = readApiFailure(error);
  if (failure.kind === 'sessionEnded') return { kind: 'sessionEnded' };
  if (failure.kind === 'rateLimited') return { kind: 'locked', retryAfterSeconds: failure.retryAfterSeconds };
  if (failure.kind === 'network' || failure.kind === 'server') return { kind: 'unavailable' };
  if (failure.kind === 'validation') {
    const errors = fieldErrors(failure.issues, { rename });
    return hasErrors(errors) ? { kind: 'fields', errors } : { kind: 'refused', status: 400 };
  }
  return { kind: 'refused', status: failure.kind === 'refused' ? failure.status : STATUS[failure.kind] };
}

// ---------------------------------------------------------------------------------------------
// A form that saves with one call: editing → saving → saved, or back to editing with the failure

export interface SaveFormContext<V> {
  readonly values: V;
  readonly errors: FieldErrors;
  /** Why the last save failed; null before and after a good one. */
  readonly failure: SaveFailure | null;
  /** Refused submits so far: the screen moves the focus to the first invalid field on each. */
  readonly refused: number;
}

export type SaveFormEvent<V> =
  /** The seller changed the form: its new values, and the field paths whose errors the change clears. */
  { readonly type: 'form.edit'; readonly values: V; readonly cleared: readonly string[] } | { readonly type: 'form.submit' };

export interface SaveFormOptions<V> {
  readonly id: string;
  /** The errors of `values` ({} when they may be sent), usually from the contract (fieldErrors). */
  readonly validate: (values: V) => FieldErrors;
  /** The server's field paths → the form's (null drops one). */
  readonly rename?: (path: string) => string | null;
}

const cleared = (errors: FieldErrors, paths: readonly string[]) => paths.reduce(withoutError, errors);
const notProvidedSave = (id: string) => () => Promise.reject(new Error(`${id} machine: provide the 'save' actor`));

/**
 * The machine of a form that is checked in the browser and saved with one call (the account's
 * address, payout and password forms in ./account-forms.ts, the review form in ./review.ts). Their
 * `*.actors.ts` provide `save`, which gets `{ values }` and resolves when they are stored; what a
 * rejection means is read by formFailure.
 */
export function saveFormMachine<V>(options: SaveFormOptions<V>) {
  return setup({
    types: {
      context: {} as SaveFormContext<V>,
      events: {} as SaveFormEvent<V>,
      input: {} as { readonly values: V },
    },
    actors: { save: fromPromise<void, { readonly values: V }>(notProvidedSave(options.id)) },
    guards: { isValid: ({ context }) => !hasErrors(options.validate(context.values)) },
    actions: {
      edit: assign(({ context, event }) =>
        event.type === 'form.edit' ? { values: event.values, errors: cleared(context.errors, event.cleared) } : {},
      ),
      refuse: assign(({ context }) => ({ errors: options.validate(context.values), refused: context.refused + 1 })),
      startSaving: assign({ failure: null }),
      storeFailure: assign(({ context }, { error }: { error: unknown }) => {
        const failure = formFailure(error, options.rename);
        return failure.kind === 'fields'
          ? { failure, errors: failure.errors, refused: context.refused + 1 }
          : { failure, errors: context.errors, refused: context.refused };
      }),
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({ values: input.values, errors: {}, failure: null, refused: 0 }),
    initial: 'editing',
    states: {
      editing: {
        on: {
          'form.edit': { actions: 'edit' },
          'form.submit': [{ guard: 'isValid', target: 'saving' }, { actions: 'refuse' }],
        },
      },
      saving: {
        entry: 'startSaving',
        invoke: {
          src: 'save',
          input: ({ context }) => ({ values: context.values }),
          onDone: 'saved',
          onError: { target: 'editing', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      /** Saved; a further change edits again. */
      saved: { on: { 'form.edit': { target: 'editing', actions: 'edit' } } },
    },
  });
}
