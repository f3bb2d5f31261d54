// Checking a customer's password: login and the current password of a password change. An unknown
// e-mail and a wrong password take the same time (dummy hash) and count alike in the login throttle,
// so neither the answer nor its timing tells whether an account exists. A hash made with a lower
// cost than today's is replaced while the password is at hand.

import { eq } from 'drizzle-orm';
import type { TokenAnswer } from '../../src/contracts/account';
import type { Database } from '../db/client';
import { customers } from '../db/schema/customers';
import { throttleKey } from './device-cookies';
import { clearFailures, lockedFor, recordFailure } from './login-throttle';
import { DEFAULT_PASSWORD_COST, hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password-hash';
import { clockOf, type AccountServices } from './services';
import { startSession } from './sessions';

export type Customer = typeof customers.$inferSelect;

export type PasswordCheck =
  | { readonly kind: 'ok'; readonly customer: Customer }
  | { readonly kind: 'invalid' }
  /** Too many failures in a row: the username is locked for `retryAfterSeconds`. */
  | { readonly kind: 'locked'; readonly retryAfterSeconds: number };

export type LoginOutcome =
  /** `deviceCookie`: the value this browser keeps for its next logins (server/accounts/device-cookies.ts). */
  | { readonly kind: 'ok'; readonly customerId: string; readonly answer: TokenAnswer; readonly deviceCookie: string }
  | { readonly kind: 'notActivated'; readonly customerId: string }
  | Exclude<PasswordCheck, { kind: 'ok' }>;

export const passwordCostOf = (accounts: Pick<AccountServices, 'passwordCost'>) => accounts.passwordCost ?? DEFAULT_PASSWORD_COST;

export async function findCustomerByEmail(db: Database, email: string): Promise<Customer | undefined> {
  const [customer] = await db.select().from(customers).where(eq(customers.email, email));
  return customer;
}

/**
 * The throttled password check of one username (lower-cased e-mail): locked → no check at all;
 * a failure is counted (and may start a lock); a success clears the count. `device`: the id of a
 * genuine device cookie of this username; its attempts are throttled for that device alone.
 */
export async function checkPassword(
  db: Database,
  accounts: AccountServices,
  username: string,
  password: string,
  device: string | null = null,
): Promise<PasswordCheck> {
  const now = clockOf(accounts);
  const key = throttleKey(username, device);
  const locked = await lockedFor(db, key, now);
  if (locked > 0) return { kind: 'locked', retryAfterSeconds: locked };

  const cost = passwordCostOf(accounts);
  const customer = await findCustomerByEmail(db, username);
  const valid = customer ? await verifyPassword(customer.passwordHash, password) : await verifyAgainstDummy(password, cost);
  if (!customer || !valid) {
    const lockSeconds = await recordFailure(db, key, now);
    return lockSeconds > 0 ? { kind: 'locked', retryAfterSeconds: lockSeconds } : { kind: 'invalid' };
  }
  await clearFailures(db, key);
  if (needsRehash(customer.passwordHash, cost)) {
    const passwordHash = await hashPassword(password, cost);
    await db.update(customers).set({ passwordHash }).where(eq(customers.id, customer.id));
  }
  return { kind: 'ok', customer };
}

export async function login(
  db: Database,
  accounts: AccountServices,
  input: { username: string; password: string; rememberMe?: boolean | undefined },
  deviceCookie?: string,
): Promise<LoginOutcome> {
  const device = accounts.devices.deviceOf(deviceCookie, input.username);
  const check = await checkPassword(db, accounts, input.username, input.password, device);
  if (check.kind !== 'ok') return check;
  const { customer } = check;
  // Only reachable with the right password, so it tells nobody else that the e-mail is registered.
  if (customer.status !== 'active') return { kind: 'notActivated', customerId: customer.id };
  const answer = await startSession(db, accounts.tokens, customer, input.rememberMe === true, clockOf(accounts));
  // A browser keeps its device cookie; one that had none (or another account's) gets one for this account.
  return { kind: 'ok', customerId: customer.id, answer, deviceCookie: device ? deviceCookie! : accounts.devices.issue(input.username) };
}
