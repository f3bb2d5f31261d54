// The device search as the catalogue grows (issue 17): synthetic catalogues of 2,700, 20,000, 100,000
// and 200,000 devices (beyond the generator's ~26,000 distinct devices, repeated as numbered lots), each with the shop's analysis and query bodies — build time, the longest
// event-loop block while building (monitorEventLoopDelay), memory the index holds (heap and typed
// arrays), p50/p95 of the typo
// queries (50 rounds after 5 warm-up; repeated words hit the fuzzy-expansion cache as type-ahead does).
// Reports only. Run: `npx tsx bench/search-growth.ts [sizes…]` (large sizes need a few GB of memory).

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { deviceAnalysis } from '../server/catalogue/search-analysis';
import { generateSyntheticDevices } from '../server/test-support/synthetic-catalogue';
import { SearchIndex } from '../server/search/engine';
import { DEVICE_MAPPING } from '../server/search/mappings';
import { deviceSearchQuery } from '../src/services/catalogue/queries';

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
    const source = lot === 0 ? d : { ...d, id: d.id + lot * 10_000_000, name: `${d.name} lot ${lot}`, url: `${d.url}-lot-${lot}` };
    return { id: String(source.id), source };
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

console.log('devices   build ms  max event-loop block ms  index MB  p50 ms  p95 ms');
for (const size of SIZES.length > 0 ? SIZES : [2_700, 20_000, 100_000, 200_000]) {
  const docs = catalogueOf(size);
  global.gc?.();
  const used = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const heapBefore = used();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  // Let the monitor take a sample before the build starts, and one after it ends.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const started = performance.now();
  // Built as the shop builds it (paced), while the monitor watches the event loop.
  const index = await SearchIndex.buildPaced('default_devices', DEVICE_MAPPING, docs, deviceAnalysis('default'));
  const buildMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 50));
  delay.disable();
  global.gc?.();
  const heapMB = (used() - heapBefore) / 2 ** 20;
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
  console.log(
    `${String(size).padStart(7)}  ${String(Math.round(buildMs)).padStart(8)}  ${String(round1(delay.max / 1e6)).padStart(23)}  ${String(Math.round(heapMB)).padStart(7)}  ${percentile(samples, 50).toFixed(2).padStart(6)}  ${percentile(samples, 95).toFixed(2).padStart(6)}`,
  );
}
