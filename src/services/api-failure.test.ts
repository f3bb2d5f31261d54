import { FetchError } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { ApiCallError, isTransient, parseRetryAfter, readApiFailure } from './api-failure';
import { SessionEndedError } from './session-tokens';

/** A FetchError as ofetch builds it for an answer with `status`. */
function fetchError(status: number, data: unknown, headers: Record<string, string> = {}) {
  return Object.assign(new FetchError(`HTTP ${status}`), { statusCode: status, data, response: new Response(null, { status, headers }) });
}

describe('readApiFailure', () => {
  it.each([
    ['no answer', new ApiCallError(), { kind: 'network' }],
    ['a fetch that failed (TypeError)', new TypeError('Failed to fetch'), { kind: 'network' }],
    ['408', new ApiCallError({ status: 408 }), { kind: 'network' }],
    ['503', new ApiCallError({ status: 503 }), { kind: 'server', status: 503 }],
    ['an answer the contract refused', new Error('zod says no'), { kind: 'server', status: null }],
    ['401', new ApiCallError({ status: 401, body: 'b' }), { kind: 'unauthorized', body: 'b' }],
    ['403', new ApiCallError({ status: 403 }), { kind: 'forbidden', body: undefined }],
    ['404', new ApiCallError({ status: 404 }), { kind: 'notFound', body: undefined }],
    ['410', new ApiCallError({ status: 410 }), { kind: 'notFound', body: undefined }],
    ['409', new ApiCallError({ status: 409, body: { a: 1 } }), { kind: 'conflict', body: { a: 1 } }],
    ['422', new ApiCallError({ status: 422, body: 'x' }), { kind: 'refused', status: 422, body: 'x' }],
    ['429', new ApiCallError({ status: 429, retryAfterSeconds: 30 }), { kind: 'rateLimited', retryAfterSeconds: 30 }],
    ['the session ended', new SessionEndedError('unauthorized'), { kind: 'sessionEnded' }],
  ])('%s', (_name, error, failure) => {
    expect(readApiFailure(error)).toEqual(failure);
  });

  it('reads the issues of a 400 answer, with codes; unknown or missing codes read as invalid, broken fields are skipped', () => {
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'm',
      fields: [
        { path: 'address.postalCode', code: 'postalCode', message: 'x' },
        { path: 'address.city', message: 'y' },
        { path: 'address.street', code: 'fromTheFuture', message: 'z' },
        { path: 42 },
      ],
    };
    expect(readApiFailure(new ApiCallError({ status: 400, body }))).toEqual({
      kind: 'validation',
      body,
      issues: [
        { path: 'address.postalCode', code: 'postalCode', message: 'x' },
        { path: 'address.city', code: 'invalid', message: 'y' },
        { path: 'address.street', code: 'invalid', message: 'z' },
      ],
    });
    expect(readApiFailure(new ApiCallError({ status: 400, body: 'not json' }))).toEqual({
      kind: 'validation',
      issues: [],
      body: 'not json',
    });
  });

  it('reads the HTTP client error: status, body and the Retry-After header', () => {
    expect(readApiFailure(fetchError(429, null, { 'Retry-After': '120' }))).toEqual({ kind: 'rateLimited', retryAfterSeconds: 120 });
    expect(readApiFailure(fetchError(409, { expiredOfferIds: ['a'] }))).toEqual({ kind: 'conflict', body: { expiredOfferIds: ['a'] } });
    expect(readApiFailure(new FetchError('[POST] "/api/trades": <no response> Failed to fetch'))).toEqual({ kind: 'network' });
  });

  it('isTransient: only no answer and server failures are worth the same request again', () => {
    expect(isTransient({ kind: 'network' })).toBe(true);
    expect(isTransient({ kind: 'server', status: 502 })).toBe(true);
    expect(isTransient({ kind: 'rateLimited', retryAfterSeconds: null })).toBe(false);
    expect(isTransient({ kind: 'validation', issues: [], body: null })).toBe(false);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it('reads delta seconds and HTTP dates, never negative, null for nonsense', () => {
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter(new Date(now + 30_500).toUTCString(), now)).toBe(30);
    expect(parseRetryAfter(new Date(now - 5000).toUTCString(), now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
