// Device cookies against lockout abuse (OWASP "Slow down online guessing attacks with device
// cookies"; issue 16 part 5: anyone who knew an e-mail could keep its account locked with about one
// wrong password per 15 minutes). A browser that logged in to an account gets a signed cookie naming
// that account. Its failures count for that device alone; everyone else's failures count for the
// account's unknown devices (the existing throttle, server/accounts/login-throttle.ts), so a stranger
// locks out strangers, never the owner's own browser.

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'device';
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export interface DeviceCookies {
  /** A new cookie value for `username` (the lower-cased e-mail). */
  issue(username: string): string;
  /** The device's id when `value` is a genuine cookie of `username`, else null. */
  deviceOf(value: string | undefined, username: string): string | null;
}

export function createDeviceCookies(secret: string): DeviceCookies {
  // A key of its own, derived from the accounts secret: a device cookie is never an access token.
  const key = createHmac('sha256', secret).update('device-cookie').digest();
  const sign = (username: string, nonce: string) => createHmac('sha256', key).update(`${username}\n${nonce}`).digest('base64url');
  return {
    issue(username) {
      const nonce = randomBytes(16).toString('base64url');
      return `${nonce}.${sign(username, nonce)}`;
    },
    deviceOf(value, username) {
      const [nonce, signature, ...rest] = (value ?? '').split('.');
      if (!nonce || !signature || rest.length > 0) return null;
      const expected = Buffer.from(sign(username, nonce));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
    },
  };
}

/** The throttle key of a login attempt: the account for unknown devices, the account and device for a known one. */
export const throttleKey = (username: string, device: string | null) => (device ? `${username}\n${device}` : username);

/** The Set-Cookie header of a device cookie: only the account endpoints see it, never scripts. */
export function deviceCookieHeader(value: string, secure: boolean): string {
  return [
    `${DEVICE_COOKIE}=${value}`,
    'Path=/api/account',
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
