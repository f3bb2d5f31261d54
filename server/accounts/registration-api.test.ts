// Registration and activation through fastify.inject, on PGlite and (with TEST_DATABASE_URL) PostgreSQL:
// the same answer for new and known e-mails, the mails and their links (configured origin, never the
// Host), the optional address and payout account, the password rules, the activation tokens' single
// use and expiry, customer numbers, and nothing secret in the log.

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVATION_TOKEN_HEADER, IDENTIFIER_HEADER } from '../../src/contracts/account';
import type { DatabaseHandle } from '../db/client';
import { accountTokens, bankAccounts, customerAddresses, customerPaymentAccounts, customers, paypalAccounts } from '../db/schema/customers';
import {
  accountTestApp,
  activationToken,
  login,
  registerAndActivate,
  registrationPayload,
  TEST_ORIGIN,
  testAccountServices,
  type RegistrationInput,
  type TestAccountServices,
} from '../test-support/accounts';
import { logCollector } from '../test-support/app';
import { testDatabases } from '../test-support/databases';

const PASSWORD = 'Heidestrasse 17, Köln';
const IBAN = 'DE89370400440532013000';
const SEPA = { method: 'sepa', accountHolder: 'Erika Mustermann', iban: 'de89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' } as const;
const ADDRESS = { firstName: 'Erika', lastName: 'Mustermann', street: 'Heidestraße', houseNumber: '17', postalCode: '51147', city: 'Köln' };
const email = () => `reg-${randomUUID()}@example.com`;

