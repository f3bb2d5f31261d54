// Server start to first 200 on an existing data directory: wall time from spawning
// `node dist/server/main.js` (NODE_ENV=production, a free loopback PORT, DATA_DIR = the benchmark's
// own data directory, see lib.mjs) until GET /healthz answers 200, and until the first GET /
// (Host de.localhost) answers 200 (polled after /healthz, response fully read). Each run is a fresh
// process, killed afterwards; 5 runs, min/median/max. Opening the database and loading the catalogue
// are inside the figure. Budget: ≤ 2 s, judged on the slowest run.
// Before the measured runs one unmeasured "prepare" start creates, migrates and seeds the data
// directory if needed (nothing is deleted); its time is reported on its own as "first start (new
// data directory)" when it had to create the directory, otherwise the directory is "existing".
// Run alone: `node bench/startup.mjs [--runs N]`.

import { existsSync } from 'node:fs';
import {
  BENCH_DB_DIR,
  BUDGETS,
  FIRST_START_TIMEOUT_MS,
  benchDataDirLabel,
  buildInfo,
  findFreePort,
  isMain,
  ms,
  printTable,
  round,
  runStandalone,
  spawnServer,
  stats,
  verdict,
  waitFor200,
  writeResult,
} from './lib.mjs';

export const DEFAULT_RUNS = 5;
const PAGE_HOST = 'de.localhost';

async function oneRun() {
  const server = spawnServer({ port: await findFreePort() });
  try {
    const healthz = (await waitFor200(server, { path: '/healthz', host: 'localhost' })) - server.spawnedAt;
    const firstPage = (await waitFor200(server, { path: '/', host: PAGE_HOST })) - server.spawnedAt;
    return { healthzMs: healthz, firstPageMs: firstPage };
  } finally {
    await server.stop();
  }
}

/**
 * The unmeasured prepare start: brings the benchmark data directory up to date (creates the database
 * and imports the seed catalogue when it is new; a changed seed is re-imported by the server itself).
 * `created` tells whether the database directory had to be created.
 */
export async function prepareDataDir() {
  const created = !existsSync(BENCH_DB_DIR);
  const server = spawnServer({ port: await findFreePort() });
  try {
    const healthz =
      (await waitFor200(server, { path: '/healthz', host: 'localhost', timeoutMs: FIRST_START_TIMEOUT_MS })) - server.spawnedAt;
    const firstPage = (await waitFor200(server, { path: '/', host: PAGE_HOST, timeoutMs: FIRST_START_TIMEOUT_MS })) - server.spawnedAt;
    return { dataDir: benchDataDirLabel(), created, healthzMs: round(healthz, 1), firstPageMs: round(firstPage, 1) };
  } finally {
    await server.stop();
  }
}

/** `prepared`: the result of an earlier prepareDataDir() (run.mjs prepares before anything else). */
export async function measureStartup({ runs = DEFAULT_RUNS, prepared } = {}) {
  const count = Math.min(Math.max(1, Math.floor(runs) || DEFAULT_RUNS), 20);
  const prepare = prepared ?? (await prepareDataDir());
  const samples = [];
  for (let i = 0; i < count; i++) samples.push(await oneRun());
  const summarize = (key) => {
    const s = stats(samples.map((r) => r[key]));
    return { minMs: round(s.min, 1), medianMs: round(s.median, 1), maxMs: round(s.max, 1), withinBudget: s.max <= BUDGETS.startupMs };
  };
  return {
    budget: { ms: BUDGETS.startupMs, judgedOn: 'max', on: 'existing data directory' },
    prepare,
    runs: count,
    pageHost: PAGE_HOST,
    healthz: summarize('healthzMs'),
    firstPage: summarize('firstPageMs'),
    samples: samples.map((r) => ({ healthzMs: round(r.healthzMs, 1), firstPageMs: round(r.firstPageMs, 1) })),
  };
}

export function printStartup(result) {
  const p = result.prepare;
  if (p.created) {
    printTable(
      `Data directory ${p.dataDir} (prepare start, not part of the budget)`,
      ['measure', 'value', 'budget'],
      [
        ['first start (new data directory): spawn → GET /healthz 200', ms(p.healthzMs), 'none'],
        [`first start (new data directory): spawn → GET / (${result.pageHost}) 200`, ms(p.firstPageMs), 'none'],
      ],
    );
  } else {
    console.log(`\nData directory ${p.dataDir}: existing (prepare start not reported)`);
  }
  const row = (label, s) => [label, ms(s.minMs), ms(s.medianMs), ms(s.maxMs), `≤ ${result.budget.ms} ms`, verdict(s.withinBudget)];
  printTable(
    `Server start to first 200 on an existing data directory (${result.runs} runs, fresh process each; verdict on the slowest run)`,
    ['measure', 'min', 'median', 'max', 'budget', 'verdict'],
    [row('spawn → GET /healthz 200', result.healthz), row(`spawn → GET / (${result.pageHost}) 200`, result.firstPage)],
  );
}

if (isMain(import.meta.url)) {
  const i = process.argv.indexOf('--runs');
  const runs = i === -1 ? DEFAULT_RUNS : Number(process.argv[i + 1]);
  await runStandalone(async () => {
    const result = await measureStartup({ runs });
    printStartup(result);
    const file = writeResult('startup.json', { generatedAt: new Date().toISOString(), build: buildInfo(), startup: result });
    console.log(`\nwritten ${file}`);
  });
}
