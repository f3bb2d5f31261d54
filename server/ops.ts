// Operator command line (`npm run ops -- <command>`): catalogue import and statistics, search reindex.
// It uses the same configuration as the server (DATABASE_URL or the embedded database in DATA_DIR).

import { importCatalogue, loadCatalogue } from './catalogue/repository';
import { RemoteSearch } from './catalogue/search-remote';
import { loadSeedCatalogue } from './catalogue/seed';
import { readConfig } from './config';
import { openDatabase } from './db/client';
import { databaseTarget } from './runtime';

interface Command {
  readonly usage: string;
  readonly help: string;
  run(args: string[]): Promise<void>;
}

const config = readConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' });

async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const handle = await openDatabase(databaseTarget(config));
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

const COMMANDS: Record<string, Command> = {
  'catalogue import': {
    usage: 'catalogue import [--force]',
    help: 'Loads data/catalogue into the database (skipped when unchanged unless --force). A running server picks it up on restart.',
    run: async (args) => {
      const result = await withDatabase((db) => importCatalogue(db, loadSeedCatalogue(), { force: args.includes('--force') }));
      console.log(result.imported ? `imported ${result.devices} devices (${result.checksum.slice(0, 12)})` : `catalogue unchanged (${result.devices} devices)`);
    },
  },
  'catalogue stats': {
    usage: 'catalogue stats',
    help: 'Prints the number of active devices per category.',
    run: async () => {
      const catalogue = await withDatabase((db) => loadCatalogue(db));
      for (const category of catalogue.categories) {
        const count = catalogue.devices.filter((d) => d.categoryId === category.id).length;
        console.log(`${category.texts.default.name.padEnd(16)} ${String(count).padStart(6)}`);
      }
      console.log(`${'total'.padEnd(16)} ${String(catalogue.devices.length).padStart(6)}`);
    },
  },
  'search reindex': {
    usage: 'search reindex',
    help: 'Recreates the Elasticsearch indexes at SEARCH_URL from the database catalogue.',
    run: async () => {
      if (!config.SEARCH_URL) throw new Error('SEARCH_URL is not set: the embedded search indexes itself on start.');
      const catalogue = await withDatabase((db) => loadCatalogue(db));
      for (const done of await new RemoteSearch(config.SEARCH_URL).reindex(catalogue)) console.log(`${done.index}: ${done.documents} documents`);
    },
  },
};

function usage(): string {
  return ['Usage: npm run ops -- <command>', '', ...Object.values(COMMANDS).map((c) => `  ${c.usage.padEnd(28)} ${c.help}`)].join('\n');
}

const args = process.argv.slice(2);
const name = Object.keys(COMMANDS).find((key) => key.split(' ').every((word, i) => args[i] === word));
if (!name) {
  console.error(args.length ? `Unknown command: ${args.join(' ')}\n` : '');
  console.error(usage());
  process.exit(args.length && !['help', '--help', '-h'].includes(args[0] ?? '') ? 2 : 0);
}
try {
  await COMMANDS[name]!.run(args.slice(name.split(' ').length));
} catch (error) {
  console.error(`ops: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
