// The shop's seed data in a database: the seed catalogue (imported when its files changed since the
// last import; parsing it is skipped otherwise) and the vouchers. The server's start and the build's
// database template (decision 094) bring a database up to date the same way.

import type { Database } from './db/client';
import { importCatalogue, latestImport } from './catalogue/repository';
import { loadSeedCatalogue } from './catalogue/seed';
import { seedChecksum } from './catalogue/seed-checksum';
import { importVouchers, loadVoucherSeed } from './vouchers/seed';

export async function importSeedData(db: Database): Promise<{ imported: boolean; devices: number }> {
  const checksum = seedChecksum();
  const latest = await latestImport(db);
  const catalogue =
    latest?.checksum === checksum
      ? { imported: false, devices: latest.devices }
      : await importCatalogue(db, loadSeedCatalogue(), { checksum });
  await importVouchers(db, loadVoucherSeed());
  return { imported: catalogue.imported, devices: catalogue.devices };
}
