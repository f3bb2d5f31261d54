// The role matrix of docs/staff-roles.md, walked: every staff endpoint the app registers must be in the
// table, and each is called by a user of every role, without a session and with a customer's bearer
// token. A role the table refuses gets 403 `forbidden`; a role it allows is let through the guard (any
// answer but 401/403: the request itself is a dummy, so 400/404 is fine); without a staff session
// every guarded endpoint answers 401. On PGlite and (with TEST_DATABASE_URL) PostgreSQL.

import { readFileSync } from 'node:fs';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '../../src/contracts/staff';
import type { DatabaseHandle } from '../db/client';
import { bearer, login, registerAndActivate, testAccountServices } from '../test-support/accounts';
import { testDatabases } from '../test-support/databases';
import { signInStaff, STAFF_HOST, staffHeaders, staffTestApp, type StaffSession } from '../test-support/staff';

interface MatrixRow {
  readonly method: string;
  readonly path: string;
  /** Per role: allowed, refused, or open to anyone (the sign-in steps). */
  readonly access: Readonly<Record<StaffRole, 'allowed' | 'refused' | 'anyone'>>;
}

/** The table of docs/staff-roles.md. */
function readMatrix(): MatrixRow[] {
  const text = readFileSync(new URL('../../docs/staff-roles.md', import.meta.url), 'utf8');
  const rows = text
    .split('\n')
    .filter((line) => /^\|\s*(GET|POST|PATCH|PUT|DELETE)\s*\|/.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  return rows.map(([method, path, ...cells]) => {
    const access = Object.fromEntries(
      STAFF_ROLES.map((role, i) => {
        const cell = cells[i];
        const value = cell === '✓' ? 'allowed' : cell === '–' ? 'refused' : cell === 'anyone' ? 'anyone' : undefined;
        if (!value) throw new Error(`docs/staff-roles.md: "${cell}" for ${role} in ${method} ${path} is none of ✓, –, anyone`);
        return [role, value];
      }),
    ) as MatrixRow['access'];
    return { method: method!, path: path!, access };
  });
}

const MATRIX = readMatrix();
const TRADE = 'TR-2026-999999';
const UUID = '00000000-0000-4000-8000-000000000000';
const concrete = (path: string) =>
  path.replace(':tradeNumber', TRADE).replace(':offerId', UUID).replace(':photoId', UUID).replace(':id', UUID);

for (const database of testDatabases()) {
  describe(`the staff role matrix (${database.name})`, () => {
    let handle: DatabaseHandle;
    let app: FastifyInstance;
    const registered: string[] = [];
    const sessions = new Map<StaffRole, StaffSession>();
    let customerToken: Record<string, string>;

    beforeAll(async () => {
      handle = await database.open();
      const accounts = testAccountServices();
      app = await staffTestApp(handle.db, {
        api: { accounts },
        app: {
          setup: async (instance) => {
            instance.addHook('onRoute', (route) => {
              const methods = Array.isArray(route.method) ? route.method : [route.method];
              if (route.url.startsWith('/api/staff/')) for (const m of methods) if (m !== 'HEAD') registered.push(`${m} ${route.url}`);
            });
          },
        },
      });
      for (const role of STAFF_ROLES) sessions.set(role, await signInStaff(app, handle.db, { roles: [role], name: `Matrix ${role}` }));
      const email = `matrix-${Date.now()}@example.com`;
      await registerAndActivate(app, accounts, { email, password: 'violet meadow 4711' });
      customerToken = bearer(await login(app, { email, password: 'violet meadow 4711' }));
    }, 120_000);
    afterAll(async () => {
      await app?.close();
      await handle?.close();
    });

    it('lists every staff endpoint the app serves, and no endpoint it does not serve', () => {
      const documented = MATRIX.map((row) => `${row.method} ${row.path}`).sort();
      expect([...new Set(registered)].sort()).toEqual(documented);
    });

    const call = (row: MatrixRow, headers: Record<string, string>) =>
      app.inject({
        method: row.method as HTTPMethods,
        url: concrete(row.path),
        headers: { host: STAFF_HOST, ...headers },
        ...(row.method === 'GET' || row.method === 'DELETE' ? {} : { payload: {} }),
      });

    for (const row of MATRIX) {
      const guarded = Object.values(row.access).some((a) => a !== 'anyone');
      it(`${row.method} ${row.path}: ${STAFF_ROLES.map((r) => `${r} ${row.access[r]}`).join(', ')}`, async () => {
        // Signing out ends the session it is called with: that row gets sessions of its own.
        const signsOut = row.method === 'DELETE' && row.path === '/api/staff/session';
        for (const role of STAFF_ROLES) {
          const session = signsOut ? await signInStaff(app, handle.db, { roles: [role] }) : sessions.get(role)!;
          const response = await call(row, staffHeaders(session));
          const access = row.access[role];
          if (access === 'refused') expect([role, response.statusCode, response.json().reason]).toEqual([role, 403, 'forbidden']);
          else if (access === 'allowed') expect([role, [401, 403].includes(response.statusCode)]).toEqual([role, false]);
          else expect([role, response.statusCode]).not.toEqual([role, 403]);
        }
        const anonymous = await call(row, {});
        const customer = await call(row, customerToken);
        if (guarded) {
          expect([anonymous.statusCode, anonymous.json().reason]).toEqual([401, 'signed_out']);
          expect([customer.statusCode, customer.json().reason]).toEqual([401, 'signed_out']);
        } else {
          // The sign-in steps answer a stranger as such (wrong input, no half-way session), never with a role check.
          expect(anonymous.statusCode).not.toBe(403);
          expect(customer.statusCode).not.toBe(403);
        }
      });
    }

    it('answers every staff endpoint on a shop host with 404', async () => {
      for (const row of MATRIX) {
        const response = await app.inject({
          method: row.method as HTTPMethods,
          url: concrete(row.path),
          headers: { ...staffHeaders(sessions.get('admin')!), host: 'de.localhost' },
        });
        expect([row.method, row.path, response.statusCode]).toEqual([row.method, row.path, 404]);
      }
    });
  });
}
