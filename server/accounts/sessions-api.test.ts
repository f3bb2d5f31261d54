// Login, refresh and logout through fastify.inject, on PGlite and (with TEST_DATABASE_URL) PostgreSQL:
// token answers and lifetimes, rotation with reuse detection, parallel refreshes, the login throttle,
// the same answer for unknown e-mails and wrong passwords, per-IP limits, rehashing, and no secrets
// in the log.

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parseOptions } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readAccessClaims } from '../../src/contracts/access-claims';
import { ACCESS_TOKEN_HEADER, REFRESH_TOKEN_HEADER, TokenAnswerSchema, type TokenAnswer } from '../../src/contracts/account';
import type { DatabaseHandle } from '../db/client';
import { customers, loginThrottle, refreshTokens } from '../db/schema/customers';
import { accountTestApp, login, registerAndActivate, testAccountServices, type TestAccountServices } from '../test-support/accounts';
import { logCollector } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { argon2 } from './password-hash';
import { tokenHash } from './secure-token';
import { REFRESH_LIFETIME_MS } from './sessions';

const PASSWORD = 'violet meadow 4711';
const email = () => `login-${randomUUID()}@example.com`;
/** The claims the browser reads from a token the server issued (every one must be there). */
const claimsOf = (token: string) => {
  const claims = readAccessClaims(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')));
  if (!claims) throw new Error('the access token lacks a claim the browser reads');
  return claims;
};

describe.each(testDatabases())('login, refresh and logout on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let accounts: TestAccountServices;
  const logs: string[] = [];
  const secrets = new Set<string>([PASSWORD]);

  beforeAll(async () => {
    handle = await database.open();
    accounts = testAccountServices();
    app = await accountTestApp(handle.db, accounts, { logLevel: 'info', logStream: logCollector(logs) });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const account = async (password = PASSWORD) => {
    const address = email();
    const ids = await registerAndActivate(app, accounts, { email: address, password });
    return { email: address, ...ids };
  };
  const postLogin = (username: string, password: string, extra: Record<string, unknown> = {}, remoteAddress?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { host: 'de.localhost' },
      payload: { username, password, ...extra },
      ...(remoteAddress && { remoteAddress }),
    });
  const refresh = (token?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/account/loginRefresh',
      headers: { host: 'de.localhost', ...(token !== undefined && { [REFRESH_TOKEN_HEADER]: token }) },
    });
  const logout = (headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/account/logout', headers: { host: 'de.localhost', ...headers } });
  const remember = (session: TokenAnswer) => {
    secrets.add(session.access_token);
    secrets.add(session.refresh_token);
    return session;
  };
  /** Moves the clock for one block, then back. */
  const later = async <T>(ms: number, run: () => Promise<T>): Promise<T> => {
    accounts.clock.advance(ms);
    try {
      return await run();
    } finally {
      accounts.clock.advance(-ms);
    }
  };

  describe('POST /api/account/login', () => {
    it('answers a token pair: 5-minute access token with the customer in its claims, 12-hour refresh family', async () => {
      const { email: address, customerId, customerNumber } = await account();
      const res = await postLogin(address, PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const session = remember(TokenAnswerSchema.parse(res.json()));
      expect(session).toMatchObject({ token_type: 'Bearer', expires_in: 300, refresh_expires_in: 12 * 3600 });
      expect(session.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const claims = claimsOf(session.access_token);
      expect(claims).toMatchObject({ sub: customerId, email: address, customerNumber });
      expect(claims.exp).toBe(Math.floor(accounts.now() / 1000) + 300);
      const stored = await handle.db.select().from(refreshTokens).where(eq(refreshTokens.customerId, customerId));
      expect(stored.map((row) => row.tokenHash)).not.toContain(session.refresh_token);
    });

    it('gives a 30-day refresh family with remember-me', async () => {
      const { email: address } = await account();
      const session = remember(await login(app, { email: address, password: PASSWORD, rememberMe: true }));
      expect(session.refresh_expires_in).toBe(30 * 86_400);
    });

    it('accepts the e-mail in any case (usernames are lower-cased)', async () => {
      const { email: address } = await account();
      expect((await postLogin(address.toUpperCase(), PASSWORD)).statusCode).toBe(200);
    });

    it('answers an unknown e-mail and a wrong password identically, after verifying a hash of the same cost', async () => {
      const { email: address } = await account();
      const unknown = email();
      // Every argon2 verification the login makes, with the hash it checks against.
      const verify = vi.spyOn(argon2, 'verify');
      const verifiedBy = async (username: string) => {
        verify.mockClear();
        const res = await postLogin(username, 'not the password 1');
        return { res, hashes: verify.mock.calls.map(([stored]) => String(stored)) };
      };
      const wrong = await verifiedBy(address);
      const missing = await verifiedBy(unknown);
      expect(wrong.res.statusCode).toBe(401);
      expect(missing.res.statusCode).toBe(401);
      expect(missing.res.body).toBe(wrong.res.body);
      expect(missing.res.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'The e-mail address or the password is not correct.',
      });
      // The time of a login is the time of its argon2id verifications: an unknown e-mail spends the same
      // number, on a (dummy) hash of the same cost, so its answer comes no sooner. Measured as work done
      // rather than as milliseconds, which a busy machine skews.
      const [stored] = await handle.db.select().from(customers).where(eq(customers.email, address));
      expect(wrong.hashes).toEqual([stored!.passwordHash]);
      expect(missing.hashes).toHaveLength(wrong.hashes.length);
      expect(missing.hashes[0]).not.toBe(stored!.passwordHash);
      const costOf = (phc: string) => {
        const { memoryCost, timeCost, parallelism, algorithm } = parseOptions(phc);
        return { memoryCost, timeCost, parallelism, algorithm };
      };
      expect(costOf(missing.hashes[0]!)).toEqual(costOf(wrong.hashes[0]!));
    });

    it('validates the body (400 with fields)', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        headers: { host: 'de.localhost' },
        payload: { username: 'nobody' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(
        res
          .json()
          .fields.map((f: { path: string }) => f.path)
          .sort(),
      ).toEqual(['password', 'username']);
      const text = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        headers: { host: 'de.localhost', 'content-type': 'application/json' },
        payload: '"x"',
      });
      expect(text.statusCode).toBe(400);
      const broken = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        headers: { host: 'de.localhost', 'content-type': 'application/json' },
        payload: '{"username":',
      });
      expect(broken.statusCode).toBe(400);
    });

    it('replaces a hash made with a lower cost at the next login', async () => {
      const cheap = testAccountServices({ passwordCost: { memoryCost: 4096, timeCost: 1 }, clock: accounts.clock });
      const cheapApp = await accountTestApp(handle.db, cheap);
      try {
        const address = email();
        await registerAndActivate(cheapApp, cheap, { email: address, password: PASSWORD });
        const hashOf = async () =>
          (await handle.db.select({ hash: customers.passwordHash }).from(customers).where(eq(customers.email, address)))[0]!.hash;
        expect(await hashOf()).toMatch(/^\$argon2id\$v=19\$m=4096,t=1,p=1\$/);
        await login(app, { email: address, password: PASSWORD });
        expect(await hashOf()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
        await login(app, { email: address, password: PASSWORD });
      } finally {
        await cheapApp.close();
      }
    });
  });

  describe('login throttle', () => {
    it('locks a username from the 5th failure in a row: 30 s, then doubling; a success clears it', async () => {
      const { email: address } = await account();
      for (let i = 1; i <= 4; i++) expect((await postLogin(address, `wrong password ${i}`)).statusCode).toBe(401);
      const fifth = await postLogin(address, 'wrong password 5');
      expect(fifth.statusCode).toBe(429);
      expect(fifth.headers['retry-after']).toBe('30');
      expect(fifth.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', retryAfterSeconds: 30 });

      // Locked: even the right password is not checked.
      const whileLocked = await postLogin(address, PASSWORD);
      expect(whileLocked.statusCode).toBe(429);
      expect(Number(whileLocked.headers['retry-after'])).toBeLessThanOrEqual(30);

      // After the wait, one more failure locks for 60 s.
      const sixth = await later(30_000, () => postLogin(address, 'wrong password 6'));
      expect(sixth.statusCode).toBe(429);
      expect(sixth.headers['retry-after']).toBe('60');

      // After that wait the right password works and clears the count.
      await later(30_000 + 60_000, async () => {
        expect((await postLogin(address, PASSWORD)).statusCode).toBe(200);
        for (let i = 1; i <= 4; i++) expect((await postLogin(address, `wrong again ${i}`)).statusCode).toBe(401);
        expect((await postLogin(address, PASSWORD)).statusCode).toBe(200);
      });
      expect(await handle.db.$count(loginThrottle, eq(loginThrottle.username, address))).toBe(0);
    });

    it('treats an unknown username exactly like a known one', async () => {
      const { email: known } = await account();
      const unknown = email();
      for (let i = 1; i <= 5; i++) {
        const [a, b] = [await postLogin(known, `wrong ${i} password`), await postLogin(unknown, `wrong ${i} password`)];
        expect(b.statusCode).toBe(a.statusCode);
        expect(b.body).toBe(a.body);
        expect(b.headers['retry-after']).toBe(a.headers['retry-after']);
      }
      const [a, b] = [await postLogin(known, PASSWORD), await postLogin(unknown, PASSWORD)];
      expect(a.statusCode).toBe(429);
      expect(b.body).toBe(a.body);
    });

    it("never locks the owner's own browser: its device cookie counts its own failures, strangers lock only strangers", async () => {
      const { email: address } = await account();
      const first = await postLogin(address, PASSWORD);
      const setCookie = String(first.headers['set-cookie']);
      expect(setCookie).toMatch(/^device=[\w-]+\.[\w-]+; Path=\/api\/account; Max-Age=31536000; HttpOnly; SameSite=Strict$/);
      const device = setCookie.split(';')[0]!;
      const withDevice = (password: string, cookie = device) =>
        app.inject({
          method: 'POST',
          url: '/api/account/login',
          headers: { host: 'de.localhost', cookie },
          payload: { username: address, password },
        });

      // A stranger (no cookie, or a forged one) locks the account for unknown browsers ...
      for (let i = 1; i <= 4; i++) expect((await postLogin(address, `guess ${i}`)).statusCode).toBe(401);
      expect((await postLogin(address, 'guess 5')).statusCode).toBe(429);
      const forged = `${device.slice(0, -2)}xx`;
      expect((await withDevice(PASSWORD, forged)).statusCode).toBe(429);
      // ... but the owner's browser logs in, and keeps its cookie.
      const owner = await withDevice(PASSWORD);
      expect(owner.statusCode).toBe(200);
      expect(String(owner.headers['set-cookie']).split(';')[0]).toBe(device);

      // The owner's own failures lock that browser alone; the stranger's lock stays as it was.
      for (let i = 1; i <= 4; i++) expect((await withDevice(`typo ${i}`)).statusCode).toBe(401);
      expect((await withDevice('typo 5')).statusCode).toBe(429);
      // A cookie of another account counts as an unknown browser for this one.
      const other = await account();
      const otherDevice = String((await postLogin(other.email, PASSWORD)).headers['set-cookie']).split(';')[0]!;
      expect((await withDevice(PASSWORD, otherDevice)).statusCode).toBe(429);
    });

    it('forgets failures after a day without one', async () => {
      const { email: address } = await account();
      for (let i = 1; i <= 4; i++) await postLogin(address, `wrong password ${i}`);
      await later(24 * 3600_000 + 1000, async () => {
        expect((await postLogin(address, 'wrong password 5')).statusCode).toBe(401);
      });
    });
  });

  describe('POST /api/account/loginRefresh', () => {
    it('rotates: a new refresh token each time, the family end stays fixed', async () => {
      const { email: address } = await account();
      const first = remember(await login(app, { email: address, password: PASSWORD }));
      const res = await later(3600_000, () => refresh(first.refresh_token));
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const second = remember(TokenAnswerSchema.parse(res.json()));
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(second.refresh_expires_in).toBe(11 * 3600);
      expect(claimsOf(second.access_token).sub).toBe(claimsOf(first.access_token).sub);
    });

    it('revokes the whole family when a used token comes back: the newest token fails too', async () => {
      const { email: address, customerId } = await account();
      const first = remember(await login(app, { email: address, password: PASSWORD }));
      const second = remember(TokenAnswerSchema.parse((await refresh(first.refresh_token)).json()));
      const third = remember(TokenAnswerSchema.parse((await refresh(second.refresh_token)).json()));

      const replay = await refresh(first.refresh_token);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toMatchObject({ error: 'Unauthorized' });
      expect((await refresh(third.refresh_token)).statusCode).toBe(401);
      const [firstRow] = await handle.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash(first.refresh_token)));
      const family = await handle.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, firstRow!.familyId));
      expect(family).toHaveLength(3);
      expect(family.every((row) => row.revokedAt !== null && row.customerId === customerId)).toBe(true);
      expect(logs.some((line) => line.includes('"authEvent":"refresh_reuse_detected"') && line.includes(customerId))).toBe(true);

      // Other logins of the customer are other families and keep working.
      const other = remember(await login(app, { email: address, password: PASSWORD }));
      expect((await refresh(other.refresh_token)).statusCode).toBe(200);
    });

    it('lets exactly one of two parallel refreshes with the same token succeed', async () => {
      const { email: address } = await account();
      const session = remember(await login(app, { email: address, password: PASSWORD }));
      const answers = await Promise.all([refresh(session.refresh_token), refresh(session.refresh_token)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    });

    it('ends a family at its absolute end: 12 hours, or 30 days with remember-me', async () => {
      const { email: address } = await account();
      const standard = remember(await login(app, { email: address, password: PASSWORD }));
      const next = await later(REFRESH_LIFETIME_MS.standard - 1000, () => refresh(standard.refresh_token));
      expect(next.statusCode).toBe(200);
      expect(next.json().refresh_expires_in).toBe(1);
      const rotated = remember(TokenAnswerSchema.parse(next.json()));
      expect((await later(REFRESH_LIFETIME_MS.standard, () => refresh(rotated.refresh_token))).statusCode).toBe(401);

      const long = remember(await login(app, { email: address, password: PASSWORD, rememberMe: true }));
      const day29 = await later(29 * 86_400_000, () => refresh(long.refresh_token));
      expect(day29.statusCode).toBe(200);
      const later29 = remember(TokenAnswerSchema.parse(day29.json()));
      expect((await later(REFRESH_LIFETIME_MS.rememberMe, () => refresh(later29.refresh_token))).statusCode).toBe(401);
    });

    it('refuses a missing, malformed or unknown token', async () => {
      const missing = await refresh();
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toBe('Missing Token');
      expect((await refresh('not-a-token')).statusCode).toBe(401);
      expect((await refresh('C'.repeat(43))).statusCode).toBe(401);
    });
  });

  describe('POST /api/account/logout', () => {
    it('revokes the session: its refresh token fails afterwards', async () => {
      const { email: address } = await account();
      const session = remember(await login(app, { email: address, password: PASSWORD }));
      const res = await logout({ [ACCESS_TOKEN_HEADER]: session.access_token, [REFRESH_TOKEN_HEADER]: session.refresh_token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ success: true });
      expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    });

    it('succeeds with an expired access token, and with invalid or no tokens at all', async () => {
      const { email: address } = await account();
      const session = remember(await login(app, { email: address, password: PASSWORD }));
      const expiredAccess = await later(10 * 60_000, () =>
        logout({ [ACCESS_TOKEN_HEADER]: session.access_token, [REFRESH_TOKEN_HEADER]: session.refresh_token }),
      );
      expect(expiredAccess.json()).toEqual({ success: true });
      expect((await refresh(session.refresh_token)).statusCode).toBe(401);

      for (const headers of [
        {},
        { [ACCESS_TOKEN_HEADER]: 'junk', [REFRESH_TOKEN_HEADER]: 'junk' },
        { [REFRESH_TOKEN_HEADER]: 'D'.repeat(43) },
      ] as Record<string, string>[]) {
        const res = await logout(headers);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true });
      }
    });

    it("does not revoke another customer's session", async () => {
      const a = await account();
      const b = await account();
      const sessionA = remember(await login(app, { email: a.email, password: PASSWORD }));
      const sessionB = remember(await login(app, { email: b.email, password: PASSWORD }));
      const res = await logout({ [ACCESS_TOKEN_HEADER]: sessionA.access_token, [REFRESH_TOKEN_HEADER]: sessionB.refresh_token });
      expect(res.json()).toEqual({ success: true });
      expect((await refresh(sessionB.refresh_token)).statusCode).toBe(200);
    });
  });

  describe('per-IP rate limits', () => {
    it('answers 429 with Retry-After once an address is over its limit, other addresses go on', async () => {
      const limited = testAccountServices({
        rateLimits: { login: { limit: 3, windowSeconds: 60 }, register: { limit: 1, windowSeconds: 60 } },
        clock: accounts.clock,
      });
      const limitedApp = await accountTestApp(handle.db, limited);
      try {
        const attempt = (remoteAddress: string) =>
          limitedApp.inject({
            method: 'POST',
            url: '/api/account/login',
            remoteAddress,
            headers: { host: 'de.localhost' },
            payload: { username: email(), password: 'whatever 123' },
          });
        for (let i = 0; i < 3; i++) expect((await attempt('203.0.113.7')).statusCode).toBe(401);
        const over = await attempt('203.0.113.7');
        expect(over.statusCode).toBe(429);
        expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
        expect(over.headers['cache-control']).toBe('no-store');
        expect((await attempt('198.51.100.9')).statusCode).toBe(401);

        limited.clock.advance(60_000);
        try {
          expect((await attempt('203.0.113.7')).statusCode).toBe(401);
        } finally {
          limited.clock.advance(-60_000);
        }

        const register = () =>
          limitedApp.inject({
            method: 'POST',
            url: '/api/account/register',
            remoteAddress: '203.0.113.8',
            headers: { host: 'de.localhost' },
            payload: {},
          });
        expect((await register()).statusCode).toBe(400);
        expect((await register()).statusCode).toBe(429);
      } finally {
        await limitedApp.close();
      }
    });
  });

  it('logs auth events, and no password, token or e-mail address', () => {
    const text = logs.join('\n');
    for (const event of ['login_succeeded', 'login_failed', 'login_locked', 'logout']) expect(text).toContain(`"authEvent":"${event}"`);
    expect(text).toMatch(/"user":"[0-9a-f]{16}"/);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/login-[0-9a-f-]{36}@example\.com/);
  });
});
