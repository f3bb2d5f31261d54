// Returns through the whole staff app on PGlite and, with TEST_DATABASE_URL, PostgreSQL: a declined
// trade is listed with the device to pack, the seller's address and its return label on the trade's
// shop; an inspector records the parcel as sent (the trade returned, the seller mailed, the audit row
// naming the inspector); sending it twice, or a trade that is not declined, is refused with its reason.

import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueStore } from '../catalogue/store';
import type { Database, DatabaseHandle } from '../db/client';
import { auditLog } from '../db/schema/staff';
import type { MailMessage } from '../mail/mailer';
import { fixtureServices } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { signInStaff, staffHeaders, staffTestApp, testShipping, type StaffSession } from '../test-support/staff';
import { BEST, createTrade } from '../test-support/trades';
import { answerClarification, recordInspection } from '../trades/inspection';
import { transition } from '../trades/lifecycle';

const CRACKED = { 2: 23 };

describe.each(testDatabases())('return routes on $name', (database) => {
  let handle: DatabaseHandle;
  let db: Database;
  let store: CatalogueStore;
  let app: FastifyInstance;
  let inspector: StaffSession;
  let support: StaffSession;
  const mails: MailMessage[] = [];

  beforeAll(async () => {
    handle = await database.open();
    db = handle.db;
    store = (await fixtureServices(db)).store;
    app = await staffTestApp(db, { shipping: testShipping(mails) });
    inspector = await signInStaff(app, db, { roles: ['inspector'] });
    support = await signInStaff(app, db, { roles: ['support'] });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  /** A trade of one device found cracked, whose seller declined the lower offer. */
  async function declinedTrade() {
    const trade = await createTrade(db, store, [1300]);
    await transition(db, trade.tradeNumber, 'received');
    const inspected = await recordInspection(db, store, trade.tradeNumber, [
      { offerId: trade.items[0]!.offerId, answers: { ...BEST, ...CRACKED } },
    ]);
    await answerClarification(db, trade.tradeNumber, inspected.items[0]!.clarification!.id, 'decline');
    return trade;
  }

  const call = (session: StaffSession, method: 'GET' | 'POST', url: string) =>
    app.inject({ method, url, headers: staffHeaders(session), ...(method === 'POST' && { payload: {} }) });

  it('lists a declined trade with what to pack and its label, and sends it back: returned, mailed, audited', async () => {
    const trade = await declinedTrade();
    const listed = await call(support, 'GET', '/api/staff/returns');
    expect(listed.statusCode).toBe(200);
    const entry = listed.json().returns.find((r: { tradeNumber: string }) => r.tradeNumber === trade.tradeNumber);
    expect(entry).toMatchObject({
      seller: 'Erika Mustermann',
      address: 'Heidestraße 17, 51147 Köln',
      devices: [expect.any(String)],
      returnLabelUrl: expect.stringMatching(
        new RegExp(`^https://www\\.tradein\\.de/api/trades/${trade.tradeId}/return-label\\.pdf\\?token=[\\w-]+$`),
      ),
    });

    const sent = mails.length;
    const returned = await call(inspector, 'POST', `/api/staff/trades/${trade.tradeNumber}/return`);
    expect(returned.statusCode).toBe(200);
    expect(returned.json()).toMatchObject({ tradeNumber: trade.tradeNumber, status: 'returned' });
    expect(mails.length).toBe(sent + 1);
    expect(`${mails.at(-1)!.subject}\n${mails.at(-1)!.text}`).toContain(trade.tradeNumber);
    const logged = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tradeNumber, trade.tradeNumber), eq(auditLog.action, 'trade.returned')));
    expect(logged.map((row) => row.actor)).toEqual([inspector.user.email]);
    const after = await call(support, 'GET', '/api/staff/returns');
    expect(after.json().returns.map((r: { tradeNumber: string }) => r.tradeNumber)).not.toContain(trade.tradeNumber);

    const twice = await call(inspector, 'POST', `/api/staff/trades/${trade.tradeNumber}/return`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ reason: 'wrong_status', status: 'returned' });
  });

  it('refuses a trade that is not declined, an unknown one, and a support user sending', async () => {
    const created = await createTrade(db, store, [1300]);
    const refused = await call(inspector, 'POST', `/api/staff/trades/${created.tradeNumber}/return`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: 'wrong_status', status: 'created' });
    const unknown = await call(inspector, 'POST', '/api/staff/trades/TR-2026-999999/return');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ reason: 'trade_not_found' });
    const trade = await declinedTrade();
    const forbidden = await call(support, 'POST', `/api/staff/trades/${trade.tradeNumber}/return`);
    expect(forbidden.statusCode).toBe(403);
  });
});
