// Server memory under a minute of mixed load (issue 34, part 4): resident memory (Linux VmRSS) of the
// production server once it has answered a page and settled, then while autocannon sends 60 s of mixed
// traffic from 10 connections, each cycling through what shoppers cause: the kept home pages of every
// shop, a category and a device page, a page rendered afresh every time (`?n=<unique>`, the cache
// misses), the results page of a typo search, and an offer quote (POST /api/offers, written to
// the database). RSS is read every 5 s; the verdict is on the reading after the 60 s (and the peak is
// reported). Budgets: ≤ 400 MB after start, ≤ 600 MB after the load.
// The database is the benchmark's embedded one (lib.mjs); with BENCH_DATABASE_URL set the server uses
// that PostgreSQL database instead, so the same run reports PostgreSQL mode.
// Run alone: `node bench/memory.mjs` (or `BENCH_DATABASE_URL=postgres://… node bench/memory.mjs`).

import autocannon from 'autocannon';
import { clearInterval, setInterval } from 'node:timers';
import {
  LOOPBACK,
  MeasureError,
  buildInfo,
  isMain,
  postJson,
  printTable,
  round,
  runStandalone,
  startServer,
  verdict,
  writeResult,
} from './lib.mjs';
import { offerBody } from './offers-load.mjs';
import { rssAfterStart, rssMB } from './ssr-throughput.mjs';

export const MEMORY_BUDGET = { rssAfterStartMB: 400, rssAfterLoadMB: 600 };
const CONNECTIONS = 10;
const DURATION_S = 60;
const SAMPLE_EVERY_MS = 5000;
const HOMES = ['localhost', 'de.localhost', 'at.localhost', 'es.localhost', 'fr.localhost', 'it.localhost'];

/** One connection's cycle of requests (autocannon repeats it for the whole run). */
function mixedRequests(port, offer) {
  const host = (name) => ({ host: `${name}:${port}` });
  let n = 0;
  return [
    ...HOMES.map((name) => ({ method: 'GET', path: '/', headers: { ...host(name), 'accept-encoding': 'br, gzip' } })),
    { method: 'GET', path: '/verkaufen/smartphones', headers: { ...host('de.localhost'), 'accept-encoding': 'br, gzip' } },
    { method: 'GET', path: '/produkte/apple-iphone-13-128-gb', headers: { ...host('de.localhost'), 'accept-encoding': 'br, gzip' } },
    {
      method: 'GET',
      headers: { ...host('fr.localhost'), 'accept-encoding': 'br, gzip' },
      setupRequest: (req) => ({ ...req, path: `/?n=${n++}` }),
    },
    // The results page of a typo search: rendered every time (a query string is never kept), with the
    // shop's own device search body.
    { method: 'GET', path: '/suche?q=iphnoe+13', headers: { ...host('de.localhost'), 'accept-encoding': 'br, gzip' } },
    {
      method: 'POST',
      path: '/api/offers',
      headers: { ...host('de.localhost'), 'content-type': 'application/json' },
      body: JSON.stringify(offer),
    },
  ];
}

export async function measureMemory() {
  const server = await startServer();
  try {
    const pid = server.child.pid;
    const afterStartMB = await rssAfterStart(server);
    if (afterStartMB === null) throw new MeasureError('no /proc/<pid>/status: resident memory is read on Linux only');
    const { body } = await offerBody(server.port);
    const probe = await postJson({ port: server.port, host: 'de.localhost', path: '/api/offers', value: body });
    if (probe.status !== 201 && probe.status !== 200) throw new MeasureError(`POST /api/offers answered ${probe.status}`);
    const samples = [];
    const sampler = setInterval(() => samples.push(rssMB(pid)), SAMPLE_EVERY_MS);
    let result;
    try {
      result = await autocannon({
        url: `http://${LOOPBACK}:${server.port}`,
        connections: CONNECTIONS,
        duration: DURATION_S,
        requests: mixedRequests(server.port, body),
      });
    } finally {
      clearInterval(sampler);
    }
    const afterLoadMB = rssMB(pid);
    const failed = result.non2xx + result.errors + result.timeouts;
    if (failed > 0) throw new MeasureError(`mixed load: ${failed} of ${result.requests.total} answers were not 2xx (or failed)`);
    const peakMB = Math.max(afterLoadMB, ...samples);
    return {
      database: process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded (PGlite)',
      connections: CONNECTIONS,
      durationS: DURATION_S,
      requests: result.requests.total,
      requestsPerSecond: round(result.requests.average, 1),
      rssAfterStartMB: afterStartMB,
      rssSamplesMB: samples,
      rssPeakMB: peakMB,
      rssAfterLoadMB: afterLoadMB,
      budget: MEMORY_BUDGET,
      afterStartWithinBudget: afterStartMB <= MEMORY_BUDGET.rssAfterStartMB,
      afterLoadWithinBudget: afterLoadMB <= MEMORY_BUDGET.rssAfterLoadMB,
    };
  } finally {
    await server.stop();
  }
}

export function printMemory(r) {
  printTable(
    `Server memory, ${r.database}: ${r.durationS} s of mixed load from ${r.connections} connections (${r.requests} requests, ${r.requestsPerSecond} req/s)`,
    ['metric', 'value', 'budget', 'verdict'],
    [
      ['RSS after start', `${r.rssAfterStartMB} MB`, `≤ ${r.budget.rssAfterStartMB} MB`, verdict(r.afterStartWithinBudget)],
      ['RSS every 5 s under load', r.rssSamplesMB.map((mb) => Math.round(mb)).join(', '), '', ''],
      ['RSS peak', `${r.rssPeakMB} MB`, '', ''],
      [`RSS after ${r.durationS} s of load`, `${r.rssAfterLoadMB} MB`, `≤ ${r.budget.rssAfterLoadMB} MB`, verdict(r.afterLoadWithinBudget)],
    ],
  );
}

if (isMain(import.meta.url)) {
  await runStandalone(async () => {
    const r = await measureMemory();
    printMemory(r);
    console.log(`\nwritten ${writeResult('memory.json', { generatedAt: new Date().toISOString(), build: buildInfo(), ...r })}`);
  });
}
