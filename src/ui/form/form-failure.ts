// How a failed account or customer-data call reads for a form: the server's 400 `fields` under the
// form's own field paths (messages stay keys, the form localizes by path), or a kind of failure.

import { ApiErrorSchema } from '../../contracts/offers';
import type { FieldErrors } from '../../machines/checkout-form';
import { AccountCallError, type FieldError } from '../../services/account';
import { errorBody, statusOf } from '../../services/api-client';
import { SessionEndedError } from '../../services/session-tokens';

export type CallFailure =
  /** 400 with field errors: shown next to the fields. */
  | { readonly kind: 'fields'; readonly errors: FieldErrors }
  /** Another refusal (4xx): `status` for forms that tell some apart (403 wrong password, 409 …). */
  | { readonly kind: 'refused'; readonly status: number }
  /** 429: too many attempts; try again after the wait (seconds, when the server said). */
  | { readonly kind: 'locked'; readonly retryAfterSeconds: number | null }
  /** The session ended meanwhile: the screen shows the log-in form. */
  | { readonly kind: 'sessionEnded' }
  /** Network or server failure: the same request may be tried again. */
  | { readonly kind: 'unavailable' };

function statusAndFields(error: unknown): { status: number | undefined; fields: readonly FieldError[] } {
  if (error instanceof AccountCallError) return { status: error.status, fields: error.fields };
  const body = ApiErrorSchema.safeParse(errorBody(error));
  return { status: statusOf(error), fields: body.success ? (body.data.fields ?? []) : [] };
}

/**
 * Reads a rejection. `rename` maps a server path (e.g. `payment.iban`) to the form's path
 * (`payout.iban`); paths it answers null for are dropped (then the failure is 'refused' if none is left).
 */
export function callFailure(error: unknown, rename: (path: string) => string | null = (path) => path): CallFailure {
  if (error instanceof SessionEndedError) return { kind: 'sessionEnded' };
  const { status, fields } = statusAndFields(error);
  if (status === 429) return { kind: 'locked', retryAfterSeconds: error instanceof AccountCallError ? error.retryAfterSeconds : null };
  if (status === undefined || status >= 500 || status === 408) return { kind: 'unavailable' };
  if (status === 400) {
    const errors: Record<string, string> = {};
    for (const field of fields) {
      const path = rename(field.path);
      if (path !== null) errors[path] ??= field.message;
    }
    if (Object.keys(errors).length > 0) return { kind: 'fields', errors };
  }
  return { kind: 'refused', status };
}
