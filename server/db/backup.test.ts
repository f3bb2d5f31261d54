// Backup and restore of the embedded database, and its one-process lock (decision 039).

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServices } from '../test-support/app';
import { embeddedOpsEnv, opsCli, opsHere } from '../test-support/ops';
import { createTrade } from '../test-support/trades';
import { listTrades } from '../trades/lifecycle';
import { backupEmbedded, restoreEmbedded } from './backup';
import { openDatabase } from './client';
import { EmbeddedDatabaseInUseError, lockEmbeddedDatabase } from './embedded-lock';

let root: string;
const tradeNumbers: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'backup-'));
  const handle = await openDatabase({ kind: 'pglite', dataDir: join(root, 'shop', 'db') });
  try {
    const { store } = await fixtureServices(handle.db);
    for (const devices of [[1300], [1300, 1500], [1500]]) tradeNumbers.push((await createTrade(handle.db, store, devices)).tradeNumber);
  } finally {
    await handle.close();
  }
}, 120_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const numbersIn = async (dataDir: string) => {
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return (await listTrades(handle.db, { limit: 100 })).map((t) => t.tradeNumber).sort();
  } finally {
    await handle.close();
  }
};

describe('backup and restore', () => {
  it('restores a backup into another data directory with every trade', async () => {
    const file = join(root, 'shop.backup.tgz');
    const backup = await backupEmbedded(join(root, 'shop', 'db'), file);
    expect(backup.trades).toBe(3);
    expect(backup.bytes).toBeGreaterThan(0);
    expect(existsSync(`${file}.partial`)).toBe(false);

    const restored = await restoreEmbedded(file, join(root, 'other', 'db'));
    expect(restored).toEqual({ trades: 3, replacedKeptIn: null });
    expect(await numbersIn(join(root, 'other', 'db'))).toEqual([...tradeNumbers].sort());
  }, 120_000);

  it('keeps the database it replaces, and a file that is no backup changes nothing', async () => {
    const target = join(root, 'replace', 'db');
    const empty = await openDatabase({ kind: 'pglite', dataDir: target });
    await empty.close();
    const file = join(root, 'replace.backup.tgz');
    await backupEmbedded(join(root, 'shop', 'db'), file);

    const restored = await restoreEmbedded(file, target, new Date('2026-11-24T12:00:00Z'));
    expect(restored.replacedKeptIn).toBe(`${target}.replaced-2026-11-24T12-00-00-000Z`);
    expect(await numbersIn(target)).toHaveLength(3);
    expect(await numbersIn(restored.replacedKeptIn!)).toEqual([]);

    const notABackup = join(root, 'notes.txt');
    await writeFile(notABackup, 'not a tarball');
    await expect(restoreEmbedded(notABackup, target)).rejects.toThrow(/is not a backup of the embedded database \(not a gzip file\)/);
    await expect(restoreEmbedded(join(root, 'missing.tgz'), target)).rejects.toThrow('Cannot read the backup');
    expect(await numbersIn(target)).toHaveLength(3);
    expect((await readdir(join(root, 'replace'))).filter((name) => name.endsWith('.restoring'))).toEqual([]);
  }, 120_000);
});

describe('a restore of a file that is no backup', () => {
  it('says so in one line, exits 1, leaves no staging directory or lock, and changes nothing', async () => {
    const shop = join(root, 'damaged');
    const target = join(shop, 'db');
    const good = join(root, 'damaged.backup.tgz');
    await backupEmbedded(join(root, 'shop', 'db'), good);
    await restoreEmbedded(good, target);
    const whole = await readFile(good);
    const random = join(root, 'random.tgz');
    await writeFile(random, Buffer.concat([Buffer.from([0x1f, 0x8b]), randomBytes(64 * 1024)]));
    const truncated = join(root, 'truncated.tgz');
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const foreignDir = join(root, 'foreign');
    await mkdir(foreignDir);
    await writeFile(join(foreignDir, 'notes.txt'), 'not a database');
    const foreign = join(root, 'foreign.tgz');
    await promisify(execFile)('tar', ['-czf', foreign, '-C', foreignDir, '.']);
    const plainText = join(root, 'plain.txt');
    await writeFile(plainText, 'not a tarball');

    // The first through the CLI (its exit code and output), the others as it runs them, in this process.
    const env = process.env;
    process.env = embeddedOpsEnv(shop);
    try {
      for (const [file, why, run] of [
        [plainText, 'not a gzip file', opsCli.bind(null, process.env)],
        [random, 'damaged or truncated gzip data', opsHere],
        [truncated, 'damaged or truncated gzip data', opsHere],
        [foreign, 'the archive holds no PostgreSQL data directory', opsHere],
      ] as const) {
        const answer = await run('db', 'restore', file);
        expect(answer.code).toBe(1);
        expect(answer.stderr).toBe(`ops: ${file} is not a backup of the embedded database (${why}); nothing was changed.\n`);
        expect(answer.stdout).toBe('');
        expect((await readdir(shop)).sort()).toEqual(['db']);
      }
    } finally {
      process.env = env;
    }
    expect(await numbersIn(target)).toEqual([...tradeNumbers].sort());
  }, 240_000);
});

describe('one process per embedded database', () => {
  it('refuses a directory this process holds, and takes over a lock its process left behind', async () => {
    const dataDir = join(root, 'locked', 'db');
    const release = lockEmbeddedDatabase(dataDir);
    try {
      expect(() => lockEmbeddedDatabase(dataDir)).toThrow(EmbeddedDatabaseInUseError);
      await expect(backupEmbedded(join(root, 'shop', 'db'), join(root, 'x.tgz'))).resolves.toMatchObject({ trades: 3 });
    } finally {
      release();
    }
    // A crashed process's pid (no process has pid 2^22 + 1 on Linux: pid_max is at most 2^22).
    await writeFile(`${dataDir}.lock`, String(4_194_305));
    const again = lockEmbeddedDatabase(dataDir);
    again();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('the ops CLI says which process holds the database instead of crashing', async () => {
    const dataDir = join(root, 'shop');
    const release = lockEmbeddedDatabase(join(dataDir, 'db'));
    try {
      const answer = await opsCli(embeddedOpsEnv(dataDir), 'db', 'backup', join(root, 'refused.tgz'));
      expect(answer.code).toBe(1);
      expect(answer.stderr).toBe(
        `ops: The embedded database in ${join(dataDir, 'db')} is in use by process ${process.pid}. Stop that process (the shop, or another ops command) ` +
          `or give this one its own DATA_DIR. If no such process runs, delete ${join(dataDir, 'db')}.lock.\n`,
      );
      expect(existsSync(join(root, 'refused.tgz'))).toBe(false);
    } finally {
      release();
    }
  }, 60_000);
});
