// The way back in that an attacker cannot block (issue 33, decision 077), through fastify.inject on
// PGlite and (with TEST_DATABASE_URL) PostgreSQL: an attacker keeps an account throttled for every
// unknown browser; its owner on a fresh browser asks for a sign-in link, signs in with it and gets
// the device cookie, with which the right password works again while the attack goes on. The link
// is single-use, expires after 15 minutes, a newer one ends the older, unknown addresses get the same
// answer and no mail, and the per-address and per-IP limits hold.

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_TOKEN_HEADER, TokenAnswerSchema } from '../../src/contracts/account';
import type { DatabaseHandle } from '../db/client';
import { accountTestApp, registerAndActivate, testAccountServices, type TestAccountServices } from '../test-support/accounts';
import { testDatabases } from '../test-support/databases';

const PASSWORD = 'amber harbour 2210';
const HOST = 'de.localhost';
const email = () => `link-${randomUUID()}@example.com`;

describe.each(testDatabases())('the sign-in link of a throttled account on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let accounts: TestAccountServices;

  beforeAll(async () => {
    handle = await database.open();
    accounts = testAccountServices({ rateLimits: { accountMail: { limit: 5, windowSeconds: 3600 } } });
    app = await accountTestApp(handle.db, accounts);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const loginFrom = (username: string, password: string, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { host: HOST, ...(cookie && { cookie }) },
      payload: { username, password },
    });
  const askForLink = (address: string) =>
    app.inject({ method: 'POST', url: '/api/account/signInLinkMail', headers: { host: HOST }, payload: { email: address, lang: 'de' } });
  const signIn = (token: string, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/account/signInWithLink',
      headers: { host: HOST, [SIGN_IN_TOKEN_HEADER]: token, ...(cookie && { cookie }) },
      payload: { rememberMe: true },
    });
  const linkIn = (address: string) => {
    const mail = accounts.mailer.last(address);
    const match = /https:\/\/de\.shop\.test\/account\/sign-in-link\?token=([A-Za-z0-9_-]{43})/.exec(mail.text);
    if (!match) throw new Error(`no sign-in link in the last mail to ${address}`);
    return match[1]!;
  };
  const deviceCookieOf = (setCookie: unknown) => /^device=([^;]+)/.exec(String(setCookie))?.[1];

  it('lets the owner of an account an attacker keeps throttled sign in from a fresh browser, and then log in there', async () => {
    const victim = email();
    await registerAndActivate(app, accounts, { email: victim, password: PASSWORD });

    // The attacker: wrong passwords from a browser without the account's device cookie.
    const attempts = [];
    for (let i = 0; i < 5; i++) attempts.push((await loginFrom(victim, `wrong guess ${i}`)).statusCode);
    expect(attempts).toEqual([401, 401, 401, 401, 429]);

    // The owner on a new phone: the right password is refused while the lock lasts.
    expect((await loginFrom(victim, PASSWORD)).statusCode).toBe(429);

    // …so they ask for a sign-in link; the answer is the one an unknown address gets.
    const asked = await askForLink(victim);
    const unknown = await askForLink(email());
    expect([asked.statusCode, asked.json()]).toEqual([202, { status: 'accepted' }]);
    expect([unknown.statusCode, unknown.json()]).toEqual([202, { status: 'accepted' }]);
    await accounts.afterAnswer?.drain();
    const mail = accounts.mailer.last(victim);
    expect(mail.subject).toBe('Ihr Anmeldelink');
    expect(mail.text).toContain('15 Minuten gültig');
    expect(accounts.mailer.sent.filter((m) => m.subject === 'Ihr Anmeldelink' && m.to.address !== victim)).toEqual([]);

    const signedIn = await signIn(linkIn(victim));
    expect(signedIn.statusCode).toBe(200);
    expect(TokenAnswerSchema.parse(signedIn.json()).refresh_expires_in).toBeGreaterThan(12 * 3600);
    const device = deviceCookieOf(signedIn.headers['set-cookie']);
    expect(String(signedIn.headers['set-cookie'])).toMatch(/; Path=\/api\/account; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    expect(device).toBeTruthy();

    // The attack goes on, but this browser is known now: the right password works here…
    expect((await loginFrom(victim, 'another wrong guess')).statusCode).toBe(429);
    expect((await loginFrom(victim, PASSWORD, `device=${device}`)).statusCode).toBe(200);
    // …and still not from the attacker's unknown browsers.
    expect((await loginFrom(victim, PASSWORD)).statusCode).toBe(429);
  });

  it('opens once, ends with a newer link, and expires after 15 minutes', async () => {
    const owner = email();
    await registerAndActivate(app, accounts, { email: owner, password: PASSWORD });
    await askForLink(owner);
    await accounts.afterAnswer?.drain();
    const first = linkIn(owner);
    await askForLink(owner);
    await accounts.afterAnswer?.drain();
    const second = linkIn(owner);
    expect(second).not.toBe(first);
    expect((await signIn(first)).statusCode).toBe(400);

    expect((await signIn(second)).statusCode).toBe(200);
    const again = await signIn(second);
    expect([again.statusCode, again.json().error]).toEqual([400, 'Invalid Token']);
    expect(again.json().message).toMatch(/invalid, used or expired/);

    await askForLink(owner);
    await accounts.afterAnswer?.drain();
    const late = linkIn(owner);
    accounts.clock.advance(15 * 60_000 + 1_000);
    expect((await signIn(late)).statusCode).toBe(400);

    const missing = await app.inject({ method: 'POST', url: '/api/account/signInWithLink', headers: { host: HOST }, payload: {} });
    expect([missing.statusCode, missing.json().error]).toEqual([400, 'Missing Token']);
    expect((await signIn('not-a-token')).statusCode).toBe(400);
  });

  it('mails an address at most 5 times an hour, with the same answer over the limit', async () => {
    const owner = email();
    await registerAndActivate(app, accounts, { email: owner, password: PASSWORD });
    const before = accounts.mailer.to(owner).length;
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await askForLink(owner)).statusCode);
    await accounts.afterAnswer?.drain();
    expect(answers).toEqual([202, 202, 202, 202, 202, 202]);
    // The activation mail counted in the same hour's budget of this address.
    expect(accounts.mailer.to(owner).length - before).toBe(4);
  });
});

describe.each(testDatabases())('the sign-in link per IP on $name', (database) => {
  it('answers 429 from the 11th call a minute of one address', async () => {
    const handle = await database.open();
    const accounts = testAccountServices({ rateLimits: { signInLink: { limit: 10, windowSeconds: 60 } } });
    const app = await accountTestApp(handle.db, accounts);
    try {
      const statuses = [];
      for (let i = 0; i < 11; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/account/signInLinkMail',
          headers: { host: HOST },
          payload: { email: email(), lang: 'de' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([...Array(10).fill(202), 429]);
      const res = await app.inject({
        method: 'POST',
        url: '/api/account/signInWithLink',
        headers: { host: HOST, [SIGN_IN_TOKEN_HEADER]: 'x' },
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await app.close();
      await handle.close();
    }
  }, 60_000);
});
