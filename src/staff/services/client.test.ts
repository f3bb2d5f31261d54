import { describe, expect, it } from 'vitest';
import { StaffMeSchema } from '../../contracts/staff';
import { createStaffClient } from './client';
import { readStaffFailure } from './failure';
import { fetchMe, signOut } from './session';
import { uploadPhoto } from './trades';

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

function fakeFetch(answer: (seen: Seen) => Response) {
  const seen: Seen[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      credentials: init.credentials,
      body: init.body,
    };
    seen.push(request);
    return answer(request);
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const ME = {
  id: '55555555-5555-4555-8555-555555555555',
  email: 'ina@staff.example',
  name: 'Ina',
  roles: ['inspector'],
  csrfToken: 'the-token',
  idleMinutes: 30,
};

describe('staff API client', () => {
  it('sends the cookie of its own origin, and the session’s CSRF token on changes only', async () => {
    const { fetch, seen } = fakeFetch((request) => (request.method === 'DELETE' ? new Response(null, { status: 204 }) : json(200, ME)));
    const client = createStaffClient({ baseURL: 'http://staff.localhost:3000', fetch });
    await fetchMe(client);
    await signOut(client);
    await client.send('/api/staff/session', { method: 'DELETE' });
    expect(seen.map((s) => [s.method, s.credentials, s.headers.get('x-csrf-token')])).toEqual([
      ['GET', 'same-origin', null],
      ['DELETE', 'same-origin', 'the-token'],
      // Signed out: the token is forgotten.
      ['DELETE', 'same-origin', null],
    ]);
  });

  it('uploads a photo as its bytes with its type', async () => {
    const { fetch, seen } = fakeFetch(() => json(201, { id: '33333333-3333-4333-8333-333333333333', contentType: 'image/png', size: 3 }));
    const client = createStaffClient({ fetch });
    const file = new File(['png'], 'a.png', { type: 'image/png' });
    await uploadPhoto(client, 'TR-2026-000042', '11111111-1111-4111-8111-111111111111', file);
    expect(seen[0]).toMatchObject({
      url: '/api/staff/trades/TR-2026-000042/items/11111111-1111-4111-8111-111111111111/photos',
      method: 'POST',
      body: file,
    });
    expect(seen[0]!.headers.get('content-type')).toBe('image/png');
  });

  it('reads a refusal’s reason and details, and tells the listeners when the session ended', async () => {
    let status = 409;
    const { fetch } = fakeFetch(() =>
      status === 409
        ? json(409, {
            statusCode: 409,
            error: 'Conflict',
            message: 'x',
            reason: 'stale',
            changedBy: 'max@staff.example',
            changedAt: '2026-11-04T09:45:00.000Z',
          })
        : json(401, { statusCode: 401, error: 'Unauthorized', message: 'x', reason: 'signed_out' }),
    );
    const client = createStaffClient({ fetch });
    let ended = 0;
    client.onSignedOut(() => (ended += 1));
    const stale = await client.json('/api/staff/trades/x/inspection', StaffMeSchema, { method: 'POST', body: {} }).catch(readStaffFailure);
    expect(stale).toMatchObject({ code: 'stale', status: 409, changedBy: 'max@staff.example', changedAt: '2026-11-04T09:45:00.000Z' });
    expect(ended).toBe(0);
    status = 401;
    const signedOut = await client.json('/api/staff/me', StaffMeSchema).catch(readStaffFailure);
    expect(signedOut).toMatchObject({ code: 'signed_out', status: 401 });
    expect(ended).toBe(1);
  });

  it('an answer the contract does not know is a server failure; no answer is a network failure', async () => {
    const odd = createStaffClient({ fetch: fakeFetch(() => json(200, { hello: 'world' })).fetch });
    expect(await fetchMe(odd).catch(readStaffFailure)).toMatchObject({ code: 'server' });
    const offline = createStaffClient({
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof globalThis.fetch,
    });
    expect(await signOut(offline).catch(readStaffFailure)).toMatchObject({ code: 'network', status: null });
  });

  it('a lock names its wait, from the answer or its Retry-After header', async () => {
    const client = createStaffClient({
      fetch: fakeFetch(() =>
        json(429, { statusCode: 429, error: 'Too Many Requests', message: 'x', reason: 'locked' }, { 'retry-after': '120' }),
      ).fetch,
    });
    expect(await client.send('/api/staff/session', { method: 'POST', body: {} }).catch(readStaffFailure)).toMatchObject({
      code: 'locked',
      retryAfterSeconds: 120,
    });
  });
});
