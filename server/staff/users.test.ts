// Staff users through the API, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: admins only; a new
// user with the one-time link; roles and disabling with their audit rows; an admin cannot lock
// themselves out; a new link resets the password and the second factor and ends the sessions.

import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateStaffAnswerSchema, STAFF_ROLES, StaffLoginAnswerSchema, StaffUserSchema, type StaffRole } from '../../src/contracts/staff';
import type { Database, DatabaseHandle } from '../db/client';
import { auditLog, staffSessions } from '../db/schema/staff';
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
  type StaffSession,
} from '../test-support/staff';
import { StaffUsersAnswerSchema } from '../../src/contracts/staff';

describe.each(testDatabases())('staff users on $name', (database) => {
  let handle: DatabaseHandle;
  let db: Database;
  let app: FastifyInstance;
  let admin: StaffSession;

  beforeAll(async () => {
    handle = await database.open();
    db = handle.db;
    app = await staffTestApp(db);
    admin = await signInStaff(app, db, { roles: ['admin'], name: 'Ada Admin' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const as = (session: StaffSession) => ({
    get: (url: string) => app.inject({ method: 'GET', url, headers: staffHeaders(session) }),
    post: (url: string, payload?: object) =>
      app.inject({ method: 'POST', url, headers: staffHeaders(session), ...(payload && { payload }) }),
    patch: (url: string, payload: object) => app.inject({ method: 'PATCH', url, headers: staffHeaders(session), payload }),
  });
  const reasonOf = (res: LightMyRequestResponse) => (res.json() as { reason?: string }).reason;
  const auditOf = (subject: string) => db.select().from(auditLog).where(eq(auditLog.subject, subject)).orderBy(auditLog.id);
  const email = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@tradein.test`;
  const sessionsOf = (id: string) => db.select().from(staffSessions).where(eq(staffSessions.staffId, id));

  it('lets admins only manage users: other roles get 403 forbidden, without a session 401', async () => {
    for (const role of STAFF_ROLES.filter((r): r is Exclude<StaffRole, 'admin'> => r !== 'admin')) {
      const session = await signInStaff(app, db, { roles: [role] });
      const calls = [
        await as(session).get('/api/staff/users'),
        await as(session).post('/api/staff/users', { email: email('x'), name: 'X', roles: ['support'] }),
        await as(session).patch(`/api/staff/users/${session.user.id}`, { roles: ['admin'] }),
        await as(session).post(`/api/staff/users/${admin.user.id}/password-link`),
      ];
      expect(calls.map((res) => [res.statusCode, reasonOf(res)])).toEqual(Array(4).fill([403, 'forbidden']));
    }
    const anonymous = await app.inject({ method: 'GET', url: '/api/staff/users', headers: { host: STAFF_HOST } });
    expect([anonymous.statusCode, reasonOf(anonymous)]).toEqual([401, 'signed_out']);
    // An admin's password without the second factor is no admin either.
    const halfWay = await app.inject({
      method: 'POST',
      url: '/api/staff/session',
      headers: { host: STAFF_HOST },
      payload: { email: admin.user.email, password: STAFF_PASSWORD },
    });
    const pending = await app.inject({
      method: 'GET',
      url: '/api/staff/users',
      headers: { host: STAFF_HOST, cookie: sessionCookieOf(halfWay)! },
    });
    expect([pending.statusCode, reasonOf(pending)]).toEqual([401, 'signed_out']);
    const list = await as(admin).get('/api/staff/users');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const { users } = StaffUsersAnswerSchema.parse(list.json());
    expect(users.find((u) => u.id === admin.user.id)).toMatchObject({
      name: 'Ada Admin',
      roles: ['admin'],
      enrolled: true,
      disabled: false,
    });
  });

  it('creates a user with an absolute one-time link on the staff origin; the link sets the password and the user enrols', async () => {
    const address = email('Neu');
    const res = await as(admin).post('/api/staff/users', {
      email: address,
      name: ' Nele Neu ',
      roles: ['inspector', 'support', 'inspector'],
    });
    expect(res.statusCode).toBe(201);
    const answer = CreateStaffAnswerSchema.parse(res.json());
    expect(answer.user).toMatchObject({
      email: address.toLowerCase(),
      name: 'Nele Neu',
      roles: ['inspector', 'support'],
      enrolled: false,
      disabled: false,
    });
    expect(answer.setPasswordLink).toMatch(new RegExp(`^${STAFF_ORIGIN}/set-password\\?token=[\\w-]{43}$`));
    const [entry] = await auditOf(address.toLowerCase());
    expect(entry).toMatchObject({ action: 'staff.created', actor: admin.user.email, staffId: admin.user.id });
    expect(entry!.after).toMatchObject({ name: 'Nele Neu', roles: ['inspector', 'support'] });

    const token = new URL(answer.setPasswordLink).searchParams.get('token')!;
    const set = await app.inject({
      method: 'POST',
      url: '/api/staff/password',
      headers: { host: STAFF_HOST, origin: STAFF_ORIGIN },
      payload: { token, password: 'plenty of characters here' },
    });
    expect(set.statusCode).toBe(204);
    const password = await app.inject({
      method: 'POST',
      url: '/api/staff/session',
      headers: { host: STAFF_HOST },
      payload: { email: address, password: 'plenty of characters here' },
    });
    expect(StaffLoginAnswerSchema.parse(password.json()).step).toBe('enrol');

    const again = await as(admin).post('/api/staff/users', { email: address.toUpperCase(), name: 'Twice', roles: ['support'] });
    expect([again.statusCode, reasonOf(again)]).toEqual([409, 'staff_exists']);
    const invalid = await as(admin).post('/api/staff/users', { email: email('r'), name: 'R', roles: [] });
    expect(invalid.statusCode).toBe(400);
  });

  it('changes roles with before and after in the audit log; the user has them at their next request', async () => {
    const user = await signInStaff(app, db, { roles: ['support'] });
    expect((await as(user).get('/api/staff/users')).statusCode).toBe(403);
    const res = await as(admin).patch(`/api/staff/users/${user.user.id}`, { roles: ['admin', 'payouts'] });
    expect(res.statusCode).toBe(200);
    expect(StaffUserSchema.parse(res.json()).roles).toEqual(['admin', 'payouts']);
    expect((await as(user).get('/api/staff/users')).statusCode).toBe(200);
    expect((await as(user).get('/api/staff/me')).json().roles).toEqual(['admin', 'payouts']);
    // The same roles again change nothing and write nothing.
    await as(admin).patch(`/api/staff/users/${user.user.id}`, { roles: ['payouts', 'admin'] });
    const entries = await auditOf(user.user.email);
    expect(entries.filter((e) => e.action === 'staff.roles_changed').map((e) => [e.actor, e.before, e.after])).toEqual([
      [admin.user.email, ['support'], ['admin', 'payouts']],
    ]);
  });

  it("disabling ends the user's sessions and refuses their sign-in; enabling lets them sign in again; both are audited", async () => {
    const user = await signInStaff(app, db, { roles: ['inspector'] });
    const res = await as(admin).patch(`/api/staff/users/${user.user.id}`, { disabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().disabled).toBe(true);
    expect(await sessionsOf(user.user.id)).toEqual([]);
    const me = await as(user).get('/api/staff/me');
    expect([me.statusCode, reasonOf(me)]).toEqual([401, 'signed_out']);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/staff/session',
      headers: { host: STAFF_HOST },
      payload: { email: user.user.email, password: STAFF_PASSWORD },
    });
    expect(reasonOf(signIn)).toBe('invalid_credentials');

    expect((await as(admin).patch(`/api/staff/users/${user.user.id}`, { disabled: false })).json().disabled).toBe(false);
    const actions = (await auditOf(user.user.email)).map((e) => e.action);
    expect(actions).toEqual(['staff.signed_in', 'staff.disabled', 'staff.sign_in_failed', 'staff.enabled']);
  });

  it('does not let an admin take their own admin role, disable or reset themselves (403 own_account); another admin may', async () => {
    const self = `/api/staff/users/${admin.user.id}`;
    for (const res of [
      await as(admin).patch(self, { roles: ['support'] }),
      await as(admin).patch(self, { disabled: true }),
      await as(admin).post(`${self}/password-link`),
    ]) {
      expect([res.statusCode, reasonOf(res)]).toEqual([403, 'own_account']);
    }
    // Adding a role to themselves is fine.
    expect((await as(admin).patch(self, { roles: ['admin', 'support'] })).json().roles).toEqual(['admin', 'support']);
    const other = await signInStaff(app, db, { roles: ['admin'] });
    const res = await as(other).patch(self, { roles: ['admin'] });
    expect(res.statusCode).toBe(200);
    expect((await as(admin).get('/api/staff/me')).statusCode).toBe(200);
  });

  it('sends a new link that resets the password and the second factor and ends the sessions', async () => {
    const user = await signInStaff(app, db, { roles: ['payouts'] });
    const res = await as(admin).post(`/api/staff/users/${user.user.id}/password-link`);
    expect(res.statusCode).toBe(200);
    const answer = CreateStaffAnswerSchema.parse(res.json());
    expect(answer.user).toMatchObject({ id: user.user.id, enrolled: false });
    expect(await sessionsOf(user.user.id)).toEqual([]);
    const old = await app.inject({
      method: 'POST',
      url: '/api/staff/session',
      headers: { host: STAFF_HOST },
      payload: { email: user.user.email, password: STAFF_PASSWORD },
    });
    expect(reasonOf(old)).toBe('invalid_credentials');

    const token = new URL(answer.setPasswordLink).searchParams.get('token')!;
    const newPassword = 'a fresh start for payouts';
    const set = await app.inject({
      method: 'POST',
      url: '/api/staff/password',
      headers: { host: STAFF_HOST },
      payload: { token, password: newPassword },
    });
    expect(set.statusCode).toBe(204);
    const password = await app.inject({
      method: 'POST',
      url: '/api/staff/session',
      headers: { host: STAFF_HOST },
      payload: { email: user.user.email, password: newPassword },
    });
    const enrol = StaffLoginAnswerSchema.parse(password.json());
    expect(enrol.step).toBe('enrol');
    if (enrol.step === 'enrol') expect(enrol.secret).not.toBe(user.user.totpSecret);
    expect(sessionCookieOf(password)).toBeDefined();

    // A second link makes the first one useless.
    const first = CreateStaffAnswerSchema.parse((await as(admin).post(`/api/staff/users/${user.user.id}/password-link`)).json());
    await as(admin).post(`/api/staff/users/${user.user.id}/password-link`);
    const stale = await app.inject({
      method: 'POST',
      url: '/api/staff/password',
      headers: { host: STAFF_HOST },
      payload: { token: new URL(first.setPasswordLink).searchParams.get('token')!, password: newPassword },
    });
    expect(reasonOf(stale)).toBe('link_invalid');

    const links = (await auditOf(user.user.email)).filter((e) => e.action === 'staff.link_issued');
    expect(links).toHaveLength(3);
    expect(links[0]).toMatchObject({ actor: admin.user.email, after: { reset: ['password', 'totp', 'sessions'] } });
  });

  it('answers 404 staff_not_found for an unknown user and 400 for an id that is none', async () => {
    const unknown = await as(admin).patch('/api/staff/users/0b7e8a51-64c4-4a57-9f0e-7d2b7f0a1c11', { disabled: true });
    expect([unknown.statusCode, reasonOf(unknown)]).toEqual([404, 'staff_not_found']);
    const link = await as(admin).post('/api/staff/users/0b7e8a51-64c4-4a57-9f0e-7d2b7f0a1c11/password-link');
    expect([link.statusCode, reasonOf(link)]).toEqual([404, 'staff_not_found']);
    expect((await as(admin).patch('/api/staff/users/42', { disabled: true })).statusCode).toBe(400);
  });

  it('writes no audit row for a refused change', async () => {
    const user = await createStaffUser(db, { roles: ['support'] });
    const before = (await db.select().from(auditLog)).length;
    await as(admin).patch(`/api/staff/users/${admin.user.id}`, { disabled: true });
    const support = await signInStaff(app, db, { roles: ['support'] });
    await as(support).patch(`/api/staff/users/${user.id}`, { roles: ['admin'] });
    const rows = await db.select().from(auditLog);
    // Only the support user's sign-in was written.
    expect(rows.slice(before).map((row) => row.action)).toEqual(['staff.signed_in']);
  });
});
