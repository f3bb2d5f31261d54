// The way back in that an attacker cannot block (decision 077): while failed logins keep an account
// throttled for unknown browsers (decision 032), its owner asks for a sign-in link by mail. The link
// is single-use, lives 15 minutes, a new one ends the older ones, and it is only made for an active
// customer (the route answers the same 202 either way). Signing in with it starts a session like a
// login and gives this browser the account's device cookie, so its next logins are throttled for it
// alone. It is no stronger a key than the password reset link, which already lets the mailbox in.

import { eq } from 'drizzle-orm';
import type { TokenAnswer } from '../../src/contracts/account';
import type { Database } from '../db/client';
import { customers } from '../db/schema/customers';
import { consumeToken } from './one-time-tokens';
import { requestCustomerLink } from './passwords';
import { clockOf, type AccountServices } from './services';
import { startSession } from './sessions';

/** A new sign-in link for an active customer with this e-mail (older unused links end), else undefined. */
export const requestSignInLink = (db: Database, accounts: AccountServices, email: string) =>
  requestCustomerLink(db, accounts, email, 'sign_in_link');

export type LinkSignInOutcome =
  | { readonly kind: 'ok'; readonly customerId: string; readonly answer: TokenAnswer; readonly deviceCookie: string }
  /** Malformed, unknown, used or expired (or the account is not active any more). */
  | { readonly kind: 'invalidToken' };

/** Uses up the link's token and starts a session; `deviceCookie`: the browser's cookie, kept when it is this account's. */
export async function signInWithLink(
  db: Database,
  accounts: AccountServices,
  token: string,
  rememberMe: boolean,
  deviceCookie: string | undefined,
): Promise<LinkSignInOutcome> {
  const now = clockOf(accounts);
  const customerId = await consumeToken(db, token, 'sign_in_link', new Date(now));
  if (!customerId) return { kind: 'invalidToken' };
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer || customer.status !== 'active') return { kind: 'invalidToken' };
  const answer = await startSession(db, accounts.tokens, customer, rememberMe, now);
  const known = accounts.devices.deviceOf(deviceCookie, customer.email) !== null;
  return { kind: 'ok', customerId, answer, deviceCookie: known ? deviceCookie! : accounts.devices.issue(customer.email) };
}
