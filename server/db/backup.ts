// Backup and restore of the embedded database (PGlite): a gzip'd tarball of its data directory, as
// PGlite dumps and loads it. Both take the directory's lock, so they refuse while the shop runs on
// it. A restore never deletes: it loads the backup into a new directory beside the database,
// opens it (running pending migrations) and counts its trades, and only then swaps it in, keeping
// the replaced directory. PostgreSQL is backed up with its own tools (pg_dump; README).

import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
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

/** Replaces the database in `dataDir` by the backup `file`; the replaced one is kept beside it. */
export async function restoreEmbedded(file: string, dataDir: string, now = new Date()): Promise<RestoreResult> {
  const content = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    throw new Error(`Cannot read the backup ${file}: ${error.code ?? 'unreadable'}.`, { cause: error });
  });
  const unlock = lockEmbeddedDatabase(dataDir);
  const staging = `${dataDir}.restoring`;
  try {
    await rm(staging, { recursive: true, force: true });
    try {
      const client = new PGlite(staging, { loadDataDir: new Blob([content]) });
      await client.waitReady;
      await client.close();
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw new Error(`${file} is not a backup of the embedded database (${(error as Error).message}).`, { cause: error });
    }
    const restored = await tradeCount(staging);
    let kept: string | null = null;
    if (existsSync(dataDir)) {
      kept = `${dataDir}.replaced-${now.toISOString().replace(/[:.]/g, '-')}`;
      await rename(dataDir, kept);
    }
    await rename(staging, dataDir);
    return { trades: restored, replacedKeptIn: kept };
  } finally {
    unlock();
  }
}
