// `npm run build` prepares the embedded database a new data directory starts from (decision 094):
// migrated, with the seed catalogue and vouchers imported, as the server's first start would leave it.
// `node dist/server/db-template.js` (database-template-cli.ts) writes it after the server build.

import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from './db/client';
import { importSeedData } from './seed-data';

/** Writes a fresh template database into `dir`. */
export async function writeDatabaseTemplate(dir: string): Promise<{ devices: number }> {
  rmSync(dir, { recursive: true, force: true });
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  try {
    const imported = await importSeedData(database.db);
    // A clean copy: everything written reaches the data files, so a start needs no recovery.
    await database.db.execute(sql`checkpoint`);
    return { devices: imported.devices };
  } finally {
    await database.close();
  }
}
