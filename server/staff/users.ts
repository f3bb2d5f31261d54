// Staff users (decision 071): created by an admin (or `npm run ops -- staff add`) with a one-time link
// to set the password, their roles changed, disabled, or sent a new link, which resets the password
// and the second factor and ends their sessions. Failed sign-ins lock the account for a while. Every
// change writes its audit row in the change's transaction; no row ever holds a password, a code or a
// link's token.

import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { StaffRole, StaffUser } from '../../src/contracts/staff';
import { newToken, tokenHash } from '../accounts/secure-token';
import type { Database } from '../db/client';
import { uniqueViolation } from '../db/errors';
import { staffTokens, staffUsers } from '../db/schema/staff';
import { appendAudit, type AuditActor } from './audit';
import { endSessionsOf } from './sessions';

/** Failed passwords or codes in a row that lock an account, and for how long. */
export const LOCKOUT = { afterFailures: 5, minutes: 15 } as const;
/** How long a set-password link is good for. */
export const LINK_HOURS = 72;

export type StaffRow = typeof staffUsers.$inferSelect;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The user as the API shows it: enrolled once a first TOTP code was accepted. */
export function staffUserOf(row: StaffRow): StaffUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: [...row.roles],
    enrolled: row.totpSecret !== null && row.totpLastStep !== null,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The absolute link a new user (or one sent a new link) opens on the back office to set a password. */
export const setPasswordLink = (origin: string, token: string): string => `${origin}/set-password?token=${encodeURIComponent(token)}`;

export async function listStaff(db: Database): Promise<StaffUser[]> {
  const rows = await db.select().from(staffUsers).orderBy(asc(staffUsers.email));
  return rows.map(staffUserOf);
}

export async function findStaffByEmail(db: Database, email: string): Promise<StaffRow | undefined> {
  const [row] = await db
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.email, normalizeEmail(email)));
  return row;
}

export async function findStaff(db: Database, id: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
  return row;
}

/** A new one-time link of `staffId`; links handed out before it stop working. */
async function issueToken(tx: Database, staffId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  await tx
    .update(staffTokens)
    .set({ usedAt: now })
    .where(and(eq(staffTokens.staffId, staffId), isNull(staffTokens.usedAt)));
  const token = newToken();
  const expiresAt = new Date(now.getTime() + LINK_HOURS * 3_600_000);
  await tx.insert(staffTokens).values({ tokenHash: tokenHash(token), staffId, purpose: 'set_password', expiresAt });
  return { token, expiresAt };
}

const uniqueRoles = (roles: readonly StaffRole[]): StaffRole[] => [...new Set(roles)].sort();

export type CreateStaffOutcome =
  { readonly kind: 'created'; readonly user: StaffUser; readonly token: string } | { readonly kind: 'exists' };

export async function createStaff(
  db: Database,
  actor: AuditActor,
  input: { readonly email: string; readonly name: string; readonly roles: readonly StaffRole[] },
  now: Date,
): Promise<CreateStaffOutcome> {
  const email = normalizeEmail(input.email);
  const roles = uniqueRoles(input.roles);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staffUsers)
        .values({ id: randomUUID(), email, name: input.name.trim(), roles, createdAt: now })
        .returning();
      const { token, expiresAt } = await issueToken(tx, row!.id, now);
      await appendAudit(
        tx,
        actor,
        { action: 'staff.created', subject: email, after: { name: row!.name, roles, linkExpiresAt: expiresAt.toISOString() } },
        now,
      );
      return { kind: 'created' as const, user: staffUserOf(row!), token };
    });
  } catch (error) {
    if (uniqueViolation(error)) return { kind: 'exists' };
    throw error;
  }
}

export type UpdateStaffOutcome =
  | { readonly kind: 'updated'; readonly user: StaffUser }
  | { readonly kind: 'notFound' }
  /** An admin taking the admin role from, or disabling, themselves. */
  | { readonly kind: 'ownAccount' };

