// Accounts in server tests: services with a settable clock, a mailer that keeps what it was given and
// rate limits high enough for a whole suite from one address; and helpers that go through the real
// endpoints (register → activation mail → activateRegistration → activateCustomerByIdentifier, login).

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Locale } from '../../src/config/locales';
import { ACTIVATION_TOKEN_HEADER, IDENTIFIER_HEADER, TokenAnswerSchema, type TokenAnswer } from '../../src/contracts/account';
import type { Address, Payout } from '../../src/contracts/trades';
import { createDeviceCookies } from '../accounts/device-cookies';
import { createAccessTokens } from '../accounts/access-tokens';
import { RATE_LIMITS, MemoryRateLimiter, type RateLimitRules } from '../http/rate-limit';
import type { AccountServices } from '../accounts/services';
import type { Database } from '../db/client';
import type { Mailer, MailMessage } from '../mail/mailer';
import { createNewsletterSigner, type NewsletterSigner } from '../newsletter/signing';
import type { AppOptions } from '../app';
import { fixtureServices, testApp } from './app';

/** Keeps every message; `failWith` makes the next sends fail. */
export class CapturingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  failWith: Error | undefined;

  send(message: MailMessage): Promise<void> {
    if (this.failWith) return Promise.reject(this.failWith);
    this.sent.push(message);
    return Promise.resolve();
  }

  /** The messages to one address, oldest first. */
  to(address: string): MailMessage[] {
    return this.sent.filter((m) => m.to.address === address);
  }

  last(address: string): MailMessage {
    const messages = this.to(address);
    if (messages.length === 0) throw new Error(`no mail was sent to ${address}`);
    return messages[messages.length - 1]!;
  }
}

/** A clock that stands still until moved. */
export class TestClock {
  constructor(private current = Date.now()) {}
  readonly now = () => this.current;
  advance(ms: number) {
    this.current += ms;
  }
  set(ms: number) {
    this.current = ms;
  }
}

export interface TestAccountServices extends AccountServices {
  /** The newsletter's signer (a server keeps it beside the accounts; tests hand both to the app). */
  readonly newsletter: NewsletterSigner;
  readonly mailer: CapturingMailer;
  readonly clock: TestClock;
  readonly now: () => number;
}

/** The shops' origins in tests: configured origins that no test request uses as its Host. */
export const TEST_ORIGIN = (locale: Locale) => `https://${locale}.shop.test`;

const GENEROUS: RateLimitRules = Object.fromEntries(
  Object.keys(RATE_LIMITS).map((name) => [name, { limit: 100_000, windowSeconds: 60 }]),
) as RateLimitRules;

export function testAccountServices(
  overrides: Partial<Omit<AccountServices, 'rateLimits'>> & { rateLimits?: Partial<RateLimitRules>; clock?: TestClock } = {},
): TestAccountServices {
  const clock = overrides.clock ?? new TestClock();
  const mailer = overrides.mailer instanceof CapturingMailer ? overrides.mailer : new CapturingMailer();
  return {
    tokens: createAccessTokens('test-auth-secret-of-at-least-32-characters'),
    devices: createDeviceCookies('test-auth-secret-of-at-least-32-characters'),
    newsletter: createNewsletterSigner('test-newsletter-secret-of-at-least-32-characters'),
    limiter: new MemoryRateLimiter(clock.now),
    publicOrigin: TEST_ORIGIN,
    ...overrides,
    rateLimits: { ...GENEROUS, ...overrides.rateLimits },
    mailer,
    clock,
    now: clock.now,
  };
}

/** The API app with the fixture catalogue and these account services. */
export async function accountTestApp(db: Database, accounts: AccountServices, options: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  return testApp({ ...(await fixtureServices(db)), accounts }, options);
}

export interface RegistrationInput {
  readonly email: string;
  readonly password: string;
  readonly locale?: Locale;
  readonly firstName?: string;
  readonly lastName?: string;
  readonly Address?: Partial<Address>;
  readonly Payment?: Payout | Record<string, unknown>;
}

/** A product §3 registration payload. */
export function registrationPayload(input: RegistrationInput) {
  return {
    enabled: true,
    firstName: input.firstName ?? 'Erika',
    lastName: input.lastName ?? 'Mustermann',
    username: input.email,
    email: input.email,
    credentials: [{ type: 'password', value: input.password, temporary: false }],
    requiredActions: [],
    groups: [],
    attributes: { locale: [input.locale ?? 'de'], privacyAccepted: ['true'] },
    ...(input.Address && { Address: input.Address }),
    ...(input.Payment && { Payment: input.Payment }),
  };
}

/** The shop locale of a test host: de.localhost → de, localhost → default. */
const localeOfHost = (host: string): Locale => (host.includes('.localhost') ? (host.split('.')[0] as Locale) : 'default');

/** The token of the newest activation link mailed to `email`. */
export function activationToken(mailer: CapturingMailer, email: string): string {
  const match = /\/account\/register\?token=([A-Za-z0-9_-]+)/.exec(mailer.last(email).text);
  if (!match) throw new Error(`the last mail to ${email} holds no activation link`);
  return match[1]!;
}

function expectStatus(response: LightMyRequestResponse, status: number, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
}

/**
 * Registers and activates an account through the endpoints and returns its id and customer number.
 * `accounts` is the TestAccountServices the app was built with (its mailer holds the activation link).
 */
export async function registerAndActivate(
  app: FastifyInstance,
  accounts: TestAccountServices,
  input: RegistrationInput & { readonly host?: string },
): Promise<{ customerId: string; customerNumber: string }> {
  const host = input.host ?? 'de.localhost';
  const registered = await app.inject({
    method: 'POST',
    url: '/api/account/register',
    headers: { host },
    payload: registrationPayload({ locale: localeOfHost(host), ...input }),
  });
  expectStatus(registered, 202, 'register');
  // Where registration works after the answer, the activation mail follows it.
  await accounts.afterAnswer?.drain();
  const activated = await app.inject({
    method: 'POST',
    url: '/api/account/activateRegistration',
    headers: { host, [ACTIVATION_TOKEN_HEADER]: activationToken(accounts.mailer, input.email) },
  });
  expectStatus(activated, 200, 'activateRegistration');
  const { token } = activated.json() as { activated: boolean; token?: string };
  if (!token) throw new Error(`activateRegistration did not activate: ${activated.body}`);
  const byIdentifier = await app.inject({
    method: 'GET',
    url: '/api/activateCustomerByIdentifier',
    headers: { host, [IDENTIFIER_HEADER]: token },
  });
  expectStatus(byIdentifier, 200, 'activateCustomerByIdentifier');
  const { customerNumber } = byIdentifier.json() as { customerNumber: string };
  const session = await login(app, { email: input.email, password: input.password, host });
  const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string };
  return { customerId: claims.sub, customerNumber };
}

/** Logs in through POST /api/account/login; fails the test unless the answer is a TokenAnswer. */
export async function login(
  app: FastifyInstance,
  input: { email: string; password: string; host?: string; rememberMe?: boolean },
): Promise<TokenAnswer> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    headers: { host: input.host ?? 'de.localhost' },
    payload: { username: input.email, password: input.password, ...(input.rememberMe !== undefined && { rememberMe: input.rememberMe }) },
  });
  expectStatus(response, 200, 'login');
  return TokenAnswerSchema.parse(response.json());
}

/** `Authorization: Bearer …` of a session. */
export const bearer = (session: Pick<TokenAnswer, 'access_token'>) => ({ authorization: `Bearer ${session.access_token}` });
