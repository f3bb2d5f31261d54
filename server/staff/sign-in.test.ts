// Signing in to the back office through fastify.inject, on PGlite and (with TEST_DATABASE_URL)
// PostgreSQL: enrolling the TOTP second factor, the second factor required, a code used once only,
// the lock-out after wrong passwords or codes, idle and absolute timeouts, CSRF (token and origin),
// the cookie's attributes, signing out, the set-password link, and no secret in the audit log or log.

import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_CSRF_HEADER, StaffLoginAnswerSchema, StaffMeSchema } from '../../src/contracts/staff';
import { tokenHash } from '../accounts/secure-token';
import type { Database, DatabaseHandle } from '../db/client';
import { auditLog, staffSessions, staffTokens, staffUsers } from '../db/schema/staff';
import { logCollector } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import {
  createStaffUser,
  sessionCookieOf,
  signInStaff,
  STAFF_HOST,
  STAFF_ORIGIN,
  STAFF_PASSWORD,
  staffHeaders,
  staffTestApp,
  totpCode,
  type TestStaffUser,
} from '../test-support/staff';
import { createStaff } from './users';

describe.each(testDatabases())('staff sign-in on $name', (database) => {
  let handle: DatabaseHandle;
  let db: Database;
  let app: FastifyInstance;
  let clock = new Date('2026-11-30T09:00:10Z');
  const logs: string[] = [];
  const secrets = new Set<string>([STAFF_PASSWORD]);

  beforeAll(async () => {
    handle = await database.open();
    db = handle.db;
    // Behind a trusted proxy: a request with X-Forwarded-Proto https counts as one over TLS (the Secure cookie).
    app = await staffTestApp(db, {
      staff: { now: () => clock },
      app: { logLevel: 'info', logStream: logCollector(logs), trustProxy: true },
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  /** Moves the plugin's clock. */
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  /** The next 30-second step, so a user's earlier codes are not replays by accident. */
  const nextStep = () => advance(30_000);

  const postPassword = (email: string, password: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/staff/session', headers: { host: STAFF_HOST, ...headers }, payload: { email, password } });
  const postCode = (cookie: string | undefined, code: string) =>
    app.inject({
      method: 'POST',
      url: '/api/staff/session/second-factor',
      headers: { host: STAFF_HOST, ...(cookie && { cookie }) },
      payload: { code },
    });
  const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/staff/me', headers: { host: STAFF_HOST, cookie } });
  const reasonOf = (res: LightMyRequestResponse) => (res.json() as { reason?: string }).reason;
  const auditOf = (email: string) =>
    db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, email))
      .orderBy(auditLog.id)
      .then((rows) => rows);
  const actionsOf = async (email: string) => (await auditOf(email)).map((row) => row.action);

  /** Password, then the code for `user`'s secret now: the active session's cookie and answer. */
  const signIn = async (user: TestStaffUser) => {
    const password = await postPassword(user.email, user.password);
    expect(password.statusCode).toBe(200);
    const code = await postCode(sessionCookieOf(password), await totpCode(user.totpSecret!, clock));
    expect(code.statusCode).toBe(200);
    return { cookie: sessionCookieOf(code)!, me: StaffMeSchema.parse(code.json()) };
  };

  it('enrols the second factor at the first sign-in: the answer has the secret, its otpauth URI and QR code, and a code from it signs in', async () => {
    const user = await createStaffUser(db, { enrolled: false, roles: ['inspector'], name: 'Ina Inspector' });
    const password = await postPassword(user.email.toUpperCase(), STAFF_PASSWORD);
    expect(password.statusCode).toBe(200);
    expect(password.headers['cache-control']).toBe('no-store');
    const answer = StaffLoginAnswerSchema.parse(password.json());
    if (answer.step !== 'enrol') throw new Error('expected enrolment');
    secrets.add(answer.secret);
    expect(answer.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(answer.otpauthUri).toBe(
      `otpauth://totp/Trade-in%20back%20office:${encodeURIComponent(user.email)}?secret=${answer.secret}&issuer=Trade-in%20back%20office`,
    );
    expect(answer.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const pending = sessionCookieOf(password)!;
    expect((await me(pending)).statusCode).toBe(401);

    const code = await postCode(pending, await totpCode(answer.secret, clock));
    expect(code.statusCode).toBe(200);
    const signedIn = StaffMeSchema.parse(code.json());
    expect(signedIn).toMatchObject({ id: user.id, email: user.email, name: 'Ina Inspector', roles: ['inspector'], idleMinutes: 30 });
    const active = sessionCookieOf(code)!;
    expect(active).not.toBe(pending);
    // The half-way cookie is used up; the new one opens /me with the same CSRF token.
    expect((await me(pending)).statusCode).toBe(401);
    const again = await me(active);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(signedIn);
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, user.id));
    expect(row!.totpSecret).toBe(answer.secret);
    expect(row!.totpLastStep).toBe(Math.floor(clock.getTime() / 30_000));
    expect(await actionsOf(user.email)).toEqual(['staff.totp_enrolled', 'staff.signed_in']);
  });

  it('asks an enrolled user for the code only; a new sign-in before enrolling shows a new secret', async () => {
    const enrolled = await createStaffUser(db);
    expect((await postPassword(enrolled.email, STAFF_PASSWORD)).json()).toEqual({ step: 'secondFactor' });

    const fresh = await createStaffUser(db, { enrolled: false });
    const first = StaffLoginAnswerSchema.parse((await postPassword(fresh.email, STAFF_PASSWORD)).json());
    const second = StaffLoginAnswerSchema.parse((await postPassword(fresh.email, STAFF_PASSWORD)).json());
    if (first.step !== 'enrol' || second.step !== 'enrol') throw new Error('expected enrolment');
    expect(second.secret).not.toBe(first.secret);
  });

  it('requires the second factor: the password alone opens nothing (401 signed_out)', async () => {
    const user = await createStaffUser(db, { roles: ['admin'] });
    const password = await postPassword(user.email, STAFF_PASSWORD);
    const pending = sessionCookieOf(password)!;
    const res = await me(pending);
    expect(res.statusCode).toBe(401);
    expect(reasonOf(res)).toBe('signed_out');
    // A code without the password's session is refused too.
    expect(reasonOf(await postCode(undefined, await totpCode(user.totpSecret!, clock)))).toBe('signed_out');
  });

  it('accepts a code once: the same code (or one of an earlier step) again is a replay (401 invalid_code)', async () => {
    nextStep();
    const user = await createStaffUser(db);
    const code = await totpCode(user.totpSecret!, clock);
    const first = await signIn(user);
    await app.inject({
      method: 'DELETE',
      url: '/api/staff/session',
      headers: staffHeaders({ cookie: first.cookie, csrfToken: first.me.csrfToken }),
    });

    const pending = sessionCookieOf(await postPassword(user.email, STAFF_PASSWORD))!;
    const replay = await postCode(pending, code);
    expect(replay.statusCode).toBe(401);
    expect(reasonOf(replay)).toBe('invalid_code');
    expect(replay.json().message).toMatch(/used already/);
    // The code of the step before is within the drift window, but older than the used one.
    expect(reasonOf(await postCode(pending, await totpCode(user.totpSecret!, clock, -1)))).toBe('invalid_code');
    // The next step's code works (±1 step of drift).
    const next = await postCode(pending, await totpCode(user.totpSecret!, clock, 1));
    expect(next.statusCode).toBe(200);
    const failed = (await auditOf(user.email)).filter((row) => row.action === 'staff.sign_in_failed');
    expect(failed.map((row) => row.after)).toEqual([
      { step: 'code', failures: 1, replay: true },
      { step: 'code', failures: 2, replay: true },
    ]);
    // A success clears the count.
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, user.id));
    expect(row!.failedAttempts).toBe(0);
  });

  it('counts wrong codes toward the lock-out: the 5th locks the account for 15 minutes (429 locked), then it signs in again', async () => {
    nextStep();
    const user = await createStaffUser(db);
    const pending = sessionCookieOf(await postPassword(user.email, STAFF_PASSWORD))!;
    const right = await totpCode(user.totpSecret!, clock);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i += 1) {
      const res = await postCode(pending, wrong);
      expect([res.statusCode, reasonOf(res)]).toEqual([401, 'invalid_code']);
    }
    const fifth = await postCode(pending, wrong);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ reason: 'locked', retryAfterSeconds: 900 });
    expect(fifth.headers['retry-after']).toBe('900');
    // Locked: the right code and the right password are refused alike.
    expect(reasonOf(await postCode(pending, right))).toBe('locked');
    advance(10 * 60_000);
    const password = await postPassword(user.email, STAFF_PASSWORD);
    expect(password.statusCode).toBe(429);
    expect(password.json().retryAfterSeconds).toBe(300);
    expect(await actionsOf(user.email)).toEqual([...Array(5).fill('staff.sign_in_failed'), 'staff.locked']);

    advance(5 * 60_000);
    await signIn(user);
  });

  it('locks after 5 wrong passwords as well; a lock that lapsed starts the count anew', async () => {
    nextStep();
    const user = await createStaffUser(db);
    for (let i = 1; i <= 4; i += 1) expect(reasonOf(await postPassword(user.email, `wrong password ${i}`))).toBe('invalid_credentials');
    const fifth = await postPassword(user.email, 'wrong password 5');
    expect([fifth.statusCode, reasonOf(fifth)]).toEqual([429, 'locked']);
    advance(15 * 60_000 + 1000);
    // One failure after the lock lapsed does not lock again.
    expect(reasonOf(await postPassword(user.email, 'wrong password 6'))).toBe('invalid_credentials');
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, user.id));
    expect(row!.failedAttempts).toBe(1);
    await signIn(user);
  });

  it('answers an unknown e-mail like a wrong password, and locks it the same way', async () => {
    const unknown = 'nobody-here@tradein.test';
    for (let i = 1; i <= 4; i += 1) {
      const res = await postPassword(unknown, STAFF_PASSWORD);
      expect([res.statusCode, reasonOf(res)]).toEqual([401, 'invalid_credentials']);
      expect(res.json().message).toBe('The e-mail address or the password is not correct.');
    }
    const fifth = await postPassword(unknown, STAFF_PASSWORD);
    expect([fifth.statusCode, reasonOf(fifth)]).toEqual([429, 'locked']);
    expect(fifth.json().retryAfterSeconds).toBeGreaterThan(800);
  });

  it('refuses a disabled user and one who has not set a password yet (401 invalid_credentials)', async () => {
    const disabled = await createStaffUser(db, { disabled: true });
    expect(reasonOf(await postPassword(disabled.email, STAFF_PASSWORD))).toBe('invalid_credentials');
    const invited = await createStaffUser(db, { password: null, enrolled: false });
    expect(reasonOf(await postPassword(invited.email, STAFF_PASSWORD))).toBe('invalid_credentials');
  });

  it('ends a session after 30 minutes without a request; requests within them keep it alive', async () => {
    nextStep();
    const user = await createStaffUser(db);
    const { cookie } = await signIn(user);
    advance(29 * 60_000);
    expect((await me(cookie)).statusCode).toBe(200);
    advance(29 * 60_000);
    expect((await me(cookie)).statusCode).toBe(200);
    advance(30 * 60_000 + 1000);
    const res = await me(cookie);
    expect([res.statusCode, reasonOf(res)]).toEqual([401, 'signed_out']);
    // The timed-out session is gone, not just refused.
    expect(await db.select().from(staffSessions).where(eq(staffSessions.staffId, user.id))).toEqual([]);
  });

  it('ends a session 12 hours after the sign-in however busy it is', async () => {
    nextStep();
    const user = await createStaffUser(db);
    const { cookie } = await signIn(user);
    // A request every 25 minutes up to 11 h 40 min after the sign-in …
    for (let i = 1; i <= 28; i += 1) {
      advance(25 * 60_000);
      expect((await me(cookie)).statusCode).toBe(200);
    }
    // … and the one at 12 h 05 min finds the session over.
    advance(25 * 60_000);
    const res = await me(cookie);
    expect([res.statusCode, reasonOf(res)]).toEqual([401, 'signed_out']);
    expect(await db.select().from(staffSessions).where(eq(staffSessions.staffId, user.id))).toEqual([]);
  });

  it('refuses a changing request of an active session without its CSRF token, or with a wrong one (403 csrf)', async () => {
    nextStep();
    const user = await createStaffUser(db);
    const { cookie, me: signedIn } = await signIn(user);
    const signOut = (headers: Record<string, string>) =>
      app.inject({ method: 'DELETE', url: '/api/staff/session', headers: { host: STAFF_HOST, cookie, ...headers } });
    const missing = await signOut({});
    expect([missing.statusCode, reasonOf(missing)]).toEqual([403, 'csrf']);
    const wrong = await signOut({ [STAFF_CSRF_HEADER]: `${signedIn.csrfToken.slice(0, -1)}x` });
    expect([wrong.statusCode, reasonOf(wrong)]).toEqual([403, 'csrf']);
    // A token of another session is a wrong one.
    const other = await signInStaff(app, db, { at: clock });
    expect((await signOut({ [STAFF_CSRF_HEADER]: other.csrfToken })).statusCode).toBe(403);
    expect((await me(cookie)).statusCode).toBe(200);
    // With its token (and its own origin) it passes.
    expect((await signOut({ [STAFF_CSRF_HEADER]: signedIn.csrfToken, origin: STAFF_ORIGIN })).statusCode).toBe(204);
  });

  it('refuses a changing request from another origin (403 csrf), the sign-in too', async () => {
    nextStep();
    const user = await createStaffUser(db);
    const foreign = await postPassword(user.email, STAFF_PASSWORD, { origin: 'https://evil.example' });
    expect([foreign.statusCode, reasonOf(foreign)]).toEqual([403, 'csrf']);
    expect(sessionCookieOf(foreign)).toBeUndefined();
    // The shop is another origin as well.
    expect((await postPassword(user.email, STAFF_PASSWORD, { origin: 'http://de.localhost:3000' })).statusCode).toBe(403);
    expect((await postPassword(user.email, STAFF_PASSWORD, { origin: STAFF_ORIGIN })).statusCode).toBe(200);

    const { cookie, me: signedIn } = await signIn(user);
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/staff/session',
      headers: { host: STAFF_HOST, cookie, [STAFF_CSRF_HEADER]: signedIn.csrfToken, origin: 'https://evil.example' },
    });
    expect([res.statusCode, reasonOf(res)]).toEqual([403, 'csrf']);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('sets the session cookie HttpOnly, SameSite=Strict, for the whole site and this host only; Secure over https', async () => {
    nextStep();
    const user = await createStaffUser(db);
    const password = await postPassword(user.email, STAFF_PASSWORD);
    const cookie = String(password.headers['set-cookie']);
    expect(cookie).toMatch(/^staff_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(cookie).not.toMatch(/Domain=/i);
    const code = await postCode(sessionCookieOf(password), await totpCode(user.totpSecret!, clock));
    expect(String(code.headers['set-cookie'])).toMatch(/^staff_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);

    const overTls = await postPassword(user.email, STAFF_PASSWORD, { 'x-forwarded-proto': 'https' });
    expect(String(overTls.headers['set-cookie'])).toMatch(/^staff_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure$/);
  });

  it('signs out: the session ends, the cookie is cleared and the audit log has staff.signed_out', async () => {
    nextStep();
    const user = await createStaffUser(db);
    const { cookie, me: signedIn } = await signIn(user);
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/staff/session',
      headers: staffHeaders({ cookie, csrfToken: signedIn.csrfToken }),
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/^staff_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Strict$/);
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await actionsOf(user.email)).toEqual(['staff.signed_in', 'staff.signed_out']);
    // Without a session it still answers 204 (the browser forgets its cookie).
    expect((await app.inject({ method: 'DELETE', url: '/api/staff/session', headers: { host: STAFF_HOST } })).statusCode).toBe(204);
  });

  it('sets the password from the one-time link once; a short or common password is refused; the link ends after 72 hours', async () => {
    const created = await createStaff(
      db,
      'cli',
      { email: `new-${Date.now()}@tradein.test`, name: 'New Person', roles: ['payouts'] },
      clock,
    );
    if (created.kind !== 'created') throw new Error('not created');
    secrets.add(created.token);
    const setPassword = (token: string, password: string) =>
      app.inject({ method: 'POST', url: '/api/staff/password', headers: { host: STAFF_HOST }, payload: { token, password } });
    const short = await setPassword(created.token, 'too short');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields[0]).toMatchObject({ path: 'password', message: 'Use at least 12 characters.' });
    const common = await setPassword(created.token, 'password1234');
    expect(common.statusCode).toBe(400);
    expect(common.json().fields).toEqual([{ path: 'password', code: 'passwordWeak', message: expect.stringMatching(/most common/) }]);
    const newPassword = 'a long and new passphrase';
    secrets.add(newPassword);
    expect((await setPassword(created.token, newPassword)).statusCode).toBe(204);
    const used = await setPassword(created.token, newPassword);
    expect([used.statusCode, reasonOf(used)]).toEqual([400, 'link_invalid']);
    expect(reasonOf(await setPassword('not-a-token', newPassword))).toBe('link_invalid');
    // The new password opens the first step: enrolment.
    const password = await postPassword(created.user.email, newPassword);
    expect(password.statusCode).toBe(200);
    expect(password.json().step).toBe('enrol');
    secrets.add(password.json().secret);
    expect(await actionsOf(created.user.email)).toEqual(['staff.created', 'staff.password_set']);

    const late = await createStaff(db, 'cli', { email: `late-${Date.now()}@tradein.test`, name: 'Late', roles: ['support'] }, clock);
    if (late.kind !== 'created') throw new Error('not created');
    advance(72 * 3_600_000 + 1000);
    expect(reasonOf(await setPassword(late.token, newPassword))).toBe('link_invalid');
    const [token] = await db
      .select()
      .from(staffTokens)
      .where(and(eq(staffTokens.tokenHash, tokenHash(late.token))));
    expect(token!.usedAt).toBeNull();
  });

  // (Codes are six digits, which timestamps in the log contain by chance; no request body is logged.)
  it('keeps passwords, secrets and tokens out of the audit log and the log', async () => {
    const rows = JSON.stringify(await db.select().from(auditLog));
    const log = logs.join('');
    expect(log).toMatch(/staff: signed in/);
    for (const secret of secrets) {
      expect(rows).not.toContain(secret);
      expect(log).not.toContain(secret);
    }
    // No e-mail address in the log either (the audit log names the user; the log has ids and hashes).
    expect(log).not.toMatch(/@tradein\.test/);
  });
});
