// The contract walk (issue 31, decision 086): the OpenAPI document of the whole app (every plugin,
// the back office included) is read from /api/openapi.json, and every operation in it is called
// through fastify.inject — once with a valid request (a recipe below), whose answer must have a
// documented 2xx status and a body that conforms to the documented schema, and once with an invalid
// one (made from the document: a body of the wrong type, no credentials, a required header or query
// left out, or a path parameter that is not one), which must get a documented 4xx with the
// documented error body. The schemas are checked by a small JSON Schema checker
// (server/test-support/json-schema.ts). Operations without a valid-request recipe yet are listed in
// WITHOUT_RECIPE, so the list can only shrink. PGlite only: this checks the contract, not the database.

import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenAnswer } from '../../src/contracts/account';
import type { ApiServices } from '../app';
import type { Database, DatabaseHandle } from '../db/client';
import { CatalogueStore } from '../catalogue/store';
import { createCartHoldStopLinks } from '../offers/cart-holds';
import { localDate } from '../platform/working-days';
import { recordInspection } from '../trades/inspection';
import { transition } from '../trades/lifecycle';
import { createOfferShareTokens } from '../offers/share-token';
import {
  activationToken,
  bearer,
  CapturingMailer,
  login,
  registerAndActivate,
  registrationPayload,
  testAccountServices,
  type TestAccountServices,
} from '../test-support/accounts';
import { schemaProblems } from '../test-support/json-schema';
import {
  createStaffUser,
  sessionCookieOf,
  signInStaff,
  staffHeaders,
  staffTestApp,
  STAFF_HOST,
  STAFF_ORIGIN,
  testShipping,
  totpCode,
  type StaffSession,
} from '../test-support/staff';
import { ADDRESS, BEST, SEPA } from '../test-support/trades';
import { MemoryRateLimiter } from './rate-limit';
import { memoryDatabase } from '../test-support/databases';

type Schema = Record<string, unknown>;

/** Redocly's CLI (a dev dependency): lints the generated document with the recommended rules (redocly.yaml). */
const REDOCLY = new URL('../../node_modules/.bin/redocly', import.meta.url).pathname;
interface Operation {
  readonly method: string;
  readonly path: string;
  readonly key: string;
  readonly parameters: readonly { name: string; in: string; required: boolean; schema: Schema }[];
  readonly requestBody?: { required: boolean; content: Record<string, { schema: Schema }> };
  readonly security: readonly Record<string, unknown>[];
  readonly responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: Schema }> }>;
}

const SHOP = 'de.localhost';
const PASSWORD = 'a long enough Passw0rd!';

interface World {
  readonly app: FastifyInstance;
  readonly db: Database;
  readonly store: CatalogueStore;
  readonly accounts: TestAccountServices;
  readonly session: TokenAnswer;
  readonly email: string;
  readonly staff: StaffSession;
  offerId: string;
  tradeNumber: string;
  tradeId: string;
  labelUrl: string;
}

type Recipe = (world: World) => Promise<InjectOptions> | InjectOptions;

const shop = (options: InjectOptions & { url: string }): InjectOptions => ({ ...options, headers: { host: SHOP, ...options.headers } });
const customer = (world: World, options: InjectOptions & { url: string }) =>
  shop({ ...options, headers: { ...bearer(world.session), ...options.headers } });
const staff = (world: World, options: InjectOptions & { url: string }): InjectOptions => ({
  ...options,
  headers: { ...staffHeaders(world.staff), ...options.headers },
});

/** The e-mail hash of the world's address, subscribed to the newsletter through its account. */
async function subscribedHash(world: World): Promise<string> {
  await world.app.inject(customer(world, { method: 'PUT', url: '/api/newsletter/subscription', payload: { subscribed: true } }));
  return world.accounts.newsletter.emailHash(world.email);
}

const clientId = async (world: World): Promise<string> =>
  (await world.app.inject(shop({ method: 'GET', url: '/api/client-id' }))).json().clientId;

/** Registers a new address and gives the token of its activation mail. */
async function registered(world: World): Promise<string> {
  const address = `walk-${randomUUID()}@example.com`;
  await world.app.inject(
    shop({
      method: 'POST',
      url: '/api/account/register',
      payload: registrationPayload({ email: address, password: PASSWORD, locale: 'de' }),
    }),
  );
  await world.accounts.afterAnswer?.drain();
  return activationToken(world.accounts.mailer, address);
}

/** A new activated account of its own (for the calls that change or end it) and its session. */
async function ownAccount(world: World) {
  const email = `walk-${randomUUID()}@example.com`;
  const { customerId, customerNumber } = await registerAndActivate(world.app, world.accounts, { email, password: PASSWORD });
  return { email, customerId, customerNumber, session: await login(world.app, { email, password: PASSWORD }) };
}

/** The reference of a new message of the contact form. */
const contactReference = async (world: World): Promise<string> =>
  (await world.app.inject(await RECIPES['POST /api/contact']!(world))).json().reference;

const NEW_ACCOUNT = { method: 'sepa', accountHolder: 'Erika Neu', iban: 'DE02 1203 0000 0000 2020 51', bic: '' };
const today = () => localDate(new Date(), 'Europe/Berlin');

