// The back office's trade routes (issue 28 items 3 and 4) on PGlite and (with TEST_DATABASE_URL)
// PostgreSQL: receiving by the scanner's barcode (mail, audit row and hold with the move; a second scan
// only opens; cancelled and unknown trades refused), the search, the hold a second inspector sees and
// may take over, the counter-offer preview, photo uploads checked by their bytes, saving the
// inspection with its photos, a stale save refused naming who changed the trade, and the roles.
// The staff session hook is not part of these routes: a test hook sets `request.staff` from a header.

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole, StaffTrade } from '../../src/contracts/staff';
import type { Trade } from '../../src/contracts/trades';
import type { CatalogueStore } from '../catalogue/store';
import { createClarificationLinks } from '../clarifications/links';
import type { Database, DatabaseHandle } from '../db/client';
import { clarifications } from '../db/schema/clarifications';
import { mailOutbox } from '../db/schema/mail';
import { auditLog, staffPhotoUploads, staffTradeHolds, staffUsers } from '../db/schema/staff';
import { inspectionPhotos, tradeInspections, trades, tradeTransitions } from '../db/schema/trades';
import { domainPlugin, httpPlatform } from '../http/plugin';
import { MailOutbox, OutboxMailer } from '../mail/outbox';
import { createReviewLinks } from '../reviews/links';
import { CapturingMailer } from '../test-support/accounts';
import { fixtureServices } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { createTrade } from '../test-support/trades';
import { answerClarification } from '../trades/inspection';
import { transition } from '../trades/lifecycle';
import { createCertificateLinks, createTradeLinks } from '../trades/links';
import { tradeStepMails } from '../trades/step-mails';
import type { StaffPrincipal } from './guard';
import { registerStaffTradeRoutes, type StaffTradeRouteOptions } from './trade-routes';

const SECRET = 'a-label-secret-for-the-tests';
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
const IMEI = '490154203237518';
const CRACKED = { 2: 23 };
const LOCKED = { 3: 32 };

/** Staff users of the tests: the header `x-test-staff` names one. */
const STAFF: Record<string, { name: string; roles: StaffRole[] }> = {
  anna: { name: 'Anna Inspector', roles: ['inspector'] },
  ben: { name: 'Ben Inspector', roles: ['inspector'] },
  sam: { name: 'Sam Support', roles: ['support'] },
};