/** Changes roles and/or the disabled flag; disabling ends the user's sessions. */
export async function updateStaff(
  db: Database,
  actor: AuditActor,
  id: string,
  change: { readonly roles?: readonly StaffRole[] | undefined; readonly disabled?: boolean | undefined },
  now: Date,
): Promise<UpdateStaffOutcome> {
  const own = actor !== 'cli' && actor.staffId === id;
  if (own && ((change.roles && !change.roles.includes('admin')) || change.disabled === true)) return { kind: 'ownAccount' };
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).for('update');
    if (!before) return { kind: 'notFound' as const };
    const roles = change.roles ? uniqueRoles(change.roles) : before.roles;
    const rolesChanged = roles.join(',') !== uniqueRoles(before.roles).join(',');
    const disabledChanged = change.disabled !== undefined && change.disabled !== (before.disabledAt !== null);
    if (!rolesChanged && !disabledChanged) return { kind: 'updated' as const, user: staffUserOf(before) };
    const [after] = await tx
      .update(staffUsers)
      .set({ roles, ...(disabledChanged && { disabledAt: change.disabled ? now : null }) })
      .where(eq(staffUsers.id, id))
      .returning();
    if (rolesChanged) {
      await appendAudit(tx, actor, { action: 'staff.roles_changed', subject: before.email, before: before.roles, after: roles }, now);
    }
    if (disabledChanged) {
      if (change.disabled) await endSessionsOf(tx, id);
      await appendAudit(tx, actor, { action: change.disabled ? 'staff.disabled' : 'staff.enabled', subject: before.email }, now);
    }
    return { kind: 'updated' as const, user: staffUserOf(after!) };
  });
}

export type LinkOutcome =
  | { readonly kind: 'issued'; readonly user: StaffUser; readonly token: string }
  | { readonly kind: 'notFound' }
  | { readonly kind: 'ownAccount' };

/**
 * A new set-password link: the password and the TOTP enrolment are reset (the user sets both again),
 * a lock-out is lifted and every session of the user ends. For a user who lost their authenticator
 * or password, or whose account may be in other hands.
 */
export async function issuePasswordLink(
  db: Database,
  actor: AuditActor,
  who: { readonly id: string } | { readonly email: string },
  now: Date,
): Promise<LinkOutcome> {
  return db.transaction(async (tx) => {
    const where = 'id' in who ? eq(staffUsers.id, who.id) : eq(staffUsers.email, normalizeEmail(who.email));
    const [user] = await tx.select({ id: staffUsers.id }).from(staffUsers).where(where).for('update');
    if (!user) return { kind: 'notFound' as const };
    // Their own link would end the admin's session and second factor mid-request; another admin sends it.
    if (actor !== 'cli' && actor.staffId === user.id) return { kind: 'ownAccount' as const };
    const [row] = await tx
      .update(staffUsers)
      .set({ passwordHash: null, totpSecret: null, totpLastStep: null, failedAttempts: 0, lockedUntil: null })
      .where(eq(staffUsers.id, user.id))
      .returning();
    await endSessionsOf(tx, user.id);
    const { token, expiresAt } = await issueToken(tx, user.id, now);
    await appendAudit(
      tx,
      actor,
      {
        action: 'staff.link_issued',
        subject: row!.email,
        after: { reset: ['password', 'totp', 'sessions'], linkExpiresAt: expiresAt.toISOString() },
      },
      now,
    );
    return { kind: 'issued' as const, user: staffUserOf(row!), token };
  });
}

export type SetPasswordOutcome = { readonly kind: 'set'; readonly user: StaffRow } | { readonly kind: 'linkInvalid' };

/** The user of an unused, unexpired link of an enabled account, or undefined (the link is not used up). */
export async function userOfLink(db: Database, token: string, now: Date): Promise<StaffRow | undefined> {
  const [row] = await db
    .select({ user: staffUsers })
    .from(staffTokens)
    .innerJoin(staffUsers, eq(staffUsers.id, staffTokens.staffId))
    .where(
      and(
        eq(staffTokens.tokenHash, tokenHash(token)),
        eq(staffTokens.purpose, 'set_password'),
        isNull(staffTokens.usedAt),
        gt(staffTokens.expiresAt, now),
      ),
    );
  return row && row.user.disabledAt === null ? row.user : undefined;
}

