// Server start to first 200: wall time from spawning `node dist/server/main.js` (NODE_ENV=production,
// a free loopback PORT) until GET /healthz answers 200, and until the first GET / (Host de.localhost)
// answers 200 (polled after /healthz, response fully read). Each run is a fresh process, killed
// afterwards; 5 runs, min/median/max. Whatever the server does at start (e.g. a later database
// connection) is inside the figure. Budget: ≤ 2 s, judged on the slowest run.
// Run alone: `node bench/startup.mjs [--runs N]`.

import {
  BUDGETS,
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

export async function measureStartup({ runs = DEFAULT_RUNS } = {}) {
  const count = Math.min(Math.max(1, Math.floor(runs) || DEFAULT_RUNS), 20);
  const samples = [];
  for (let i = 0; i < count; i++) samples.push(await oneRun());
  const summarize = (key) => {
    const s = stats(samples.map((r) => r[key]));
    return { minMs: round(s.min, 1), medianMs: round(s.median, 1), maxMs: round(s.max, 1), withinBudget: s.max <= BUDGETS.startupMs };
  };
  return {
    budget: { ms: BUDGETS.startupMs, judgedOn: 'max' },
    runs: count,
    pageHost: PAGE_HOST,
    healthz: summarize('healthzMs'),
    firstPage: summarize('firstPageMs'),
    samples: samples.map((r) => ({ healthzMs: round(r.healthzMs, 1), firstPageMs: round(r.firstPageMs, 1) })),
  };
}

export function printStartup(result) {
  const row = (label, s) => [label, ms(s.minMs), ms(s.medianMs), ms(s.maxMs), `≤ ${result.budget.ms} ms`, verdict(s.withinBudget)];
  printTable(`Server start to first 200 (${result.runs} runs, fresh process each; verdict on the slowest run)`, ['measure', 'min', 'median', 'max', 'budget', 'verdict'], [
    row('spawn → GET /healthz 200', result.healthz),
    row(`spawn → GET / (${result.pageHost}) 200`, result.firstPage),
  ]);
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
