// How a failed save reads for a form that calls a service itself (the account's address, payout,
// password and deletion forms): the 400 answer's field issues under the form's own paths, or a
// kind of failure for the line under the form (./form-status). Built on the one failure reader.

import { fieldErrors, hasErrors, type FieldErrors } from '../../machines/form';
import { readApiFailure } from '../../services/api-failure';

export type FormFailure =
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
 * Reads a rejection. `rename` maps a server path (e.g. `payment.iban`) to the form's path
 * (`payout.iban`); paths it answers null for are dropped (then the failure is 'refused' if none is left).
 */
export function formFailure(error: unknown, rename: (path: string) => string | null = (path) => path): FormFailure {
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
