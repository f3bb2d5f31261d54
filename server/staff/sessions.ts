// Staff sessions (decision 071): an opaque token in the HttpOnly, SameSite=Strict cookie
// `staff_session` of the staff host alone (no Domain attribute), only its sha256 in staff_sessions.
// A session starts at the password (stage `second_factor`) and becomes `active` with a new token once
// the TOTP code is accepted. It ends after `idleMinutes` without a request (default 30) and at the
// latest `maxHours` after it began (default 12). The hook below runs for the staff plugin's routes:
// it sets `request.staff` for an active session and refuses a changing request (anything but GET and
// HEAD) from another origin, or of an active session without its synchronizer token in X-CSRF-Token
// (403 `csrf`). An Authorization header is never read here: a customer's bearer token signs nobody in.

import { timingSafeEqual } from 'node:crypto';
import { and, eq, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readCookie } from '../../src/config/hosts';
import { STAFF_CSRF_HEADER, type StaffRole } from '../../src/contracts/staff';
import { isTokenShaped, newToken, tokenHash } from '../accounts/secure-token';
import type { Database } from '../db/client';
import { staffSessions, staffUsers } from '../db/schema/staff';
import { staffError } from './guard';
import type { StaffPluginOptions, StaffSessionOptions } from './options';

export const STAFF_SESSION_COOKIE = 'staff_session';

export const SESSION_DEFAULTS = { idleMinutes: 30, maxHours: 12 } as const;
/** last_seen_at is written at most this often (one write a minute per busy session, not one per request). */
const TOUCH_AFTER_MS = 60_000;

export interface SessionTiming {
  readonly idleMinutes: number;
  readonly idleMs: number;
  readonly maxMs: number;
}

export function sessionTiming(options: StaffSessionOptions = {}): SessionTiming {
  const idleMinutes = options.idleMinutes ?? SESSION_DEFAULTS.idleMinutes;
  return { idleMinutes, idleMs: idleMinutes * 60_000, maxMs: (options.maxHours ?? SESSION_DEFAULTS.maxHours) * 3_600_000 };
}

/** The staff plugin's clock. */
export const staffClock = (options: Pick<StaffPluginOptions, 'now'>): (() => Date) => options.now ?? (() => new Date());

