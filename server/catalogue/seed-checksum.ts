// A fingerprint of the seed catalogue files, so a start can tell "already imported" without parsing
// and expanding the whole catalogue.

import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CATALOGUE_DIR } from '../platform/paths';
import { loadPictureTable, PictureSet, seedPictures } from './pictures';

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : name.endsWith('.json') ? [path] : [];
    });
}

export function seedChecksum(dir: string = CATALOGUE_DIR): string {
  const hash = createHash('sha256');
  for (const file of files(dir)) hash.update(relative(dir, file)).update('\0').update(readFileSync(file)).update('\0');
  // The stored image paths name the rendered pictures: a change of the drawing code re-imports too.
  hash.update(dir === CATALOGUE_DIR ? seedPictures().digest() : new PictureSet(loadPictureTable(dir)).digest());
  return `seed:${hash.digest('hex')}`;
}
