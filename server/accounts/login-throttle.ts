// Failed logins per lower-cased username, known or not (OWASP ASVS 5 §6.3.1): from the 5th failure in
// a row the username is locked for 30 s, doubling with each further failure up to 15 min; a success
// clears it, and failures older than a day are forgotten. Never a permanent lock-out, so nobody can
// lock a customer out of their account for good.

import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { loginThrottle } from '../db/schema/customers';

export const THROTTLE = {
  lockAfterFailures: 5,
  firstLockSeconds: 30,
  maxLockSeconds: 15 * 60,
  forgetAfterMs: 24 * 3600_000,
} as const;

/** How long the `failures`-th failure in a row locks the username. */
export function lockSeconds(failures: number): number {
  if (failures < THROTTLE.lockAfterFailures) return 0;
  return Math.min(THROTTLE.firstLockSeconds * 2 ** (failures - THROTTLE.lockAfterFailures), THROTTLE.maxLockSeconds);
}

const secondsUntil = (until: Date | null | undefined, now: number) =>
  until && until.getTime() > now ? Math.ceil((until.getTime() - now) / 1000) : 0;
const timestamp = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/** Seconds the username stays locked (0: not locked). */
export async function lockedFor(db: Database, username: string, now: number): Promise<number> {
  const [row] = await db.select({ lockedUntil: loginThrottle.lockedUntil }).from(loginThrottle).where(eq(loginThrottle.username, username));
  return secondsUntil(row?.lockedUntil, now);
}

/**
 * Counts a failure; returns the seconds the username is now locked (0: not locked). Atomic per row,
 * and a lock is only ever extended, so parallel failures cannot shorten it.
 */
export async function recordFailure(db: Database, username: string, now: number): Promise<number> {
  const at = new Date(now);
  const [counted] = await db
    .insert(loginThrottle)
    .values({ username, failures: 1, lastFailureAt: at })
    .onConflictDoUpdate({
      target: loginThrottle.username,
      set: {
        failures: sql`case when ${loginThrottle.lastFailureAt} < ${timestamp(now - THROTTLE.forgetAfterMs)} then 1 else ${loginThrottle.failures} + 1 end`,
        lastFailureAt: at,
      },
    })
    .returning({ failures: loginThrottle.failures });
  const seconds = lockSeconds(counted!.failures);
  if (seconds === 0) return 0;
  const [locked] = await db
    .update(loginThrottle)
    .set({ lockedUntil: sql`greatest(coalesce(${loginThrottle.lockedUntil}, ${timestamp(now)}), ${timestamp(now + seconds * 1000)})` })
    .where(eq(loginThrottle.username, username))
    .returning({ lockedUntil: loginThrottle.lockedUntil });
  return secondsUntil(locked?.lockedUntil, now);
}

export async function clearFailures(db: Database, username: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.username, username));
}
