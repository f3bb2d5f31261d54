// The one HTTP client of the browser app (ofetch): base URLs, JSON, and the retry rule of product §9:
// one retry on 408, 409, 425, 429, 500, 502, 503, 504 for idempotent methods only.
// On the server the same client runs with a fetch that dispatches into the app without a network hop.

import { type $Fetch, FetchError, ofetch } from 'ofetch';
import { RETRY_STATUS_CODES } from '../config/constants';

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export interface ApiClientOptions {
  /** Origin (or path prefix) of the shop API; '' in the browser means the page's own origin. */
  readonly baseURL: string;
  readonly fetch?: typeof globalThis.fetch;
  readonly headers?: Record<string, string>;
  /** Pause before the one retry (default 300 ms). */
  readonly retryDelayMs?: number;
}

export type ApiClient = $Fetch;

export function retriesFor(method: string | undefined): number {
  return IDEMPOTENT.has((method ?? 'GET').toUpperCase()) ? 1 : 0;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = ofetch.create(
    {
      baseURL: options.baseURL,
      retryStatusCodes: [...RETRY_STATUS_CODES],
      retryDelay: options.retryDelayMs ?? 300,
      headers: options.headers,
    },
    options.fetch ? { fetch: options.fetch } : {},
  );
  // ofetch picks its own retry default per method; product §9's rule is stated per call, and a caller
  // cannot change it: this is the one place the retry rule lives (no other layer retries, e.g. the
  // header search's queries do not).
  const client = ((request: Parameters<$Fetch>[0], opts: Parameters<$Fetch>[1] = {}) =>
    base(request, { ...opts, retry: retriesFor(opts.method) })) as $Fetch;
  client.raw = ((request: Parameters<$Fetch['raw']>[0], opts: Parameters<$Fetch['raw']>[1] = {}) =>
    base.raw(request, { ...opts, retry: retriesFor(opts.method) })) as $Fetch['raw'];
  client.native = base.native;
  client.create = base.create;
  return client;
}

/** The HTTP status of a failed call, or undefined for network failures. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof FetchError ? error.statusCode : undefined;
}
