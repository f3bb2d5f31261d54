// The databases server tests run against: always an in-memory PGlite, and a fresh PostgreSQL
// database (created and dropped per suite) when TEST_DATABASE_URL is set.

import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';

export interface TestDatabase {
  readonly name: 'pglite' | 'postgres';
  open(): Promise<DatabaseHandle>;
}

async function freshPostgres(adminUrl: string): Promise<DatabaseHandle> {
  const name = `tradein_test_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.href, poolSize: 4 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

let migrated: Promise<Blob> | undefined;

/**
 * A new in-memory PGlite database with every migration applied. The first call per test worker
 * migrates an empty cluster and keeps its dump; every database after it starts from that dump, which
 * skips PostgreSQL's initdb in WebAssembly and the migrations (about 1 s instead of 3.4 s a database).
 */
export async function memoryDatabase(): Promise<DatabaseHandle> {
  migrated ??= (async () => {
    const handle = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      const client = (handle.db as unknown as { $client: PGlite }).$client;
      return await client.dumpDataDir('none');
    } finally {
      await handle.close();
    }
  })();
  return openDatabase({ kind: 'pglite', dataDir: null, snapshot: await migrated });
}

export function testDatabases(): TestDatabase[] {
  const url = process.env.TEST_DATABASE_URL;
  return [{ name: 'pglite', open: memoryDatabase }, ...(url ? [{ name: 'postgres' as const, open: () => freshPostgres(url) }] : [])];
}

if (!process.env.TEST_DATABASE_URL) {
  console.info('TEST_DATABASE_URL is not set: server tests run on PGlite only (CI sets it to the machine PostgreSQL).');
}