/** A new trade (a guest's, or the customer's of `headers`), received and inspected as offered: its payout is due. */
async function inspectedTrade(world: World, headers?: Record<string, string>): Promise<string> {
  const offerId = await freshOffer(world.app);
  const trade = await world.app.inject(
    shop({
      method: 'POST',
      url: '/api/trades',
      headers: { 'idempotency-key': randomUUID(), ...headers },
      payload: {
        offerIds: [offerId],
        identity: headers ? { kind: 'customer' } : { kind: 'guest', email: `walk-${randomUUID()}@example.com` },
        address: ADDRESS,
        payout: SEPA,
        termsAccepted: true,
      },
    }),
  );
  const { tradeNumber } = trade.json() as { tradeNumber: string };
  await transition(world.db, tradeNumber, 'received');
  await recordInspection(world.db, world.store, tradeNumber, [{ offerId, answers: BEST }]);
  return tradeNumber;
}

/** A new open payout batch (through the staff API) of one inspected trade. */
async function batchOf(world: World, headers?: Record<string, string>): Promise<{ id: string; tradeNumber: string }> {
  const tradeNumber = await inspectedTrade(world, headers);
  const batch = await world.app.inject(
    staff(world, { method: 'POST', url: '/api/staff/payouts/batches', payload: { method: 'sepa', tradeNumbers: [tradeNumber] } }),
  );
  return { id: batch.json().id, tradeNumber };
}

async function executedBatchOf(world: World, headers?: Record<string, string>) {
  const batch = await batchOf(world, headers);
  await world.app.inject(
    staff(world, { method: 'POST', url: `/api/staff/payouts/batches/${batch.id}/execution`, payload: { executedOn: today() } }),
  );
  return batch;
}

/** A trade whose payout the bank sent back: its account may be corrected. */
async function returnedTrade(world: World, headers?: Record<string, string>): Promise<string> {
  const batch = await executedBatchOf(world, headers);
  await world.app.inject(
    staff(world, {
      method: 'POST',
      url: `/api/staff/payouts/batches/${batch.id}/returns`,
      payload: { tradeNumber: batch.tradeNumber, reason: 'AC04 account closed' },
    }),
  );
  return batch.tradeNumber;
}

const customerRecord = async (world: World): Promise<{ '@id': string; person: string }> =>
  (await world.app.inject(customer(world, { method: 'GET', url: '/api/customers/customers' }))).json();

const reviewToken = (tradeId: string) => testShipping().reviews.token(tradeId, new Date(Date.now() + 86_400_000));

/** A new guest trade received by the staff API (its items may be priced and inspected). */
async function receivedTrade(world: World): Promise<{ tradeNumber: string; offerId: string }> {
  const trade = await world.app.inject(await RECIPES['POST /api/trades']!(world));
  const { tradeNumber, items } = trade.json() as { tradeNumber: string; items: { offerId: string }[] };
  await world.app.inject(staff(world, { method: 'POST', url: '/api/staff/receive', payload: { code: tradeNumber } }));
  return { tradeNumber, offerId: items[0]!.offerId };
}

/** The id of a new trade paid in full (its batch executed): it may be reviewed. */
async function paidTradeId(world: World): Promise<string> {
  const { tradeNumber } = await executedBatchOf(world);
  const status = await world.app.inject(
    shop({ method: 'GET', url: `/api/trades/${tradeNumber}/status?token=${testShipping().trades.token(tradeNumber)}` }),
  );
  return status.json().trade.tradeId;
}

const SEPA_FIELDS = { accountHolder: SEPA.accountHolder, iban: SEPA.iban, bic: SEPA.bic };

/** A new payment account of the world's customer (bank or PayPal). */
async function paymentAccount(world: World, account: Record<string, unknown>) {
  const created = await world.app.inject(
    customer(world, {
      method: 'POST',
      url: '/api/customers/customer_payment_accounts',
      payload: { ...account, customer: (await customerRecord(world))['@id'] },
    }),
  );
  return created.json() as { bankAccount: { '@id': string }; paypalAccount: { '@id': string } };
}

/** The smallest JPEG the photo check takes (its signature). */
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);

/** A photo uploaded for the first item of a new received trade. */
async function uploadedPhoto(world: World): Promise<{ tradeNumber: string; photoId: string }> {
  const { tradeNumber, offerId } = await receivedTrade(world);
  const photo = await world.app.inject(
    staff(world, {
      method: 'POST',
      url: `/api/staff/trades/${tradeNumber}/items/${offerId}/photos`,
      headers: { 'content-type': 'image/jpeg' },
      payload: Buffer.from(JPEG),
    }),
  );
  return { tradeNumber, photoId: photo.json().id };
}

/** An IMEI with a valid check digit. */
const IMEI = '490154203237518';

/** The inspection request of a received trade's one item, found as offered (its version read from the staff API). */
async function inspection(world: World, tradeNumber: string, offerId: string) {
  const view = await world.app.inject(staff(world, { method: 'GET', url: `/api/staff/trades/${tradeNumber}` }));
  return { version: view.json().version as number, items: [{ offerId, answers: BEST, identifier: IMEI }] };
}

/** A new trade inspected through the staff API, with the version it has then. */
async function staffInspected(world: World): Promise<{ tradeNumber: string; offerId: string; version: number }> {
  const { tradeNumber, offerId } = await receivedTrade(world);
  const inspected = await world.app.inject(
    staff(world, {
      method: 'POST',
      url: `/api/staff/trades/${tradeNumber}/inspection`,
      payload: await inspection(world, tradeNumber, offerId),
    }),
  );
  return { tradeNumber, offerId, version: inspected.json().version };
}

