// `npm run flows`: regenerates docs/flows/ (the flow atlas). `npm run flows -- --check` only compares
// and exits 1 when the committed atlas is stale.

import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FLOWS_DIR, renderAtlas } from './atlas';

const check = process.argv.includes('--check');
const files = await renderAtlas();
await mkdir(FLOWS_DIR, { recursive: true });
const existing = new Set(await readdir(FLOWS_DIR));
const changed: string[] = [];
for (const [name, content] of files) {
  const current = existing.has(name) ? await readFile(join(FLOWS_DIR, name), 'utf8') : null;
  if (current !== content) changed.push(name);
  if (!check && current !== content) await writeFile(join(FLOWS_DIR, name), content);
  existing.delete(name);
}
for (const leftover of existing) {
  changed.push(`${leftover} (no longer generated)`);
  if (!check) await rm(join(FLOWS_DIR, leftover));
}
if (check) {
  if (changed.length > 0) {
    console.error(`The flow atlas is stale; run npm run flows. Differs: ${changed.join(', ')}`);
    process.exit(1);
  }
  console.log(`The flow atlas is current (${files.size} files).`);
} else {
  console.log(
    changed.length > 0
      ? `Wrote ${changed.length} of ${files.size} files to docs/flows: ${changed.join(', ')}`
      : `docs/flows is current (${files.size} files).`,
  );
}
