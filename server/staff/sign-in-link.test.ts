// The back office's sign-in link (decision 081) through fastify.inject, on PGlite and (with
// TEST_DATABASE_URL) PostgreSQL: a locked member signs in from a fresh client with the mailed link and
// a TOTP code, past the lock and without lifting it; the link works once, ends after 15 minutes and
// when a newer one is sent; wrong codes are refused and count against the link (the 5th ends it), not
// against the account; unknown and disabled addresses get the same 202 and no mail; a member without
// an authenticator app gets no link and cannot sign in with one; the per-address and per-IP limits.

import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffMeSchema } from '../../src/contracts/staff';
import type { Database, DatabaseHandle } from '../db/client';
import { auditLog, staffTokens, staffUsers } from '../db/schema/staff';
import type { MailMessage } from '../mail/mailer';
import { logCollector } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import {
  createStaffUser,
  sessionCookieOf,
  STAFF_HOST,
  STAFF_ORIGIN,
  staffTestApp,
  testShipping,
  totpCode,
  type TestStaffUser,
} from '../test-support/staff';
import { requestSignInLink } from './sign-in-links';

const LINK = /(https?:\/\/[^\s"<>]+)\/sign-in-link\?token=([\w-]{43})/;

describe.each(testDatabases())('staff sign-in link on $name', (database) => {
  let handle: DatabaseHandle;
  let db: Database;
  let app: FastifyInstance;
  let limited: FastifyInstance;
  let clock = new Date('2026-11-30T09:00:10Z');
  const mails: MailMessage[] = [];
  const logs: string[] = [];

  beforeAll(async () => {
    handle = await database.open();
    db = handle.db;
    app = await staffTestApp(db, {
      shipping: testShipping(mails),
      staff: { now: () => clock, signInLinkLimits: { perIp: { limit: 100_000, windowSeconds: 60 } } },
      app: { logLevel: 'info', logStream: logCollector(logs) },
    });
    // The default limits: 10 calls a minute per IP, 5 mails an hour per address.
    limited = await staffTestApp(db, { shipping: testShipping(mails), staff: { now: () => clock } });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await limited?.close();
    await handle?.close();
  });

  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  /** The next 30-second step, so a user's earlier codes are not replays by accident. */
  const nextStep = () => advance(30_000);
  const reasonOf = (res: LightMyRequestResponse) => (res.json() as { reason?: string }).reason;

  const postPassword = (email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/staff/session', headers: { host: STAFF_HOST }, payload: { email, password } });
  const askForLink = (email: string, lang: 'en' | 'de' = 'en', on = app) =>
    on.inject({
      method: 'POST',
      url: '/api/staff/sign-in-link',
      headers: { host: STAFF_HOST, origin: STAFF_ORIGIN },
      payload: { email, lang },
    });
  /** A fresh client: no cookie of any earlier sign-in. */
  const signInWithLink = (token: string, code: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/staff/sign-in-link/session',
      headers: { host: STAFF_HOST, origin: STAFF_ORIGIN, ...headers },
      payload: { token, code },
    });
  const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/staff/me', headers: { host: STAFF_HOST, cookie } });
  const mailsTo = (email: string) => mails.filter((m) => m.to.address === email);
  /** The token of the newest mail to `email`. */
  const tokenOf = (email: string): string => {
    const mail = mailsTo(email).at(-1);
    const token = mail?.text.match(LINK)?.[2];
    if (!token) throw new Error(`no sign-in link mailed to ${email}`);
    return token;
  };
  const lock = async (user: TestStaffUser) => {
    for (let i = 1; i <= 5; i += 1) await postPassword(user.email, `wrong password ${i}`);
    const res = await postPassword(user.email, user.password);
    expect([res.statusCode, reasonOf(res)]).toEqual([429, 'locked']);
  };
  const wrongCode = async (user: TestStaffUser) => ((await totpCode(user.totpSecret!, clock)) === '000000' ? '111111' : '000000');
  const actionsOf = async (email: string) =>
    (await db.select().from(auditLog).where(eq(auditLog.subject, email)).orderBy(auditLog.id)).map((row) => row.action);
  const userRow = async (id: string) => (await db.select().from(staffUsers).where(eq(staffUsers.id, id)))[0]!;

  it('signs a locked member in from a fresh client with the mailed link and a TOTP code: the same session as a password and a code', async () => {
    nextStep();
    const user = await createStaffUser(db, { roles: ['inspector'], name: 'Ina Inspector' });
    await lock(user);

    const asked = await askForLink(user.email.toUpperCase());
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ status: 'accepted' });
    expect(asked.headers['cache-control']).toBe('no-store');
    const [mail] = mailsTo(user.email);
    expect(mail!.subject).toBe('Your sign-in link for the back office');
    expect(mail!.text).toMatch(/^Hello Ina Inspector,/);
    expect(mail!.text).toMatch(/valid for 15 minutes and can be used once/);
    expect(mail!.text.match(LINK)?.[1]).toBe(STAFF_ORIGIN);
    expect(mail!.html).toContain(`${STAFF_ORIGIN}/sign-in-link?token=`);
    const token = tokenOf(user.email);
    // Only the token's hash is stored.
    const rows = await db.select().from(staffTokens).where(eq(staffTokens.staffId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'sign_in_link', usedAt: null, failedCodes: 0 });
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - clock.getTime()).toBe(15 * 60_000);

    const res = await signInWithLink(token, await totpCode(user.totpSecret!, clock));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const signedIn = StaffMeSchema.parse(res.json());
    expect(signedIn).toMatchObject({ id: user.id, email: user.email, roles: ['inspector'], idleMinutes: 30 });
    const cookie = sessionCookieOf(res)!;
    expect(String(res.headers['set-cookie'])).toMatch(/^staff_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    const again = await me(cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(signedIn);

    // The lock is neither checked nor lifted: the password path stays locked for the stranger.
    const password = await postPassword(user.email, user.password);
    expect([password.statusCode, reasonOf(password)]).toEqual([429, 'locked']);
    expect((await userRow(user.id)).totpLastStep).toBe(Math.floor(clock.getTime() / 30_000));
    expect((await actionsOf(user.email)).slice(-2)).toEqual(['staff.sign_in_link_sent', 'staff.signed_in']);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, user.email), eq(auditLog.action, 'staff.signed_in')));
    expect(audit).toMatchObject({ staffId: user.id, actor: user.email, after: { roles: ['inspector'], via: 'link' } });
  });

  it('mails the link in German when the back office shows German', async () => {
    const user = await createStaffUser(db, { name: 'Paul Prüfer' });
    expect((await askForLink(user.email, 'de')).statusCode).toBe(202);
    const mail = mailsTo(user.email).at(-1)!;
    expect(mail.subject).toBe('Ihr Anmeldelink für das Backoffice');
    expect(mail.text).toMatch(/^Hallo Paul Prüfer,/);
    expect(mail.text).toMatch(/15 Minuten gültig/);
  });

  it('works once: the used link, and a link a newer one replaced, are refused (400 link_invalid)', async () => {
    nextStep();
    const user = await createStaffUser(db);
    await askForLink(user.email);
    const older = tokenOf(user.email);
    await askForLink(user.email);
    const newer = tokenOf(user.email);
    expect(newer).not.toBe(older);
    const replaced = await signInWithLink(older, await totpCode(user.totpSecret!, clock));
    expect([replaced.statusCode, reasonOf(replaced)]).toEqual([400, 'link_invalid']);

    expect((await signInWithLink(newer, await totpCode(user.totpSecret!, clock))).statusCode).toBe(200);
    nextStep();
    const used = await signInWithLink(newer, await totpCode(user.totpSecret!, clock));
    expect([used.statusCode, reasonOf(used)]).toEqual([400, 'link_invalid']);
    expect(reasonOf(await signInWithLink('not-a-token', '123456'))).toBe('link_invalid');
  });

  it('ends 15 minutes after it was sent', async () => {
    nextStep();
    const user = await createStaffUser(db);
    await askForLink(user.email);
    const token = tokenOf(user.email);
    advance(15 * 60_000 + 1000);
    const late = await signInWithLink(token, await totpCode(user.totpSecret!, clock));
    expect([late.statusCode, reasonOf(late)]).toEqual([400, 'link_invalid']);
    // Within the 15 minutes it works.
    await askForLink(user.email);
    advance(14 * 60_000);
    expect((await signInWithLink(tokenOf(user.email), await totpCode(user.totpSecret!, clock))).statusCode).toBe(200);
  });

  it('refuses a wrong code (401 invalid_code) and ends the link at the 5th, without touching the account’s lock count', async () => {
    nextStep();
    const user = await createStaffUser(db);
    await lock(user);
    const lockedUntil = (await userRow(user.id)).lockedUntil;
    await askForLink(user.email);
    const token = tokenOf(user.email);
    const wrong = await wrongCode(user);
    for (let i = 1; i <= 4; i += 1) {
      const res = await signInWithLink(token, wrong);
      expect([res.statusCode, reasonOf(res)]).toEqual([401, 'invalid_code']);
      expect(sessionCookieOf(res)).toBeUndefined();
    }
    const fifth = await signInWithLink(token, wrong);
    expect([fifth.statusCode, reasonOf(fifth)]).toEqual([400, 'link_invalid']);
    // The link is over: the right code does not bring it back.
    const right = await signInWithLink(token, await totpCode(user.totpSecret!, clock));
    expect([right.statusCode, reasonOf(right)]).toEqual([400, 'link_invalid']);
    // The account's own count and lock are as the passwords left them …
    const row = await userRow(user.id);
    expect(row.failedAttempts).toBe(5);
    expect(row.lockedUntil).toEqual(lockedUntil);
    const failed = (await db.select().from(auditLog).where(eq(auditLog.subject, user.email)).orderBy(auditLog.id)).filter(
      (r) => r.action === 'staff.sign_in_failed' && (r.after as { step?: string }).step === 'link_code',
    );
    expect(failed.map((r) => (r.after as { failures: number }).failures)).toEqual([1, 2, 3, 4, 5]);
    expect(await actionsOf(user.email)).toContain('staff.sign_in_link_ended');
    // … and a new link works: the wrong codes did not lock the member out of this path.
    await askForLink(user.email);
    expect((await signInWithLink(tokenOf(user.email), await totpCode(user.totpSecret!, clock))).statusCode).toBe(200);
  });

  it('refuses a replayed code: the code of the last sign-in does not open a link', async () => {
    nextStep();
    const user = await createStaffUser(db);
    await askForLink(user.email);
    const first = tokenOf(user.email);
    const code = await totpCode(user.totpSecret!, clock);
    expect((await signInWithLink(first, code)).statusCode).toBe(200);
    await askForLink(user.email);
    const replay = await signInWithLink(tokenOf(user.email), code);
    expect([replay.statusCode, reasonOf(replay)]).toEqual([401, 'invalid_code']);
    expect(replay.json().message).toMatch(/used already/);
  });

  it('answers an unknown or disabled address the same 202 and mails nothing', async () => {
    const before = mails.length;
    const unknown = await askForLink('nobody-here@tradein.test');
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual({ status: 'accepted' });
    const disabled = await createStaffUser(db, { disabled: true });
    const res = await askForLink(disabled.email);
    expect([res.statusCode, res.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(mails.length).toBe(before);
    expect(await db.select().from(staffTokens).where(eq(staffTokens.staffId, disabled.id))).toEqual([]);
  });

  it('gives a member without an authenticator app no link (the mail sends them to an admin), and a link of theirs cannot sign in', async () => {
    const invited = await createStaffUser(db, { enrolled: false, name: 'New Person' });
    const res = await askForLink(invited.email);
    expect(res.statusCode).toBe(202);
    const mail = mailsTo(invited.email).at(-1)!;
    expect(mail.subject).toBe('Your sign-in link for the back office');
    expect(mail.text).not.toMatch(LINK);
    expect(mail.text).toMatch(/has none set up yet/);
    expect(mail.text).toMatch(/ask an admin for a new set-password link/);
    expect(await db.select().from(staffTokens).where(eq(staffTokens.staffId, invited.id))).toEqual([]);

    // A link sent while the member was enrolled stops at the code once the app is gone.
    nextStep();
    const user = await createStaffUser(db);
    const link = await requestSignInLink(db, user.email, clock);
    if (link?.kind !== 'link') throw new Error('expected a link');
    await db.update(staffUsers).set({ totpSecret: null, totpLastStep: null }).where(eq(staffUsers.id, user.id));
    const refused = await signInWithLink(link.token, '123456');
    expect([refused.statusCode, reasonOf(refused)]).toEqual([403, 'not_enrolled']);
    expect(sessionCookieOf(refused)).toBeUndefined();
  });

  it('mails an address at most 5 times an hour (the answer stays 202) and limits the calls per IP (429)', async () => {
    const user = await createStaffUser(db);
    const before = mailsTo(user.email).length;
    for (let i = 1; i <= 6; i += 1) expect((await askForLink(user.email, 'en', limited)).statusCode).toBe(202);
    expect(mailsTo(user.email).length - before).toBe(5);
    // 10 calls a minute per IP: 4 more pass, the 11th is refused.
    for (let i = 1; i <= 4; i += 1) expect((await askForLink(`someone-${i}@tradein.test`, 'en', limited)).statusCode).toBe(202);
    const over = await askForLink('someone-else@tradein.test', 'en', limited);
    expect([over.statusCode, reasonOf(over)]).toEqual([429, 'locked']);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps tokens and addresses out of the log', () => {
    const log = logs.join('');
    expect(log).toMatch(/staff: signed in with a link/);
    expect(log).not.toMatch(/@tradein\.test/);
    for (const mail of mails) {
      const token = mail.text.match(LINK)?.[2];
      if (token) expect(log).not.toContain(token);
    }
  });
});