/** The session cookie: host-only (no Domain), whole site, not readable by scripts, never sent cross-site. */
export function sessionCookie(token: string, secure: boolean): string {
  return `${STAFF_SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${STAFF_SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export type SessionStage = 'second_factor' | 'active';

/** The request's session as the hook found it (active or half-way), with its user. */
export interface StaffSessionState {
  readonly hash: string;
  readonly stage: SessionStage;
  readonly csrfToken: string;
  readonly staffId: string;
  readonly email: string;
  readonly name: string;
  readonly roles: readonly StaffRole[];
}

const sessionsOfRequests = new WeakMap<FastifyRequest, StaffSessionState>();

/** The request's staff session at either stage (the sign-in routes need the half-way one), or undefined. */
export const staffSessionOf = (request: FastifyRequest): StaffSessionState | undefined => sessionsOfRequests.get(request);

/** A new session of `staffId`; the user's sessions that timed out are deleted on the way. */
export async function startSession(
  db: Database,
  staffId: string,
  stage: SessionStage,
  now: Date,
  timing: SessionTiming,
): Promise<{ token: string; csrfToken: string }> {
  const token = newToken();
  const csrfToken = newToken();
  await db.transaction(async (tx) => {
    await tx
      .delete(staffSessions)
      .where(
        and(
          eq(staffSessions.staffId, staffId),
          or(
            lt(staffSessions.lastSeenAt, new Date(now.getTime() - timing.idleMs)),
            lt(staffSessions.createdAt, new Date(now.getTime() - timing.maxMs)),
          ),
        ),
      );
    await tx.insert(staffSessions).values({ tokenHash: tokenHash(token), staffId, stage, csrfToken, createdAt: now, lastSeenAt: now });
  });
  return { token, csrfToken };
}

/**
 * The half-way session becomes an active one under a new token and CSRF token (a token seen before the
 * second factor never opens anything); undefined when it is gone. Run it in the sign-in's transaction.
 */
export async function activateSession(tx: Database, hash: string, now: Date): Promise<{ token: string; csrfToken: string } | undefined> {
  const [pending] = await tx
    .delete(staffSessions)
    .where(and(eq(staffSessions.tokenHash, hash), eq(staffSessions.stage, 'second_factor')))
    .returning({ staffId: staffSessions.staffId });
  if (!pending) return undefined;
  const token = newToken();
  const csrfToken = newToken();
  await tx
    .insert(staffSessions)
    .values({ tokenHash: tokenHash(token), staffId: pending.staffId, stage: 'active', csrfToken, createdAt: now, lastSeenAt: now });
  return { token, csrfToken };
}

export async function endSession(db: Database, hash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, hash));
}

/** Every session of a user ends (disabled, new password link). */
export async function endSessionsOf(db: Database, staffId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

/** The session of a cookie token if it is still alive (deleted when it timed out or its user was disabled). */
async function liveSession(db: Database, token: string, now: Date, timing: SessionTiming) {
  const hash = tokenHash(token);
  const [row] = await db
    .select({
      stage: staffSessions.stage,
      csrfToken: staffSessions.csrfToken,
      createdAt: staffSessions.createdAt,
      lastSeenAt: staffSessions.lastSeenAt,
      staffId: staffUsers.id,
      email: staffUsers.email,
      name: staffUsers.name,
      roles: staffUsers.roles,
      disabledAt: staffUsers.disabledAt,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(eq(staffSessions.tokenHash, hash));
  if (!row) return undefined;
  const at = now.getTime();
  if (row.disabledAt !== null || at - row.lastSeenAt.getTime() > timing.idleMs || at - row.createdAt.getTime() > timing.maxMs) {
    await endSession(db, hash);
    return undefined;
  }
  return { hash, ...row };
}

function sameToken(sent: unknown, expected: string): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

export function registerStaffSessions(app: FastifyInstance, options: StaffPluginOptions): void {
  const { db, origin } = options;
  const now = staffClock(options);
  const timing = sessionTiming(options.sessions);
  app.decorateRequest('staff', null);

  app.addHook('onRequest', async (request) => {
    const at = now();
    const token = readCookie(request.headers.cookie, STAFF_SESSION_COOKIE);
    const session = isTokenShaped(token) ? await liveSession(db, token, at, timing) : undefined;

    if (!SAFE_METHODS.has(request.method)) {
      // Browsers send Origin with every cross-origin request and every POST; a request without it is no
      // browser's cross-site request (and an active session still needs the token below).
      const sentOrigin = request.headers.origin;
      if (sentOrigin !== undefined && sentOrigin !== origin) {
        throw staffError(403, 'csrf', 'This request came from another site; the back office accepts changes from its own pages only.');
      }
      if (session?.stage === 'active' && !sameToken(request.headers[STAFF_CSRF_HEADER], session.csrfToken)) {
        throw staffError(403, 'csrf', `The request lacks this session's ${STAFF_CSRF_HEADER} header; reload the back office.`);
      }
    }
    if (!session) return;

    if (at.getTime() - session.lastSeenAt.getTime() >= TOUCH_AFTER_MS) {
      await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.tokenHash, session.hash));
    }
    const state: StaffSessionState = {
      hash: session.hash,
      stage: session.stage,
      csrfToken: session.csrfToken,
      staffId: session.staffId,
      email: session.email,
      name: session.name,
      roles: session.roles,
    };
    sessionsOfRequests.set(request, state);
    if (state.stage === 'active') {
      request.staff = {
        id: state.staffId,
        email: state.email,
        name: state.name,
        roles: state.roles,
        csrfToken: state.csrfToken,
        sessionHash: state.hash,
      };
    }
  });
}
