// The back office's way back in that an attacker cannot block (decision 081, the staff side of
// decision 077): wrong passwords or codes lock a staff account for 15 minutes (./users.ts), so anyone
// who knows a staff address could keep its owner out for good. While locked, the owner asks for a
// sign-in link by mail; the link (single use, 15 minutes, only its sha256 kept in staff_tokens, a
// newer one ends the older) opens a page that asks for the TOTP code, and link and code together
// start the same active session a password and a code start. The link is the password's stand-in,
// never the second factor's: a member who has not enrolled an authenticator app gets a mail without a
// link that sends them to an admin. Wrong codes count against the link (the 5th ends it), not against
// the account, so they cannot lock the member out of this path; the account's lock stays as it is.

import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { newToken, tokenHash } from '../accounts/secure-token';
import type { Database } from '../db/client';
import { staffTokens, staffUsers } from '../db/schema/staff';
import { appendAudit } from './audit';
import { startSession, type SessionTiming } from './sessions';
import { checkTotp } from './totp';
import { acceptCode, findStaffByEmail, LOCKOUT, type StaffRow } from './users';

/** How long a sign-in link is good for. */
export const SIGN_IN_LINK_MINUTES = 15;

/** Asking for a link: calls per client IP, and mails per address (over either, the answer stays the same). */
export const SIGN_IN_LINK_LIMITS = {
  perIp: { limit: 10, windowSeconds: 60 },
  perAddress: { limit: 5, windowSeconds: 3600 },
} as const;

/** The absolute link of the mail, on the back office's origin. */
export const signInLinkUrl = (origin: string, token: string): string => `${origin}/sign-in-link?token=${encodeURIComponent(token)}`;

const enrolled = (user: StaffRow): boolean => user.totpSecret !== null && user.totpLastStep !== null;

export type SignInLinkRequest =
  /** An enabled, enrolled member: a new link (their older sign-in links ended). */
  | { readonly kind: 'link'; readonly user: StaffRow; readonly token: string }
  /** An enabled member without an authenticator app: no link, a mail that says why. */
  | { readonly kind: 'notEnrolled'; readonly user: StaffRow };

/** What to mail to `email`, if anything: nothing for an unknown address or a disabled account. */
export async function requestSignInLink(db: Database, email: string, now: Date): Promise<SignInLinkRequest | undefined> {
  const user = await findStaffByEmail(db, email);
  if (!user || user.disabledAt !== null) return undefined;
  if (!enrolled(user) || user.passwordHash === null) return { kind: 'notEnrolled', user };
  const token = newToken();
  await db.transaction(async (tx) => {
    // A newer link ends the older ones (the set-password link stays: it is an admin's).
    await tx
      .update(staffTokens)
      .set({ usedAt: now })
      .where(and(eq(staffTokens.staffId, user.id), eq(staffTokens.purpose, 'sign_in_link'), isNull(staffTokens.usedAt)));
    await tx.insert(staffTokens).values({
      tokenHash: tokenHash(token),
      staffId: user.id,
      purpose: 'sign_in_link',
      expiresAt: new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000),
    });
    await appendAudit(
      tx,
      { staffId: user.id, email: user.email },
      { action: 'staff.sign_in_link_sent', subject: user.email, after: { minutes: SIGN_IN_LINK_MINUTES } },
      now,
    );
  });
  return { kind: 'link', user, token };
}

const usableLink = (hash: string, now: Date) =>
  and(eq(staffTokens.tokenHash, hash), eq(staffTokens.purpose, 'sign_in_link'), isNull(staffTokens.usedAt), gt(staffTokens.expiresAt, now));

/** Another request used the link or the code's step first: the transaction rolls back. */
class LostRace extends Error {}

export type LinkSignInOutcome =
  | { readonly kind: 'signedIn'; readonly user: StaffRow; readonly session: { readonly token: string; readonly csrfToken: string } }
  /** Unknown, used, expired, ended by a newer link or by wrong codes, or its member was disabled. */
  | { readonly kind: 'linkInvalid' }
  | { readonly kind: 'notEnrolled' }
  /** A wrong (or replayed) code; `ended`: it was the link's last try. */
  | { readonly kind: 'invalidCode'; readonly replay: boolean; readonly ended: boolean };

/**
 * Signs in with the link's token and a TOTP code: the link is used up, the code's step taken and an
 * active session started in one transaction (of two requests with one link, one wins). The account's
 * lock is neither checked nor lifted: the link is the way past it, and the stranger's failures keep
 * locking the password path.
 */
export async function signInWithLink(
  db: Database,
  token: string,
  code: string,
  now: Date,
  timing: SessionTiming,
): Promise<LinkSignInOutcome> {
  const hash = tokenHash(token);
  const [found] = await db
    .select({ user: staffUsers })
    .from(staffTokens)
    .innerJoin(staffUsers, eq(staffUsers.id, staffTokens.staffId))
    .where(usableLink(hash, now));
  const user = found?.user;
  if (!user || user.disabledAt !== null) return { kind: 'linkInvalid' };
  const secret = user.totpSecret;
  if (secret === null || !enrolled(user)) return { kind: 'notEnrolled' };
  const actor = { staffId: user.id, email: user.email };

  const check = await checkTotp(secret, code, user.totpLastStep, now);
  if (check.valid) {
    const session = await db
      .transaction(async (tx) => {
        const [used] = await tx
          .update(staffTokens)
          .set({ usedAt: now })
          .where(usableLink(hash, now))
          .returning({ staffId: staffTokens.staffId });
        if (!used || !(await acceptCode(tx, user.id, secret, check.step, { clearLock: false }))) throw new LostRace();
        const started = await startSession(tx, user.id, 'active', now, timing);
        await appendAudit(tx, actor, { action: 'staff.signed_in', subject: user.email, after: { roles: user.roles, via: 'link' } }, now);
        return started;
      })
      .catch((error: unknown) => {
        if (error instanceof LostRace) return undefined;
        throw error;
      });
    if (session) return { kind: 'signedIn', user, session };
  }

  // A wrong code, a replay, or a race lost: one try of the link used up; the 5th ends it.
  const replay = check.valid || check.replay;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffTokens)
      .set({
        failedCodes: sql`${staffTokens.failedCodes} + 1`,
        usedAt: sql`case when ${staffTokens.failedCodes} + 1 >= ${LOCKOUT.afterFailures} then ${now.toISOString()}::timestamptz else null end`,
      })
      .where(usableLink(hash, now))
      .returning({ failedCodes: staffTokens.failedCodes });
    if (!row) return { kind: 'linkInvalid' as const };
    const ended = row.failedCodes >= LOCKOUT.afterFailures;
    await appendAudit(
      tx,
      actor,
      {
        action: 'staff.sign_in_failed',
        subject: user.email,
        after: { step: 'link_code', failures: row.failedCodes, ...(replay && { replay }) },
      },
      now,
    );
    if (ended)
      await appendAudit(tx, actor, { action: 'staff.sign_in_link_ended', subject: user.email, after: { failures: row.failedCodes } }, now);
    return { kind: 'invalidCode' as const, replay, ended };
  });
}
