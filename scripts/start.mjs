// `npm start`: builds when the build is missing or older than the sources, then serves it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist/server/main.js');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

const inputs = [
  'src',
  'server',
  'public',
  'data',
  'package-lock.json',
  'vite.config.ts',
  'lingui.config.ts',
  'vite.staff.config.ts',
  'lingui.staff.config.ts',
  'package.json',
]
  .map((p) => join(root, p))
  .filter(existsSync);
const stale = !existsSync(built) || inputs.some((p) => newestMtime(p) > statSync(built).mtimeMs);
if (stale) {
  console.log('Building the shop (first start or sources changed)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= 'production';
await import(built);
