// The back office in server tests: an app with the staff plugin on the staff host, staff users with a
// known password and TOTP secret, and signing one in through the real endpoints, which gives the
// session cookie and CSRF token every further request sends (staffHeaders).

import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate, generateSecret } from 'otplib';
import { STAFF_CSRF_HEADER, StaffMeSchema, type StaffRole } from '../../src/contracts/staff';
import { hashPassword, type PasswordCost } from '../accounts/password-hash';
import type { ApiServices, AppOptions } from '../app';
import { createClarificationLinks } from '../clarifications/links';
import type { Database } from '../db/client';
import { staffUsers } from '../db/schema/staff';
import { createLabelLinks } from '../labels/links';
import type { MailMessage } from '../mail/mailer';
import { createReviewLinks } from '../reviews/links';
import type { ShippingServices } from '../shipping';
import type { StaffServices } from '../staff/plugin';
import { STAFF_SESSION_COOKIE } from '../staff/sessions';
import { createCertificateLinks, createTradeLinks } from '../trades/links';
import { fixtureServices, testApp } from './app';

/** The staff host of the tests (always a staff host) and the origin its pages send. */
export const STAFF_HOST = 'staff.localhost';
export const STAFF_ORIGIN = 'http://staff.localhost:3000';
export const STAFF_PASSWORD = 'correct horse battery staple';
/** The company account the tests' SEPA batches debit. */
export const TEST_DEBTOR = { name: 'Trade-in Test GmbH', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' } as const;
/** A cheap argon2id cost for test users (verification reads the cost from the hash). */
const TEST_COST: PasswordCost = { memoryCost: 1024, timeCost: 1 };

/** Shipping services whose mail lands in `mails` (links signed with a test secret). */
export function testShipping(mails: MailMessage[] = []): ShippingServices {
  const secret = 'a-label-secret-for-the-staff-tests';
  return {
    labels: createLabelLinks(secret),
    clarifications: createClarificationLinks(secret),
    reviews: createReviewLinks(secret),
    trades: createTradeLinks(secret),
    certificates: createCertificateLinks(secret),
    mailer: { send: async (message: MailMessage) => void mails.push(message) },
    publicOrigin: () => 'https://www.tradein.de',
    devMailbox: false,
  };
}

/**
 * The API app with the fixture catalogue and the back office on STAFF_HOST (origin STAFF_ORIGIN), sign-in
 * limits high enough for a suite from one address. `staff` overrides the staff settings (a clock,
 * session timing, limits), `api` adds services (accounts), `app` sets app options (clientDir).
 */
export async function staffTestApp(
  db: Database,
  options: { staff?: Partial<StaffServices>; shipping?: ShippingServices; api?: Partial<ApiServices>; app?: Partial<AppOptions> } = {},
): Promise<FastifyInstance> {
  return testApp(
    {
      ...(await fixtureServices(db)),
      shipping: options.shipping ?? testShipping(),
      ...options.api,
      staff: {
        origin: STAFF_ORIGIN,
        payoutDebtor: TEST_DEBTOR,
        signInLimit: { limit: 100_000, windowSeconds: 60 },
        passwordCost: TEST_COST,
        ...options.staff,
      },
    },
    options.app,
  );
}

export interface TestStaffUser {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly roles: readonly StaffRole[];
  readonly password: string;
  /** Base32; null for a user who has not enrolled. */
  readonly totpSecret: string | null;
}

/** A staff user straight in the database: password STAFF_PASSWORD and an enrolled TOTP secret unless told otherwise. */
export async function createStaffUser(
  db: Database,
  input: {
    email?: string;
    name?: string;
    roles?: readonly StaffRole[];
    password?: string | null;
    enrolled?: boolean;
    disabled?: boolean;
  } = {},
): Promise<TestStaffUser> {
  const email = (input.email ?? `staff-${randomUUID()}@tradein.test`).toLowerCase();
  const password = input.password === undefined ? STAFF_PASSWORD : input.password;
  const totpSecret = input.enrolled === false ? null : generateSecret();
  const user = {
    id: randomUUID(),
    email,
    name: input.name ?? 'Sam Staff',
    roles: [...(input.roles ?? ['support'])],
  };
  await db.insert(staffUsers).values({
    ...user,
    passwordHash: password === null ? null : await hashPassword(password, TEST_COST),
    totpSecret,
    // Enrolled: a first code was accepted once (step 0 is long past, so any current code is new).
    totpLastStep: totpSecret === null ? null : 0,
    disabledAt: input.disabled ? new Date() : null,
  });
  return { ...user, password: password ?? '', totpSecret };
}

/** The code an authenticator app shows for `secret` at `at` (`steps`: 30-second steps later or earlier). */
export const totpCode = (secret: string, at: Date = new Date(), steps = 0): Promise<string> =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) + steps * 30 });

/** `staff_session=…` of a Set-Cookie answer, ready for a Cookie header (undefined when none was set). */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  const cookie = cookies.find((c) => c.startsWith(`${STAFF_SESSION_COOKIE}=`));
  return cookie?.split(';')[0];
}

export interface StaffSession {
  readonly cookie: string;
  readonly csrfToken: string;
  readonly user: TestStaffUser;
}

/** Headers of a request of `session` on the staff host (with its CSRF token). */
export const staffHeaders = (session: Pick<StaffSession, 'cookie' | 'csrfToken'>): Record<string, string> => ({
  host: STAFF_HOST,
  cookie: session.cookie,
  [STAFF_CSRF_HEADER]: session.csrfToken,
});

/**
 * A new staff user with `roles`, signed in through POST /api/staff/session and its second factor.
 * `at`: the staff plugin's time when it has a test clock (the code is computed for it).
 */
export async function signInStaff(
  app: FastifyInstance,
  db: Database,
  input: { email?: string; name?: string; roles?: readonly StaffRole[]; at?: Date } = {},
): Promise<StaffSession> {
  const user = await createStaffUser(db, input);
  const password = await app.inject({
    method: 'POST',
    url: '/api/staff/session',
    headers: { host: STAFF_HOST },
    payload: { email: user.email, password: user.password },
  });
  if (password.statusCode !== 200) throw new Error(`staff sign-in failed: ${password.statusCode} ${password.body}`);
  const code = await app.inject({
    method: 'POST',
    url: '/api/staff/session/second-factor',
    headers: { host: STAFF_HOST, cookie: sessionCookieOf(password)! },
    payload: { code: await totpCode(user.totpSecret!, input.at) },
  });
  if (code.statusCode !== 200) throw new Error(`staff second factor failed: ${code.statusCode} ${code.body}`);
  return { cookie: sessionCookieOf(code)!, csrfToken: StaffMeSchema.parse(code.json()).csrfToken, user };
}