describe.each(testDatabases())('the staff trade routes on $name', (database) => {
  let handle: DatabaseHandle;
  let db: Database;
  let store: CatalogueStore;
  let app: FastifyInstance;
  const clarificationMailer = new CapturingMailer();
  const principals = new Map<string, StaffPrincipal>();

  beforeAll(async () => {
    handle = await database.open();
    db = handle.db;
    store = (await fixtureServices(db)).store;
    for (const [key, user] of Object.entries(STAFF)) {
      const id = randomUUID();
      const email = `${key}@staff.example.com`;
      await db.insert(staffUsers).values({ id, email, name: user.name, roles: user.roles });
      principals.set(key, { id, email, name: user.name, roles: user.roles, csrfToken: 'test', sessionHash: `session-${key}` });
    }
    const tradeLinks = createTradeLinks(SECRET);
    const certificates = createCertificateLinks(SECRET);
    const options: StaffTradeRouteOptions = {
      db,
      store,
      mails: tradeStepMails({
        mailer: new OutboxMailer(new MailOutbox(db)),
        publicOrigin: () => 'https://www.tradein.de',
        trades: tradeLinks,
        reviews: createReviewLinks(SECRET),
        certificates,
      }),
      clarificationMails: {
        mailer: clarificationMailer,
        publicOrigin: () => 'https://www.tradein.de',
        clarifications: createClarificationLinks(SECRET),
        trades: tradeLinks,
        certificates,
      },
      certificates,
    };
    app = Fastify({ logger: false });
    await app.register(httpPlatform);
    await app.register(
      domainPlugin<StaffTradeRouteOptions>('staff', (scope, opts) => {
        // Stands in for the session hook (./sessions.ts): the signed-in user named by a test header.
        scope.decorateRequest('staff', null);
        scope.addHook('onRequest', async (request) => {
          request.staff = principals.get(String(request.headers['x-test-staff'])) ?? null;
        });
        registerStaffTradeRoutes(scope, opts);
      }),
      options,
    );
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const as = (who: string) => ({ 'x-test-staff': who });
  const get = (who: string, url: string) => app.inject({ method: 'GET', url, headers: as(who) });
  const post = (who: string, url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: as(who), ...(payload !== undefined && { payload }) });
  const upload = (who: string, url: string, body: Uint8Array | string, contentType = 'image/jpeg') =>
    app.inject({ method: 'POST', url, headers: { ...as(who), 'content-type': contentType }, payload: Buffer.from(body) });
  const viewOf = async (who: string, tradeNumber: string) => (await get(who, `/api/staff/trades/${tradeNumber}`)).json<StaffTrade>();
  const auditOf = (tradeNumber: string) => db.select().from(auditLog).where(eq(auditLog.tradeNumber, tradeNumber)).orderBy(auditLog.id);
  const received = async (deviceIds = [1300]): Promise<Trade> => {
    const trade = await createTrade(db, store, deviceIds);
    expect((await post('anna', '/api/staff/receive', { code: trade.tradeNumber })).statusCode).toBe(200);
    return trade;
  };

  it('receives a new trade by its barcode: status, seller mail and audit row in one go, and the scanning inspector holds it', async () => {
    const trade = await createTrade(db, store, [1300]);
    const response = await post('anna', '/api/staff/receive', { code: ` ${trade.tradeNumber.toLowerCase()}\r\n` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const answer = response.json<{ received: boolean; trade: StaffTrade }>();
    expect(answer.received).toBe(true);
    expect(answer.trade).toMatchObject({ tradeNumber: trade.tradeNumber, status: 'received', version: 1, heldBy: null });
    expect(answer.trade.transitions.map((t) => t.to)).toEqual(['created', 'received']);
    const [item] = answer.trade.items;
    expect(item).toMatchObject({ deviceId: 1300, offeredCents: 31000, offeredAnswers: { 1: 11, 2: 21, 3: 31 }, inspection: null });
    expect(item!.questions.map((q) => q.code)).toEqual(['POWER', 'DISPLAY', 'ACCOUNT']);

    const [row] = await db.select().from(trades).where(eq(trades.id, trade.tradeId));
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, row!.guestEmail!));
    expect(mails).toHaveLength(1); // "parcel received" (the checkout's confirmation is the checkout route's)
    expect(await auditOf(trade.tradeNumber)).toMatchObject([
      { actor: 'anna@staff.example.com', action: 'trade.received', before: { status: 'created' }, after: { status: 'received' } },
    ]);
    const [hold] = await db.select().from(staffTradeHolds).where(eq(staffTradeHolds.tradeId, trade.tradeId));
    expect(hold?.staffId).toBe(principals.get('anna')!.id);
    // A second inspector opening it sees who holds it.
    expect((await viewOf('ben', trade.tradeNumber)).heldBy).toMatchObject({ name: 'Anna Inspector', email: 'anna@staff.example.com' });
  });

  it('opens a trade received before on a second scan (with a scanner prefix), without moving it again', async () => {
    const trade = await received();
    const again = await post('anna', '/api/staff/receive', { code: `]C0${trade.tradeNumber}` });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ received: false, trade: { status: 'received', version: 1 } });
    // A US-layout scanner on a German keyboard types ß for the hyphen.
    expect((await post('anna', '/api/staff/receive', { code: trade.tradeNumber.replace(/-/g, 'ß') })).json()).toMatchObject({
      received: false,
    });
    expect(await db.select().from(tradeTransitions).where(eq(tradeTransitions.tradeId, trade.tradeId))).toHaveLength(2);
  });

  it('refuses a cancelled trade and an unknown number clearly', async () => {
    const trade = await createTrade(db, store, [1300]);
    await transition(db, trade.tradeNumber, 'cancelled');
    const cancelled = await post('anna', '/api/staff/receive', { code: trade.tradeNumber });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({ reason: 'wrong_status', status: 'cancelled' });
    expect(cancelled.json().message).toContain(`Trade ${trade.tradeNumber} is cancelled`);

    const unknown = await post('anna', '/api/staff/receive', { code: 'TR-1999-999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      reason: 'trade_not_found',
      message: expect.stringContaining('There is no trade TR-1999-999999'),
    });
    const noNumber = await post('anna', '/api/staff/receive', { code: '4006381333931' });
    expect(noNumber.statusCode).toBe(404);
    expect(noNumber.json()).toMatchObject({ reason: 'trade_not_found', message: expect.stringContaining('is not a trade number') });
    expect((await post('anna', '/api/staff/receive', { code: '  ' })).statusCode).toBe(400);
  });

  it('refuses what the role does not allow, and a request without a staff session', async () => {
    const trade = await createTrade(db, store, [1300]);
    const refused = await post('sam', '/api/staff/receive', { code: trade.tradeNumber });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ reason: 'forbidden' });
    expect((await get('sam', `/api/staff/trades/${trade.tradeNumber}`)).statusCode).toBe(200);
    expect((await get('nobody', `/api/staff/trades/${trade.tradeNumber}`)).json()).toMatchObject({ statusCode: 401, reason: 'signed_out' });
    expect((await db.select().from(trades).where(eq(trades.id, trade.tradeId)))[0]!.status).toBe('created');
  });

  it('finds trades by number prefix and seller e-mail, and lists the incoming ones without a query', async () => {
    const trade = await createTrade(db, store, [1300, 2100]);
    const [row] = await db.select().from(trades).where(eq(trades.id, trade.tradeId));
    const byNumber = (await get('sam', `/api/staff/trades?q=${trade.tradeNumber.toLowerCase()}`)).json();
    expect(byNumber.trades).toEqual([
      {
        tradeNumber: trade.tradeNumber,
        status: 'created',
        sellerEmail: row!.guestEmail,
        createdAt: expect.any(String),
        totalCents: 50000,
        items: 2,
      },
    ]);
    const byEmail = (await get('sam', `/api/staff/trades?q=${encodeURIComponent(row!.guestEmail!.toUpperCase())}`)).json();
    expect(byEmail.trades.map((t: { tradeNumber: string }) => t.tradeNumber)).toEqual([trade.tradeNumber]);
    const incoming = (await get('sam', '/api/staff/trades')).json();
    expect(incoming.trades[0].tradeNumber).toBe(trade.tradeNumber);
    expect(incoming.trades.every((t: { status: string }) => ['created', 'received'].includes(t.status))).toBe(true);
    expect((await get('sam', '/api/staff/trades?q=%25')).json().trades).toEqual([]);
  });

  it('keeps a hold of another inspector unless taken over, which the audit log records', async () => {
    const trade = await received();
    const url = `/api/staff/trades/${trade.tradeNumber}/hold`;
    expect((await post('ben', url)).json()).toMatchObject({ heldBy: { email: 'anna@staff.example.com' } });
    const taken = await post('ben', url, { takeOver: true });
    expect(taken.json()).toMatchObject({ heldBy: null });
    expect((await viewOf('anna', trade.tradeNumber)).heldBy).toMatchObject({ email: 'ben@staff.example.com' });
    expect((await auditOf(trade.tradeNumber)).at(-1)).toMatchObject({
      actor: 'ben@staff.example.com',
      action: 'trade.hold_taken_over',
      before: { heldBy: 'anna@staff.example.com' },
      after: { heldBy: 'ben@staff.example.com' },
    });
    expect((await app.inject({ method: 'DELETE', url, headers: as('ben') })).json()).toMatchObject({ heldBy: null });
    expect((await viewOf('anna', trade.tradeNumber)).heldBy).toBeNull();
  });

  it('previews the counter-offer as the inspection prices it: as offered, worse, blocked', async () => {
    const trade = await received();
    const offerId = trade.items[0]!.offerId;
    const quote = (answers: object) => post('anna', `/api/staff/trades/${trade.tradeNumber}/quote`, { offerId, answers });
    expect((await quote({})).json()).toEqual({
      offerId,
      foundKind: 'purchase',
      foundPriceCents: 31000,
      outcome: 'asOffered',
      payCents: 31000,
    });
    expect((await quote(CRACKED)).json()).toEqual({
      offerId,
      foundKind: 'purchase',
      foundPriceCents: 13950,
      outcome: 'worse',
      payCents: 13950,
    });
    expect((await quote(LOCKED)).json()).toEqual({ offerId, foundKind: 'blocked', foundPriceCents: 0, outcome: 'blocked', payCents: 0 });
    const wrong = await quote({ 2: 99 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual([expect.objectContaining({ path: 'answers.2' })]);
    expect((await post('anna', `/api/staff/trades/${trade.tradeNumber}/quote`, { offerId: randomUUID(), answers: {} })).statusCode).toBe(
      404,
    );
  });

  it('takes photos checked by their bytes, at most 6 per device, and serves them', async () => {
    const trade = await received();
    const url = `/api/staff/trades/${trade.tradeNumber}/items/${trade.items[0]!.offerId}/photos`;
    const first = await upload('anna', url, JPEG);
    expect(first.statusCode).toBe(201);
    const photo = first.json<{ id: string; contentType: string; size: number }>();
    expect(photo).toMatchObject({ contentType: 'image/jpeg', size: JPEG.length });

    const text = await upload('anna', url, 'just some text, not a photo');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      reason: 'photo_rejected',
      message: 'The photo is not an image; attach a JPEG, PNG or WebP photo.',
    });
    expect((await upload('anna', url, 'just some text', 'text/plain')).json()).toMatchObject({ statusCode: 400, reason: 'photo_rejected' });
    expect((await upload('anna', url, new Uint8Array(), 'application/octet-stream')).json()).toMatchObject({
      statusCode: 400,
      reason: 'photo_rejected',
    });
    for (let i = 0; i < 5; i += 1) expect((await upload('anna', url, JPEG)).statusCode).toBe(201);
    const seventh = await upload('anna', url, JPEG);
    expect(seventh.statusCode).toBe(400);
    expect(seventh.json()).toMatchObject({ reason: 'photo_rejected', message: expect.stringContaining('at most 6 photos') });
    expect(await db.select().from(staffPhotoUploads).where(eq(staffPhotoUploads.tradeId, trade.tradeId))).toHaveLength(6);
    expect((await upload('sam', url, JPEG)).statusCode).toBe(403);

    const served = await get('sam', `/api/staff/trades/${trade.tradeNumber}/photos/${photo.id}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
    expect(new Uint8Array(served.rawPayload)).toEqual(JPEG);
    const other = await received();
    expect((await get('sam', `/api/staff/trades/${other.tradeNumber}/photos/${photo.id}`)).statusCode).toBe(404);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/staff/trades/${trade.tradeNumber}/photos/${photo.id}`,
      headers: as('anna'),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await auditOf(trade.tradeNumber)).map((a) => a.action)).toEqual([
      'trade.received',
      ...Array(6).fill('trade.photo_uploaded'),
      'trade.photo_deleted',
    ]);
  });

  it('refuses a photo over 5 MB as too large', async () => {
    const trade = await received();
    const url = `/api/staff/trades/${trade.tradeNumber}/items/${trade.items[0]!.offerId}/photos`;
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(JPEG);
    const response = await upload('anna', url, big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ reason: 'photo_rejected', message: expect.stringContaining('at most 5 MB') });
    const huge = await upload('anna', url, new Uint8Array(6 * 1024 * 1024));
    expect(huge.json()).toMatchObject({ statusCode: 413, reason: 'photo_rejected' });
  });

  it('saves the inspection with its photos, mails nothing of its own when the seller is asked, and releases the hold', async () => {
    const trade = await received([1300, 2100]);
    const [phone, other] = trade.items as [Trade['items'][number], Trade['items'][number]];
    const photo = (await upload('anna', `/api/staff/trades/${trade.tradeNumber}/items/${phone.offerId}/photos`, JPEG)).json<{
      id: string;
    }>();
    const before = await viewOf('anna', trade.tradeNumber);
    const response = await post('anna', `/api/staff/trades/${trade.tradeNumber}/inspection`, {
      version: before.version,
      items: [
        { offerId: phone.offerId, answers: CRACKED, identifier: IMEI, note: 'Display cracked in the corner', photoIds: [photo.id] },
        { offerId: other.offerId, answers: {}, identifier: 'R58N123ABC' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const after = response.json<StaffTrade>();
    expect(after).toMatchObject({ status: 'clarification', version: before.version + 2, heldBy: null });
    expect(after.items[0]).toMatchObject({
      inspection: {
        foundKind: 'purchase',
        foundPriceCents: 13950,
        agreedPriceCents: null,
        note: 'Display cracked in the corner',
        photoIds: [expect.any(String)],
      },
      clarification: { status: 'open', newPriceCents: 13950 },
    });
    expect(after.items[1]).toMatchObject({ inspection: { agreedPriceCents: 19000 }, clarification: null });
    const saved = await db.select().from(inspectionPhotos).where(eq(inspectionPhotos.offerId, phone.offerId));
    expect(saved.map((p) => ({ contentType: p.contentType, content: new Uint8Array(p.content) }))).toEqual([
      { contentType: 'image/jpeg', content: JPEG },
    ]);
    expect(await db.select().from(staffPhotoUploads).where(eq(staffPhotoUploads.tradeId, trade.tradeId))).toEqual([]);
    expect(await db.select().from(staffTradeHolds).where(eq(staffTradeHolds.tradeId, trade.tradeId))).toEqual([]);
    const [row] = await db.select().from(trades).where(eq(trades.id, trade.tradeId));
    expect(clarificationMailer.to(row!.guestEmail!)).toHaveLength(1);
    // The saved photo is served as the inspection's.
    expect((await get('sam', `/api/staff/trades/${trade.tradeNumber}/photos/${after.items[0]!.inspection!.photoIds[0]}`)).statusCode).toBe(
      200,
    );
    // Saving again is refused: the trade moved on.
    const again = await post('anna', `/api/staff/trades/${trade.tradeNumber}/inspection`, {
      version: after.version,
      items: [{ offerId: phone.offerId, answers: {}, identifier: IMEI }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'wrong_status', status: 'clarification' });
  });

  // Waits for recordInspection to write its audit row through MoveOptions.audit (the inspection's
  // engineer adds it); the route passes the hook already.
  it('writes the audit row trade.inspected with the save', async () => {
    const trade = await received();
    const response = await post('anna', `/api/staff/trades/${trade.tradeNumber}/inspection`, {
      version: 1,
      items: [{ offerId: trade.items[0]!.offerId, answers: {}, identifier: IMEI }],
    });
    expect(response.json()).toMatchObject({ status: 'inspected' });
    expect((await auditOf(trade.tradeNumber)).at(-1)).toMatchObject({
      actor: 'anna@staff.example.com',
      action: 'trade.inspected',
      before: { status: 'received' },
    });
  });

  it('refuses a stale save, naming who changed the trade, and writes nothing', async () => {
    const trade = await createTrade(db, store, [1300]);
    const opened = await viewOf('ben', trade.tradeNumber);
    expect(opened.version).toBe(0);
    await post('anna', '/api/staff/receive', { code: trade.tradeNumber });
    const stale = await post('ben', `/api/staff/trades/${trade.tradeNumber}/inspection`, {
      version: opened.version,
      items: [{ offerId: trade.items[0]!.offerId, answers: {}, identifier: IMEI }],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ reason: 'stale', changedBy: 'anna@staff.example.com', changedAt: expect.any(String) });
    expect(stale.json().message).toContain('anna@staff.example.com changed trade');
    expect(await db.select().from(tradeInspections).where(eq(tradeInspections.tradeId, trade.tradeId))).toEqual([]);
    expect((await db.select().from(trades).where(eq(trades.id, trade.tradeId)))[0]).toMatchObject({ status: 'received', version: 1 });
  });

  it('refuses a wrong IMEI, photos of another device, and a data erasure of a device the seller is asked about', async () => {
    const trade = await received([1300, 2100]);
    const [phone, other] = trade.items as [Trade['items'][number], Trade['items'][number]];
    const save = (items: object[]) => post('anna', `/api/staff/trades/${trade.tradeNumber}/inspection`, { version: 1, items });
    const imei = await save([
      { offerId: phone.offerId, answers: {}, identifier: '490154203237519' },
      { offerId: other.offerId, answers: {}, identifier: IMEI },
    ]);
    expect(imei.statusCode).toBe(400);
    expect(imei.json()).toMatchObject({ reason: 'invalid_identifier', fields: [expect.objectContaining({ path: 'items.0.identifier' })] });

    const photo = (await upload('anna', `/api/staff/trades/${trade.tradeNumber}/items/${other.offerId}/photos`, JPEG)).json<{
      id: string;
    }>();
    const misplaced = await save([
      { offerId: phone.offerId, answers: {}, identifier: IMEI, photoIds: [photo.id] },
      { offerId: other.offerId, answers: {}, identifier: IMEI },
    ]);
    expect(misplaced.statusCode).toBe(400);
    expect(misplaced.json()).toMatchObject({ reason: 'photo_rejected', message: expect.stringContaining(photo.id) });

    const erasure = await save([
      { offerId: phone.offerId, answers: CRACKED, identifier: IMEI, erasure: 'cryptographic_erase' },
      { offerId: other.offerId, answers: {}, identifier: IMEI },
    ]);
    expect(erasure.statusCode).toBe(400);
    expect(erasure.json()).toMatchObject({ reason: 'not_accepted', message: expect.stringContaining('Device 1 (Apple iPhone 13 128 GB)') });
    expect(await db.select().from(tradeInspections).where(eq(tradeInspections.tradeId, trade.tradeId))).toEqual([]);
    expect(
      await db
        .select()
        .from(staffPhotoUploads)
        .where(and(eq(staffPhotoUploads.tradeId, trade.tradeId), eq(staffPhotoUploads.id, photo.id))),
    ).toHaveLength(1);
  });
  // Needs server/trades/erasure.ts (confirmErasure) and the inspection's certificate (the certificates' engineer).
  it('confirms the data erasure of an accepted device, with the inspection or later, and refuses one not accepted', async () => {
    const trade = await received([1300, 2100]);
    const [phone, other] = trade.items as [Trade['items'][number], Trade['items'][number]];
    const inspected = (
      await post('anna', `/api/staff/trades/${trade.tradeNumber}/inspection`, {
        version: 1,
        items: [
          { offerId: phone.offerId, answers: {}, identifier: IMEI, erasure: 'factory_reset_encrypted' },
          { offerId: other.offerId, answers: CRACKED, identifier: 'R58N123ABC' },
        ],
      })
    ).json<StaffTrade>();
    expect(inspected.status).toBe('clarification');
    expect(inspected.items[0]!.certificate).toMatchObject({
      method: 'factory_reset_encrypted',
      pdfPath: expect.stringMatching(/^\/api\/certificates\//),
    });
    const erasure = (offerId: string, version: number) =>
      post('anna', `/api/staff/trades/${trade.tradeNumber}/items/${offerId}/erasure`, { version, method: 'cryptographic_erase' });

    const waiting = await erasure(other.offerId, inspected.version);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toMatchObject({ reason: 'not_accepted' });
    expect((await erasure(phone.offerId, inspected.version)).statusCode).toBe(409);

    const [clarification] = await db.select().from(clarifications).where(eq(clarifications.tradeId, trade.tradeId));
    await answerClarification(db, trade.tradeNumber, clarification!.id, 'accept');
    expect((await erasure(other.offerId, inspected.version)).json()).toMatchObject({ reason: 'stale' });
    const accepted = await viewOf('anna', trade.tradeNumber);
    const confirmed = await erasure(other.offerId, accepted.version);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<StaffTrade>()).toMatchObject({ version: accepted.version + 1 });
    expect(confirmed.json<StaffTrade>().items[1]!.certificate).toMatchObject({ method: 'cryptographic_erase' });
    expect((await auditOf(trade.tradeNumber)).at(-1)).toMatchObject({ actor: 'anna@staff.example.com', action: 'trade.erasure_confirmed' });
    expect(
      (
        await post('sam', `/api/staff/trades/${trade.tradeNumber}/items/${other.offerId}/erasure`, {
          version: 0,
          method: 'cryptographic_erase',
        })
      ).statusCode,
    ).toBe(403);
  });
});
