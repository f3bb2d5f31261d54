import { describe, expect, it } from 'vitest';
import { readApiFailure } from './api-failure';
import {
  activateCustomerByIdentifier,
  activateRegistration,
  login,
  logout,
  refreshLogin,
  register,
  resetPassword,
  sendForgotPasswordMail,
} from './account';
import { createApiClient } from './api-client';

interface Recorded {
  readonly method: string;
  readonly path: string;
  readonly headers: Headers;
  readonly body: unknown;
}

/** One fixed answer (or a network failure) for every call. */
function server(reply: { status: number; body?: unknown; headers?: Record<string, string> } | 'offline') {
  const calls: Recorded[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    if (reply === 'offline') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  }) as typeof globalThis.fetch;
  return { calls, api: createApiClient({ baseURL: 'http://shop.test', fetch, retryDelayMs: 0 }) };
}

const tokens = { access_token: 'a.b.c', refresh_token: 'r1', token_type: 'Bearer', expires_in: 300, refresh_expires_in: 86_400 };
const TOKEN = 'A'.repeat(43);

describe('login and refresh', () => {
  it('a token answer is parsed', async () => {
    const { api, calls } = server({ status: 200, body: tokens });
    await expect(login(api, { username: 'erika@example.com', password: 'secret-pass', rememberMe: true })).resolves.toEqual(tokens);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/account/login',
      body: { username: 'erika@example.com', password: 'secret-pass', rememberMe: true },
    });
  });

  it('a success answer without access_token is no token (null), not an error', async () => {
    const { api } = server({ status: 200, body: { refresh_token: 'r1', token_type: 'Bearer', expires_in: 300, refresh_expires_in: 10 } });
    await expect(login(api, { username: 'e@example.com', password: 'x' })).resolves.toBeNull();
  });

  it('a locked login rejects with status 429 and the Retry-After seconds', async () => {
    const { api } = server({
      status: 429,
      body: { statusCode: 429, error: 'Too Many Requests', message: 'later' },
      headers: { 'retry-after': '90' },
    });
    const error = await login(api, { username: 'e@example.com', password: 'x' }).catch((e: unknown) => e);
    expect(readApiFailure(error)).toEqual({ kind: 'rateLimited', retryAfterSeconds: 90 });
  });

  it('no answer reads as a network failure', async () => {
    const { api } = server('offline');
    const error = await login(api, { username: 'e@example.com', password: 'x' }).catch((e: unknown) => e);
    expect(readApiFailure(error)).toEqual({ kind: 'network' });
  });

  it('the refresh token travels in x-refresh-token; a POST is not retried', async () => {
    const { api, calls } = server({ status: 200, body: tokens });
    await expect(refreshLogin(api, { refreshToken: 'r0' })).resolves.toEqual(tokens);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe('/api/account/loginRefresh');
    expect(calls[0]?.headers.get('x-refresh-token')).toBe('r0');
  });

  it('logout sends both tokens in headers', async () => {
    const { api, calls } = server({ status: 204 });
    await logout(api, { accessToken: 'a.b.c', refreshToken: 'r1' });
    expect(calls[0]?.headers.get('x-access-token')).toBe('a.b.c');
    expect(calls[0]?.headers.get('x-refresh-token')).toBe('r1');
  });
});

describe('registration, activation, passwords', () => {
  it('register expects 202 accepted', async () => {
    const { api, calls } = server({ status: 202, body: { status: 'accepted' } });
    await register(api, {
      enabled: true,
      firstName: 'Erika',
      lastName: 'Mustermann',
      username: 'erika@example.com',
      email: 'erika@example.com',
      credentials: [{ type: 'password', value: 'a-long-password', temporary: false }],
      requiredActions: [],
      groups: [],
      attributes: { locale: ['de'], privacyAccepted: ['true'] },
    });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/account/register' });
  });

  it('a refused registration carries the field errors', async () => {
    const { api } = server({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'invalid',
        fields: [{ path: 'credentials.0.value', code: 'passwordWeak', message: 'too common' }],
      },
    });
    const error = await register(api, {} as never).catch((e: unknown) => e);
    expect(readApiFailure(error)).toMatchObject({
      kind: 'validation',
      issues: [{ path: 'credentials.0.value', code: 'passwordWeak', message: 'too common' }],
    });
  });

  it('the forgot-password answer is ignored', async () => {
    const { api, calls } = server({ status: 202, body: { anything: true } });
    await expect(sendForgotPasswordMail(api, { email: 'erika@example.com', lang: 'fr' })).resolves.toBeUndefined();
    expect(calls[0]?.body).toEqual({ email: 'erika@example.com', lang: 'fr' });
  });

  it('activation: token header, then the identifier header on a GET', async () => {
    const first = server({ status: 200, body: { activated: true, token: 'identifier-1' } });
    await expect(activateRegistration(first.api, { token: TOKEN })).resolves.toEqual({ activated: true, token: 'identifier-1' });
    expect(first.calls[0]?.headers.get('x-activation-token')).toBe(TOKEN);

    const second = server({ status: 200, body: { activated: true, customerNumber: 'K-100042' } });
    await expect(activateCustomerByIdentifier(second.api, { identifier: 'identifier-1' })).resolves.toEqual({ customerNumber: 'K-100042' });
    expect(second.calls[0]).toMatchObject({ method: 'GET', path: '/api/activateCustomerByIdentifier' });
    expect(second.calls[0]?.headers.get('x-customer-identifier')).toBe('identifier-1');
  });

  it('reset: token header, password body', async () => {
    const { api, calls } = server({ status: 200, body: { success: true } });
    await resetPassword(api, { token: TOKEN, password: 'a-new-password' });
    expect(calls[0]?.headers.get('x-reset-token')).toBe(TOKEN);
    expect(calls[0]?.body).toEqual({ password: 'a-new-password' });
  });
});