describe.each(testDatabases())('registration and activation on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let accounts: TestAccountServices;
  const logs: string[] = [];
  /** Every token handed out in this suite, to prove none reaches the log. */
  const secrets = new Set<string>([PASSWORD, IBAN]);

  beforeAll(async () => {
    handle = await database.open();
    accounts = testAccountServices();
    app = await accountTestApp(handle.db, accounts, { logLevel: 'info', logStream: logCollector(logs) });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const register = (input: RegistrationInput, host = 'de.localhost', payload?: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/account/register',
      headers: { host },
      payload: (payload ?? registrationPayload(input)) as object,
    });
  const activate = (token?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/account/activateRegistration',
      headers: { host: 'de.localhost', ...(token !== undefined && { [ACTIVATION_TOKEN_HEADER]: token }) },
    });
  const byIdentifier = (identifier?: string) =>
    app.inject({
      method: 'GET',
      url: '/api/activateCustomerByIdentifier',
      headers: { host: 'de.localhost', ...(identifier !== undefined && { [IDENTIFIER_HEADER]: identifier }) },
    });
  const customerOf = async (address: string) => (await handle.db.select().from(customers).where(eq(customers.email, address)))[0];
  const lastToken = (address: string) => {
    const token = activationToken(accounts.mailer, address);
    secrets.add(token);
    return token;
  };

  describe('POST /api/account/register', () => {
    it('creates a pending customer and mails the activation link from the configured origin, not the Host', async () => {
      const address = email();
      const res = await register({ email: address, password: PASSWORD, firstName: 'Erika', lastName: 'Mustermann' }, 'de.localhost');
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ status: 'accepted' });
      expect(res.headers['cache-control']).toBe('no-store');

      const customer = await customerOf(address);
      expect(customer).toMatchObject({
        status: 'pending',
        locale: 'de',
        firstName: 'Erika',
        lastName: 'Mustermann',
        customerNumber: null,
        activatedAt: null,
      });
      expect(customer!.privacyAcceptedAt).toBeInstanceOf(Date);
      expect(customer!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/);
      const [, m, t] = /m=(\d+),t=(\d+)/.exec(customer!.passwordHash)!;
      expect(Number(m)).toBeGreaterThanOrEqual(19_456);
      expect(Number(t)).toBeGreaterThanOrEqual(2);

      const mail = accounts.mailer.last(address);
      expect(mail.from).toEqual({ name: 'Trade-in Kundenservice', address: 'service@tradein.de' });
      expect(mail.to).toEqual({ name: 'Erika Mustermann', address });
      expect(mail.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
      const token = lastToken(address);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(mail.text).toContain(`${TEST_ORIGIN('de')}/account/register?token=${token}`);
      expect(mail.html).toContain(`href="${TEST_ORIGIN('de')}/account/register?token=${token}"`);
      expect(mail.text + mail.html).not.toContain('de.localhost');
      // Stored as a hash only.
      const stored = await handle.db.select().from(accountTokens).where(eq(accountTokens.customerId, customer!.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ purpose: 'activation', usedAt: null });
      expect(stored[0]!.tokenHash).not.toBe(token);
      expect(stored[0]!.expiresAt.getTime() - accounts.now()).toBe(48 * 3600_000);
    });

    it('never takes a link origin from the request, whatever Host or forwarding headers say', async () => {
      const address = email();
      const res = await app.inject({
        method: 'POST',
        url: '/api/account/register',
        headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example', forwarded: 'host=attacker.example' },
        payload: registrationPayload({ email: address, password: PASSWORD, locale: 'it' }),
      });
      expect(res.statusCode).toBe(202);
      const mail = accounts.mailer.last(address);
      expect(mail.text).toContain(`${TEST_ORIGIN('it')}/account/register?token=`);
      expect(mail.text + mail.html).not.toContain('attacker');
      lastToken(address);
    });

    it('mails a registration on an agan host as agan: its sender and signature (decision 033)', async () => {
      const address = email();
      expect((await register({ email: address, password: PASSWORD }, 'agan.localhost')).statusCode).toBe(202);
      const mail = accounts.mailer.last(address);
      lastToken(address);
      expect(mail.from).toEqual({ name: 'agan Kundenservice', address: 'service@agan.de' });
      expect(mail.text).toContain('agan');
      expect(mail.text).not.toMatch(/trade-in/i);
    });

    it('writes the mail in the language of the registration, from that country', async () => {
      const address = email();
      const payload = registrationPayload({ email: address, password: PASSWORD, locale: 'fr' });
      expect((await register({ email: address, password: PASSWORD }, 'fr.localhost', payload)).statusCode).toBe(202);
      const mail = accounts.mailer.last(address);
      expect(mail.from.address).toBe('service@tradein.fr');
      expect(mail.subject).toBe('Veuillez confirmer votre adresse e-mail');
      expect(mail.text).toContain(`${TEST_ORIGIN('fr')}/account/register?token=`);
      expect((await customerOf(address))!.locale).toBe('fr');
    });

    it('stores the optional address (primary) and SEPA account (INVOICE, not primary) with the customer', async () => {
      const address = email();
      const res = await register({ email: address, password: PASSWORD, Address: ADDRESS, Payment: SEPA });
      expect(res.statusCode).toBe(202);
      const customer = (await customerOf(address))!;
      const addresses = await handle.db.select().from(customerAddresses).where(eq(customerAddresses.customerId, customer.id));
      expect(addresses).toHaveLength(1);
      expect(addresses[0]).toMatchObject({ isPrimary: true, address: ADDRESS });
      const banks = await handle.db.select().from(bankAccounts).where(eq(bankAccounts.customerId, customer.id));
      expect(banks).toEqual([expect.objectContaining({ accountHolder: 'Erika Mustermann', iban: IBAN, bic: 'COBADEFFXXX' })]);
      const links = await handle.db.select().from(customerPaymentAccounts).where(eq(customerPaymentAccounts.customerId, customer.id));
      expect(links).toEqual([
        expect.objectContaining({ bankAccountId: banks[0]!.id, paypalAccountId: null, paymentType: 'INVOICE', isPrimary: false }),
      ]);
    });

    it('stores a PayPal account the same way', async () => {
      const address = email();
      expect(
        (await register({ email: address, password: PASSWORD, Payment: { method: 'paypal', email: 'erika.paypal@example.com' } }))
          .statusCode,
      ).toBe(202);
      const customer = (await customerOf(address))!;
      const paypal = await handle.db.select().from(paypalAccounts).where(eq(paypalAccounts.customerId, customer.id));
      expect(paypal).toEqual([expect.objectContaining({ email: 'erika.paypal@example.com' })]);
      const links = await handle.db.select().from(customerPaymentAccounts).where(eq(customerPaymentAccounts.customerId, customer.id));
      expect(links).toEqual([
        expect.objectContaining({ paypalAccountId: paypal[0]!.id, bankAccountId: null, paymentType: 'INVOICE', isPrimary: false }),
      ]);
    });

    it('writes nothing when a part is invalid (400 with fields, one transaction)', async () => {
      const address = email();
      const res = await register({
        email: address,
        password: PASSWORD,
        Address: { ...ADDRESS, postalCode: '1234' },
        Payment: { ...SEPA, iban: 'DE00 0000' },
      });
      expect(res.statusCode).toBe(400);
      const paths = (res.json().fields as { path: string }[]).map((f) => f.path);
      expect(paths).toEqual(expect.arrayContaining(['Address.postalCode', 'Payment.iban']));
      expect(await customerOf(address)).toBeUndefined();
      expect(accounts.mailer.to(address)).toHaveLength(0);
    });

    it('answers a known (active) e-mail exactly like a new one, mails "already registered" and changes nothing', async () => {
      const known = email();
      await registerAndActivate(app, accounts, { email: known, password: PASSWORD });
      const before = (await customerOf(known))!;
      const fresh = email();

      const forKnown = await register({ email: known, password: 'another password 2024', firstName: 'Mallory' });
      const forNew = await register({ email: fresh, password: 'another password 2024', firstName: 'Mallory' });
      expect(forKnown.statusCode).toBe(forNew.statusCode);
      expect(forKnown.body).toBe(forNew.body);
      expect(forKnown.headers['content-type']).toBe(forNew.headers['content-type']);

      const mail = accounts.mailer.last(known);
      expect(mail.subject).toBe('Sie haben bereits ein Kundenkonto');
      expect(mail.text).toContain(`${TEST_ORIGIN('de')}/account/password-forgot`);
      expect(mail.text).toContain(`${TEST_ORIGIN('de')}/account\n`);
      expect(mail.text).not.toContain('token=');
      expect(await customerOf(known)).toEqual(before);
      await login(app, { email: known, password: PASSWORD });
    });

    it('replaces a pending registration: the newest link activates the newest data, older links are void', async () => {
      const address = email();
      await register({ email: address, password: 'first password 1', firstName: 'First' });
      const first = lastToken(address);
      await register({ email: address, password: 'second password 2', firstName: 'Second', Address: ADDRESS });
      const second = lastToken(address);
      expect(second).not.toBe(first);
      expect(await handle.db.$count(customers, eq(customers.email, address))).toBe(1);

      expect((await activate(first)).json()).toEqual({ activated: false });
      const identifier = (await activate(second)).json().token as string;
      expect((await byIdentifier(identifier)).statusCode).toBe(200);
      const customer = (await customerOf(address))!;
      expect(customer.firstName).toBe('Second');
      expect(await handle.db.$count(customerAddresses, eq(customerAddresses.customerId, customer.id))).toBe(1);
      await login(app, { email: address, password: 'second password 2' });
      const old = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        headers: { host: 'de.localhost' },
        payload: { username: address, password: 'first password 1' },
      });
      expect(old.statusCode).toBe(401);
    });

    it('accepts passwords of 8 and 128 characters and refuses 7 and 129 (code points, no truncation)', async () => {
      const seven = await register({ email: email(), password: 'abcdefg' });
      expect(seven.statusCode).toBe(400);
      expect(seven.json().fields).toEqual([
        { path: 'credentials.0.value', code: 'passwordTooShort', message: 'The password needs at least 8 characters.' },
      ]);
      expect((await register({ email: email(), password: 'kd8#pq2z' })).statusCode).toBe(202);
      // 8 code points, 16 UTF-16 units.
      expect((await register({ email: email(), password: '😀😁😂🤣😃😄😅😆' })).statusCode).toBe(202);

      const long = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(3).slice(0, 128);
      expect([...long]).toHaveLength(128);
      const tooLong = await register({ email: email(), password: `${long}x` });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().fields).toEqual([
        { path: 'credentials.0.value', code: 'passwordTooLong', message: 'The password may have at most 128 characters.' },
      ]);

      const address = email();
      await registerAndActivate(app, accounts, { email: address, password: long });
      await login(app, { email: address, password: long });
      const truncated = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        headers: { host: 'de.localhost' },
        payload: { username: address, password: `${long}x` },
      });
      expect(truncated.statusCode).toBe(401);
    });

    it.each(['password', '12345678', 'qwertyuiop', 'iloveyou1', 'PassWord1', 'Passwort123'])(
      'refuses the common password %s',
      async (common) => {
        const address = email();
        const res = await register({ email: address, password: common });
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toEqual([
          { path: 'credentials.0.value', code: 'passwordWeak', message: expect.stringMatching(/most common passwords/) },
        ]);
        expect(await customerOf(address)).toBeUndefined();
      },
    );

    it('refuses the e-mail address (or its local part) as password', async () => {
      const address = `erika.mustermann.${randomUUID().slice(0, 8)}@example.com`;
      for (const password of [address, address.toUpperCase(), address.split('@')[0]!]) {
        const res = await register({ email: address, password });
        expect(res.statusCode).toBe(400);
        expect(res.json().fields[0]).toEqual({
          path: 'credentials.0.value',
          code: 'passwordWeak',
          message: 'The password must not be your e-mail address.',
        });
      }
    });

    it('validates the payload (400 with fields, never 500)', async () => {
      const cases: unknown[] = [
        {},
        null,
        'text',
        { ...registrationPayload({ email: email(), password: PASSWORD }), attributes: { locale: ['de'] } },
        { ...registrationPayload({ email: email(), password: PASSWORD }), username: 'other@example.com' },
        {
          ...registrationPayload({ email: email(), password: PASSWORD }),
          credentials: [{ type: 'password', value: PASSWORD, temporary: true }],
        },
        { ...registrationPayload({ email: 'not-an-address', password: PASSWORD }) },
      ];
      for (const payload of cases) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/account/register',
          headers: { host: 'de.localhost', 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      const privacy = await register({ email: email(), password: PASSWORD }, 'de.localhost', {
        ...registrationPayload({ email: email(), password: PASSWORD }),
        attributes: { locale: ['de'] },
      });
      expect(privacy.json().fields).toEqual([{ path: 'attributes.privacyAccepted', code: 'required', message: expect.any(String) }]);
    });

    it('answers 202 when the mail cannot be sent, and logs the failure without the address', async () => {
      const address = email();
      accounts.mailer.failWith = Object.assign(new Error(`550 mailbox ${address} unavailable`), { code: 'EENVELOPE' });
      try {
        const res = await register({ email: address, password: PASSWORD });
        expect(res.statusCode).toBe(202);
        await new Promise((resolve) => setTimeout(resolve, 10));
      } finally {
        accounts.mailer.failWith = undefined;
      }
      const failure = logs.find((line) => line.includes('account_mail_failed'));
      expect(failure).toBeDefined();
      expect(failure).toContain('EENVELOPE');
      expect(failure).toContain('[address]');
      expect(failure).not.toContain(address);
    });
  });

  describe('POST /api/account/activateRegistration and GET /api/activateCustomerByIdentifier', () => {
    it('activates in two steps and gives sequential customer numbers K-<7 digits>', async () => {
      const numbers: number[] = [];
      for (const address of [email(), email()]) {
        await register({ email: address, password: PASSWORD });
        const step1 = await activate(lastToken(address));
        expect(step1.statusCode).toBe(200);
        expect(step1.headers['cache-control']).toBe('no-store');
        const answer = step1.json();
        expect(answer).toEqual({ activated: true, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
        secrets.add(answer.token);
        expect((await customerOf(address))!.status).toBe('pending');

        const step2 = await byIdentifier(answer.token);
        expect(step2.statusCode).toBe(200);
        expect(step2.headers['cache-control']).toBe('no-store');
        const { customerNumber } = step2.json();
        expect(step2.json()).toEqual({ activated: true, customerNumber: expect.stringMatching(/^K-\d{7}$/) });
        const customer = (await customerOf(address))!;
        expect(customer).toMatchObject({ status: 'active', customerNumber });
        expect(customer.activatedAt).toBeInstanceOf(Date);
        numbers.push(Number(customerNumber.slice(2)));
      }
      expect(numbers[1]).toBe(numbers[0]! + 1);
    });

    it('answers a missing token with the missing-token error, and bad tokens with not activated', async () => {
      const missing = await activate();
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ error: 'Missing Token', message: 'missing token' });
      expect(missing.headers['cache-control']).toBe('no-store');
      for (const bad of ['not a token', 'x'.repeat(43), 'A'.repeat(43), '%%%', 'a'.repeat(5000)]) {
        const res = await activate(bad);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ activated: false });
      }
    });

    it('uses an activation token once', async () => {
      const address = email();
      await register({ email: address, password: PASSWORD });
      const token = lastToken(address);
      expect((await activate(token)).json().activated).toBe(true);
      expect((await activate(token)).json()).toEqual({ activated: false });
    });

    it('lets an activation link expire after 48 hours', async () => {
      const address = email();
      await register({ email: address, password: PASSWORD });
      const token = lastToken(address);
      accounts.clock.advance(48 * 3600_000);
      try {
        expect((await activate(token)).json()).toEqual({ activated: false });
      } finally {
        accounts.clock.advance(-48 * 3600_000);
      }
      expect((await activate(token)).json().activated).toBe(true);
    });

    it('refuses missing, unknown, used and expired identifiers without activating', async () => {
      expect((await byIdentifier()).statusCode).toBe(400);
      expect((await byIdentifier()).json().error).toBe('Missing Identifier');
      expect((await byIdentifier('B'.repeat(43))).statusCode).toBe(404);
      expect((await byIdentifier('nonsense')).statusCode).toBe(404);

      const address = email();
      await register({ email: address, password: PASSWORD });
      const identifier = (await activate(lastToken(address))).json().token as string;
      accounts.clock.advance(15 * 60_000 + 1000);
      try {
        const expired = await byIdentifier(identifier);
        expect(expired.statusCode).toBe(404);
        expect(expired.json().message).toMatch(/unknown, used or expired/);
      } finally {
        accounts.clock.advance(-(15 * 60_000 + 1000));
      }
      expect((await customerOf(address))!.status).toBe('pending');

      const other = email();
      await register({ email: other, password: PASSWORD });
      const fresh = (await activate(lastToken(other))).json().token as string;
      expect((await byIdentifier(fresh)).statusCode).toBe(200);
      expect((await byIdentifier(fresh)).statusCode).toBe(404);
    });

    it('lets a pending customer not log in (403 only with the right password)', async () => {
      const address = email();
      await register({ email: address, password: PASSWORD });
      const right = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        headers: { host: 'de.localhost' },
        payload: { username: address, password: PASSWORD },
      });
      expect(right.statusCode).toBe(403);
      expect(right.json()).toMatchObject({ error: 'Not Activated' });
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        headers: { host: 'de.localhost' },
        payload: { username: address, password: 'wrong password 1' },
      });
      expect(wrong.statusCode).toBe(401);
    });
  });

  it('logs auth events by customer id, and no password, token, IBAN or e-mail address', () => {
    const text = logs.join('\n');
    expect(text).toContain('"authEvent":"registered"');
    expect(text).toContain('"authEvent":"activated"');
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/reg-[0-9a-f-]{36}@example\.com/);
  });
});
