// `npx tsx bench/device-pictures.ts`: the size of every generated device picture (server/catalogue/
// pictures.ts) as sent, raw and compressed (brotli as the server sends it, gzip), against the budget
// of 4 KB compressed per picture. Prints the figures and writes bench/results/device-pictures.json.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { seedPictures } from '../server/catalogue/pictures';

const BUDGET_BYTES = 4096;
const RESULTS_DIR = join(import.meta.dirname, 'results');

const rows = seedPictures()
  .all()
  .map((p) => {
    const raw = Buffer.byteLength(p.svg);
    // The server compresses responses with brotli quality 5 (server/app.ts); gzip for older clients.
    const br = brotliCompressSync(p.svg, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
    const gz = gzipSync(p.svg, { level: 6 }).length;
    return { file: p.file, raw, br, gz };
  })
  .sort((a, b) => b.gz - a.gz);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const largest = rows[0]!;
const over = rows.filter((r) => Math.max(r.br, r.gz) > BUDGET_BYTES);
const summary = {
  generatedAt: new Date().toISOString(),
  pictures: rows.length,
  budgetBytes: BUDGET_BYTES,
  largest,
  medianRaw: median(rows.map((r) => r.raw)),
  medianBrotli: median(rows.map((r) => r.br)),
  medianGzip: median(rows.map((r) => r.gz)),
  totalGzip: rows.reduce((sum, r) => sum + r.gz, 0),
  overBudget: over.map((r) => r.file),
};

console.log(`Device pictures: ${rows.length} files`);
console.log(
  `  largest          ${largest.file}: ${largest.raw} B raw, ${largest.br} B brotli, ${largest.gz} B gzip (budget ${BUDGET_BYTES} B compressed)`,
);
console.log(`  median           ${summary.medianRaw} B raw, ${summary.medianBrotli} B brotli, ${summary.medianGzip} B gzip`);
console.log(`  all, gzip        ${(summary.totalGzip / 1024).toFixed(1)} KB`);
console.log(`  over budget      ${over.length === 0 ? 'none' : over.map((r) => r.file).join(', ')}`);
mkdirSync(RESULTS_DIR, { recursive: true });
writeFileSync(join(RESULTS_DIR, 'device-pictures.json'), `${JSON.stringify(summary, null, 2)}\n`);
