// The back office's own host, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: the staff API on the
// staff host only, no shop page or shop API there, the staff app's shell with the request's CSP nonce
// (503 without a build), its assets, and neither a customer's bearer token nor the staff cookie
// opening the other side's endpoints.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { bearer, login, registerAndActivate, testAccountServices, type TestAccountServices } from '../test-support/accounts';
import { testDatabases } from '../test-support/databases';
import { signInStaff, STAFF_HOST, staffHeaders, staffTestApp, type StaffSession } from '../test-support/staff';
import { withScriptNonce } from './host';

const SHELL = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Back office</title>
<script type="module" crossorigin src="/staff-assets/index-Ab12.js"></script>
<link rel="modulepreload" crossorigin href="/staff-assets/vendor-Cd34.js">
<link rel="stylesheet" crossorigin href="/staff-assets/index-Ef56.css">
</head><body><div id="root"></div></body></html>
`;

describe.each(testDatabases())('the staff host on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let unbuilt: FastifyInstance;
  let accounts: TestAccountServices;
  let staff: StaffSession;
  let dir: string;

  beforeAll(async () => {
    handle = await database.open();
    // A built shop: dist/client beside dist/staff (index.html and staff-assets/).
    dir = await mkdtemp(join(tmpdir(), 'staff-host-'));
    await mkdir(join(dir, 'client'));
    await mkdir(join(dir, 'staff', 'staff-assets'), { recursive: true });
    await writeFile(join(dir, 'staff', 'index.html'), SHELL);
    await writeFile(join(dir, 'staff', 'staff-assets', 'index-Ab12.js'), 'console.log("back office");\n');
    accounts = testAccountServices();
    app = await staffTestApp(handle.db, { api: { accounts }, app: { clientDir: join(dir, 'client'), apiDocs: true } });
    // No build, and a configured origin of its own.
    unbuilt = await staffTestApp(handle.db, { staff: { origin: 'https://staff.tradein.test' } });
    staff = await signInStaff(app, handle.db, { roles: ['admin'] });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await unbuilt?.close();
    await handle?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const get = (target: FastifyInstance, host: string, url: string, headers: Record<string, string> = {}) =>
    target.inject({ method: 'GET', url, headers: { ...headers, host } });

  it('answers /api/staff/* on the staff host only: every shop host gets 404, however the path is written', async () => {
    expect((await get(app, STAFF_HOST, '/api/staff/me', staffHeaders(staff))).statusCode).toBe(200);
    for (const host of ['de.localhost', 'localhost', 'www.tradein.de', 'b2bwidget.localhost', 'example.com']) {
      const res = await get(app, host, '/api/staff/me', staffHeaders(staff));
      expect([host, res.statusCode]).toEqual([host, 404]);
    }
    expect((await get(app, 'de.localhost', '/api/%73taff/me', staffHeaders(staff))).statusCode).toBe(404);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/staff/session',
      headers: { host: 'de.localhost' },
      payload: { email: staff.user.email, password: staff.user.password },
    });
    expect(signIn.statusCode).toBe(404);
    expect(signIn.headers['set-cookie']).toBeUndefined();
    expect((await get(app, 'de.localhost', '/staff-assets/index-Ab12.js')).statusCode).toBe(404);
  });

  it("takes the configured staff origin's host as a staff host, beside staff.localhost", async () => {
    const me = await get(unbuilt, 'staff.tradein.test', '/api/staff/me');
    expect([me.statusCode, me.json().reason]).toEqual([401, 'signed_out']);
    expect((await get(unbuilt, 'staff.localhost:3000', '/api/staff/me')).statusCode).toBe(401);
    expect((await get(unbuilt, 'www.tradein.de', '/api/staff/me')).statusCode).toBe(404);
  });

  it('serves no shop page and no shop API on the staff host', async () => {
    // A shop page's path gets the staff app, whose router shows its own "not found".
    const page = await get(app, STAFF_HOST, '/de/verkaufen');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Back office</title>');
    expect(page.body).not.toBe('page');
    for (const url of ['/api/offers/1', '/api/catalogue/devices', '/api/openapi.json', '/api/docs', '/api/customers/customers']) {
      expect([url, (await get(app, STAFF_HOST, url)).statusCode]).toEqual([url, 404]);
    }
    const post = await app.inject({ method: 'POST', url: '/api/offers', headers: { host: STAFF_HOST }, payload: {} });
    expect(post.statusCode).toBe(404);
    const form = await app.inject({ method: 'POST', url: '/de/verkaufen', headers: { host: STAFF_HOST }, payload: {} });
    expect(form.statusCode).toBe(404);
    // The one shop route it answers: a data-erasure certificate behind its signed link (the inspection
    // screen links it); a wrong token is the certificate route's own 404, not the host's.
    const certificate = await get(app, STAFF_HOST, '/api/certificates/00000000-0000-4000-8000-000000000000.pdf?token=wrong');
    expect([certificate.statusCode, certificate.json().message]).toEqual([404, expect.stringMatching(/no such certificate/)]);
    const robots = await get(app, STAFF_HOST, '/robots.txt');
    expect(robots.body).toBe('User-agent: *\nDisallow: /\n');
    // The shop itself is unchanged; its API documentation lists the staff API too.
    expect((await get(app, 'de.localhost', '/')).body).toBe('page');
    const openapi = await get(app, 'de.localhost', '/api/openapi.json');
    expect(openapi.statusCode).toBe(200);
    expect(Object.keys(openapi.json().paths)).toEqual(expect.arrayContaining(['/api/staff/session', '/api/staff/users/{id}']));
    // A route's own zod answer schema documents its success answer.
    const batch = openapi.json().paths['/api/staff/payouts/batches'].post.responses['201'];
    expect(batch.content['application/json'].schema.properties).toEqual(expect.objectContaining({ controlSumCents: expect.any(Object) }));
  });

  it("serves the staff app's shell with this request's nonce on its scripts, never cached, not indexed, not framed", async () => {
    const res = await get(app, STAFF_HOST, '/trades/TR-2026-000123');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // The receive screen may use the camera here, and only here.
    expect(res.headers['permissions-policy']).toMatch(/^camera=\(self\), microphone=\(\)/);
    expect((await get(app, 'de.localhost', '/')).headers['permissions-policy']).toMatch(/^camera=\(\), /);
    const nonce = /script-src 'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(nonce).toBeDefined();
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.body).toContain(`<script nonce="${nonce}" type="module" crossorigin src="/staff-assets/index-Ab12.js"></script>`);
    expect(res.body).toContain(`<link nonce="${nonce}" rel="modulepreload" crossorigin href="/staff-assets/vendor-Cd34.js">`);
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/staff-assets/index-Ef56.css">');
    // Every answer has its own nonce.
    const second = await get(app, STAFF_HOST, '/');
    expect(second.body).not.toContain(nonce!);
    expect(withScriptNonce('<script nonce="x"></script>', 'y')).toBe('<script nonce="x"></script>');
  });

  it('answers 503 with what to do when the staff app is not built', async () => {
    const res = await get(unbuilt, 'staff.tradein.test', '/');
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toMatch(/npm run build/);
  });

  it('serves the staff assets with a long immutable cache; operators reach /healthz and /readyz', async () => {
    const asset = await get(app, STAFF_HOST, '/staff-assets/index-Ab12.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("back office");\n');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A hashed script: nosniff, no validators, and none of the document headers (decision 102).
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    for (const name of ['etag', 'last-modified', 'permissions-policy', 'content-security-policy'])
      expect(asset.headers[name], name).toBeUndefined();
    expect((await get(app, STAFF_HOST, '/staff-assets/missing.js')).statusCode).toBe(404);
    expect((await get(app, STAFF_HOST, '/healthz')).json()).toEqual({ status: 'ok' });
    expect((await get(app, STAFF_HOST, '/readyz')).json()).toEqual({
      status: 'ready',
      search: { backend: 'embedded', state: 'ok', failures: 0 },
    });
  });

  it("opens no staff endpoint with a customer's bearer token and no customer endpoint with the staff cookie", async () => {
    const email = `customer-${Date.now()}@example.com`;
    const password = 'violet meadow 4711';
    await registerAndActivate(app, accounts, { email, password });
    const customer = await login(app, { email, password });
    expect((await get(app, 'de.localhost', '/api/customers/customers', bearer(customer))).statusCode).toBe(200);

    const me = await get(app, STAFF_HOST, '/api/staff/me', bearer(customer));
    expect([me.statusCode, me.json().reason]).toEqual([401, 'signed_out']);
    const users = await get(app, STAFF_HOST, '/api/staff/users', bearer(customer));
    expect(users.statusCode).toBe(401);
    // The customer API is not on the staff host at all, and elsewhere the staff cookie is no sign-in.
    expect((await get(app, STAFF_HOST, '/api/customers/customers', bearer(customer))).statusCode).toBe(404);
    expect((await get(app, 'de.localhost', '/api/customers/customers', { cookie: staff.cookie })).statusCode).toBe(401);
  });
});
