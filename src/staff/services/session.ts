// Signing in and out of the back office (product §11.10): password, then the TOTP second factor (or
// its enrolment on the first sign-in), the signed-in user, a new password from an admin's link, and the
// mailed sign-in link of a locked account with its code (decision 081).
// The signed-in user's CSRF token goes into the client here, so no flow ever holds it.

import {
  StaffLoginAnswerSchema,
  StaffMeSchema,
  StaffSignInLinkAnswerSchema,
  type StaffLinkSignInRequest,
  type StaffLoginAnswer,
  type StaffLoginRequest,
  type StaffMe,
  type StaffSignInLinkRequest,
} from '../../contracts/staff';
import type { StaffClient } from './client';

export async function signIn(client: StaffClient, request: StaffLoginRequest): Promise<StaffLoginAnswer> {
  return client.json('/api/staff/session', StaffLoginAnswerSchema, { method: 'POST', body: { ...request } });
}

export async function submitSecondFactor(client: StaffClient, code: string): Promise<StaffMe> {
  const me = await client.json('/api/staff/session/second-factor', StaffMeSchema, { method: 'POST', body: { code } });
  client.setCsrfToken(me.csrfToken);
  return me;
}

/** The signed-in user; rejects with `signed_out` without a session. */
export async function fetchMe(client: StaffClient): Promise<StaffMe> {
  const me = await client.json('/api/staff/me', StaffMeSchema);
  client.setCsrfToken(me.csrfToken);
  return me;
}

export async function signOut(client: StaffClient): Promise<void> {
  await client.send('/api/staff/session', { method: 'DELETE' });
  client.setCsrfToken(null);
}

/** Sets the password of the account the admin's one-time link names. */
export async function setPassword(client: StaffClient, request: { token: string; password: string }): Promise<void> {
  await client.send('/api/staff/password', { method: 'POST', body: { ...request } });
}

/** Asks for a sign-in link by mail; the server answers 202 whether the address is a staff account or not. */
export async function requestSignInLink(client: StaffClient, request: StaffSignInLinkRequest): Promise<void> {
  await client.json('/api/staff/sign-in-link', StaffSignInLinkAnswerSchema, { method: 'POST', body: { ...request } });
}

/** Signs in with the mailed link's token and the authenticator app's code. */
export async function signInWithLink(client: StaffClient, request: StaffLinkSignInRequest): Promise<StaffMe> {
  const me = await client.json('/api/staff/sign-in-link/session', StaffMeSchema, { method: 'POST', body: { ...request } });
  client.setCsrfToken(me.csrfToken);
  return me;
}