/** A clarification opened by inspecting a new trade's device cracked, with an evidence photo: its id, trade and link token. */
async function clarification(world: World): Promise<{ id: string; trade: string; token: string }> {
  const { tradeNumber, photoId } = await uploadedPhoto(world);
  const { items } = await inspection(world, tradeNumber, '');
  const view = await world.app.inject(staff(world, { method: 'GET', url: `/api/staff/trades/${tradeNumber}` }));
  const offerId = (view.json().items as { offerId: string }[])[0]!.offerId;
  await world.app.inject(
    staff(world, {
      method: 'POST',
      url: `/api/staff/trades/${tradeNumber}/inspection`,
      payload: { version: view.json().version, items: [{ ...items[0], offerId, answers: { 2: 23 }, photoIds: [photoId] }] },
    }),
  );
  const status = await world.app.inject(
    shop({ method: 'GET', url: `/api/trades/${tradeNumber}/status?token=${testShipping().trades.token(tradeNumber)}` }),
  );
  const path = (status.json().trade.items as { clarificationPath?: string }[]).find((item) => item.clarificationPath)!.clarificationPath!;
  const [, id, token] = /([0-9a-f-]{36})\/[^?]*\?token=([^&]+)/.exec(path)!;
  return { id: id!, trade: tradeNumber, token: decodeURIComponent(token!) };
}

