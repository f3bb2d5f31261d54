// The access token as the browser reads it, and the port between authenticated calls and the session.
// The client never verifies a signature (the server does); it reads the claims to learn who is logged
// in (product §3: customerId from the token subject, plus e-mail and customer number).

import { readAccessClaims, type AccessClaims } from '../contracts/access-claims';

function base64UrlToText(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** The claims of a JWT access token (its base64url payload, read by the contract's reader), or null. */
export function decodeAccessToken(token: string): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    return readAccessClaims(JSON.parse(base64UrlToText(parts[1])));
  } catch {
    return null;
  }
}

/** Why an authenticated call could not be made. */
export type SessionEndReason =
  /** Nobody is logged in (never was, logged out, or the refresh failed). */
  | 'loggedOut'
  /** The server refused the access token even after a refresh: the session was ended. */
  | 'unauthorized';

/** What every authenticated call rejects with once there is no session (the screen shows the login). */
export class SessionEndedError extends Error {
  readonly reason: SessionEndReason;
  constructor(reason: SessionEndReason, options?: ErrorOptions) {
    super(reason === 'loggedOut' ? 'not logged in' : 'the session was ended: the server refused the access token', options);
    this.name = 'SessionEndedError';
    this.reason = reason;
  }
}

/**
 * The session as authenticated calls see it (implemented by the auth machine's token source,
 * src/machines/auth.ts). Every method rejects with SessionEndedError when there is no session.
 */
export interface TokenSource {
  /** The access token, refreshed first when it has expired (concurrent callers share one refresh). */
  accessToken(): Promise<string>;
  /** The server refused `rejected` (401): one refresh, unless another caller already replaced that token. */
  renewAccessToken(rejected: string): Promise<string>;
  /**
   * The server refused `rejected` again after its renewal (a second 401): ends the session if it still
   * holds that token; a call of an earlier session (logged out meanwhile, or logged in again) ends nothing.
   */
  sessionRefused(rejected: string): void;
  /** Ends the session (logout), after a deleted account. */
  endSession(): void;
  /** The account got a customer number (claimed guest trades). */
  customerNumberChanged(customerNumber: string): void;
}
