// The payouts clerk's API through the whole staff app (session, CSRF, roles) on PGlite and, with
// TEST_DATABASE_URL, PostgreSQL: the due list, a batch made from a selection, its file as a download,
// its execution (the trade paid, the seller's mail written, the audit row naming the clerk), and the
// refusals a clerk can act on: an empty selection, a future execution day, a batch executed twice; a
// bank return of the executed transfer.

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../mail/mailer';
import type { CatalogueStore } from '../catalogue/store';
import type { Database, DatabaseHandle } from '../db/client';
import { auditLog } from '../db/schema/staff';
import { trades } from '../db/schema/trades';
import { fixtureServices } from '../test-support/app';
import { testDatabases } from '../test-support/databases';
import { signInStaff, staffHeaders, staffTestApp, testShipping, type StaffSession } from '../test-support/staff';
import { inspectedTrade } from '../test-support/trades';

describe.each(testDatabases())('payout routes on $name', (database) => {
  let handle: DatabaseHandle;
  let db: Database;
  let store: CatalogueStore;
  let app: FastifyInstance;
  let clerk: StaffSession;
  let inspector: StaffSession;
  const mails: MailMessage[] = [];

  beforeAll(async () => {
    handle = await database.open();
    db = handle.db;
    store = (await fixtureServices(db)).store;
    app = await staffTestApp(db, { shipping: testShipping(mails) });
    clerk = await signInStaff(app, db, { roles: ['payouts'] });
    inspector = await signInStaff(app, db, { roles: ['inspector'] });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const call = (session: StaffSession, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: staffHeaders(session), ...(payload !== undefined && { payload: payload as object }) });

  it('makes a batch of a selected due payout, serves its file, and executes it: the trade paid and the seller mailed', async () => {
    const trade = await inspectedTrade(db, store);
    const due = await call(clerk, 'GET', '/api/staff/payouts/due?method=sepa');
    expect(due.statusCode).toBe(200);
    expect(due.json().payouts.map((p: { tradeNumber: string }) => p.tradeNumber)).toContain(trade.tradeNumber);

    const created = await call(clerk, 'POST', '/api/staff/payouts/batches', { method: 'sepa', tradeNumbers: [trade.tradeNumber] });
    expect(created.statusCode).toBe(201);
    const batch = created.json();
    expect(batch).toMatchObject({
      method: 'sepa',
      state: 'open',
      count: 1,
      controlSumCents: Math.round(trade.total * 100),
      createdBy: clerk.user.email,
    });

    const file = await call(clerk, 'GET', `/api/staff/payouts/batches/${batch.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${batch.reference}-pain.001.001.09.xml"`);
    expect(file.headers['cache-control']).toContain('no-store');
    expect(file.body).toContain(`<EndToEndId>${trade.tradeNumber}</EndToEndId>`);

    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await call(clerk, 'POST', `/api/staff/payouts/batches/${batch.id}/execution`, { executedOn: tomorrow });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ reason: 'invalid_day' });

    const sent = mails.length;
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
    const executed = await call(clerk, 'POST', `/api/staff/payouts/batches/${batch.id}/execution`, { executedOn: today });
    expect(executed.statusCode).toBe(200);
    expect(executed.json()).toMatchObject({ state: 'executed', entries: [{ tradeNumber: trade.tradeNumber, state: 'executed' }] });
    const [row] = await db.select({ status: trades.status }).from(trades).where(eq(trades.id, trade.tradeId));
    expect(row!.status).toBe('paid');
    expect(mails.length).toBe(sent + 1);
    expect(`${mails.at(-1)!.subject}\n${mails.at(-1)!.text}`).toContain(trade.tradeNumber);
    const logged = await db.select().from(auditLog).where(eq(auditLog.subject, batch.reference));
    expect(logged.map((entry) => [entry.actor, entry.action])).toEqual([
      [clerk.user.email, 'payouts.batch_created'],
      [clerk.user.email, 'trade.paid'],
      [clerk.user.email, 'payouts.batch_executed'],
    ]);

    const again = await call(clerk, 'POST', `/api/staff/payouts/batches/${batch.id}/execution`, { executedOn: today });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'batch_state' });
    const listed = await call(clerk, 'GET', '/api/staff/payouts/batches');
    expect(listed.json().batches[0]).toMatchObject({ id: batch.id, state: 'executed' });

    // The bank sends the transfer back: a reason is required; then the trade is due again and its seller mailed.
    const returns = `/api/staff/payouts/batches/${batch.reference}/returns`;
    const noReason = await call(clerk, 'POST', returns, { tradeNumber: trade.tradeNumber, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual([expect.objectContaining({ path: 'reason' })]);
    const stranger = await call(clerk, 'POST', returns, { tradeNumber: 'TR-2026-999999', reason: 'AC04' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ reason: 'entry_not_found' });
    const returned = await call(clerk, 'POST', returns, { tradeNumber: trade.tradeNumber, reason: 'AC04 account closed' });
    expect(returned.statusCode).toBe(200);
    expect(returned.json().entries[0]).toMatchObject({ state: 'returned', returnReason: 'AC04 account closed' });
    const [reopened] = await db.select({ status: trades.status }).from(trades).where(eq(trades.id, trade.tradeId));
    expect(reopened!.status).toBe('inspected');
    expect(mails.length).toBe(sent + 2);
    expect(mails.at(-1)!.subject).toContain(trade.tradeNumber);
    const dueAgain = await call(clerk, 'GET', '/api/staff/payouts/due?method=sepa');
    expect(dueAgain.json().payouts.find((p: { tradeNumber: string }) => p.tradeNumber === trade.tradeNumber)).toMatchObject({
      bankReturn: { corrected: false },
    });
    const twice = await call(clerk, 'POST', returns, { tradeNumber: trade.tradeNumber, reason: 'AC04 account closed' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ reason: 'entry_state' });
  });

  it('answers what a clerk can act on: an empty selection, an unknown batch, a trade in a batch already', async () => {
    const empty = await call(clerk, 'POST', '/api/staff/payouts/batches', { method: 'sepa', tradeNumbers: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/at least one due payout/);
    expect(empty.json().fields).toEqual([expect.objectContaining({ path: 'tradeNumbers' })]);
    const unknown = await call(clerk, 'GET', '/api/staff/payouts/batches/PB-999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ reason: 'batch_not_found' });
    const trade = await inspectedTrade(db, store);
    expect(
      (await call(clerk, 'POST', '/api/staff/payouts/batches', { method: 'sepa', tradeNumbers: [trade.tradeNumber] })).statusCode,
    ).toBe(201);
    const twice = await call(clerk, 'POST', '/api/staff/payouts/batches', { method: 'sepa', tradeNumbers: [trade.tradeNumber] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ reason: 'in_batch', tradeNumber: trade.tradeNumber });
  });

  it('is the payouts role’s: an inspector is refused before the body is read', async () => {
    const refused = await call(inspector, 'POST', '/api/staff/payouts/batches', { method: 'nonsense' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ reason: 'forbidden' });
  });
});
