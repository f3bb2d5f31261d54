// Where the project's files are at run time: the same answer from source (tsx, vitest) and from the
// bundled server in dist/server.

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));
export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'server', 'db', 'migrations');
/** The embedded database `npm run build` prepares (migrated, seed catalogue imported): a new data directory starts as a copy. */
export const DATABASE_TEMPLATE_DIR = join(PROJECT_ROOT, 'dist', 'db-template');
export const CATALOGUE_DIR = join(PROJECT_ROOT, 'data', 'catalogue');
export const DEFAULT_DATA_DIR = join(PROJECT_ROOT, 'var');
export const CONTENT_DIR = join(PROJECT_ROOT, 'data', 'content');
export const SYNONYMS_DIR = join(PROJECT_ROOT, 'data', 'search', 'synonyms');
