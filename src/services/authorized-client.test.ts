import { describe, expect, it } from 'vitest';
import type { ApiClient } from './api-client';
import { authorizedClient } from './authorized-client';
import { SessionEndedError } from './session-tokens';

describe('authorizedClient', () => {
  it('adds the bearer token to every call and keeps the call’s own headers', async () => {
    const seen: Array<{ headers: Headers }> = [];
    const client = Object.assign(async (_request: unknown, options: { headers: Headers }) => void seen.push(options), {
      raw: async (_request: unknown, options: { headers: Headers }) => void seen.push(options),
    }) as unknown as ApiClient;
    const authorized = await authorizedClient(client, async () => 'token-1');
    await authorized.raw('/api/trades', { method: 'POST', headers: { 'Idempotency-Key': 'key-1' } });
    await authorized('/api/vouchers/check');
    expect(seen.map((o) => [o.headers.get('authorization'), o.headers.get('idempotency-key')])).toEqual([
      ['Bearer token-1', 'key-1'],
      ['Bearer token-1', null],
    ]);
  });

  it('rejects like an ended session when the session cannot give a token', async () => {
    const client = (async () => undefined) as unknown as ApiClient;
    await expect(authorizedClient(client, () => Promise.reject(new SessionEndedError('loggedOut')))).rejects.toBeInstanceOf(
      SessionEndedError,
    );
  });
});
