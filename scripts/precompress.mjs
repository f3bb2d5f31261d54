// Writes .br and .gz files beside the built browser assets, so the server sends them without
// compressing on every request: the shop's (dist/client) and the back office's assets
// (dist/staff/staff-assets; not its index.html, which the server sends with a nonce per answer).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const roots = ['../dist/client/', '../dist/staff/staff-assets/'].map((path) => new URL(path, import.meta.url).pathname);
const COMPRESSIBLE = /\.(js|css|svg|json|txt|html|xml)$/;
let count = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (COMPRESSIBLE.test(name) && !name.endsWith('manifest.json')) {
      // Every file, however small: the server then never compresses a static answer per request.
      const data = readFileSync(path);
      writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      count++;
    }
  }
}
for (const root of roots) if (existsSync(root)) walk(root);
console.log(`precompressed ${count} files (br, gz)`);
