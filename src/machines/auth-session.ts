// The account session as stored and as a token answer opens it (product §3 Account session, §8):
// plain functions without XState, so the first script of every page can open a session from a
// sign-in link before the shop actor (./shop.ts, which runs the auth machine ./auth.ts) has loaded.

import type { Customer, TokenAnswer } from '../contracts/account';
import { decodeAccessToken } from '../services/session-tokens';

/** Seconds before the server's expiry from which the access token counts as expired. */
export const TOKEN_EXPIRY_MARGIN_SECONDS = 10;

/** Product §3 Account session: what is stored and restored. */
export interface AccountSession {
  readonly isLoggedIn: boolean;
  readonly email: string | null;
  /** Always '' (product §12): the password is never kept, remember-me or not. */
  readonly password: '';
  readonly accessToken: string | null;
  readonly refreshToken: string | null;
  /** The access token's subject. */
  readonly customerId: string | null;
  readonly customerNumber: string | null;
  /** GET /api/customers/customers, once loaded. */
  readonly customerData: Customer | null;
  /** Epoch seconds from which the access token counts as expired; 0 without one. */
  readonly tokenExpiry: number;
}

export const signedOut: AccountSession = {
  isLoggedIn: false,
  email: null,
  password: '',
  accessToken: null,
  refreshToken: null,
  customerId: null,
  customerNumber: null,
  customerData: null,
  tokenExpiry: 0,
};

/** The session fields of a context (the password always ''). */
export function sessionOf(context: AccountSession): AccountSession {
  return {
    isLoggedIn: context.isLoggedIn,
    email: context.email,
    password: '',
    accessToken: context.accessToken,
    refreshToken: context.refreshToken,
    customerId: context.customerId,
    customerNumber: context.customerNumber,
    customerData: context.customerData,
    tokenExpiry: context.tokenExpiry,
  };
}

/** When the access token counts as expired: the margin before the server's expiry (none for very short tokens). */
export function tokenExpiryOf(now: number, expiresIn: number): number {
  return now + (expiresIn > 2 * TOKEN_EXPIRY_MARGIN_SECONDS ? expiresIn - TOKEN_EXPIRY_MARGIN_SECONDS : expiresIn);
}

/** The session a token answer opens at `now`, or null when it has no usable access token (product §8). */
export function sessionFromAnswer(answer: TokenAnswer | null, now: number, previous: AccountSession = signedOut): AccountSession | null {
  // A malformed answer (no access_token at all) counts like one without a usable token (product §8).
  const claims = typeof answer?.access_token === 'string' ? decodeAccessToken(answer.access_token) : null;
  if (!answer || !claims) return null;
  const sameCustomer = previous.customerId === claims.sub;
  return {
    isLoggedIn: true,
    email: claims.email,
    password: '',
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    customerId: claims.sub,
    // A refresh keeps what is known of the same customer when the claims have no number yet.
    customerNumber: claims.customerNumber ?? (sameCustomer ? previous.customerNumber : null),
    customerData: sameCustomer ? previous.customerData : null,
    tokenExpiry: tokenExpiryOf(now, answer.expires_in),
  };
}
