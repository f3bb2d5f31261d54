// The one reader of failed API calls: whatever a call rejected with (the HTTP client's error, an
// ApiCallError of a test fake, the end of the session, a network failure) becomes a typed
// ApiFailure. Machines branch on its kind; field issues carry codes (src/contracts/issues), which
// only the UI turns into words.

import { FetchError } from 'ofetch';
import { readFieldIssue } from '../contracts/issue-codes';
import type { FieldIssue } from '../contracts/issues';
import { SessionEndedError } from './session-tokens';

export type ApiFailure =
  /** No answer (offline, connection lost, timeout): the same request may be tried again. */
  | { readonly kind: 'network' }
  /** The server failed (5xx) or answered something the contract does not know: try again later. */
  | { readonly kind: 'server'; readonly status: number | null }
  /** 429: too many attempts; `retryAfterSeconds` from the Retry-After header when sent. */
  | { readonly kind: 'rateLimited'; readonly retryAfterSeconds: number | null }
  /** 400: the request is not valid; `issues` name the failing fields (empty when the answer names none). */
  | { readonly kind: 'validation'; readonly issues: readonly FieldIssue[]; readonly body: unknown }
  /** 401: not (or no longer) logged in, or wrong credentials. */
  | { readonly kind: 'unauthorized'; readonly body: unknown }
  /** 403: not allowed (e.g. an account not activated yet). */
  | { readonly kind: 'forbidden'; readonly body: unknown }
  /** 404 or 410: the thing is not there (any more). */
  | { readonly kind: 'notFound'; readonly body: unknown }
  /** 409: the state changed meanwhile (e.g. offers expired, a request still being processed). */
  | { readonly kind: 'conflict'; readonly body: unknown }
  /** Another refusal (e.g. 422): the answer's body says why. */
  | { readonly kind: 'refused'; readonly status: number; readonly body: unknown }
  /** The account session ended while the call waited (src/services/session-tokens). */
  | { readonly kind: 'sessionEnded' };

export type ApiFailureKind = ApiFailure['kind'];

/**
 * An answered call's failure without the HTTP client: what test fakes reject with, and what a
 * service throws when it reads an answer itself. `status` undefined means no answer came.
 */
export class ApiCallError extends Error {
  readonly status: number | undefined;
  readonly body: unknown;
  readonly retryAfterSeconds: number | null;
  constructor(
    init: { readonly status?: number; readonly body?: unknown; readonly retryAfterSeconds?: number | null } = {},
    options?: ErrorOptions,
  ) {
    super(init.status === undefined ? 'API call failed (network)' : `API call failed (HTTP ${init.status})`, options);
    this.name = 'ApiCallError';
    this.status = init.status;
    this.body = init.body;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}

/** A Retry-After value (delta seconds or an HTTP date) in whole seconds from `now`, or null. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The failing fields of an error answer ({statusCode, error, message, fields}); [] when it names none. */
export function issuesOf(body: unknown): FieldIssue[] {
  const fields = typeof body === 'object' && body !== null ? (body as { fields?: unknown }).fields : undefined;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((field) => {
    const issue = readFieldIssue(field);
    return issue ? [issue] : [];
  });
}

interface Facts {
  readonly status: number | undefined;
  readonly body: unknown;
  readonly retryAfterSeconds: number | null;
}

function factsOf(error: unknown): Facts | null {
  if (error instanceof ApiCallError) return error;
  if (error instanceof FetchError) {
    return {
      status: error.statusCode,
      body: error.data,
      retryAfterSeconds: parseRetryAfter(error.response?.headers.get('retry-after')),
    };
  }
  return null;
}

/** How a rejected API call reads: see ApiFailure. */
export function readApiFailure(error: unknown): ApiFailure {
  if (error instanceof SessionEndedError) return { kind: 'sessionEnded' };
  const facts = factsOf(error);
  // Not an HTTP failure: an answer the contract refused (a server of another version) or a bug.
  if (facts === null) return error instanceof TypeError ? { kind: 'network' } : { kind: 'server', status: null };
  const { status, body } = facts;
  if (status === undefined || status === 408) return { kind: 'network' };
  if (status >= 500) return { kind: 'server', status };
  switch (status) {
    case 400:
      return { kind: 'validation', issues: issuesOf(body), body };
    case 401:
      return { kind: 'unauthorized', body };
    case 403:
      return { kind: 'forbidden', body };
    case 404:
    case 410:
      return { kind: 'notFound', body };
    case 409:
      return { kind: 'conflict', body };
    case 429:
      return { kind: 'rateLimited', retryAfterSeconds: facts.retryAfterSeconds };
    default:
      return { kind: 'refused', status, body };
  }
}

/** A failure the same request may overcome when tried again (no answer, a server failure). */
export const isTransient = (failure: ApiFailure): boolean => failure.kind === 'network' || failure.kind === 'server';
