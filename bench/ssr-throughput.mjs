// SSR throughput against a static file, and the server's memory. Budget: the home page (Host
// de.localhost), kept in the page cache and sent as its stored brotli bytes (decision 089), serves at
// least 2× the requests per second of a static JS chunk on the same server (the smallest chunk the
// home page preloads, so the figure is the static pipeline's, not the disk's), each measured in one
// autocannon run (10 connections, 10 s, `Accept-Encoding: br, gzip` like a browser, after a short
// untimed warm-up). A third run asks for the home page without compression (the ceiling: the stored
// HTML as it is), a fourth for `/?n=<unique>` so every request is rendered (the page cache misses):
// budget ≥ 0.15× the static chunk, and the server's main-thread CPU per render (Linux
// /proc/<pid>/task/<pid>/stat, user + system over the run's requests; brotli runs on other threads):
// budget ≤ 5 ms. Server RSS (Linux /proc/<pid>/status VmRSS) is read right after
// start and after the runs; budget ≤ 400 MB after start. The main-thread CPU per answer of the home
// and static runs is printed too: where the load generator shares two cores with the server, req/s
// stops at what the generator can send, and the CPU per answer shows what each costs the server.
// Run alone: `node bench/ssr-throughput.mjs`.

import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { initialScripts } from './bundle-size.mjs';
import {
  LOOPBACK,
  MeasureError,
  buildInfo,
  isMain,
  printTable,
  request,
  round,
  runStandalone,
  sleep,
  startServer,
  writeResult,
} from './lib.mjs';

const HOST = 'de.localhost';
export const THROUGHPUT_BUDGET = { ssrToStaticRatio: 2, renderedToStaticRatio: 0.15, renderCpuMs: 5, rssAfterStartMB: 400 };
const CONNECTIONS = 10;
const DURATION_S = 10;

/** RSS once the server has answered a page and settled (the search indexes build after listening). */
export async function rssAfterStart(server) {
  const home = await request({ port: server.port, host: HOST, path: '/' });
  if (home.status !== 200) throw new MeasureError(`GET / (Host ${HOST}) answered ${home.status}`);
  await sleep(3000);
  return rssMB(server.child.pid);
}

/** CPU time (user + system) of a process's main thread in ms (Linux clock ticks of 10 ms); null elsewhere. */
function mainThreadCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Resident memory of a process in MB (Linux); null elsewhere. */
export function rssMB(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)\s+kB/m);
    return line ? round(Number(line[1]) / 1024, 1) : null;
  } catch {
    return null;
  }
}

function run({ port, path, setupRequest, duration = DURATION_S, encoding = 'br, gzip' }) {
  return new Promise((done, fail) => {
    autocannon(
      {
        url: `http://${LOOPBACK}:${port}${path}`,
        connections: CONNECTIONS,
        duration,
        headers: { host: HOST, ...(encoding && { 'accept-encoding': encoding }) },
        ...(setupRequest && { requests: [{ setupRequest }] }),
      },
      (error, result) => {
        if (error) return fail(new MeasureError(`autocannon ${path}: ${error.message}`));
        const non2xx = result.non2xx + result.errors + result.timeouts;
        if (non2xx > 0) return fail(new MeasureError(`autocannon ${path}: ${non2xx} answers were not 2xx (or failed)`));
        done({
          path,
          requestsPerSecond: round(result.requests.average, 1),
          latencyP50Ms: result.latency.p50,
          latencyP99Ms: result.latency.p99,
          requests: result.requests.total,
        });
      },
    );
  });
}

/**
 * A run with the server's main-thread CPU per answer (ms). On two cores the load generator takes one,
 * so req/s can stop rising before the server is busy: this figure shows what an answer costs the
 * server itself.
 */
async function withCpu(pid, running) {
  const before = mainThreadCpuMs(pid);
  const result = await running;
  const after = mainThreadCpuMs(pid);
  return { ...result, cpuPerAnswerMs: before === null || after === null ? null : round((after - before) / result.requests, 3) };
}