/** A request of the contact form (dated by its ticket a minute ago), with an attachment when given. */
async function contactForm(world: World, attachment?: Uint8Array<ArrayBuffer>): Promise<InjectOptions> {
  const ticket = (await world.app.inject(shop({ method: 'GET', url: '/api/contact/ticket' }))).json().ticket as string;
  contactClock.offset += 60_000;
  const form = new FormData();
  const fields = { subject: 'returns', name: 'Erika', email: world.email, message: 'Where is my parcel?', ticket };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (attachment) form.set('attachments', new Blob([attachment], { type: 'image/jpeg' }), 'photo.jpg');

  const encoded = new Response(form);
  return shop({
    method: 'POST',
    url: '/api/contact',
    headers: { 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

/** The contact form's clock: a ticket is accepted only some seconds after it was issued. */
const contactClock = { offset: 0 };

const freshOffer = async (app: FastifyInstance): Promise<string> =>
  (await app.inject(shop({ method: 'POST', url: '/api/offers', payload: { deviceId: 1300, answers: BEST } }))).json().offerId;

/** A valid request per operation (the order of the document; earlier calls make what later ones read). */
const RECIPES: Record<string, Recipe> = {
  'POST /searches': () =>
    shop({ method: 'POST', url: '/searches', payload: { search: { query: { match_all: {} } }, application: 'de_devices', resultSize: 2 } }),
  'GET /api/catalogue/popular': () => shop({ method: 'GET', url: '/api/catalogue/popular' }),
  'POST /api/offers': () => shop({ method: 'POST', url: '/api/offers', payload: { deviceId: 1300, answers: BEST } }),
  'GET /api/offers/{id}': (world) => shop({ method: 'GET', url: `/api/offers/${world.offerId}` }),
  'POST /api/offers/bulk': () => shop({ method: 'POST', url: '/api/offers/bulk', payload: { kind: 'text', text: 'iPhone 13 128 GB;1;A' } }),
  'POST /api/offers/{id}/link': (world) => shop({ method: 'POST', url: `/api/offers/${world.offerId}/link` }),
  'POST /api/offers/{id}/mail': (world) =>
    shop({ method: 'POST', url: `/api/offers/${world.offerId}/mail`, payload: { email: `walk-${randomUUID()}@example.com` } }),
  'PUT /api/cart-holds': (world) =>
    shop({ method: 'PUT', url: '/api/cart-holds', payload: { email: world.email, locale: 'de', offerIds: [world.offerId] } }),
  'GET /api/customers/saved-offers': (world) => customer(world, { method: 'GET', url: '/api/customers/saved-offers' }),
  'POST /api/trades': async (world) =>
    shop({
      method: 'POST',
      url: '/api/trades',
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        offerIds: [await freshOffer(world.app)],
        identity: { kind: 'guest', email: `walk-${randomUUID()}@example.com` },
        address: ADDRESS,
        payout: SEPA,
        termsAccepted: true,
      },
    }),
  'GET /api/trades/{tradeId}/label.pdf': (world) => shop({ method: 'GET', url: world.labelUrl }),
  'GET /api/trades/{tradeNumber}/status': (world) =>
    shop({ method: 'GET', url: `/api/trades/${world.tradeNumber}/status?token=${testShipping().trades.token(world.tradeNumber)}` }),
  'POST /api/vouchers/check': () => shop({ method: 'POST', url: '/api/vouchers/check', payload: { code: 'NOSUCHCODE', cartTotal: 100 } }),
  'GET /api/reviews/summary': () => shop({ method: 'GET', url: '/api/reviews/summary' }),
  'GET /api/contact/ticket': () => shop({ method: 'GET', url: '/api/contact/ticket' }),
  'POST /api/account/login': (world) =>
    shop({ method: 'POST', url: '/api/account/login', payload: { username: world.email, password: PASSWORD } }),
  'POST /api/account/loginRefresh': async (world) => {
    const session = await login(world.app, { email: world.email, password: PASSWORD });
    return shop({ method: 'POST', url: '/api/account/loginRefresh', headers: { 'x-refresh-token': session.refresh_token } });
  },
  'POST /api/account/logout': async (world) => {
    const session = await login(world.app, { email: world.email, password: PASSWORD });
    return shop({ method: 'POST', url: '/api/account/logout', headers: { 'x-refresh-token': session.refresh_token } });
  },
  'POST /api/account/forgotPasswordMail': (world) =>
    shop({ method: 'POST', url: '/api/account/forgotPasswordMail', payload: { email: world.email, lang: 'de' } }),
  'POST /api/account/signInLinkMail': (world) =>
    shop({ method: 'POST', url: '/api/account/signInLinkMail', payload: { email: world.email, lang: 'de' } }),
  'GET /api/customers/customers': (world) => customer(world, { method: 'GET', url: '/api/customers/customers' }),
  'GET /api/customers/addresses': (world) => customer(world, { method: 'GET', url: '/api/customers/addresses' }),
  'GET /api/customers/bank_accounts': (world) => customer(world, { method: 'GET', url: '/api/customers/bank_accounts' }),
  'GET /api/customers/paypal_accounts': (world) => customer(world, { method: 'GET', url: '/api/customers/paypal_accounts' }),
  'POST /api/customers/guest_account_number': (world) => customer(world, { method: 'POST', url: '/api/customers/guest_account_number' }),
  'GET /api/customers/trade_history': (world) => customer(world, { method: 'GET', url: '/api/customers/trade_history' }),
  'POST /api/newsletter/subscribe': () =>
    shop({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: `walk-${randomUUID()}@example.com`, source: 'footer' } }),
  'GET /api/newsletter/subscription': (world) => customer(world, { method: 'GET', url: '/api/newsletter/subscription' }),
  'PUT /api/newsletter/subscription': (world) =>
    customer(world, { method: 'PUT', url: '/api/newsletter/subscription', payload: { subscribed: false } }),
  'GET /api/shared-offers': async (world) => {
    const link = await world.app.inject(shop({ method: 'POST', url: `/api/offers/${world.offerId}/link` }));
    return shop({ method: 'GET', url: `/api/shared-offers?token=${encodeURIComponent(link.json().token)}` });
  },
  'POST /api/newsletter/confirm': async (world) => {
    const address = `walk-${randomUUID()}@example.com`;
    await world.app.inject(shop({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: address, source: 'footer' } }));
    const [, emailHash, token] = /newsletter\/enrich\/([0-9a-f]{64})\?confirm=([^\s"&<]+)/.exec(world.accounts.mailer.last(address).text)!;
    return shop({ method: 'POST', url: '/api/newsletter/confirm', payload: { emailHash, token: decodeURIComponent(token!) } });
  },
  'GET /api/newsletter/profile/{emailHash}': async (world) =>
    shop({ method: 'GET', url: `/api/newsletter/profile/${await subscribedHash(world)}` }),
  'PUT /api/newsletter/profile/{emailHash}': async (world) =>
    shop({
      method: 'PUT',
      url: `/api/newsletter/profile/${await subscribedHash(world)}`,
      payload: { firstName: 'Erika', interests: [] },
    }),
  'POST /api/newsletter/unsubscribe/{emailHash}': async (world) =>
    shop({ method: 'POST', url: `/api/newsletter/unsubscribe/${await subscribedHash(world)}` }),
  'POST /api/controlling/consent': async (world) =>
    shop({
      method: 'POST',
      url: '/api/controlling/consent',
      payload: { clientId: await clientId(world), decision: 'all', bannerVersion: 1 },
    }),
  'POST /api/controlling/controlling': async (world) =>
    shop({
      method: 'POST',
      url: '/api/controlling/controlling',
      payload: {
        clientId: await clientId(world),
        applicationId: 'tradein-de',
        url: 'https://www.tradein.de/',
        eventName: 'marketing_touchpoint',
        touchpoint: { gclid: 'walk' },
      },
    }),
  'POST /api/account/register': () =>
    shop({
      method: 'POST',
      url: '/api/account/register',
      payload: registrationPayload({ email: `walk-${randomUUID()}@example.com`, password: PASSWORD, locale: 'de' }),
    }),
  // An account made of a new guest trade's details, with the token of its trade page (issue 32 part 2).
  'POST /api/account/registerFromTrade': async (world) => {
    const { tradeNumber } = (await world.app.inject(await RECIPES['POST /api/trades']!(world))).json() as { tradeNumber: string };
    return shop({
      method: 'POST',
      url: '/api/account/registerFromTrade',
      headers: { 'x-trade-token': testShipping().trades.token(tradeNumber) },
      payload: { tradeNumber, password: PASSWORD, privacyAccepted: true },
    });
  },
  'POST /api/account/activateRegistration': async (world) =>
    shop({ method: 'POST', url: '/api/account/activateRegistration', headers: { 'x-activation-token': await registered(world) } }),
  'GET /api/activateCustomerByIdentifier': async (world) => {
    const activated = await world.app.inject(
      shop({ method: 'POST', url: '/api/account/activateRegistration', headers: { 'x-activation-token': await registered(world) } }),
    );
    return shop({ method: 'GET', url: '/api/activateCustomerByIdentifier', headers: { 'x-customer-identifier': activated.json().token } });
  },
  'POST /api/contact': async (world) => contactForm(world),
  'GET /api/staff/inbox/{reference}/attachments/{position}': async (world) => {
    const sent = await world.app.inject(await contactForm(world, JPEG));
    return staff(world, { method: 'GET', url: `/api/staff/inbox/${sent.json().reference}/attachments/0` });
  },
  'POST /api/staff/session': async (world) => {
    const user = await createStaffUser(world.db);
    return {
      method: 'POST',
      url: '/api/staff/session',
      headers: { host: STAFF_HOST },
      payload: { email: user.email, password: user.password },
    };
  },
  'DELETE /api/staff/session': () => ({ method: 'DELETE', url: '/api/staff/session', headers: { host: STAFF_HOST } }),
  'POST /api/staff/sign-in-link': async (world) => {
    const user = await createStaffUser(world.db);
    return { method: 'POST', url: '/api/staff/sign-in-link', headers: { host: STAFF_HOST }, payload: { email: user.email, lang: 'de' } };
  },
  'POST /api/staff/session/second-factor': async (world) => {
    const user = await createStaffUser(world.db);
    const password = await world.app.inject({
      method: 'POST',
      url: '/api/staff/session',
      headers: { host: STAFF_HOST },
      payload: { email: user.email, password: user.password },
    });
    return {
      method: 'POST',
      url: '/api/staff/session/second-factor',
      headers: { host: STAFF_HOST, cookie: sessionCookieOf(password)! },
      payload: { code: await totpCode(user.totpSecret!) },
    };
  },
  'POST /api/staff/users': (world) =>
    staff(world, {
      method: 'POST',
      url: '/api/staff/users',
      payload: { email: `staff-${randomUUID()}@tradein.test`, name: 'Kim', roles: ['support'] },
    }),
  'PATCH /api/staff/users/{id}': async (world) =>
    staff(world, { method: 'PATCH', url: `/api/staff/users/${(await createStaffUser(world.db)).id}`, payload: { roles: ['inspector'] } }),
  'POST /api/staff/users/{id}/password-link': async (world) =>
    staff(world, { method: 'POST', url: `/api/staff/users/${(await createStaffUser(world.db)).id}/password-link` }),
  'POST /api/staff/trades/{tradeNumber}/hold': (world) =>
    staff(world, { method: 'POST', url: `/api/staff/trades/${world.tradeNumber}/hold`, payload: { takeOver: true } }),
  'DELETE /api/staff/trades/{tradeNumber}/hold': (world) =>
    staff(world, { method: 'DELETE', url: `/api/staff/trades/${world.tradeNumber}/hold` }),
  'POST /api/account/changePassword': async (world) => {
    const { email, customerId, session } = await ownAccount(world);
    return shop({
      method: 'POST',
      url: '/api/account/changePassword',
      headers: bearer(session),
      payload: { userId: customerId, email, currentPassword: PASSWORD, password: `${PASSWORD} changed` },
    });
  },
  'DELETE /api/customers/customers': async (world) => {
    const { customerId, customerNumber, session } = await ownAccount(world);
    return shop({
      method: 'DELETE',
      url: '/api/customers/customers',
      headers: bearer(session),
      payload: { customerId, customerIdentifier: customerNumber },
    });
  },
  'DELETE /api/account/deleteUser': async (world) => {
    const { customerId, customerNumber, session } = await ownAccount(world);
    const body = { customerId, customerIdentifier: customerNumber };
    await world.app.inject(shop({ method: 'DELETE', url: '/api/customers/customers', headers: bearer(session), payload: body }));
    return shop({ method: 'DELETE', url: '/api/account/deleteUser', headers: bearer(session), payload: body });
  },
  'POST /api/staff/password': async (world) => {
    const created = await world.app.inject(
      staff(world, {
        method: 'POST',
        url: '/api/staff/users',
        payload: { email: `staff-${randomUUID()}@tradein.test`, name: 'Kim', roles: ['support'] },
      }),
    );
    const token = new URL(created.json().setPasswordLink).searchParams.get('token');
    return {
      method: 'POST',
      url: '/api/staff/password',
      headers: { host: STAFF_HOST, origin: STAFF_ORIGIN },
      payload: { token, password: PASSWORD },
    };
  },
  'GET /api/staff/inbox/{reference}': async (world) =>
    staff(world, { method: 'GET', url: `/api/staff/inbox/${await contactReference(world)}` }),
  'PATCH /api/staff/inbox/{reference}': async (world) =>
    staff(world, { method: 'PATCH', url: `/api/staff/inbox/${await contactReference(world)}`, payload: { assignee: 'me' } }),
  'POST /api/staff/inbox/{reference}/replies': async (world) =>
    staff(world, {
      method: 'POST',
      url: `/api/staff/inbox/${await contactReference(world)}/replies`,
      payload: { body: 'It is on its way.' },
    }),
  'POST /api/staff/payouts/batches': async (world) =>
    staff(world, {
      method: 'POST',
      url: '/api/staff/payouts/batches',
      payload: { method: 'sepa', tradeNumbers: [await inspectedTrade(world)] },
    }),
  'GET /api/staff/payouts/batches/{id}': async (world) =>
    staff(world, { method: 'GET', url: `/api/staff/payouts/batches/${(await batchOf(world)).id}` }),
  'GET /api/staff/payouts/batches/{id}/file': async (world) =>
    staff(world, { method: 'GET', url: `/api/staff/payouts/batches/${(await batchOf(world)).id}/file` }),
  'POST /api/staff/payouts/batches/{id}/execution': async (world) =>
    staff(world, {
      method: 'POST',
      url: `/api/staff/payouts/batches/${(await batchOf(world)).id}/execution`,
      payload: { executedOn: today() },
    }),
  'POST /api/staff/payouts/batches/{id}/cancellation': async (world) =>
    staff(world, { method: 'POST', url: `/api/staff/payouts/batches/${(await batchOf(world)).id}/cancellation` }),
  'POST /api/staff/payouts/batches/{id}/returns': async (world) => {
    const batch = await executedBatchOf(world);
    return staff(world, {
      method: 'POST',
      url: `/api/staff/payouts/batches/${batch.id}/returns`,
      payload: { tradeNumber: batch.tradeNumber, reason: 'AC04 account closed' },
    });
  },
  'PUT /api/trades/{tradeNumber}/payout': async (world) => {
    const tradeNumber = await returnedTrade(world);
    return shop({
      method: 'PUT',
      url: `/api/trades/${tradeNumber}/payout?token=${testShipping().trades.token(tradeNumber)}`,
      payload: { payout: NEW_ACCOUNT },
    });
  },
  'PUT /api/customers/trades/{tradeNumber}/payout': async (world) =>
    customer(world, {
      method: 'PUT',
      url: `/api/customers/trades/${await returnedTrade(world, bearer(world.session))}/payout`,
      payload: { payout: NEW_ACCOUNT },
    }),
  'PATCH /api/customers/people': async (world) => {
    const record = await customerRecord(world);
    return customer(world, {
      method: 'PATCH',
      url: '/api/customers/people',
      payload: {
        address: { salutation: 'ms', firstName: 'Erika', lastName: 'Mustermann' },
        peopleIri: record.person,
        customerIri: record['@id'],
      },
    });
  },
  'POST /api/customers/phone_contacts': async (world) =>
    customer(world, {
      method: 'POST',
      url: '/api/customers/phone_contacts',
      payload: { phone: '+49 170 1234567', customerIri: (await customerRecord(world))['@id'] },
    }),
  'PATCH /api/customers/phone_contacts': async (world) => {
    const customerIri = (await customerRecord(world))['@id'];
    const phone = await world.app.inject(
      customer(world, { method: 'POST', url: '/api/customers/phone_contacts', payload: { phone: '+49 170 1234567', customerIri } }),
    );
    return customer(world, {
      method: 'PATCH',
      url: '/api/customers/phone_contacts',
      payload: { phone: '+49 171 7654321', customerIri, phoneIri: phone.json()['@id'] },
    });
  },
  'GET /api/reviews/link': async (world) => {
    const tradeId = await paidTradeId(world);
    return shop({ method: 'GET', url: `/api/reviews/link?trade=${tradeId}&token=${reviewToken(tradeId)}` });
  },
  'POST /api/reviews': async (world) => {
    const tradeId = await paidTradeId(world);
    return shop({
      method: 'POST',
      url: '/api/reviews',
      payload: { tradeId, token: reviewToken(tradeId), stars: 5, text: 'Quick and fair.' },
    });
  },
  'POST /api/staff/trades/{tradeNumber}/quote': async (world) => {
    const { tradeNumber, offerId } = await receivedTrade(world);
    return staff(world, { method: 'POST', url: `/api/staff/trades/${tradeNumber}/quote`, payload: { offerId, answers: BEST } });
  },
  'POST /api/account/resetPassword': async (world) => {
    const { email } = await ownAccount(world);
    await world.app.inject(shop({ method: 'POST', url: '/api/account/forgotPasswordMail', payload: { email, lang: 'de' } }));
    await world.accounts.afterAnswer?.drain();
    const [, token] = /\?token=([A-Za-z0-9_-]{43})/.exec(world.accounts.mailer.last(email).text)!;
    return shop({
      method: 'POST',
      url: '/api/account/resetPassword',
      headers: { 'x-reset-token': token! },
      payload: { password: `${PASSWORD} new` },
    });
  },
  'POST /api/customers/customer_payment_accounts': async (world) =>
    customer(world, {
      method: 'POST',
      url: '/api/customers/customer_payment_accounts',
      payload: { bankAccount: SEPA_FIELDS, customer: (await customerRecord(world))['@id'] },
    }),
  'PATCH /api/customers/bank_accounts': async (world) => {
    const account = await paymentAccount(world, { bankAccount: SEPA_FIELDS });
    return customer(world, {
      method: 'PATCH',
      url: '/api/customers/bank_accounts',
      payload: { payment: { ...SEPA_FIELDS, accountHolder: 'Erika Neu', '@id': account.bankAccount['@id'] } },
    });
  },
  'PATCH /api/customers/paypal_accounts': async (world) => {
    const account = await paymentAccount(world, { paypalAccount: { email: world.email } });
    return customer(world, {
      method: 'PATCH',
      url: '/api/customers/paypal_accounts',
      payload: { paypalAccount: { email: `walk-${randomUUID()}@example.com`, '@id': account.paypalAccount['@id'] } },
    });
  },
  'PATCH /api/customers/addresses': (world) =>
    customer(world, { method: 'PATCH', url: '/api/customers/addresses', payload: { address: ADDRESS } }),
  'POST /api/staff/trades/{tradeNumber}/items/{offerId}/photos': async (world) => {
    const { tradeNumber, offerId } = await receivedTrade(world);
    return staff(world, {
      method: 'POST',
      url: `/api/staff/trades/${tradeNumber}/items/${offerId}/photos`,
      headers: { 'content-type': 'image/jpeg' },
      payload: Buffer.from(JPEG),
    });
  },
  'GET /api/staff/trades/{tradeNumber}/photos/{photoId}': async (world) => {
    const { tradeNumber, photoId } = await uploadedPhoto(world);
    return staff(world, { method: 'GET', url: `/api/staff/trades/${tradeNumber}/photos/${photoId}` });
  },
  'DELETE /api/staff/trades/{tradeNumber}/photos/{photoId}': async (world) => {
    const { tradeNumber, photoId } = await uploadedPhoto(world);
    return staff(world, { method: 'DELETE', url: `/api/staff/trades/${tradeNumber}/photos/${photoId}` });
  },
  'POST /api/staff/trades/{tradeNumber}/inspection': async (world) => {
    const { tradeNumber, offerId } = await receivedTrade(world);
    return staff(world, {
      method: 'POST',
      url: `/api/staff/trades/${tradeNumber}/inspection`,
      payload: await inspection(world, tradeNumber, offerId),
    });
  },
  'POST /api/staff/trades/{tradeNumber}/items/{offerId}/erasure': async (world) => {
    const { tradeNumber, offerId, version } = await staffInspected(world);
    return staff(world, {
      method: 'POST',
      url: `/api/staff/trades/${tradeNumber}/items/${offerId}/erasure`,
      payload: { version, method: 'cryptographic_erase' },
    });
  },
  'GET /api/certificates/{file}': async (world) => {
    const { tradeNumber, offerId, version } = await staffInspected(world);
    const erased = await world.app.inject(
      staff(world, {
        method: 'POST',
        url: `/api/staff/trades/${tradeNumber}/items/${offerId}/erasure`,
        payload: { version, method: 'cryptographic_erase' },
      }),
    );
    const item = (erased.json().items as { certificate?: { pdfPath: string } }[])[0]!;
    return shop({ method: 'GET', url: item.certificate!.pdfPath });
  },
  'GET /api/clarifications/{id}': async (world) => {
    const { id, trade, token } = await clarification(world);
    return shop({ method: 'GET', url: `/api/clarifications/${id}?trade=${trade}&token=${encodeURIComponent(token)}` });
  },
  'GET /api/clarifications/{id}/photos/{photoId}': async (world) => {
    const { id, trade, token } = await clarification(world);
    const view = await world.app.inject(
      shop({ method: 'GET', url: `/api/clarifications/${id}?trade=${trade}&token=${encodeURIComponent(token)}` }),
    );
    const items = view.json().items as { photos?: { url: string }[] }[];
    return shop({ method: 'GET', url: items.flatMap((item) => item.photos ?? [])[0]!.url });
  },
  'POST /api/clarifications/{id}/answers': async (world) => {
    const { id, trade, token } = await clarification(world);
    return shop({
      method: 'POST',
      url: `/api/clarifications/${id}/answers`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { trade, token, decisions: [{ clarificationId: id, decision: 'accept' }] },
    });
  },
  'GET /api/client-id': () => shop({ method: 'GET', url: '/api/client-id' }),
  'GET /api/content/{locale}/{page}': () => shop({ method: 'GET', url: '/api/content/de/imprint' }),
  'GET /api/staff/me': (world) => staff(world, { method: 'GET', url: '/api/staff/me' }),
  'GET /api/staff/users': (world) => staff(world, { method: 'GET', url: '/api/staff/users' }),
  'GET /api/staff/trades': (world) => staff(world, { method: 'GET', url: `/api/staff/trades?q=${world.tradeNumber}` }),
  'GET /api/staff/trades/{tradeNumber}': (world) => staff(world, { method: 'GET', url: `/api/staff/trades/${world.tradeNumber}` }),
  'POST /api/staff/receive': (world) => staff(world, { method: 'POST', url: '/api/staff/receive', payload: { code: world.tradeNumber } }),
  'GET /api/staff/audit': (world) => staff(world, { method: 'GET', url: '/api/staff/audit' }),
  'GET /api/staff/payouts/due': (world) => staff(world, { method: 'GET', url: '/api/staff/payouts/due' }),
  'GET /api/staff/payouts/batches': (world) => staff(world, { method: 'GET', url: '/api/staff/payouts/batches' }),
  'GET /api/staff/returns': (world) => staff(world, { method: 'GET', url: '/api/staff/returns' }),
  'GET /api/staff/inbox': (world) => staff(world, { method: 'GET', url: '/api/staff/inbox' }),
  'GET /api/staff/support-users': (world) => staff(world, { method: 'GET', url: '/api/staff/support-users' }),
  'GET /api/staff/lookup': (world) => staff(world, { method: 'GET', url: `/api/staff/lookup?q=${world.tradeNumber}` }),
};

/** Operations the walk does not call with a valid request yet (each needs a state of its own: a paid trade, a clarification, a mailed token, …). */
const WITHOUT_RECIPE = new Set<string>([
  // An answer can be undone only while another device of the trade is unanswered (a trade of two devices).
  'POST /api/clarifications/{id}/undo',
  // Business trades only.
  'GET /api/trades/{tradeId}/credit-note.pdf',
  // A declined trade whose devices go back.
  'GET /api/trades/{tradeId}/return-label.pdf',
  'POST /api/staff/trades/{tradeNumber}/return',
  // A paused account's mailed link, and a locked staff member's.
  'POST /api/account/signInWithLink',
  'POST /api/staff/sign-in-link/session',
  // A mail in the outbox, which this app has not.
  'POST /api/staff/mails/{id}/resend',
]);

/** The path of `operation` with each parameter replaced (by `value` or the documented example). */
function pathOf(operation: Operation, value?: (name: string) => string): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name) as { example?: unknown } | undefined;
    return encodeURIComponent(value?.(name) ?? String(parameter?.example ?? 'x'));
  });
}

