// Opens the database chosen by configuration: without DATABASE_URL an embedded PGlite in ./var/db
// (created on first start, reopened after); with DATABASE_URL=postgres://… PostgreSQL through
// node-postgres. Pending migrations run on open, under an advisory lock on PostgreSQL so several
// servers starting at once apply them once. Each kind's driver is imported when that kind opens, so
// a server loads one of them (start-up time and memory, issue 34).

import { constants, cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { lockEmbeddedDatabase } from './embedded-lock';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { MIGRATIONS_DIR } from '../platform/paths';

/**
 * Queries name their tables (imported from the schema files), so drizzle is given no schema
 * object: only its relational query API (`db.query.…`, unused here) reads one.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: 'pglite' | 'postgres';
  /** PostgreSQL's pool: connections in all, idle, and requests waiting for one (for /metrics). */
  readonly poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

const MIGRATION_LOCK = 7_270_270;

/**
 * PGlite's own start parameters with a 64 MB buffer cache instead of PostgreSQL's 128 MB: the
 * embedded shop's working set fits, the operating system caches the files behind it, and the server
 * stays within its memory budget (decision 056).
 */
const EMBEDDED_SHARED_BUFFERS = ['-c', 'shared_buffers=64MB'];

export type DatabaseTarget =
  | {
      readonly kind: 'pglite';
      readonly dataDir: string | null /* null = in memory */;
      /** A prepared database directory a new `dataDir` starts as a copy of (see startFromTemplate). */
      readonly template?: string;
      /**
       * A dump (PGlite's `dumpDataDir`) the database starts from instead of an empty cluster: the
       * server tests open each in-memory database from one migrated dump (about 1 s instead of 3.4 s).
       */
      readonly snapshot?: Blob;
    }
  | { readonly kind: 'postgres'; readonly url: string; readonly poolSize?: number };

/**
 * A new embedded database directory starts as a copy of the build's template when there is one
 * (migrated, the seed catalogue imported): PostgreSQL's initdb, the migrations and the first import
 * take the WebAssembly build most of 10 s, the copy well under one (a copy-on-write clone where the
 * file system has them; issue 34, decision 094). What happens after opening is the same either way:
 * pending migrations run and a changed seed is imported.
 */
function startFromTemplate(dataDir: string, template: string | undefined) {
  const isNew = !existsSync(join(dataDir, 'PG_VERSION'));
  if (isNew && template && existsSync(join(template, 'PG_VERSION')))
    cpSync(template, dataDir, { recursive: true, mode: constants.COPYFILE_FICLONE });
  else mkdirSync(dataDir, { recursive: true });
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    const unlock = target.dataDir ? lockEmbeddedDatabase(target.dataDir) : () => undefined;
    try {
      if (target.dataDir) startFromTemplate(target.dataDir, target.template);
      const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
        import('@electric-sql/pglite'),
        import('drizzle-orm/pglite'),
        import('drizzle-orm/pglite/migrator'),
      ]);
      const startParams = [...PGlite.defaultStartParams, ...EMBEDDED_SHARED_BUFFERS];
      const client = new PGlite({
        ...(target.dataDir && { dataDir: target.dataDir }),
        ...(target.snapshot && { loadDataDir: target.snapshot }),
        startParams,
      });
      await client.waitReady;
      const db = drizzlePglite(client);
      await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
      const close = async () => {
        try {
          await client.close();
        } finally {
          unlock();
        }
      };
      return { db: db as unknown as Database, kind: 'pglite', close };
    } catch (error) {
      unlock();
      throw error;
    }
  }

  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
  // An idle connection the server closed (restart, failover, a dropped test database) is removed
  // from the pool; without a listener node-postgres would crash the process.
  pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(lockClient), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzlePg(pool);
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
