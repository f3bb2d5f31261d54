// The device search as the catalogue grows (issues 17 and 34): synthetic catalogues of 2,700 to
// 1,000,000 devices (beyond the generator's ~26,000 distinct devices, repeated as numbered lots), each
// with the German shop's analysis (the one issue 34's budgets name) and query bodies. Per size: the
// paced build's time; the longest event-loop block while building, both as monitorEventLoopDelay sees
// it and as the longest gap of a chained setImmediate loop (what a request waiting for its turn sees);
// memory the index holds (heap and typed arrays); MiniSearch's build of the same documents' text fields
// in the same run (its synchronous addAll, the faster of its two) and the memory it holds; p50/p95 of
// the typo queries (50 rounds after 5 warm-up; repeated words hit the fuzzy-expansion cache as
// type-ahead does). Budgets (issue 34), printed with a verdict for the sizes measured: at 200,000 p95
// ≤ 10 ms and a build no slower than MiniSearch's; at 1,000,000 p95 ≤ 50 ms and ≤ 500 MB; no
// setImmediate gap over 50 ms at any size. Reports only; writes bench/results/search-growth.json.
// Run with the V8 flags the server runs with (package.json "start", decision 100):
// `node --no-concurrent-marking --heap-growing-percent=100 --expose-gc --import tsx bench/search-growth.ts [sizes…]` (without
// --expose-gc the memory figures include garbage; 1,000,000 devices need about 6 GB: add
// --max-old-space-size=8192), or `npm run bench -- --search-growth` (200,000 and 1,000,000 devices,
// about 4 minutes).

import { monitorEventLoopDelay } from 'node:perf_hooks';
import MiniSearch from 'minisearch';
import { DEVICE_TEXT_FIELDS, deviceAnalysis } from '../server/catalogue/search-analysis';
import { generateSyntheticDevices } from '../server/test-support/synthetic-catalogue';
import { SearchIndex } from '../server/search/engine';
import { DEVICE_MAPPING } from '../server/search/mappings';
import { deviceSearchQuery } from '../src/services/catalogue/queries';
import { printTable, verdict, writeResult } from './lib.mjs';

/** The synthetic generator's distinct devices end near 26,000: larger catalogues repeat them as further lots. */
function catalogueOf(size: number) {
  let distinct: ReturnType<typeof generateSyntheticDevices>;
  try {
    distinct = generateSyntheticDevices(size);
  } catch {
    distinct = generateSyntheticDevices(25_000);
  }
  return Array.from({ length: size }, (_, i) => {
    const d = distinct[i % distinct.length]!;
    const lot = Math.floor(i / distinct.length);
    // Joined, not a template literal: a template makes a rope (V8's cons string), which the build's
    // first regular expression flattens into a copy that the documents keep. The copies counted as
    // index memory (200,000 devices alone: 108 MB with them, 93 without; 1,000,000: 540 and 457 MB).
    // Documents read from the database are flat strings from the start.
    const source =
      lot === 0 ? d : { ...d, id: d.id + lot * 10_000_000, name: [d.name, 'lot', lot].join(' '), url: [d.url, 'lot', lot].join('-') };
    return { id: String(source.id), source: source as unknown as Record<string, unknown> };
  });
}

const SIZES = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const QUERIES = [
  'iphnoe 13',
  'galxy s21',
  'macbok pro',
  'playstaton 5',
  'pixle 7',
  'ipda air',
  'nintedo switch',
  'canon eso 5d',
  'one plus 9',
  'gal s2',
];
const ROUNDS = 50;
const WARMUP = 5;

const round1 = (n: number) => Math.round(n * 10) / 10;
const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
/**
 * Heap and typed arrays held after full collections. Freed ArrayBuffers are released by a sweeper after
 * the collection, so one `gc()` and an immediate reading counted up to a third more at 200,000 devices
 * (107 to 141 MB for the same index): the lowest of a few readings, each after a collection and a turn
 * of the event loop.
 */
const heldBytes = async () => {
  let least = Infinity;
  for (let i = 0; i < 3; i++) {
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const m = process.memoryUsage();
    least = Math.min(least, m.heapUsed + m.arrayBuffers);
  }
  return least;
};

/**
 * Runs `work` while a chained setImmediate loop measures how long the event loop went without
 * turning (the longest gap between two of its callbacks) and monitorEventLoopDelay samples it too.
 */
async function watchingTheLoop<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; delayMaxMs: number; gapMaxMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let gapMax = 0;
  let last = performance.now();
  let watching = true;
  const tick = () => {
    const now = performance.now();
    gapMax = Math.max(gapMax, now - last);
    last = now;
    if (watching) setImmediate(tick);
  };
  // Let the monitor take a sample before the work starts, and one after it ends.
  await new Promise((resolve) => setTimeout(resolve, 50));
  // The first gap is measured from here, not from before the wait above.
  last = performance.now();
  setImmediate(tick);
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  watching = false;
  await new Promise((resolve) => setTimeout(resolve, 50));
  delay.disable();
  return { result, ms, delayMaxMs: delay.max / 1e6, gapMaxMs: gapMax };
}

