// Backup and restore of the embedded database (PGlite): a gzip'd tarball of its data directory, as
// PGlite dumps and loads it. Both take the directory's lock, so they refuse while the shop runs on
// it. A restore never deletes: it loads the backup into a new directory beside the database,
// opens it (running pending migrations) and counts its trades, and only then swaps it in, keeping
// the replaced directory. PostgreSQL is backed up with its own tools (pg_dump; README).
// A file that is no backup (damaged, truncated, foreign) is refused before PGlite sees it: PGlite
// decompresses in a stream whose error escapes every catch and kills the process, leaving the
// staging directory and the lock behind (decision 080). Whatever fails, the staging directory goes
// and the lock is released; the database is only ever replaced by a staging copy that opened.

import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { count } from 'drizzle-orm';
import { openDatabase } from './client';
import { lockEmbeddedDatabase } from './embedded-lock';
import { trades } from './schema/trades';

export interface BackupResult {
  readonly file: string;
  readonly bytes: number;
  readonly trades: number;
}

async function tradeCount(dataDir: string): Promise<number> {
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const [row] = await handle.db.select({ n: count() }).from(trades);
    return row?.n ?? 0;
  } finally {
    await handle.close();
  }
}

/** Writes a backup of the database in `dataDir` to `file` (written beside it, then renamed). */
export async function backupEmbedded(dataDir: string, file: string): Promise<BackupResult> {
  if (!existsSync(dataDir)) throw new Error(`There is no embedded database in ${dataDir}.`);
  const found = await tradeCount(dataDir);
  const unlock = lockEmbeddedDatabase(dataDir);
  try {
    const client = new PGlite(dataDir);
    let dump: Blob;
    try {
      await client.waitReady;
      dump = await client.dumpDataDir('gzip');
    } finally {
      await client.close();
    }
    const bytes = Buffer.from(await dump.arrayBuffer());
    const partial = `${file}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, file);
    return { file, bytes: bytes.length, trades: found };
  } finally {
    unlock();
  }
}

export interface RestoreResult {
  readonly trades: number;
  /** Where the database it replaced was kept; null when there was none. */
  readonly replacedKeptIn: string | null;
}

const TAR_BLOCK = 512;

/** The fields of a tar header block, or null when its checksum is wrong (a damaged or foreign file). */
function tarHeader(tar: Buffer, at: number): { name: string; size: number } | null {
  const block = tar.subarray(at, at + TAR_BLOCK);
  const field = (from: number, length: number) =>
    block
      .toString('latin1', from, from + length)
      .replace(/\0.*$/s, '')
      .trim();
  let sum = 0;
  for (let i = 0; i < TAR_BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  const stated = parseInt(field(148, 8), 8);
  if (stated !== sum) return null;
  const prefix = block.toString('latin1', 257, 263).startsWith('ustar') ? field(345, 155) : '';
  const name = field(0, 100);
  return { name: prefix ? `${prefix}/${name}` : name, size: parseInt(field(124, 12), 8) || 0 };
}

/** The backup's tar archive, after checking it is whole and holds a PostgreSQL data directory. */
async function readBackup(file: string): Promise<Buffer> {
  const content = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    throw new Error(`Cannot read the backup ${file}: ${error.code ?? 'unreadable'}.`, { cause: error });
  });
  const refuse = (why: string): never => {
    throw new Error(`${file} is not a backup of the embedded database (${why}); nothing was changed.`);
  };
  if (content.length < 2 || content[0] !== 0x1f || content[1] !== 0x8b) refuse('not a gzip file');
  const tar = await promisify(gunzip)(content).catch(() => refuse('damaged or truncated gzip data'));
  let at = 0;
  let names = 0;
  let hasVersion = false;
  for (;;) {
    if (at + TAR_BLOCK > tar.length) refuse('the archive is truncated');
    if (tar.subarray(at, at + TAR_BLOCK).every((byte) => byte === 0)) break;
    const header = tarHeader(tar, at) ?? refuse('not a tar archive, or a damaged one');
    names += 1;
    if (/(^|\/)PG_VERSION$/.test(header.name)) hasVersion = true;
    at += TAR_BLOCK + Math.ceil(header.size / TAR_BLOCK) * TAR_BLOCK;
  }
  if (names === 0 || !hasVersion) refuse('the archive holds no PostgreSQL data directory');
  return tar;
}

/** Replaces the database in `dataDir` by the backup `file`; the replaced one is kept beside it. */
export async function restoreEmbedded(file: string, dataDir: string, now = new Date()): Promise<RestoreResult> {
  const tar = await readBackup(file);
  const unlock = lockEmbeddedDatabase(dataDir);
  const staging = `${dataDir}.restoring`;
  try {
    await rm(staging, { recursive: true, force: true });
    try {
      const client = new PGlite(staging, { loadDataDir: new Blob([new Uint8Array(tar)], { type: 'application/x-tar' }) });
      await client.waitReady;
      await client.close();
    } catch (error) {
      throw new Error(`${file} is not a backup of the embedded database (${(error as Error).message}); nothing was changed.`, {
        cause: error,
      });
    }
    const restored = await tradeCount(staging).catch((error: Error) => {
      throw new Error(`${file} does not open as the shop's database (${error.message}); nothing was changed.`, { cause: error });
    });
    let kept: string | null = null;
    if (existsSync(dataDir)) {
      kept = `${dataDir}.replaced-${now.toISOString().replace(/[:.]/g, '-')}`;
      await rename(dataDir, kept);
    }
    await rename(staging, dataDir);
    return { trades: restored, replacedKeptIn: kept };
  } finally {
    await rm(staging, { recursive: true, force: true });
    unlock();
  }
}
