// `npm run ops -- audit list` on an embedded database: the ops trade commands write their audit rows
// as `cli`, and the list shows them newest first, filtered. The commands run in this process (fast);
// one run through tsx server/ops/cli.ts shows the command is registered.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { appendAudit } from '../staff/audit';
import { fixtureServices } from '../test-support/app';
import { embeddedOpsEnv, opsCli, opsHere } from '../test-support/ops';
import { createTrade } from '../test-support/trades';

describe('ops audit list (embedded database)', () => {
  let dataDir: string;
  let tradeNumber: string;
  const env = { ...process.env };

  /** Runs a command in this process as the CLI does and returns what it printed; a failure throws its message. */
  const run = async (...args: string[]): Promise<string> => {
    const { code, stdout, stderr } = await opsHere(...args);
    if (code !== 0) throw new Error(stderr);
    return stdout.trimEnd();
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ops-audit-'));
    process.env = embeddedOpsEnv(dataDir);
    const handle = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
    try {
      const { store } = await fixtureServices(handle.db);
      tradeNumber = (await createTrade(handle.db, store, [1300])).tradeNumber;
      await appendAudit(
        handle.db,
        { staffId: '00000000-0000-4000-8000-000000000001', email: 'anna@staff.example.com' },
        {
          action: 'trade.hold_taken_over',
          tradeNumber: 'TR-2026-999999',
          before: { heldBy: 'ben@staff.example.com' },
          after: { heldBy: 'anna@staff.example.com' },
        },
        new Date('2026-11-02T09:00:00Z'),
      );
    } finally {
      await handle.close();
    }
  }, 60_000);
  afterAll(async () => {
    process.env = env;
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('shows the ops moves as cli, newest first, filtered by trade, actor and action', async () => {
    await run('trades', 'receive', tradeNumber);
    const lines = (await run('audit', 'list')).split('\n');
    expect(lines[0]).toMatch(/^\s+ID\s+AT\s+ACTOR\s+ACTION\s+TRADE\s+SUBJECT\s+CHANGE$/);
    expect(lines[1]).toMatch(
      new RegExp(`^\\s+2\\s+\\S+ \\S+ UTC\\s+cli\\s+trade\\.received\\s+${tradeNumber}\\s+status: created → received$`),
    );
    expect(lines[2]).toMatch(
      /^\s+1\s+2026-11-02 09:00:00 UTC\s+anna@staff\.example\.com\s+trade\.hold_taken_over\s+TR-2026-999999\s+heldBy: ben@staff\.example\.com → anna@staff\.example\.com$/,
    );
    expect(lines).toHaveLength(3);

    expect((await run('audit', 'list', '--trade', tradeNumber.toLowerCase(), '--actor', 'cli')).split('\n')).toHaveLength(2);
    expect((await run('audit', 'list', '--actor', 'anna@staff.example.com')).split('\n')[1]).toContain('trade.hold_taken_over');
    expect(await run('audit', 'list', '--action', 'trade.paid')).toBe('no audit entries');
    const paged = (await run('audit', 'list', '--limit', '1')).split('\n');
    expect(paged.at(-1)).toBe('older entries: audit list … --before 2');
    await expect(run('audit', 'list', '--before', 'x')).rejects.toThrow('--before takes the id of an entry');
  }, 60_000);

  it('is a command of npm run ops', async () => {
    const { stdout, code } = await opsCli(process.env, 'audit', 'list', '--trade', tradeNumber);
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`cli\\s+trade\\.received\\s+${tradeNumber}`));
  }, 60_000);
});
