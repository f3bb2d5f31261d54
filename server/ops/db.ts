// Operator commands for the embedded database: backup and restore (PostgreSQL has its own tools).

import { backupEmbedded, restoreEmbedded } from '../db/backup';
import { databaseTarget } from '../runtime';
import { opsConfig, parse, print, type Command } from './command';

/** The embedded database's directory; PostgreSQL has its own backup tools. */
function embeddedDataDir(what: string): string {
  const target = databaseTarget(opsConfig());
  if (target.kind === 'postgres') {
    throw new Error(
      `${what} is for the embedded database. On PostgreSQL use its tools: pg_dump --format=custom --file=<file> "$DATABASE_URL" ` +
        'and pg_restore --clean --if-exists --dbname="$DATABASE_URL" <file> (README, "Backups").',
    );
  }
  return target.dataDir!;
}

export const dbCommands: Record<string, Command> = {
  'db backup': {
    usage: 'db backup <file>',
    help: 'Writes a backup of the embedded database (DATA_DIR/db) to <file> (a gzip tarball). Stop the shop first: the database has one user at a time.',
    run: async (args) => {
      const [file] = parse(args, {}, 1).positionals;
      const result = await backupEmbedded(embeddedDataDir('db backup'), file!);
      print(`backed up ${result.trades} trade(s) to ${result.file} (${Math.ceil(result.bytes / 1024)} KB)`);
    },
  },
  'db restore': {
    usage: 'db restore <file>',
    help: 'Replaces the embedded database by the backup <file>; the replaced one is kept beside it (db.replaced-<time>). Stop the shop first.',
    run: async (args) => {
      const [file] = parse(args, {}, 1).positionals;
      const result = await restoreEmbedded(file!, embeddedDataDir('db restore'));
      print(
        `restored ${result.trades} trade(s) from ${file}` +
          (result.replacedKeptIn ? `; the replaced database is kept in ${result.replacedKeptIn}` : ''),
      );
    },
  },
};
