// The public account calls of spec §7 "Account" (login, refresh, logout, register, activation, forgot
// and reset password): the HTTP side of the auth, registration, activation and password machines.
// Answers are parsed with the shared contract; failed calls reject with an AccountCallError, so the
// machines read a status and field errors without knowing the HTTP client.

import { FetchError } from 'ofetch';
import {
  ACCESS_TOKEN_HEADER,
  ACTIVATION_TOKEN_HEADER,
  AcceptedAnswerSchema,
  ActivationAnswerSchema,
  IDENTIFIER_HEADER,
  IdentifierActivationAnswerSchema,
  REFRESH_TOKEN_HEADER,
  RESET_TOKEN_HEADER,
  TokenAnswerSchema,
  type ActivationAnswer,
  type LoginRequest,
  type Registration,
  type TokenAnswer,
} from '../contracts/account';
import { ApiErrorSchema } from '../contracts/offers';
import type { Locale } from '../config/locales';
import type { ApiClient } from './api-client';

export interface FieldError {
  readonly path: string;
  readonly message: string;
}

/** A call the server answered with an error status, or that got no answer at all (`status` undefined). */
export class AccountCallError extends Error {
  readonly status: number | undefined;
  /** The failing fields of a 400 answer ({statusCode, error, message, fields}). */
  readonly fields: readonly FieldError[];
  /** From a Retry-After header (429), in seconds. */
  readonly retryAfterSeconds: number | null;
  constructor(
    init: { status?: number; fields?: readonly FieldError[]; retryAfterSeconds?: number | null; message?: string },
    options?: ErrorOptions,
  ) {
    super(
      init.message ?? (init.status === undefined ? 'account call failed (network)' : `account call failed (HTTP ${init.status})`),
      options,
    );
    this.name = 'AccountCallError';
    this.status = init.status;
    this.fields = init.fields ?? [];
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

/** The AccountCallError of an HTTP client failure; anything else (e.g. an answer that fails the contract) passes through. */
export function toAccountCallError(error: unknown): unknown {
  if (!(error instanceof FetchError)) return error;
  const body = ApiErrorSchema.safeParse(error.data);
  return new AccountCallError(
    {
      status: error.statusCode,
      fields: body.success ? (body.data.fields ?? []) : [],
      retryAfterSeconds: parseRetryAfter(error.response?.headers.get('retry-after')),
      ...(body.success ? { message: body.data.message } : {}),
    },
    { cause: error },
  );
}

/** Runs a call; its HTTP failure rejects as an AccountCallError. */
export async function accountCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toAccountCallError(error);
  }
}

/** A token answer, or null for a success answer that holds no usable one (spec §8: then still logged out). */
const tokenAnswer = (body: unknown): TokenAnswer | null => {
  const parsed = TokenAnswerSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
};

/** POST /api/account/login. 401 invalid, 403 not activated, 429 locked (Retry-After). */
export function login(api: ApiClient, request: LoginRequest): Promise<TokenAnswer | null> {
  return accountCall(async () => tokenAnswer(await api('/api/account/login', { method: 'POST', body: request })));
}

/** POST /api/account/loginRefresh: a new token pair for the (single-use) refresh token. */
export function refreshLogin(api: ApiClient, input: { refreshToken: string }): Promise<TokenAnswer | null> {
  return accountCall(async () =>
    tokenAnswer(await api('/api/account/loginRefresh', { method: 'POST', headers: { [REFRESH_TOKEN_HEADER]: input.refreshToken } })),
  );
}

/** POST /api/account/logout: ends the refresh token family on the server. */
export async function logout(api: ApiClient, input: { accessToken: string | null; refreshToken: string | null }): Promise<void> {
  const headers: Record<string, string> = {};
  if (input.accessToken) headers[ACCESS_TOKEN_HEADER] = input.accessToken;
  if (input.refreshToken) headers[REFRESH_TOKEN_HEADER] = input.refreshToken;
  await accountCall(() => api('/api/account/logout', { method: 'POST', headers }));
}

/** POST /api/account/register: 202 {status: 'accepted'}, known e-mail or not; the activation mail follows. */
export async function register(api: ApiClient, registration: Registration): Promise<void> {
  await accountCall(async () => AcceptedAnswerSchema.parse(await api('/api/account/register', { method: 'POST', body: registration })));
}

/** POST /api/account/forgotPasswordMail. Spec §7: the result is ignored (only a missing answer matters). */
export async function sendForgotPasswordMail(api: ApiClient, input: { email: string; lang: Locale }): Promise<void> {
  await accountCall(() => api('/api/account/forgotPasswordMail', { method: 'POST', body: input }));
}

/** POST /api/account/activateRegistration with the token of the e-mail link. */
export function activateRegistration(api: ApiClient, input: { token: string }): Promise<ActivationAnswer> {
  return accountCall(async () =>
    ActivationAnswerSchema.parse(
      await api('/api/account/activateRegistration', { method: 'POST', headers: { [ACTIVATION_TOKEN_HEADER]: input.token } }),
    ),
  );
}

/** GET /api/activateCustomerByIdentifier with the identifier activateRegistration answered. */
export function activateCustomerByIdentifier(api: ApiClient, input: { identifier: string }): Promise<{ customerNumber: string }> {
  return accountCall(async () => {
    const answer = IdentifierActivationAnswerSchema.parse(
      await api('/api/activateCustomerByIdentifier', { headers: { [IDENTIFIER_HEADER]: input.identifier } }),
    );
    return { customerNumber: answer.customerNumber };
  });
}

/** POST /api/account/resetPassword with the token of the e-mail link. */
export async function resetPassword(api: ApiClient, input: { token: string; password: string }): Promise<void> {
  await accountCall(() =>
    api('/api/account/resetPassword', {
      method: 'POST',
      headers: { [RESET_TOKEN_HEADER]: input.token },
      body: { password: input.password },
    }),
  );
}