/** A request the document itself says is invalid, and what makes it so (undefined when the operation takes no input that can be wrong). */
function invalidRequest(operation: Operation, world: World): { why: string; request: InjectOptions } | undefined {
  const host = operation.path.startsWith('/api/staff/') ? STAFF_HOST : SHOP;
  const needsCredentials =
    operation.security.length > 0 && !operation.security.some((requirement) => Object.keys(requirement).length === 0);
  const credentials = operation.path.startsWith('/api/staff/') ? staffHeaders(world.staff) : bearer(world.session);
  const requiredInput = operation.parameters.find((p) => p.required && (p.in === 'header' || p.in === 'query'));
  const base = { method: operation.method as 'GET', url: pathOf(operation), headers: { host, ...(needsCredentials && credentials) } };
  if (operation.requestBody?.required) return { why: 'a body of the wrong type', request: { ...base, payload: [] } };
  if (requiredInput) return { why: `${requiredInput.in} ${requiredInput.name} left out`, request: base };
  if (needsCredentials) return { why: 'no credentials', request: { ...base, headers: { host } } };
  if (operation.parameters.some((p) => p.in === 'path'))
    return { why: 'a path parameter that is none', request: { ...base, url: pathOf(operation, () => '%00~not-one~') } };
  return undefined;
}