/** Uses up the link and stores the password hash; one of two parallel uses wins. */
export async function setPasswordByLink(db: Database, token: string, passwordHash: string, now: Date): Promise<SetPasswordOutcome> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(staffTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffTokens.tokenHash, tokenHash(token)),
          eq(staffTokens.purpose, 'set_password'),
          isNull(staffTokens.usedAt),
          gt(staffTokens.expiresAt, now),
        ),
      )
      .returning({ staffId: staffTokens.staffId });
    if (!used) return { kind: 'linkInvalid' as const };
    const [user] = await tx
      .update(staffUsers)
      .set({ passwordHash, failedAttempts: 0, lockedUntil: null })
      .where(and(eq(staffUsers.id, used.staffId), isNull(staffUsers.disabledAt)))
      .returning();
    if (!user) return { kind: 'linkInvalid' as const };
    // Sessions begun with the old password end.
    await endSessionsOf(tx, user.id);
    await appendAudit(tx, { staffId: user.id, email: user.email }, { action: 'staff.password_set', subject: user.email }, now);
    return { kind: 'set' as const, user };
  });
}

// ---- Lock-out ------------------------------------------------------------------------------------

/** Seconds the account stays locked (0: not locked). */
export function lockedSeconds(row: Pick<StaffRow, 'lockedUntil'>, now: Date): number {
  const until = row.lockedUntil?.getTime() ?? 0;
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

/**
 * Counts a wrong password or code and writes its audit row (`staff.sign_in_failed`, or `staff.locked`
 * for the failure that locks); returns the seconds the account is now locked (0: not locked). A lock
 * that lapsed starts the count anew.
 */
export async function recordFailure(db: Database, staffId: string, step: 'password' | 'code', now: Date, replay = false): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ email: staffUsers.email, failedAttempts: staffUsers.failedAttempts, lockedUntil: staffUsers.lockedUntil })
      .from(staffUsers)
      .where(eq(staffUsers.id, staffId))
      .for('update');
    if (!row) return 0;
    const lapsed = row.lockedUntil !== null && row.lockedUntil.getTime() <= now.getTime();
    const failures = (lapsed ? 0 : row.failedAttempts) + 1;
    const locks = failures >= LOCKOUT.afterFailures;
    const lockedUntil = locks ? new Date(now.getTime() + LOCKOUT.minutes * 60_000) : lapsed ? null : row.lockedUntil;
    await tx.update(staffUsers).set({ failedAttempts: failures, lockedUntil }).where(eq(staffUsers.id, staffId));
    const actor = { staffId, email: row.email };
    await appendAudit(
      tx,
      actor,
      { action: 'staff.sign_in_failed', subject: row.email, after: { step, failures, ...(replay && { replay }) } },
      now,
    );
    if (locks)
      await appendAudit(tx, actor, { action: 'staff.locked', subject: row.email, after: { until: lockedUntil!.toISOString() } }, now);
    return locks ? LOCKOUT.minutes * 60 : 0;
  });
}

/**
 * Stores the accepted code's step and clears the failures (not with `clearLock: false`: a sign-in
 * link leaves the lock as it is); false when the step is used already (a parallel request with the
 * same code won) or `secret`, the one the code was checked against, is no longer the user's (an
 * enrolment begun again meanwhile). Run it in the sign-in's transaction.
 */
export async function acceptCode(
  tx: Database,
  staffId: string,
  secret: string,
  step: number,
  { clearLock = true }: { readonly clearLock?: boolean } = {},
): Promise<boolean> {
  const [row] = await tx
    .update(staffUsers)
    .set({ totpLastStep: step, ...(clearLock && { failedAttempts: 0, lockedUntil: null }) })
    .where(
      and(
        eq(staffUsers.id, staffId),
        eq(staffUsers.totpSecret, secret),
        isNull(staffUsers.disabledAt),
        or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step)),
      ),
    )
    .returning({ id: staffUsers.id });
  return row !== undefined;
}