export async function measureSsrThroughput({ port, pid, rssAfterStartMB }) {
  const home = await request({ port, host: HOST, path: '/' });
  if (home.status !== 200) throw new MeasureError(`GET / (Host ${HOST}) answered ${home.status}`);
  const { preloads } = initialScripts(home.text());
  const sizes = await Promise.all(
    preloads.map(async (path) => ({
      path,
      size: (await request({ port, host: HOST, path, headers: { 'accept-encoding': 'br, gzip' } })).wire.length,
    })),
  );
  const entry = sizes.sort((a, b) => a.size - b.size)[0]?.path;
  if (!entry) throw new MeasureError('the home page preloads no JS chunk');
  await run({ port, path: '/', duration: 1 });
  await run({ port, path: entry, duration: 1 });
  const ssr = await withCpu(pid, run({ port, path: '/' }));
  const staticChunk = await withCpu(pid, run({ port, path: entry }));
  const uncompressed = await run({ port, path: '/', encoding: null });
  let n = 0;
  const rendered = await withCpu(pid, run({ port, path: '/', setupRequest: (req) => ({ ...req, path: `/?n=${n++}` }) }));
  const renderCpuMs = rendered.cpuPerAnswerMs === null ? null : round(rendered.cpuPerAnswerMs, 2);
  const ratio = round(ssr.requestsPerSecond / staticChunk.requestsPerSecond, 2);
  return {
    host: HOST,
    connections: CONNECTIONS,
    durationS: DURATION_S,
    ssr,
    static: staticChunk,
    rendered,
    uncompressed,
    ratio,
    renderCpuMs,
    cpuRatio: ssr.cpuPerAnswerMs && staticChunk.cpuPerAnswerMs !== null ? round(staticChunk.cpuPerAnswerMs / ssr.cpuPerAnswerMs, 2) : null,
    renderCpuWithinBudget: renderCpuMs === null ? null : renderCpuMs <= THROUGHPUT_BUDGET.renderCpuMs,
    uncompressedRatio: round(uncompressed.requestsPerSecond / staticChunk.requestsPerSecond, 2),
    renderedRatio: round(rendered.requestsPerSecond / staticChunk.requestsPerSecond, 2),
    rssAfterStartMB,
    rssAfterLoadMB: rssMB(pid),
    budget: THROUGHPUT_BUDGET,
    withinBudget: ratio >= THROUGHPUT_BUDGET.ssrToStaticRatio,
    renderedWithinBudget: rendered.requestsPerSecond / staticChunk.requestsPerSecond >= THROUGHPUT_BUDGET.renderedToStaticRatio,
    rssWithinBudget: rssAfterStartMB === null ? null : rssAfterStartMB <= THROUGHPUT_BUDGET.rssAfterStartMB,
  };
}

export function printSsrThroughput(r) {
  const v = (ok) => (ok === null ? 'not measured' : ok ? 'within budget' : 'OVER budget');
  printTable(
    `SSR throughput on ${r.host} (autocannon, ${r.connections} connections, ${r.durationS} s each)`,
    ['metric', 'value', 'budget', 'verdict'],
    [
      ['home page /, req/s', `${r.ssr.requestsPerSecond} (p50 ${r.ssr.latencyP50Ms} ms)`, '', ''],
      [`static chunk ${r.static.path}, req/s`, `${r.static.requestsPerSecond} (p50 ${r.static.latencyP50Ms} ms)`, '', ''],
      ['home / static', `${r.ratio}×`, `≥ ${r.budget.ssrToStaticRatio}×`, v(r.withinBudget)],
      [
        'main-thread CPU per answer: home, static chunk',
        r.cpuRatio === null ? 'n/a' : `${r.ssr.cpuPerAnswerMs} ms, ${r.static.cpuPerAnswerMs} ms (home ${r.cpuRatio}× cheaper)`,
        '',
        '',
      ],
      [
        'home uncompressed (the ceiling), req/s',
        `${r.uncompressed.requestsPerSecond} (${r.uncompressedRatio}×, p50 ${r.uncompressed.latencyP50Ms} ms)`,
        '',
        '',
      ],
      ['home rendered every time (/?n=…), req/s', `${r.rendered.requestsPerSecond} (p50 ${r.rendered.latencyP50Ms} ms)`, '', ''],
      ['rendered / static', `${r.renderedRatio}×`, `≥ ${r.budget.renderedToStaticRatio}×`, v(r.renderedWithinBudget)],
      [
        'main-thread CPU per render',
        r.renderCpuMs === null ? 'n/a' : `${r.renderCpuMs} ms`,
        `≤ ${r.budget.renderCpuMs} ms`,
        v(r.renderCpuWithinBudget),
      ],
      [
        'server RSS after start',
        r.rssAfterStartMB === null ? 'n/a' : `${r.rssAfterStartMB} MB`,
        `≤ ${r.budget.rssAfterStartMB} MB`,
        v(r.rssWithinBudget),
      ],
      ['server RSS after the runs', r.rssAfterLoadMB === null ? 'n/a' : `${r.rssAfterLoadMB} MB`, '', ''],
    ],
  );
}

if (isMain(import.meta.url)) {
  await runStandalone(async () => {
    const server = await startServer();
    try {
      const rssAfterStartMB = await rssAfterStart(server);
      const result = await measureSsrThroughput({ port: server.port, pid: server.child.pid, rssAfterStartMB });
      printSsrThroughput(result);
      const file = writeResult('ssr-throughput.json', { generatedAt: new Date().toISOString(), build: buildInfo(), throughput: result });
      console.log(`\nwritten ${file}`);
    } finally {
      await server.stop();
    }
  });
}
