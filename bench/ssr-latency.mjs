// SSR latency/throughput (bonus, no budget): 200 sequential GET /?n=<i> requests (Host de.localhost,
// `Accept-Encoding: br, gzip` like a browser, one keep-alive connection, loopback) after 10 untimed
// warm-up requests; time from sending to the last body byte. Reports median, p95, min, max and req/s.
// The query string makes every request a render: the server keeps rendered catalogue pages only for
// URLs without one (ssr-throughput.mjs measures the kept page).
// Run alone: `node bench/ssr-latency.mjs`.

import http from 'node:http';
import { MeasureError, buildInfo, isMain, ms, printTable, request, round, runStandalone, startServer, stats, writeResult } from './lib.mjs';

export const REQUESTS = 200;
const WARMUP = 10;
const HOST = 'de.localhost';

export async function measureSsrLatency({ port, requests = REQUESTS, host = HOST }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    let n = 0;
    const get = async () => {
      const res = await request({ port, host, path: `/?n=${n++}`, agent, headers: { 'Accept-Encoding': 'br, gzip' } });
      if (res.status !== 200) throw new MeasureError(`GET / (Host ${host}) answered ${res.status}`);
    };
    for (let i = 0; i < WARMUP; i++) await get();
    const latencies = [];
    const started = performance.now();
    for (let i = 0; i < requests; i++) {
      const t = performance.now();
      await get();
      latencies.push(performance.now() - t);
    }
    const elapsed = performance.now() - started;
    const s = stats(latencies);
    return {
      host,
      path: '/',
      requests,
      warmup: WARMUP,
      medianMs: round(s.median),
      p95Ms: round(s.p95),
      minMs: round(s.min),
      maxMs: round(s.max),
      meanMs: round(s.mean),
      requestsPerSecond: round((requests / elapsed) * 1000, 1),
    };
  } finally {
    agent.destroy();
  }
}

export function printSsrLatency(r) {
  printTable(
    `SSR latency: ${r.requests} sequential GET /?n=… (each rendered) on ${r.host} (after ${r.warmup} warm-up; no budget)`,
    ['median', 'p95', 'min', 'max', 'throughput'],
    [[ms(r.medianMs, 2), ms(r.p95Ms, 2), ms(r.minMs, 2), ms(r.maxMs, 2), `${r.requestsPerSecond} req/s`]],
  );
}

if (isMain(import.meta.url)) {
  await runStandalone(async () => {
    const server = await startServer();
    try {
      const result = await measureSsrLatency({ port: server.port });
      printSsrLatency(result);
      const file = writeResult('ssr-latency.json', { generatedAt: new Date().toISOString(), build: buildInfo(), ssr: result });
      console.log(`\nwritten ${file}`);
    } finally {
      await server.stop();
    }
  });
}
