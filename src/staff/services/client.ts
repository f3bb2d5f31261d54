// The one HTTP client of the back office (ofetch), on the staff host's own origin: the session is an
// HttpOnly cookie of that host only (sent with `credentials: 'same-origin'`), and every changing
// request carries the session's synchronizer token in X-CSRF-Token. The token arrives with the
// signed-in user (StaffMe, read by ./session.ts) and lives here, out of reach of the flows. A refusal
// becomes a StaffCallError (./failure.ts); a `signed_out` refusal also tells the listeners (the
// session flow), whichever screen's call met it. Reads are retried once on a failed answer; changes
// are not (a second receive or save must be the user's decision).

import { FetchError, ofetch, type $Fetch } from 'ofetch';
import { STAFF_CSRF_HEADER } from '../../contracts/staff';
import { failureOfAnswer, StaffCallError, staffFailure } from './failure';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface CallOptions {
  readonly method?: Method;
  /** JSON (an object) or raw bytes (a Blob, with its `contentType`). */
  readonly body?: Record<string, unknown> | Blob;
  readonly contentType?: string;
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  readonly signal?: AbortSignal;
  /** The request outlives the page (a hold released while the tab closes). */
  readonly keepalive?: boolean;
}

export interface Parser<T> {
  parse(value: unknown): T;
}

export interface StaffClient {
  /** A call whose answer `schema` parses (an answer it does not know fails as `server`). */
  json<T>(path: string, schema: Parser<T>, options?: CallOptions): Promise<T>;
  /** A call without an answer body (204). */
  send(path: string, options?: CallOptions): Promise<void>;
  /** The session's CSRF token (null: none, before sign-in or after sign-out). */
  setCsrfToken(token: string | null): void;
  /** Called whenever an answer says the session ended; returns the unsubscribe. */
  onSignedOut(listener: () => void): () => void;
}

const RETRY_STATUS_CODES = [408, 425, 500, 502, 503, 504];

export function createStaffClient(options: { readonly baseURL?: string; readonly fetch?: typeof globalThis.fetch } = {}): StaffClient {
  const base: $Fetch = ofetch.create(
    { baseURL: options.baseURL ?? '', credentials: 'same-origin', retryStatusCodes: RETRY_STATUS_CODES, retryDelay: 300 },
    options.fetch ? { fetch: options.fetch } : {},
  );
  let csrfToken: string | null = null;
  const listeners = new Set<() => void>();

  async function request(path: string, call: CallOptions): Promise<unknown> {
    const method = call.method ?? 'GET';
    const headers: Record<string, string> = { accept: 'application/json' };
    if (method !== 'GET' && csrfToken !== null) headers[STAFF_CSRF_HEADER] = csrfToken;
    if (call.body instanceof Blob) headers['content-type'] = call.contentType || call.body.type || 'application/octet-stream';
    try {
      const response = await base.raw(path, {
        method,
        headers,
        retry: method === 'GET' ? 1 : 0,
        ...(call.body !== undefined && { body: call.body }),
        ...(call.query && {
          query: Object.fromEntries(Object.entries(call.query).filter(([, value]) => value !== undefined && value !== '')),
        }),
        ...(call.signal && { signal: call.signal }),
        ...(call.keepalive && { keepalive: true }),
      });
      return response._data;
    } catch (error) {
      if (!(error instanceof FetchError) || !error.response) throw new StaffCallError(staffFailure('network'), { cause: error });
      const failure = failureOfAnswer(error.response.status, error.data, error.response.headers.get('retry-after'));
      if (failure.code === 'signed_out') for (const listener of listeners) listener();
      throw new StaffCallError(failure, { cause: error });
    }
  }

  return {
    async json(path, schema, call = {}) {
      const data = await request(path, call);
      try {
        return schema.parse(data);
      } catch (error) {
        throw new StaffCallError(staffFailure('server'), { cause: error });
      }
    },
    async send(path, call = {}) {
      await request(path, call);
    },
    setCsrfToken(token) {
      csrfToken = token;
    },
    onSignedOut(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
