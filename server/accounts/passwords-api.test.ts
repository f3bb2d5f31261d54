// Password change, forgotten password and reset, and account deletion through fastify.inject, on
// PGlite and (with TEST_DATABASE_URL) PostgreSQL: who may do what, sessions ending, the reset link's
// single use and expiry, the same answer for known and unknown e-mails, and the deletion order.

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_TOKEN_HEADER, REFRESH_TOKEN_HEADER, type TokenAnswer } from '../../src/contracts/account';
import type { DatabaseHandle } from '../db/client';
import { accountTokens, customers, refreshTokens } from '../db/schema/customers';
import { trades } from '../db/schema/trades';
import {
  accountTestApp,
  bearer,
  login,
  registerAndActivate,
  registrationPayload,
  TEST_ORIGIN,
  testAccountServices,
  type TestAccountServices,
} from '../test-support/accounts';
import { logCollector } from '../test-support/app';
import { testDatabases } from '../test-support/databases';

const PASSWORD = 'amber harbour 2210';
const NEW_PASSWORD = 'silent orchard 5512';
const email = () => `pw-${randomUUID()}@example.com`;

describe.each(testDatabases())('password change, reset and account deletion on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let accounts: TestAccountServices;
  const logs: string[] = [];
  const secrets = new Set<string>([PASSWORD, NEW_PASSWORD]);

  beforeAll(async () => {
    handle = await database.open();
    accounts = testAccountServices();
    app = await accountTestApp(handle.db, accounts, { logLevel: 'info', logStream: logCollector(logs) });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const account = async () => {
    const address = email();
    const ids = await registerAndActivate(app, accounts, { email: address, password: PASSWORD });
    const session = await login(app, { email: address, password: PASSWORD });
    secrets.add(session.access_token).add(session.refresh_token);
    return { email: address, ...ids, session };
  };
  const loginStatus = async (username: string, password: string) =>
    (await app.inject({ method: 'POST', url: '/api/account/login', headers: { host: 'de.localhost' }, payload: { username, password } }))
      .statusCode;
  const refreshStatus = async (session: TokenAnswer) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/account/loginRefresh',
        headers: { host: 'de.localhost', [REFRESH_TOKEN_HEADER]: session.refresh_token },
      })
    ).statusCode;
  const changePassword = (session: TokenAnswer | null, payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/account/changePassword',
      headers: { host: 'de.localhost', ...(session && bearer(session)) },
      payload,
    });
  const forgot = (address: string, lang = 'de') =>
    app.inject({
      method: 'POST',
      url: '/api/account/forgotPasswordMail',
      headers: { host: 'localhost' },
      payload: { email: address, lang },
    });
  const reset = (token: string | undefined, password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/account/resetPassword',
      headers: { host: 'de.localhost', ...(token !== undefined && { [RESET_TOKEN_HEADER]: token }) },
      payload: { password },
    });
  const resetToken = (address: string, path = '/account/password-reset') => {
    const mail = accounts.mailer.last(address);
    const match = new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text);
    if (!match) throw new Error(`no reset link in: ${mail.text}`);
    secrets.add(match[1]!);
    return match[1]!;
  };
  const hashOf = async (customerId: string) =>
    (await handle.db.select({ hash: customers.passwordHash }).from(customers).where(eq(customers.id, customerId)))[0]?.hash;

  describe('POST /api/account/changePassword', () => {
    it('changes the password, ends every session and mails the customer', async () => {
      const { email: address, customerId, session } = await account();
      const second = await login(app, { email: address, password: PASSWORD, rememberMe: true });
      secrets.add(second.refresh_token);
      const res = await changePassword(session, { password: NEW_PASSWORD, userId: customerId, email: address, currentPassword: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ success: true });

      expect(await refreshStatus(session)).toBe(401);
      expect(await refreshStatus(second)).toBe(401);
      expect(await loginStatus(address, PASSWORD)).toBe(401);
      expect(await loginStatus(address, NEW_PASSWORD)).toBe(200);
      const mail = accounts.mailer.last(address);
      expect(mail.subject).toBe('Ihr Passwort wurde geändert');
      expect(mail.text).toContain(`${TEST_ORIGIN('de')}/account/password-forgot`);
      expect(mail.text).not.toContain(NEW_PASSWORD);
    });

    it('needs a valid access token', async () => {
      const { email: address, customerId } = await account();
      const payload = { password: NEW_PASSWORD, userId: customerId, email: address, currentPassword: PASSWORD };
      const none = await changePassword(null, payload);
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer');
      const junk = await app.inject({
        method: 'POST',
        url: '/api/account/changePassword',
        headers: { host: 'de.localhost', authorization: 'Bearer junk' },
        payload,
      });
      expect(junk.statusCode).toBe(401);
      expect(junk.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    });

    it("refuses another customer's id or e-mail and changes nothing (403)", async () => {
      const a = await account();
      const b = await account();
      const before = await hashOf(b.customerId);
      const otherId = await changePassword(a.session, {
        password: NEW_PASSWORD,
        userId: b.customerId,
        email: a.email,
        currentPassword: PASSWORD,
      });
      expect(otherId.statusCode).toBe(403);
      const otherEmail = await changePassword(a.session, {
        password: NEW_PASSWORD,
        userId: a.customerId,
        email: b.email,
        currentPassword: PASSWORD,
      });
      expect(otherEmail.statusCode).toBe(403);
      expect(await hashOf(b.customerId)).toBe(before);
      expect(await loginStatus(a.email, PASSWORD)).toBe(200);
    });

    it('refuses a wrong current password (400 on currentPassword) and locks after 5 in a row', async () => {
      const { email: address, customerId, session } = await account();
      const attempt = (currentPassword: string) =>
        changePassword(session, { password: NEW_PASSWORD, userId: customerId, email: address, currentPassword });
      const wrong = await attempt('not my password 1');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields).toEqual([
        { path: 'currentPassword', code: 'passwordWrong', message: 'The current password is not correct.' },
      ]);
      for (let i = 2; i <= 4; i++) expect((await attempt(`not my password ${i}`)).statusCode).toBe(400);
      const locked = await attempt('not my password 5');
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['retry-after']).toBe('30');
      expect(await refreshStatus(session)).toBe(200);
    });

    it('checks the new password: length, common list, not the e-mail', async () => {
      const { email: address, customerId, session } = await account();
      const attempt = (password: string) =>
        changePassword(session, { password, userId: customerId, email: address, currentPassword: PASSWORD });
      const short = await attempt('short');
      expect(short.statusCode).toBe(400);
      expect(short.json().fields[0].path).toBe('password');
      const common = await attempt('iloveyou1');
      expect(common.statusCode).toBe(400);
      expect(common.json().fields).toEqual([{ path: 'password', code: 'passwordWeak', message: expect.stringMatching(/most common/) }]);
      expect((await attempt(address)).json().fields).toEqual([
        { path: 'password', code: 'passwordWeak', message: 'The password must not be your e-mail address.' },
      ]);
      expect(await loginStatus(address, PASSWORD)).toBe(200);
    });
  });

  describe('POST /api/account/forgotPasswordMail and /api/account/resetPassword', () => {
    it('answers known and unknown e-mails alike, and mails only the known one a reset link of the chosen shop', async () => {
      const { email: address } = await account();
      const unknown = email();
      const [known, missing] = [await forgot(address, 'fr'), await forgot(unknown, 'fr')];
      expect(known.statusCode).toBe(202);
      expect(missing.statusCode).toBe(202);
      expect(known.body).toBe(missing.body);
      expect(known.json()).toEqual({ status: 'accepted' });
      expect(known.headers['cache-control']).toBe('no-store');
      expect(accounts.mailer.to(unknown)).toHaveLength(0);
      const mail = accounts.mailer.last(address);
      expect(mail.subject).toBe('Réinitialisez votre mot de passe');
      expect(mail.from.address).toBe('service@tradein.fr');
      expect(mail.text).toContain(`${TEST_ORIGIN('fr')}/account/password-reset?token=`);

      await forgot(address, 'default');
      expect(accounts.mailer.last(address).text).toContain(`${TEST_ORIGIN('default')}/account/password/reset?token=`);
    });

    it('sends no reset link to a pending account, and validates the body', async () => {
      const pending = email();
      await app.inject({
        method: 'POST',
        url: '/api/account/register',
        headers: { host: 'de.localhost' },
        payload: registrationPayload({ email: pending, password: PASSWORD }),
      });
      const before = accounts.mailer.to(pending).length;
      expect((await forgot(pending)).statusCode).toBe(202);
      expect(accounts.mailer.to(pending)).toHaveLength(before);

      const bad = await app.inject({
        method: 'POST',
        url: '/api/account/forgotPasswordMail',
        headers: { host: 'de.localhost' },
        payload: { email: 'nope', lang: 'xx' },
      });
      expect(bad.statusCode).toBe(400);
      expect(
        bad
          .json()
          .fields.map((f: { path: string }) => f.path)
          .sort(),
      ).toEqual(['email', 'lang']);
    });

    it('resets the password once: sessions end, the lock is lifted, the customer is mailed', async () => {
      const { email: address, session } = await account();
      for (let i = 1; i <= 5; i++) await loginStatus(address, `wrong password ${i}`);
      expect(await loginStatus(address, PASSWORD)).toBe(429);

      await forgot(address);
      const token = resetToken(address);
      const res = await reset(token, NEW_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ success: true });
      expect(accounts.mailer.last(address).subject).toBe('Ihr Passwort wurde geändert');
      expect(await refreshStatus(session)).toBe(401);
      expect(await loginStatus(address, NEW_PASSWORD)).toBe(200);

      const again = await reset(token, 'yet another secret 9');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ error: 'Invalid Token' });
      expect(await loginStatus(address, NEW_PASSWORD)).toBe(200);
    });

    it('lets a reset link expire after one hour, and a newer link void the older one', async () => {
      const { email: address } = await account();
      await forgot(address);
      const first = resetToken(address);
      await forgot(address);
      const second = resetToken(address);
      expect((await reset(first, NEW_PASSWORD)).statusCode).toBe(400);

      accounts.clock.advance(3600_000);
      try {
        expect((await reset(second, NEW_PASSWORD)).statusCode).toBe(400);
      } finally {
        accounts.clock.advance(-3600_000);
      }
      expect(await loginStatus(address, PASSWORD)).toBe(200);
      const stored = await handle.db.select().from(accountTokens).where(eq(accountTokens.purpose, 'password_reset'));
      expect(stored.every((row) => row.expiresAt.getTime() - row.createdAt.getTime() === 3600_000)).toBe(true);
    });

    it('keeps the link usable when the new password is refused; refuses missing and bad tokens', async () => {
      const { email: address } = await account();
      await forgot(address);
      const token = resetToken(address);
      const common = await reset(token, 'password123');
      expect(common.statusCode).toBe(400);
      expect(common.json().fields).toEqual([{ path: 'password', code: 'passwordWeak', message: expect.stringMatching(/most common/) }]);
      expect((await reset(token, 'seven77')).json().fields[0].path).toBe('password');
      expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);

      const missing = await reset(undefined, NEW_PASSWORD);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ error: 'Missing Token', message: 'missing token' });
      for (const bad of ['nonsense', 'E'.repeat(43)]) {
        const res = await reset(bad, NEW_PASSWORD);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe('Invalid Token');
      }
    });
  });

  describe('DELETE /api/account/deleteUser', () => {
    const deleteUser = (session: TokenAnswer | null, payload: Record<string, unknown>) =>
      app.inject({
        method: 'DELETE',
        url: '/api/account/deleteUser',
        headers: { host: 'de.localhost', ...(session && bearer(session)) },
        payload,
      });
    const exists = async (customerId: string) => (await handle.db.$count(customers, eq(customers.id, customerId))) === 1;

    it('refuses until the customer data was deleted (step one), then deletes the account; trades stay', async () => {
      const { customerId, customerNumber, session, email: address } = await account();
      const tradeId = randomUUID();
      await handle.db.insert(trades).values({
        id: tradeId,
        tradeNumber: `TR-2099-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
        locale: 'de',
        status: 'created',
        customerId,
        address: {
          firstName: 'Erika',
          lastName: 'Mustermann',
          street: 'Heidestraße',
          houseNumber: '17',
          postalCode: '51147',
          city: 'Köln',
        },
        payout: { method: 'paypal', email: 'erika.paypal@example.com' },
        paymentType: 2,
        b2b: false,
        subtotalCents: 1000,
        voucherCents: 0,
        totalCents: 1000,
      });

      const early = await deleteUser(session, { customerId, customerIdentifier: customerNumber });
      expect(early.statusCode).toBe(409);
      expect(early.headers['cache-control']).toBe('no-store');
      expect(early.json().message).toMatch(/customer data first/);
      expect(await exists(customerId)).toBe(true);

      // Step one (DELETE /api/customers/customers) marks the data deleted.
      await handle.db.update(customers).set({ dataDeletedAt: new Date() }).where(eq(customers.id, customerId));
      const res = await deleteUser(session, { customerId, customerIdentifier: customerNumber });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect(await exists(customerId)).toBe(false);
      expect(await handle.db.$count(refreshTokens, eq(refreshTokens.customerId, customerId))).toBe(0);
      expect(await refreshStatus(session)).toBe(401);
      expect(await loginStatus(address, PASSWORD)).toBe(401);
      const [trade] = await handle.db.select({ customerId: trades.customerId }).from(trades).where(eq(trades.id, tradeId));
      expect(trade).toEqual({ customerId: null });
    });

    it('answers 404 and deletes nothing when the ids are not the caller’s', async () => {
      const a = await account();
      const b = await account();
      for (const id of [a.customerId, b.customerId])
        await handle.db.update(customers).set({ dataDeletedAt: new Date() }).where(eq(customers.id, id));
      for (const payload of [
        { customerId: b.customerId, customerIdentifier: b.customerNumber },
        { customerId: a.customerId, customerIdentifier: b.customerNumber },
        { customerId: a.customerId, customerIdentifier: 'K-9999999' },
      ]) {
        expect((await deleteUser(a.session, payload)).statusCode).toBe(404);
      }
      expect(await exists(a.customerId)).toBe(true);
      expect(await exists(b.customerId)).toBe(true);
      expect((await deleteUser(null, { customerId: a.customerId, customerIdentifier: a.customerNumber })).statusCode).toBe(401);
      expect((await deleteUser(a.session, { customerId: 'nope' })).statusCode).toBe(400);
    });
  });

  it('logs the password events, and no password, token or e-mail address', () => {
    const text = logs.join('\n');
    for (const event of ['password_changed', 'password_change_failed', 'reset_requested', 'deleted'])
      expect(text).toContain(`"authEvent":"${event}"`);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/pw-[0-9a-f-]{36}@example\.com/);
  });
});
