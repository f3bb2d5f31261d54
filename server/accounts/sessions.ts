// Login sessions (product §12): a short access token (JWT, 5 min) plus an opaque refresh token.
// The refresh tokens of one login form a family with one absolute end fixed at login (12 h, 30 days
// with remember-me); every refresh uses up its token and hands out the next one of the family. A used
// token presented again means two parties hold the family (theft or a replay): the whole family is
// revoked (OWASP ASVS 5 §7.2.4, §7.4).

import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { ACCESS_TOKEN_SECONDS, type TokenAnswer } from '../../src/contracts/account';
import type { Database } from '../db/client';
import { customers, refreshTokens } from '../db/schema/customers';
import type { AccessSubject, AccessTokens } from './access-tokens';
import { isTokenShaped, newToken, tokenHash } from './secure-token';

export const REFRESH_LIFETIME_MS = { standard: 12 * 3600_000, rememberMe: 30 * 86_400_000 } as const;

export type RefreshOutcome =
  | { readonly kind: 'rotated'; readonly customerId: string; readonly answer: TokenAnswer }
  /** A used token came back: its family is now revoked. */
  | { readonly kind: 'reused'; readonly customerId: string }
  | { readonly kind: 'invalid' };

async function tokenAnswer(
  tokens: AccessTokens,
  subject: AccessSubject,
  refreshToken: string,
  familyEnd: Date,
  now: number,
): Promise<TokenAnswer> {
  return {
    access_token: await tokens.sign(subject, now),
    refresh_token: refreshToken,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    refresh_expires_in: Math.max(1, Math.floor((familyEnd.getTime() - now) / 1000)),
  };
}

const subjectOf = (customer: { id: string; email: string; customerNumber: string | null }): AccessSubject => ({
  customerId: customer.id,
  email: customer.email,
  customerNumber: customer.customerNumber,
});

/** A new family for a successful login; the customer's families that ended are deleted on the way. */
export async function startSession(
  db: Database,
  tokens: AccessTokens,
  customer: { id: string; email: string; customerNumber: string | null },
  rememberMe: boolean,
  now: number,
): Promise<TokenAnswer> {
  const at = new Date(now);
  const familyEnd = new Date(now + (rememberMe ? REFRESH_LIFETIME_MS.rememberMe : REFRESH_LIFETIME_MS.standard));
  const refreshToken = newToken();
  await db.transaction(async (tx) => {
    await tx.delete(refreshTokens).where(and(eq(refreshTokens.customerId, customer.id), lt(refreshTokens.expiresAt, at)));
    await tx.insert(refreshTokens).values({
      tokenHash: tokenHash(refreshToken),
      familyId: randomUUID(),
      customerId: customer.id,
      rememberMe,
      expiresAt: familyEnd,
      createdAt: at,
    });
  });
  return tokenAnswer(tokens, subjectOf(customer), refreshToken, familyEnd, now);
}

/**
 * Uses up a refresh token and hands out the next one of its family. The conditional UPDATE lets one
 * of several parallel refreshes with the same token win; the others find it used (reuse).
 */
export async function refreshSession(db: Database, tokens: AccessTokens, token: unknown, now: number): Promise<RefreshOutcome> {
  if (!isTokenShaped(token)) return { kind: 'invalid' };
  const at = new Date(now);
  const hash = tokenHash(token);
  const rotated = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(refreshTokens)
      .set({ usedAt: at })
      .where(
        and(
          eq(refreshTokens.tokenHash, hash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, at),
        ),
      )
      .returning({
        familyId: refreshTokens.familyId,
        customerId: refreshTokens.customerId,
        rememberMe: refreshTokens.rememberMe,
        expiresAt: refreshTokens.expiresAt,
      });
    if (!used) return undefined;
    const [customer] = await tx
      .select({ id: customers.id, email: customers.email, customerNumber: customers.customerNumber })
      .from(customers)
      .where(eq(customers.id, used.customerId));
    const next = newToken();
    await tx.insert(refreshTokens).values({
      tokenHash: tokenHash(next),
      familyId: used.familyId,
      customerId: used.customerId,
      rememberMe: used.rememberMe,
      expiresAt: used.expiresAt,
      createdAt: at,
    });
    return { customer: customer!, next, familyEnd: used.expiresAt };
  });
  if (rotated) {
    return {
      kind: 'rotated',
      customerId: rotated.customer.id,
      answer: await tokenAnswer(tokens, subjectOf(rotated.customer), rotated.next, rotated.familyEnd, now),
    };
  }

  const [known] = await db
    .select({
      familyId: refreshTokens.familyId,
      customerId: refreshTokens.customerId,
      usedAt: refreshTokens.usedAt,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hash));
  if (known?.usedAt && !known.revokedAt) {
    await revokeFamily(db, known.familyId, at);
    return { kind: 'reused', customerId: known.customerId };
  }
  return { kind: 'invalid' };
}

/**
 * Logout: revokes the family of a valid (unused, unrevoked, unexpired) refresh token. With the
 * caller's access-token subject, only a family of that customer. Returns the customer when revoked.
 */
export async function endSession(db: Database, token: unknown, now: number, subjectId?: string): Promise<string | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const at = new Date(now);
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, customerId: refreshTokens.customerId })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash(token)),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, at),
      ),
    );
  if (!row || (subjectId !== undefined && row.customerId !== subjectId)) return undefined;
  await revokeFamily(db, row.familyId, at);
  return row.customerId;
}

async function revokeFamily(db: Database, familyId: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Every session of the customer ends (password changed or reset). */
export async function revokeAllSessions(db: Database, customerId: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.customerId, customerId), isNull(refreshTokens.revokedAt)));
}
