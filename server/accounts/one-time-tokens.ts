// Single-use account tokens (account_tokens): the activation link (48 h), the activation identifier
// the client trades for the activation (15 min), the password reset link (1 h) and the sign-in link (15 min). Consuming one is a
// single conditional UPDATE, so a token works once even when two requests race.

import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accountTokens } from '../db/schema/customers';
import { isTokenShaped, newToken, tokenHash } from './secure-token';

export type TokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

export const TOKEN_LIFETIME_MS: Readonly<Record<TokenPurpose, number>> = {
  activation: 48 * 3600_000,
  activation_identifier: 15 * 60_000,
  password_reset: 3600_000,
  /** The mailed sign-in link of a throttled account (decision 077): short, as it signs in by itself. */
  sign_in_link: 15 * 60_000,
};

export async function issueToken(db: Database, customerId: string, purpose: TokenPurpose, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(accountTokens).values({
    tokenHash: tokenHash(token),
    customerId,
    purpose,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
    createdAt: now,
  });
  return token;
}

const usable = (token: string, purpose: TokenPurpose, now: Date) =>
  and(
    eq(accountTokens.tokenHash, tokenHash(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
  );

/** Marks the token used and returns its customer; undefined when it is malformed, unknown, used or expired. */
export async function consumeToken(db: Database, token: unknown, purpose: TokenPurpose, now: Date): Promise<string | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(usable(token, purpose, now))
    .returning({ customerId: accountTokens.customerId });
  return row?.customerId;
}

/** The customer of a usable token without using it up (to check a request before acting on it). */
export async function peekToken(db: Database, token: unknown, purpose: TokenPurpose, now: Date): Promise<string | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const [row] = await db
    .select({ customerId: accountTokens.customerId })
    .from(accountTokens)
    .where(usable(token, purpose, now));
  return row?.customerId;
}

/** Ends every unused token of a purpose of the customer (a newer link replaces the older ones). */
export async function invalidateTokens(db: Database, customerId: string, purpose: TokenPurpose, now: Date): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.customerId, customerId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}