/** MiniSearch over the same documents' text fields: its build time and the memory it holds (measured while it is alive). */
async function miniSearchBuild(docs: readonly { id: string; source: Record<string, unknown> }[]): Promise<{ ms: number; mb: number }> {
  const before = await heldBytes();
  const started = performance.now();
  const mini = new MiniSearch<{ id: string; source: Record<string, unknown> }>({
    fields: [...DEVICE_TEXT_FIELDS],
    extractField: (doc, field) => (field === 'id' ? doc.id : doc.source[field]),
  });
  mini.addAll(docs);
  const ms = performance.now() - started;
  const mb = ((await heldBytes()) - before) / 2 ** 20;
  // Keeps it alive through the measurement above.
  if (mini.documentCount !== docs.length) throw new Error('MiniSearch lost documents');
  return { ms, mb };
}

const columns = [
  'devices',
  'build ms',
  'MiniSearch ms',
  'loop delay ms',
  'setImmediate gap ms',
  'index MB',
  'MiniSearch MB',
  'p50 ms',
  'p95 ms',
];
/** What one size measured (the row printed for it). */
interface GrowthFigures {
  readonly devices: number;
  readonly buildMs: number;
  readonly miniSearchBuildMs: number;
  readonly loopDelayMaxMs: number;
  readonly setImmediateGapMaxMs: number;
  readonly indexMB: number;
  readonly miniSearchMB: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
}
const BUDGETS = { p95At200kMs: 10, p95At1MMs: 50, indexAt1MMB: 500, gapMs: 50 } as const;
const measured: GrowthFigures[] = [];

console.log(columns.join('  '));
for (const size of SIZES.length > 0 ? SIZES : [2_700, 20_000, 100_000, 200_000]) {
  const docs = catalogueOf(size);
  const before = await heldBytes();
  // Built as the shop builds it (paced), while the monitors watch the event loop.
  const build = await watchingTheLoop(() => SearchIndex.buildPaced('de_devices', DEVICE_MAPPING, docs, deviceAnalysis('de')));
  const index = build.result;
  const indexMB = ((await heldBytes()) - before) / 2 ** 20;

  const mini = await miniSearchBuild(docs);

  const bodies = QUERIES.map((q) => deviceSearchQuery(q, 10));
  for (let r = 0; r < WARMUP; r++) for (const body of bodies) index.search(body);
  const samples: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const body of bodies) {
      const t = performance.now();
      index.search(body);
      samples.push(performance.now() - t);
    }
  }
  samples.sort((a, b) => a - b);
  const cells = [
    size,
    Math.round(build.ms),
    Math.round(mini.ms),
    round1(build.delayMaxMs),
    round1(build.gapMaxMs),
    Math.round(indexMB),
    Math.round(mini.mb),
    percentile(samples, 50).toFixed(2),
    percentile(samples, 95).toFixed(2),
  ];
  console.log(cells.map((c, i) => String(c).padStart(columns[i]!.length)).join('  '));
  measured.push({
    devices: size,
    buildMs: Math.round(build.ms),
    miniSearchBuildMs: Math.round(mini.ms),
    loopDelayMaxMs: round1(build.delayMaxMs),
    setImmediateGapMaxMs: round1(build.gapMaxMs),
    indexMB: Math.round(indexMB),
    miniSearchMB: Math.round(mini.mb),
    p50Ms: Number(percentile(samples, 50).toFixed(2)),
    p95Ms: Number(percentile(samples, 95).toFixed(2)),
  });
}

/** Issue 34's budgets, for the sizes this run measured: [figure, value, budget, within]. */
function verdicts(): [string, string, string, boolean][] {
  const rows: [string, string, string, boolean][] = [];
  const at = (devices: number) => measured.find((m) => m.devices === devices);
  const at200k = at(200_000);
  if (at200k) {
    rows.push(['200,000 devices: p95', `${at200k.p95Ms} ms`, `≤ ${BUDGETS.p95At200kMs} ms`, at200k.p95Ms <= BUDGETS.p95At200kMs]);
    rows.push([
      '200,000 devices: build (MiniSearch in the same run)',
      `${at200k.buildMs} ms (${at200k.miniSearchBuildMs} ms)`,
      "≤ MiniSearch's",
      at200k.buildMs <= at200k.miniSearchBuildMs,
    ]);
  }
  const at1M = at(1_000_000);
  if (at1M) {
    rows.push(['1,000,000 devices: p95', `${at1M.p95Ms} ms`, `≤ ${BUDGETS.p95At1MMs} ms`, at1M.p95Ms <= BUDGETS.p95At1MMs]);
    rows.push([
      '1,000,000 devices: index memory',
      `${at1M.indexMB} MB`,
      `≤ ${BUDGETS.indexAt1MMB} MB`,
      at1M.indexMB <= BUDGETS.indexAt1MMB,
    ]);
  }
  for (const m of measured) {
    rows.push([
      `${m.devices.toLocaleString('en')} devices: longest setImmediate gap while building`,
      `${m.setImmediateGapMaxMs} ms`,
      `≤ ${BUDGETS.gapMs} ms`,
      m.setImmediateGapMaxMs <= BUDGETS.gapMs,
    ]);
  }
  return rows;
}

const judged = verdicts();
printTable(
  'Search as the catalogue grows: budgets (issue 34)',
  ['figure', 'value', 'budget', 'verdict'],
  judged.map(([figure, value, budget, within]) => [figure, value, budget, verdict(within)]),
);
writeResult('search-growth.json', {
  generatedAt: new Date().toISOString(),
  node: process.version,
  budgets: BUDGETS,
  sizes: measured,
  verdicts: judged.map(([figure, value, budget, withinBudget]) => ({ figure, value, budget, withinBudget })),
});
