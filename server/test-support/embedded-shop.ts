// The shop's API as its own process on an embedded database directory (argv[2]), for the tests that
// kill a server and start the next one on the same directory at once (server/db/restart.test.ts).
// It opens the database as the shop does (the lock first), imports the fixture catalogue on the
// first start, listens on a free loopback port and prints `listening <port>`; SIGTERM closes it.

import { importCatalogue, latestImport } from '../catalogue/repository';
import { LocalSearch } from '../catalogue/search-service';
import { CatalogueStore } from '../catalogue/store';
import { openDatabase } from '../db/client';
import { testApp } from './app';
import { fixtureCatalogue } from './catalogue';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: embedded-shop.ts <data directory>');
const handle = await openDatabase({ kind: 'pglite', dataDir });
if (!(await latestImport(handle.db))) await importCatalogue(handle.db, fixtureCatalogue());
const store = await CatalogueStore.load(handle.db);
const app = await testApp({ db: handle.db, store, search: new LocalSearch(store) });
app.addHook('onClose', () => handle.close());
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
