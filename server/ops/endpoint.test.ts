// The test-only operator endpoint (decision 091) on PGlite and (with TEST_DATABASE_URL) PostgreSQL:
// a command runs on the server's own database and answers its exit code and output; two at once keep
// their output apart; it answers only this machine, refuses a malformed body and the commands that
// need the shop stopped; and the server refuses to start with it where PUBLIC_ORIGINS is set.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { readConfig } from '../platform/config';
import { createShippingServices } from '../shipping';
import { testDatabases } from '../test-support/databases';
import { opsEndpoint, TEST_OPS_PATH } from './endpoint';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.each(testDatabases())('POST /__test/ops on $name', (database) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    handle = await database.open();
    dataDir = await mkdtemp(join(tmpdir(), 'tradein-ops-endpoint-'));
    const shipping = await createShippingServices({ NODE_ENV: 'test', PORT: 4323, DATA_DIR: dataDir }, { db: handle.db, log: silent });
    app = Fastify();
    await app.register(opsEndpoint, { db: handle.db, shipping });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const run = (args: unknown, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'POST', url: TEST_OPS_PATH, payload: { args }, remoteAddress });

  it('runs a command on the server’s database and answers its exit code and output', async () => {
    const added = await run(['staff', 'add', '--email', 'ops-endpoint@tradein.test', '--role', 'inspector']);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ code: 0, stderr: '' });
    expect(added.json().stdout).toMatch(/ops-endpoint@tradein\.test created \(inspector\)/);
    expect(added.json().stdout).toMatch(/\/set-password\?token=[\w-]{43}\n/);
    // The change is in this database: the next command sees it.
    const listed = await run(['staff', 'list']);
    expect(listed.json().stdout).toContain('ops-endpoint@tradein.test');
  });

  it('answers a failing command with exit 1 and its error, wrong arguments with 2 and the usage', async () => {
    const missing = (await run(['trades', 'show', 'TR-2026-999999'])).json();
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^ops: .*TR-2026-999999/);
    const wrong = (await run(['trades', 'show', 'nonsense'])).json();
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('Usage: npm run ops -- trades show <TR-…>');
    const unknown = (await run(['frobnicate'])).json();
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toMatch(/^Unknown command: frobnicate\n/);
  });

  it('keeps the output of two commands at once apart', async () => {
    const [staff, audit] = await Promise.all([run(['staff', 'list']), run(['audit', 'list', '--action', 'staff.created'])]);
    expect(staff.json().stdout).toContain('ops-endpoint@tradein.test');
    expect(staff.json().stdout).not.toContain('staff.created');
    expect(audit.json().stdout).toContain('staff.created');
    expect(audit.json().stdout).not.toMatch(/SIGNED IN|ROLES/);
  });

  it('answers only this machine', async () => {
    const res = await run(['staff', 'list'], '203.0.113.7');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Only from this machine.' });
  });

  it('refuses a body that is not a command line, and the commands that need the shop stopped', async () => {
    for (const args of [[], 'trades list', [1, 2], undefined]) {
      const res = await run(args);
      expect(res.statusCode, JSON.stringify(args)).toBe(400);
      expect(res.json().message).toMatch(/the command line as words/);
    }
    const backup = await run(['db', 'backup', join(dataDir, 'backup.tgz')]);
    expect(backup.statusCode).toBe(400);
    expect(backup.json().message).toBe('"db" commands need the shop stopped: run them with npm run ops.');
  });
});

describe('TEST_OPS_ENDPOINT in the configuration', () => {
  it('is off unless set to 1', () => {
    expect(readConfig({}).TEST_OPS_ENDPOINT).toBe(false);
    expect(readConfig({ TEST_OPS_ENDPOINT: '1' }).TEST_OPS_ENDPOINT).toBe(true);
    expect(() => readConfig({ TEST_OPS_ENDPOINT: 'yes' })).toThrow(/TEST_OPS_ENDPOINT must be 1 or 0/);
  });

  it('is refused for a shop on the internet (PUBLIC_ORIGINS set)', () => {
    expect(() => readConfig({ TEST_OPS_ENDPOINT: '1', PUBLIC_ORIGINS: 'de=https://www.tradein.de' })).toThrow(
      /TEST_OPS_ENDPOINT is for the tests on this machine/,
    );
  });
});
