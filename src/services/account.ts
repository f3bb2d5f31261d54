// The public account calls of product §7 "Account" (login, refresh, logout, register, activation, forgot
// and reset password): the HTTP side of the auth, registration, activation and password machines.
// Answers are parsed with the shared contract; a failed call rejects with the HTTP client's error,
// which the machines read with readApiFailure (./api-failure).

import {
  ACCESS_TOKEN_HEADER,
  ACTIVATION_TOKEN_HEADER,
  AcceptedAnswerSchema,
  ActivationAnswerSchema,
  IDENTIFIER_HEADER,
  IdentifierActivationAnswerSchema,
  REFRESH_TOKEN_HEADER,
  RESET_TOKEN_HEADER,
  SIGN_IN_TOKEN_HEADER,
  TokenAnswerSchema,
  TRADE_TOKEN_HEADER,
  type ActivationAnswer,
  type LoginRequest,
  type RegisterFromTradeRequest,
  type Registration,
  type TokenAnswer,
} from '../contracts/account';
import type { Locale } from '../config/locales';
import type { ApiClient } from './api-client';

/** A token answer, or null for a success answer that holds no usable one (product §8: then still logged out). */
const tokenAnswer = (body: unknown): TokenAnswer | null => {
  const parsed = TokenAnswerSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
};

/** POST /api/account/login. 401 invalid, 403 not activated, 429 locked (Retry-After). */
export async function login(api: ApiClient, request: LoginRequest): Promise<TokenAnswer | null> {
  return tokenAnswer(await api('/api/account/login', { method: 'POST', body: request }));
}

/** POST /api/account/loginRefresh: a new token pair for the (single-use) refresh token. */
export async function refreshLogin(api: ApiClient, input: { refreshToken: string }): Promise<TokenAnswer | null> {
  return tokenAnswer(await api('/api/account/loginRefresh', { method: 'POST', headers: { [REFRESH_TOKEN_HEADER]: input.refreshToken } }));
}

/** POST /api/account/logout: ends the refresh token family on the server. */
export async function logout(api: ApiClient, input: { accessToken: string | null; refreshToken: string | null }): Promise<void> {
  const headers: Record<string, string> = {};
  if (input.accessToken) headers[ACCESS_TOKEN_HEADER] = input.accessToken;
  if (input.refreshToken) headers[REFRESH_TOKEN_HEADER] = input.refreshToken;
  await api('/api/account/logout', { method: 'POST', headers });
}

/** POST /api/account/register: 202 {status: 'accepted'}, known e-mail or not; the activation mail follows. */
export async function register(api: ApiClient, registration: Registration): Promise<void> {
  AcceptedAnswerSchema.parse(await api('/api/account/register', { method: 'POST', body: registration }));
}

/**
 * POST /api/account/registerFromTrade: an account of a guest sale's details, with the trade page's link
 * token; 202 like register, the activation mail goes to the sale's e-mail (issue 32 part 2).
 */
export async function registerFromTrade(api: ApiClient, input: { request: RegisterFromTradeRequest; token: string }): Promise<void> {
  AcceptedAnswerSchema.parse(
    await api('/api/account/registerFromTrade', { method: 'POST', body: input.request, headers: { [TRADE_TOKEN_HEADER]: input.token } }),
  );
}

/** POST /api/account/forgotPasswordMail. Product §7: the result is ignored (only a missing answer matters). */
export async function sendForgotPasswordMail(api: ApiClient, input: { email: string; lang: Locale }): Promise<void> {
  await api('/api/account/forgotPasswordMail', { method: 'POST', body: input });
}

/** POST /api/account/signInLinkMail: 202 whether the address has an account or not (decision 077). */
export async function sendSignInLinkMail(api: ApiClient, input: { email: string; lang: Locale }): Promise<void> {
  await api('/api/account/signInLinkMail', { method: 'POST', body: input });
}

/** POST /api/account/signInWithLink with the token of the mailed link: the session's tokens, as a login answers them. */
export async function signInWithLink(api: ApiClient, input: { token: string }): Promise<TokenAnswer | null> {
  return tokenAnswer(
    await api('/api/account/signInWithLink', { method: 'POST', headers: { [SIGN_IN_TOKEN_HEADER]: input.token }, body: {} }),
  );
}

/** POST /api/account/activateRegistration with the token of the e-mail link. */
export async function activateRegistration(api: ApiClient, input: { token: string }): Promise<ActivationAnswer> {
  return ActivationAnswerSchema.parse(
    await api('/api/account/activateRegistration', { method: 'POST', headers: { [ACTIVATION_TOKEN_HEADER]: input.token } }),
  );
}

/** GET /api/activateCustomerByIdentifier with the identifier activateRegistration answered. */
export async function activateCustomerByIdentifier(api: ApiClient, input: { identifier: string }): Promise<{ customerNumber: string }> {
  const answer = IdentifierActivationAnswerSchema.parse(
    await api('/api/activateCustomerByIdentifier', { headers: { [IDENTIFIER_HEADER]: input.identifier } }),
  );
  return { customerNumber: answer.customerNumber };
}

/** POST /api/account/resetPassword with the token of the e-mail link. */
export async function resetPassword(api: ApiClient, input: { token: string; password: string }): Promise<void> {
  await api('/api/account/resetPassword', {
    method: 'POST',
    headers: { [RESET_TOKEN_HEADER]: input.token },
    body: { password: input.password },
  });
}
