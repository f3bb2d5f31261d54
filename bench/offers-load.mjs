// Offer API under load: POST /api/offers (Host de.localhost) with a real device and real answers,
// found through the search API like the shop does: the device `apple-iphone-13-128-gb` from
// de_devices (its id and categoryUrl), its category from de_aggregations (the questions), and the
// first answer of every question. Then autocannon, 50 connections: a 2 s warm-up run (not reported)
// and a 10 s measured run. Reports requests/s, latency p50/p90/p99/max, total requests, non-2xx
// responses and errors. Every request stores an offer in the benchmark's own database (lib.mjs).
// Budget: p99 ≤ 20 ms. The figures are only valid when every response was 2xx and nothing failed;
// timed-out requests (autocannon's 10 s) are missing from the latency histogram, so with timeouts
// only an over-budget p99 is still a verdict (a lower bound), anything else is not valid.
// Run alone: `node bench/offers-load.mjs`.

import { Buffer } from 'node:buffer';
import autocannon from 'autocannon';
import {
  BUDGETS,
  LOOPBACK,
  MeasureError,
  buildInfo,
  isMain,
  ms,
  postJson,
  printTable,
  round,
  runStandalone,
  startServer,
  verdict,
  writeResult,
} from './lib.mjs';

const HOST = 'de.localhost';
const DEVICE_URL = 'apple-iphone-13-128-gb';
export const CONNECTIONS = 50;
export const DURATION_S = 10;
export const WARMUP_S = 2;

/** POST /searches the way the shop does (basic authorisation when the server is configured for it). */
async function search(port, application, query, resultSize) {
  const headers = process.env.SEARCH_BASIC_AUTH
    ? { Authorization: `Basic ${Buffer.from(process.env.SEARCH_BASIC_AUTH).toString('base64')}` }
    : {};
  const res = await postJson({ port, host: HOST, path: '/searches', headers, value: { search: { query }, application, resultSize } });
  if (res.status !== 200) throw new MeasureError(`POST /searches (${application}) answered ${res.status}: ${res.text().slice(0, 300)}`);
  return res.json().hits.hits.map((h) => h._source);
}

/** The offer request body for the device: its id and the first answer of each of its category's questions. */
export async function offerBody(port) {
  const [device] = await search(port, 'de_devices', { term: { url: DEVICE_URL } }, 1);
  if (!device) throw new MeasureError(`no device ${DEVICE_URL} in de_devices`);
  const [category] = await search(
    port,
    'de_aggregations',
    { bool: { filter: [{ term: { url: device.categoryUrl } }, { term: { type: 'category' } }] } },
    1,
  );
  if (!category?.questions?.length) throw new MeasureError(`no category ${device.categoryUrl} with questions in de_aggregations`);
  const answers = {};
  for (const q of category.questions) {
    if (!q.answers?.length) throw new MeasureError(`question ${q.id} (${q.code}) has no answers`);
    answers[String(q.id)] = q.answers[0].id;
  }
  return { device: { id: device.id, name: device.name, categoryUrl: device.categoryUrl }, body: { deviceId: device.id, answers } };
}

function cannon({ port, body, duration }) {
  return autocannon({
    url: `http://${LOOPBACK}:${port}/api/offers`,
    method: 'POST',
    headers: { host: `${HOST}:${port}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    connections: CONNECTIONS,
    duration,
  });
}

export async function measureOffersLoad({ port }) {
  const { device, body } = await offerBody(port);
  // One request first: a body the API refuses would make every load figure meaningless.
  const probe = await postJson({ port, host: HOST, path: '/api/offers', value: body });
  await cannon({ port, body, duration: WARMUP_S });
  const r = await cannon({ port, body, duration: DURATION_S });
  const non2xx = r.non2xx;
  const valid = non2xx === 0 && r.errors === 0 && r['2xx'] > 0;
  const onlyTimeouts = non2xx === 0 && r['2xx'] > 0 && r.errors === r.timeouts;
  const withinBudget = r.latency.p99 <= BUDGETS.offersP99Ms;
  return {
    host: HOST,
    path: '/api/offers',
    device,
    body,
    probeStatus: probe.status,
    connections: CONNECTIONS,
    durationS: DURATION_S,
    warmupS: WARMUP_S,
    requestsPerSecond: round(r.requests.average, 1),
    latency: { p50Ms: r.latency.p50, p90Ms: r.latency.p90, p99Ms: r.latency.p99, maxMs: r.latency.max, meanMs: round(r.latency.average) },
    totalRequests: r.requests.total,
    responses2xx: r['2xx'],
    non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    budget: { p99Ms: BUDGETS.offersP99Ms },
    valid,
    withinBudget,
    /** Counted verdict: true within, false over, null not valid. */
    judged: valid ? withinBudget : onlyTimeouts && !withinBudget ? false : null,
  };
}

/** The verdict shown. */
export function offersVerdict(r) {
  if (r.valid) return verdict(r.withinBudget);
  if (r.judged === false) return `OVER budget (lower bound: ${r.timeouts} timed out)`;
  return r.non2xx > 0 ? `NOT VALID (${r.non2xx} non-2xx)` : `NOT VALID (${r.errors} errors)`;
}

export function printOffersLoad(r) {
  printTable(
    `Offer API load: POST ${r.path} on ${r.host}, ${r.connections} connections, ${r.durationS} s (after ${r.warmupS} s warm-up); ${r.device.name} (id ${r.device.id}), first answer of ${Object.keys(r.body.answers).length} questions`,
    ['metric', 'value', 'budget', 'verdict'],
    [
      ['throughput', `${r.requestsPerSecond} req/s`, '', ''],
      ['latency p50', ms(r.latency.p50Ms), '', ''],
      ['latency p90', ms(r.latency.p90Ms), '', ''],
      ['latency p99', ms(r.latency.p99Ms), `≤ ${r.budget.p99Ms} ms`, offersVerdict(r)],
      ['latency max', ms(r.latency.maxMs), '', ''],
      ['total requests', String(r.totalRequests), '', ''],
      ['non-2xx responses', String(r.non2xx), '', ''],
      ['errors', String(r.errors), '', ''],
      ['  of which timeouts', String(r.timeouts), '', ''],
    ],
  );
  if (!r.valid) {
    console.log('\n!!! ----------------------------------------------------------------------------------');
    console.log(
      `!!! THE OFFER LOAD FIGURES ARE NOT VALID: ${r.non2xx} non-2xx responses, ${r.errors} errors (${r.timeouts} timeouts) of ${r.totalRequests} requests.`,
    );
    if (r.timeouts > 0) console.log('!!! Timed-out requests are missing from the latencies: the true percentiles are higher still.');
    console.log(`!!! A single POST with the same body answered ${r.probeStatus}. Body: ${JSON.stringify(r.body)}`);
    console.log('!!! ----------------------------------------------------------------------------------');
  }
}

if (isMain(import.meta.url)) {
  await runStandalone(async () => {
    const server = await startServer();
    try {
      const result = await measureOffersLoad({ port: server.port });
      printOffersLoad(result);
      const file = writeResult('offers-load.json', { generatedAt: new Date().toISOString(), build: buildInfo(), offers: result });
      console.log(`\nwritten ${file}`);
    } finally {
      await server.stop();
    }
  });
}
