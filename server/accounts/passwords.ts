// Changing a password: with the current one (logged in) or with a reset link from the forgot-password
// mail. Either way the new password must pass the policy, every session of the customer ends (all
// refresh tokens revoked; access tokens run out within 5 minutes) and the login throttle is cleared.

import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { customers } from '../db/schema/customers';
import type { AccessSubject } from './access-tokens';
import { checkPassword, findCustomerByEmail, passwordCostOf, type Customer } from './authentication';
import { clearFailures } from './login-throttle';
import { consumeToken, invalidateTokens, issueToken, peekToken, type TokenPurpose } from './one-time-tokens';
import { hashPassword } from './password-hash';
import { passwordProblem } from './password-policy';
import { clockOf, type AccountServices } from './services';
import { revokeAllSessions } from './sessions';

export type PasswordChangeOutcome =
  | { readonly kind: 'changed'; readonly customer: Customer }
  /** userId or email is not the caller's. */
  | { readonly kind: 'forbidden' }
  /** The customer of the access token no longer exists. */
  | { readonly kind: 'gone' }
  | { readonly kind: 'wrongCurrent' }
  | { readonly kind: 'locked'; readonly retryAfterSeconds: number }
  | { readonly kind: 'refused'; readonly message: string };

/** One transaction: the new hash, all sessions revoked, the throttle cleared; `guard` may veto first. */
async function storePassword(
  db: Database,
  customer: Customer,
  passwordHash: string,
  now: number,
  guard?: (tx: Database) => Promise<boolean>,
): Promise<boolean> {
  const at = new Date(now);
  return db.transaction(async (tx) => {
    if (guard && !(await guard(tx))) return false;
    await tx.update(customers).set({ passwordHash, passwordChangedAt: at }).where(eq(customers.id, customer.id));
    await revokeAllSessions(tx, customer.id, at);
    await clearFailures(tx, customer.email);
    return true;
  });
}

export async function changePassword(
  db: Database,
  accounts: AccountServices,
  subject: AccessSubject,
  body: { password: string; userId: string; email: string; currentPassword: string },
): Promise<PasswordChangeOutcome> {
  if (body.userId !== subject.customerId) return { kind: 'forbidden' };
  const [customer] = await db.select().from(customers).where(eq(customers.id, subject.customerId));
  if (!customer) return { kind: 'gone' };
  if (body.email !== customer.email) return { kind: 'forbidden' };
  const problem = passwordProblem(body.password, customer.email);
  if (problem) return { kind: 'refused', message: problem };

  // The current password goes through the login throttle: a stolen access token cannot guess it.
  const check = await checkPassword(db, accounts, customer.email, body.currentPassword);
  if (check.kind === 'locked') return check;
  if (check.kind === 'invalid') return { kind: 'wrongCurrent' };

  const passwordHash = await hashPassword(body.password, passwordCostOf(accounts));
  await storePassword(db, customer, passwordHash, clockOf(accounts));
  return { kind: 'changed', customer };
}

/**
 * A new mailed link of `purpose` for an active customer with this e-mail (earlier unused links of that
 * purpose end), else undefined. The caller answers the same either way.
 */
export async function requestCustomerLink(
  db: Database,
  accounts: AccountServices,
  email: string,
  purpose: TokenPurpose,
): Promise<{ customer: Customer; token: string } | undefined> {
  const customer = await findCustomerByEmail(db, email);
  if (!customer || customer.status !== 'active') return undefined;
  const now = new Date(clockOf(accounts));
  const token = await db.transaction(async (tx) => {
    await invalidateTokens(tx, customer.id, purpose, now);
    return issueToken(tx, customer.id, purpose, now);
  });
  return { customer, token };
}

/** A password reset link (see requestCustomerLink). */
export const requestPasswordReset = (db: Database, accounts: AccountServices, email: string) =>
  requestCustomerLink(db, accounts, email, 'password_reset');

export type PasswordResetOutcome =
  | { readonly kind: 'reset'; readonly customer: Customer }
  | { readonly kind: 'invalidToken' }
  | { readonly kind: 'refused'; readonly message: string };

export async function resetPassword(
  db: Database,
  accounts: AccountServices,
  token: string,
  password: string,
): Promise<PasswordResetOutcome> {
  const now = clockOf(accounts);
  const customerId = await peekToken(db, token, 'password_reset', new Date(now));
  if (!customerId) return { kind: 'invalidToken' };
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.status, 'active')));
  if (!customer) return { kind: 'invalidToken' };
  // A refused password keeps the link usable: the customer tries another password.
  const problem = passwordProblem(password, customer.email);
  if (problem) return { kind: 'refused', message: problem };

  const passwordHash = await hashPassword(password, passwordCostOf(accounts));
  // The token is used up in the same transaction; of two parallel resets only one gets it.
  const stored = await storePassword(
    db,
    customer,
    passwordHash,
    now,
    async (tx) => (await consumeToken(tx, token, 'password_reset', new Date(now))) === customerId,
  );
  return stored ? { kind: 'reset', customer } : { kind: 'invalidToken' };
}
