// Shared by the customer-data and customer-trade tests: account services without the login endpoints
// (a fixed token secret, a limiter that allows everything, a mailer that keeps what it is given),
// active customers inserted directly, with their access tokens, and checkouts through the API.

import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { iriOf } from '../../src/contracts/account';
import { createAccessTokens } from '../accounts/access-tokens';
import { createDeviceCookies } from '../accounts/device-cookies';
import type { AccountServices } from '../accounts/services';
import { createNewsletterSigner, type NewsletterSigner } from '../newsletter/signing';
import type { Database } from '../db/client';
import { customers } from '../db/schema/customers';
import type { MailMessage } from '../mail/mailer';

export const TEST_TOKEN_SECRET = 'a-test-secret-of-at-least-32-characters';

/** Account services, and the newsletter signer a test app serves the newsletter with. */
export function testAccountServices(sent: MailMessage[] = []): AccountServices & { readonly newsletter: NewsletterSigner } {
  return {
    tokens: createAccessTokens(TEST_TOKEN_SECRET),
    devices: createDeviceCookies(TEST_TOKEN_SECRET),
    newsletter: createNewsletterSigner(TEST_TOKEN_SECRET),
    limiter: { hit: async () => ({ allowed: true, retryAfterSeconds: 0 }) },
    mailer: { send: async (message) => void sent.push(message) },
    publicOrigin: () => 'http://localhost:4321',
  };
}

export interface TestCustomer {
  readonly id: string;
  readonly email: string;
  readonly customerNumber: string;
  readonly iri: string;
  readonly peopleIri: string;
  /** `Authorization: Bearer …` with a fresh access token (or one signed at `now`, epoch ms). */
  auth(now?: number): Promise<{ authorization: string }>;
}

/** An active customer, as activation leaves one (the login itself is not needed here). */
export async function insertCustomer(
  db: Database,
  services: AccountServices,
  values: Partial<typeof customers.$inferInsert> = {},
): Promise<TestCustomer> {
  const id = randomUUID();
  const email = values.email ?? `customer-${id}@example.com`;
  const customerNumber = values.customerNumber ?? `K-${randomInt(1_000_000, 9_999_999)}`;
  await db.insert(customers).values({
    id,
    email,
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$not-a-real-hash',
    status: 'active',
    customerNumber,
    locale: 'de',
    salutation: 'ms',
    firstName: 'Erika',
    lastName: 'Mustermann',
    privacyAcceptedAt: new Date(),
    activatedAt: new Date(),
    ...values,
  });
  return {
    id,
    email,
    customerNumber,
    iri: iriOf('customers', id),
    peopleIri: iriOf('people', id),
    auth: async (now) => ({ authorization: `Bearer ${await services.tokens.sign({ customerId: id, email, customerNumber }, now)}` }),
  };
}

const BEST = { 1: 11, 2: 21, 3: 31 };
const POSTAL: Record<string, { postalCode: string; city: string }> = {
  'de.localhost': { postalCode: '51147', city: 'Köln' },
  'at.localhost': { postalCode: '1010', city: 'Wien' },
  'fr.localhost': { postalCode: '75001', city: 'Paris' },
};
export const TEST_SEPA = {
  method: 'sepa',
  accountHolder: 'Erika Mustermann',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
} as const;

export interface CheckoutOptions {
  readonly identity: { kind: 'guest'; email: string } | { kind: 'customer' };
  readonly headers?: Record<string, string>;
  readonly host?: keyof typeof POSTAL;
  readonly deviceIds?: readonly number[];
  /** Offers to check out instead of new ones for `deviceIds` (a retry of the same checkout). */
  readonly offerIds?: readonly string[];
  readonly idempotencyKey?: string;
  readonly voucherCode?: string;
  /** A business trade with this company (and a phone number). */
  readonly company?: { readonly name: string; readonly legalForm: string; readonly vatId?: string };
  /** The payout account (TEST_SEPA without it). */
  readonly payout?: Record<string, string>;
  /** The address's street (Heidestraße without it). */
  readonly street?: string;
  /** "Save to my account" (issue 32 part 2); left out without it. */
  readonly saveToAccount?: boolean;
}

/** Offers for the fixture devices (best condition) and a checkout of them through the API. */
export async function checkout(app: FastifyInstance, options: CheckoutOptions) {
  const host = options.host ?? 'de.localhost';
  const offerIds: string[] = [...(options.offerIds ?? [])];
  for (const deviceId of options.offerIds ? [] : (options.deviceIds ?? [1300])) {
    const res = await app.inject({ method: 'POST', url: '/api/offers', payload: { deviceId, answers: BEST }, headers: { host } });
    if (res.statusCode !== 201) throw new Error(`offer for ${deviceId}: ${res.statusCode} ${res.body}`);
    offerIds.push(res.json().offerId);
  }
  const payload: Record<string, unknown> & { address: Record<string, string> } = {
    offerIds,
    identity: options.identity,
    address: { firstName: 'Erika', lastName: 'Mustermann', street: options.street ?? 'Heidestraße', houseNumber: '17', ...POSTAL[host] },
    payout: options.payout ?? TEST_SEPA,
    termsAccepted: true,
    ...(options.saveToAccount !== undefined ? { saveToAccount: options.saveToAccount } : {}),
    ...(options.voucherCode ? { voucherCode: options.voucherCode } : {}),
    ...(options.company ? { b2b: true, company: options.company } : {}),
  };
  if (options.company) payload.address = { ...payload.address, phone: '0221 123456' };
  return app.inject({
    method: 'POST',
    url: '/api/trades',
    payload,
    headers: { host, 'idempotency-key': options.idempotencyKey ?? randomUUID(), ...options.headers },
  });
}
