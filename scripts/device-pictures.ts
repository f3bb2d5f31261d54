// `npx tsx scripts/device-pictures.ts [dir]`: renders every device picture of data/catalogue/pictures.json
// into a directory (default var/pictures) with an index.html contact sheet, to look at them side by side.
// The shop itself renders the same pictures in process (server/catalogue/pictures.ts); nothing here is served.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seedPictures } from '../server/catalogue/pictures';

const out = resolve(process.argv[2] ?? 'var/pictures');
mkdirSync(out, { recursive: true });
const pictures = seedPictures().all();
for (const p of pictures) writeFileSync(join(out, p.file), p.svg);
const cells = pictures.map((p) => `<figure><img src="${p.file}" width="96" height="96" alt=""><figcaption>${p.name}</figcaption></figure>`);
writeFileSync(
  join(out, 'index.html'),
  `<!doctype html><meta charset="utf-8"><title>Device pictures</title><style>body{font:12px sans-serif;display:flex;flex-wrap:wrap;gap:8px}figure{margin:0;width:110px;text-align:center}img{background:#fff;border:1px solid #eee}</style>${cells.join('')}`,
);
console.log(`${pictures.length} pictures written to ${out}`);
