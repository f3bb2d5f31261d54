// Opens the database chosen by configuration: without DATABASE_URL an embedded PGlite in ./var/db
// (created on first start, reopened after); with DATABASE_URL=postgres://… PostgreSQL through
// node-postgres. Pending migrations run on open, under an advisory lock on PostgreSQL so several
// servers starting at once apply them once.

import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { lockEmbeddedDatabase } from './embedded-lock';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const MIGRATION_LOCK = 7_270_270;

export type DatabaseTarget =
  | { readonly kind: 'pglite'; readonly dataDir: string | null /* null = in memory */ }
  | { readonly kind: 'postgres'; readonly url: string; readonly poolSize?: number };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    const unlock = target.dataDir ? lockEmbeddedDatabase(target.dataDir) : () => undefined;
    try {
      if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
      const client = target.dataDir ? new PGlite(target.dataDir) : new PGlite();
      await client.waitReady;
      const db = drizzlePglite(client, { schema });
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

  const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
  // An idle connection the server closed (restart, failover, a dropped test database) is removed
  // from the pool; without a listener node-postgres would crash the process.
  pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzlePg(pool, { schema });
  return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
}