/** The documented answer of `status`, by its code or its range. */
const documented = (operation: Operation, status: number) =>
  operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`];

/** What is wrong with `response` as an answer of `operation` that must have a status starting with `kind`. */
function mismatches(operation: Operation, response: LightMyRequestResponse, kind: '2' | '4', root: Schema): string[] {
  const status = response.statusCode;
  if (!String(status).startsWith(kind)) return [`status ${status} (${response.body.slice(0, 200)})`];
  const answer = documented(operation, status);
  if (!answer) return [`status ${status} is not documented`];
  // A link the answer hands over in a header of our own (`Label-Url`, …) is documented with the answer.
  const headers = new Set(Object.keys(answer.headers ?? {}).map((name) => name.toLowerCase()));
  const undocumented = Object.keys(response.headers).filter((name) => name.endsWith('-url') && !headers.has(name));
  if (undocumented.length > 0) return [`header ${undocumented.join(', ')} is not documented`];
  if (!answer.content) return response.body === '' ? [] : [`a body where none is documented`];
  const type = String(response.headers['content-type'] ?? '').split(';')[0]!;
  const media = answer.content[type];
  if (!media) return [`content type ${type} is not documented (${Object.keys(answer.content).join(', ')})`];
  if (type !== 'application/json') return [];
  return schemaProblems(media.schema, response.json(), root).slice(0, 5);
}

describe('the OpenAPI contract walk', () => {
  let handle: DatabaseHandle;
  let world: World;
  let document: Schema;
  let operations: Operation[];
  const mailer = new CapturingMailer();

  beforeAll(async () => {
    handle = await memoryDatabase();
    const accounts = testAccountServices({ mailer });
    const secret = 'a-label-secret-for-the-contract-walk';
    const app = await staffTestApp(handle.db, {
      shipping: { ...testShipping(), offerShares: createOfferShareTokens(secret), cartHoldStops: createCartHoldStopLinks(secret) },
      api: {
        accounts,
        contact: {
          mailer,
          limiter: new MemoryRateLimiter(),
          ticketSecret: 'contact-secret-of-at-least-32-characters',
          now: () => Date.now() + contactClock.offset,
        },
      } as Partial<ApiServices>,
      app: { apiDocs: true },
    });
    const email = `walk-${randomUUID()}@example.com`;
    await registerAndActivate(app, accounts, { email, password: PASSWORD });
    const session = await login(app, { email, password: PASSWORD });
    const staffSession = await signInStaff(app, handle.db, { roles: ['admin', 'support', 'inspector', 'payouts'] });
    world = {
      app,
      db: handle.db,
      store: await CatalogueStore.load(handle.db),
      accounts,
      session,
      email,
      staff: staffSession,
      offerId: await freshOffer(app),
      tradeNumber: '',
      tradeId: '',
      labelUrl: '',
    };
    const trade = await app.inject(await RECIPES['POST /api/trades']!(world));
    Object.assign(world, { tradeNumber: trade.json().tradeNumber, tradeId: trade.json().tradeId, labelUrl: trade.headers['label-url'] });
    document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    operations = Object.entries(document.paths as Record<string, Record<string, Omit<Operation, 'method' | 'path' | 'key'>>>).flatMap(
      ([path, byMethod]) =>
        Object.entries(byMethod).map(([method, operation]) => ({
          ...operation,
          method: method.toUpperCase(),
          path,
          key: `${method.toUpperCase()} ${path}`,
        })),
    );
  }, 60_000);
  afterAll(async () => {
    await world?.app.close();
    await handle?.close();
  });

  it('passes redocly lint with the recommended rules: no error, no warning', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(document));
      const config = new URL('../../redocly.yaml', import.meta.url).pathname;
      const run = await promisify(execFile)(REDOCLY, ['lint', file, `--config=${config}`, '--format=json'], { maxBuffer: 1 << 26 }).catch(
        (failed: { stdout: string }) => failed,
      );
      const { totals } = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number } };
      expect(totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('has a recipe for every operation but those listed as without one', () => {
    expect(operations.length).toBeGreaterThan(100);
    const missing = operations.filter((operation) => !RECIPES[operation.key]).map((operation) => operation.key);
    expect(new Set(missing)).toEqual(WITHOUT_RECIPE);
    for (const key of Object.keys(RECIPES)) expect(operations.map((operation) => operation.key)).toContain(key);
  });

  it('answers each valid request with a documented 2xx whose body matches its schema', async () => {
    const problems: string[] = [];
    let walked = 0;
    for (const operation of operations) {
      const recipe = RECIPES[operation.key];
      if (!recipe) continue;
      try {
        const response = await world.app.inject(await recipe(world));
        for (const problem of mismatches(operation, response, '2', document)) problems.push(`${operation.key}: ${problem}`);
      } catch (error) {
        problems.push(`${operation.key}: ${String(error)}`);
      }
      walked++;
    }
    console.info(`contract walk: ${walked} of ${operations.length} operations called with a valid request`);
    expect(problems).toEqual([]);
  });

  it('answers each invalid request with a documented 4xx and the documented error body', async () => {
    const problems: string[] = [];
    let walked = 0;
    for (const operation of operations) {
      const invalid = invalidRequest(operation, world);
      if (!invalid) continue;
      const response = await world.app.inject(invalid.request);
      walked++;
      for (const problem of mismatches(operation, response, '4', document)) problems.push(`${operation.key} (${invalid.why}): ${problem}`);
    }
    console.info(`contract walk: ${walked} of ${operations.length} operations called with an invalid request`);
    expect(problems).toEqual([]);
  });
});
