// Degraded, not down (issue 30, decision 082): a shop whose Elasticsearch (SEARCH_URL) cannot be
// reached still renders its home page, a category page and search results from the embedded engine,
// and /readyz says search is degraded. It runs its own server (built files, embedded database in a
// temporary folder) beside the e2e server, with SEARCH_URL on a port where nothing listens.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/test';
import { PORT, pathOf } from './support/shop';

const DEGRADED_PORT = PORT + 5;
const url = (host: string, path: string) => `http://${host}:${DEGRADED_PORT}${path}`;

let server: ChildProcess;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'shop-degraded-'));
  // The embedded database (no DATABASE_URL), so it shares nothing with the e2e server. Its log goes to
  // var/ for a failed run.
  const { DATABASE_URL: _, ...env } = process.env;
  mkdirSync('var', { recursive: true });
  const log = openSync(`var/e2e-degraded-${DEGRADED_PORT}.log`, 'w');
  server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...env,
      PORT: String(DEGRADED_PORT),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SEARCH_URL: 'http://127.0.0.1:9',
    },
    stdio: ['ignore', log, log],
  });
  for (let tries = 0; ; tries++) {
    const ok = await fetch(url('127.0.0.1', '/healthz')).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (server.exitCode !== null)
      throw new Error(`the degraded server exited with ${server.exitCode} (var/e2e-degraded-${DEGRADED_PORT}.log)`);
    if (tries > 170) throw new Error('the degraded server did not start');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
});

test.afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test('home, a category page and search render while the search backend fails; /readyz says so', async ({ page }) => {
  const home = await page.goto(url('de.localhost', '/'));
  expect(home?.status()).toBe(200);
  await expect(page.locator('.device-card').first()).toBeVisible();

  const category = await page.goto(url('de.localhost', pathOf('sellCategory', 'de')));
  expect(category?.status()).toBe(200);
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('.device-card').first()).toBeVisible();

  const results = await page.goto(url('de.localhost', `${pathOf('searchResults', 'de')}?q=iphone`));
  expect(results?.status()).toBe(200);
  await expect(page.locator('.device-card').first()).toContainText('iPhone 17');

  const ready = await page.goto(url('127.0.0.1', '/readyz'));
  expect(ready?.status()).toBe(200);
  expect(await ready?.json()).toMatchObject({ status: 'ready', search: { backend: 'elasticsearch', state: 'degraded' } });
});
