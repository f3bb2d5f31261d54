// The embedded search engine (server/search) in-process over a 20,000-device synthetic catalogue:
// index build time (5 builds, median) and the latency of typo searches as the shop sends them
// (the shop's device search body with the device index analysis, size 10): 20 warm-up rounds, then
// 200 measured rounds of every query; p50/p95/max per query and overall, the top 3 hits of each
// query, heap in use; then the relevance set (bench/search-relevance.ts). Budgets: build ≤ 1 s,
// p50 ≤ 1 ms, p95 ≤ 3 ms, hit@3 ≥ 97 %, zero results ≤ 1 %. Reports only, never fails on a budget.
// Writes bench/results/search-engine.json. Run: `npx tsx bench/search-engine.ts`.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deviceSearchQuery } from '../src/services/catalogue/queries';
import { deviceAnalysis } from '../server/catalogue/search-analysis';
import { generateSyntheticDevices } from '../server/test-support/synthetic-catalogue';
import { measureRelevance, printRelevance, RELEVANCE_BUDGETS } from './search-relevance';
import { SearchIndex } from '../server/search/engine';
import { DEVICE_MAPPING } from '../server/search/mappings';

const DEVICES = 20_000;
const BUILD_RUNS = 5;
const WARMUP_ROUNDS = 20;
const ROUNDS = 200;
/** Issue 17: p50 ≤ 1 ms, p95 ≤ 3 ms at 20,000 devices. */
const BUDGETS = { buildMs: 1000, p50Ms: 1, p95Ms: 3 };
const QUERIES = ['iphnoe 13', 'galxy s21', 'macbok pro', 'playstaton 5', 'pixle 7', 'ipda air', 'nintedo switch', 'canon eso 5d'];
const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));

/** The body the shop sends for a typed text (header box and results page). */
const bodyFor = (query: string) => deviceSearchQuery(query, 10);

/** Nearest-rank percentile of ascending `sorted`. */
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const round2 = (n: number) => Math.round(n * 100) / 100;
const verdict = (value: number, budget: number) => (value <= budget ? 'within budget' : 'OVER budget');

function latency(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50Ms: round2(percentile(sorted, 50)), p95Ms: round2(percentile(sorted, 95)), maxMs: round2(sorted[sorted.length - 1]!) };
}

function printTable(title: string, header: string[], rows: (string | number)[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: (string | number)[]) =>
    cells
      .map((c, i) => (typeof c === 'number' ? String(c).padStart(widths[i]!) : String(c).padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

const generateStarted = performance.now();
const docs = generateSyntheticDevices(DEVICES).map((d) => ({ id: String(d.id), source: d }));
const generateMs = performance.now() - generateStarted;

const buildRuns: number[] = [];
let index: SearchIndex | undefined;
for (let run = 0; run < BUILD_RUNS; run++) {
  const started = performance.now();
  index = SearchIndex.build('default_devices', DEVICE_MAPPING, docs, deviceAnalysis('default'));
  buildRuns.push(performance.now() - started);
}
const built = index!;
const buildMedianMs = round2([...buildRuns].sort((a, b) => a - b)[Math.floor(BUILD_RUNS / 2)]!);

const bodies = QUERIES.map(bodyFor);
for (let round = 0; round < WARMUP_ROUNDS; round++) for (const body of bodies) built.search(body);
const samples = QUERIES.map((): number[] => []);
for (let round = 0; round < ROUNDS; round++) {
  bodies.forEach((body, q) => {
    const started = performance.now();
    built.search(body);
    samples[q]!.push(performance.now() - started);
  });
}

const queries = QUERIES.map((query, q) => {
  const response = built.search(bodies[q]);
  return {
    query,
    ...latency(samples[q]!),
    totalHits: response.hits.total.value,
    top3: response.hits.hits.slice(0, 3).map((h) => ({ name: String(h._source!.name), score: round2(h._score ?? 0) })),
  };
});
const overall = latency(samples.flat());
const memory = process.memoryUsage();
const heap = { heapUsedMB: round2(memory.heapUsed / 2 ** 20), rssMB: round2(memory.rss / 2 ** 20) };

console.log(`Search engine benchmark (node ${process.version}): ${DEVICES} synthetic devices (generated in ${round2(generateMs)} ms)`);
printTable(
  `Index build (${BUILD_RUNS} runs)`,
  ['metric', 'value', 'budget', 'verdict'],
  [
    ['build median', `${buildMedianMs} ms`, `≤ ${BUDGETS.buildMs} ms`, verdict(buildMedianMs, BUDGETS.buildMs)],
    ['build runs', buildRuns.map((r) => `${Math.round(r)}`).join(', ') + ' ms', '', ''],
  ],
);
printTable(
  `Typo searches (the shop's device search body, src/services/catalogue/queries.ts; size 10; ${ROUNDS} rounds after ${WARMUP_ROUNDS} warm-up)`,
  ['query', 'p50 ms', 'p95 ms', 'max ms', 'hits'],
  queries.map((r) => [r.query, r.p50Ms, r.p95Ms, r.maxMs, r.totalHits]),
);
printTable(
  'Overall latency',
  ['metric', 'value', 'budget', 'verdict'],
  [
    ['p50', `${overall.p50Ms} ms`, `≤ ${BUDGETS.p50Ms} ms`, verdict(overall.p50Ms, BUDGETS.p50Ms)],
    ['p95', `${overall.p95Ms} ms`, `≤ ${BUDGETS.p95Ms} ms`, verdict(overall.p95Ms, BUDGETS.p95Ms)],
    ['max', `${overall.maxMs} ms`, '', ''],
  ],
);
console.log('\nTop 3 hits per query');
for (const r of queries) console.log(`  ${r.query.padEnd(16)} ${r.top3.map((h) => `${h.name} (${h.score})`).join(' | ')}`);
console.log(`\nHeap used ${heap.heapUsedMB} MB, RSS ${heap.rssMB} MB (index of ${built.size} devices alive)`);

const relevance = measureRelevance();
printRelevance(relevance);

mkdirSync(RESULTS_DIR, { recursive: true });
const file = join(RESULTS_DIR, 'search-engine.json');
writeFileSync(
  file,
  `${JSON.stringify(
    {
      generatedAt: new Date().toISOString(),
      node: process.version,
      catalogue: { devices: DEVICES, seed: 1, generateMs: round2(generateMs) },
      budgets: BUDGETS,
      build: { runsMs: buildRuns.map(round2), medianMs: buildMedianMs, withinBudget: buildMedianMs <= BUDGETS.buildMs },
      search: { warmupRounds: WARMUP_ROUNDS, rounds: ROUNDS, body: bodyFor('<query>'), queries },
      overall: { ...overall, withinBudget: overall.p50Ms <= BUDGETS.p50Ms && overall.p95Ms <= BUDGETS.p95Ms },
      memory: heap,
      relevance: { budgets: RELEVANCE_BUDGETS, ...relevance },
    },
    null,
    2,
  )}\n`,
);
console.log(`Wrote ${file}`);
