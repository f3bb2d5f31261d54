// The admin's audit log (issue 28 item 6) on PGlite and (with TEST_DATABASE_URL) PostgreSQL: newest
// first, filtered by actor, action and trade, paged by id, for admins only; the table refuses to be
// rewritten. The staff session hook is not part of these routes: a test hook sets `request.staff`.

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../src/contracts/staff';
import type { Database, DatabaseHandle } from '../db/client';
import { domainPlugin, httpPlatform } from '../http/plugin';
import { testDatabases } from '../test-support/databases';
import { appendAudit } from './audit';
import { registerAuditRoutes } from './audit-routes';
import type { StaffPrincipal } from './guard';

const principal = (email: string, roles: StaffRole[]): StaffPrincipal => ({
  id: randomUUID(),
  email,
  name: email,
  roles,
  csrfToken: 'test',
  sessionHash: email,
});
const USERS: Record<string, StaffPrincipal> = {
  admin: principal('admin@staff.example.com', ['admin']),
  anna: principal('anna@staff.example.com', ['inspector', 'support']),
};

describe.each(testDatabases())('the audit log routes on $name', (database) => {
  let handle: DatabaseHandle;
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await database.open();
    db = handle.db;
    const anna = { staffId: USERS.anna!.id, email: USERS.anna!.email };
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 9, minute));
    await appendAudit(db, anna, { action: 'trade.received', tradeNumber: 'TR-2026-000001', before: { status: 'created' } }, at(0));
    await appendAudit(db, 'cli', { action: 'trade.received', tradeNumber: 'TR-2026-000002' }, at(1));
    await appendAudit(db, anna, { action: 'trade.inspected', tradeNumber: 'TR-2026-000001', after: { status: 'inspected' } }, at(2));
    await appendAudit(db, 'cli', { action: 'trade.paid', tradeNumber: 'TR-2026-000001' }, at(3));

    app = Fastify({ logger: false });
    await app.register(httpPlatform);
    await app.register(
      domainPlugin<{ db: Database }>('staff', (scope, options) => {
        scope.decorateRequest('staff', null);
        scope.addHook('onRequest', async (request) => {
          request.staff = USERS[String(request.headers['x-test-staff'])] ?? null;
        });
        registerAuditRoutes(scope, options);
      }),
      { db },
    );
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const list = async (query: string, who = 'admin') => {
    const response = await app.inject({ method: 'GET', url: `/api/staff/audit${query}`, headers: { 'x-test-staff': who } });
    return { status: response.statusCode, body: response.json() };
  };
  const actions = (body: { entries: { action: string; actor: string }[] }) => body.entries.map((e) => `${e.actor} ${e.action}`);

  it('lists everything newest first, and filters by actor, action and trade', async () => {
    const all = await list('');
    expect(all.status).toBe(200);
    expect(actions(all.body)).toEqual([
      'cli trade.paid',
      'anna@staff.example.com trade.inspected',
      'cli trade.received',
      'anna@staff.example.com trade.received',
    ]);
    expect(all.body.entries[3]).toEqual({
      id: expect.any(Number),
      at: '2026-11-02T09:00:00.000Z',
      actor: 'anna@staff.example.com',
      action: 'trade.received',
      tradeNumber: 'TR-2026-000001',
      customerId: null,
      subject: null,
      before: { status: 'created' },
      after: null,
    });
    expect(actions((await list('?actor=ANNA@staff.example.com')).body)).toEqual([
      'anna@staff.example.com trade.inspected',
      'anna@staff.example.com trade.received',
    ]);
    expect(actions((await list('?action=trade.received')).body)).toEqual(['cli trade.received', 'anna@staff.example.com trade.received']);
    expect(actions((await list('?trade=tr-2026-000001&actor=cli')).body)).toEqual(['cli trade.paid']);
  });

  it('pages by id', async () => {
    const first = await list('?limit=3');
    expect(first.body.entries).toHaveLength(3);
    expect(first.body.next).toBe(first.body.entries[2].id);
    const second = await list(`?limit=3&before=${first.body.next}`);
    expect(actions(second.body)).toEqual(['anna@staff.example.com trade.received']);
    expect(second.body.next).toBeNull();
    expect((await list('?limit=0')).status).toBe(400);
  });

  it('is for admins only', async () => {
    expect(await list('', 'anna')).toMatchObject({ status: 403, body: { reason: 'forbidden' } });
    expect(await list('', 'nobody')).toMatchObject({ status: 401, body: { reason: 'signed_out' } });
  });

  it('cannot be rewritten, not even by the application', async () => {
    await expect(db.execute(sql`update audit_log set actor = 'someone else'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect((await list('')).body.entries).toHaveLength(4);
  });
});
