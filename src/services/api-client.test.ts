import { describe, expect, it } from 'vitest';
import { createApiClient, retriesFor, statusOf } from './api-client';

function countingFetch(statuses: number[]) {
  const calls: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
    const status = statuses[Math.min(calls.length - 1, statuses.length - 1)] ?? 200;
    return new Response(JSON.stringify({ ok: status < 400 }), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

describe('retry rule (product §9): one retry on 408/409/425/429/5xx for idempotent methods only', () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET once after %i', async (status) => {
    const { calls, fetch } = countingFetch([status, 200]);
    const api = createApiClient({ baseURL: 'http://shop.test', fetch, retryDelayMs: 0 });
    await expect(api('/api/x')).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(2);
  });

  it('gives up after the one retry', async () => {
    const { calls, fetch } = countingFetch([503, 503, 503]);
    const api = createApiClient({ baseURL: 'http://shop.test', fetch, retryDelayMs: 0 });
    const error = await api('/api/x').catch((e: unknown) => e);
    expect(statusOf(error)).toBe(503);
    expect(calls).toHaveLength(2);
  });

  it('never retries a POST', async () => {
    const { calls, fetch } = countingFetch([503, 200]);
    const api = createApiClient({ baseURL: 'http://shop.test', fetch, retryDelayMs: 0 });
    await expect(api('/api/offers', { method: 'POST', body: {} })).rejects.toThrow();
    expect(calls).toEqual(['POST http://shop.test/api/offers']);
  });

  it('does not retry other errors', async () => {
    const { calls, fetch } = countingFetch([404, 200]);
    const api = createApiClient({ baseURL: 'http://shop.test', fetch, retryDelayMs: 0 });
    await expect(api('/api/x')).rejects.toThrow();
    expect(calls).toHaveLength(1);
  });

  it('is the same for every caller: a call cannot ask for more retries', async () => {
    const { calls, fetch } = countingFetch([503, 503, 503, 200]);
    const api = createApiClient({ baseURL: 'http://shop.test', fetch, retryDelayMs: 0 });
    await expect(api('/api/x', { retry: 5 })).rejects.toThrow();
    expect(calls).toHaveLength(2);
    await expect(api('/searches', { method: 'POST', body: {}, retry: 3 })).rejects.toThrow();
    expect(calls).toHaveLength(3);
  });

  it('names the idempotent methods', () => {
    expect(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'].map(retriesFor)).toEqual([1, 1, 1, 1, 1]);
    expect(['POST', 'PATCH', 'post'].map(retriesFor)).toEqual([0, 0, 0]);
  });
});
