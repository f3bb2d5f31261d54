// The relevance sets: what sellers type and the model they mean (bench/relevance/queries.json: models,
// typos, model numbers; bench/relevance/families.json: a line's name in every shop language, issue 30),
// run through the device search exactly as the header box sends it (the shop's query builder, the
// shop's catalogue, the locale's index, one line per model). Prints hit@1, hit@3 and the queries
// without any result, per kind of query and overall; budgets hit@3 ≥ 97 %, zero results ≤ 1 %. The
// recorded scores are kept by scripts/search-relevance.test.ts.
// Standalone: `npx tsx bench/search-relevance.ts`; `bench/search-engine.ts` includes its figures.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isLocale, type Locale } from '../src/config/locales';
import { deviceSearchQuery, groupByModel } from '../src/services/catalogue/queries';
import { deviceAnalysis } from '../server/catalogue/search-analysis';
import { buildSearchDocs } from '../server/catalogue/search-docs';
import { loadSeedCatalogue } from '../server/catalogue/seed';
import { SearchIndex } from '../server/search/engine';
import { DEVICE_MAPPING } from '../server/search/mappings';

export const RELEVANCE_BUDGETS = { hitAt3Pct: 97, zeroResultsPct: 1 };
export type RelevanceSet = 'queries' | 'families';
const setFile = (set: RelevanceSet) => fileURLToPath(new URL(`./relevance/${set}.json`, import.meta.url));

interface Row {
  readonly locale: Locale;
  readonly query: string;
  readonly model: string;
  readonly kind: string;
}

export interface RelevanceResult {
  readonly set: RelevanceSet;
  readonly queries: number;
  readonly hitAt1: number;
  readonly hitAt3: number;
  readonly zeroResults: number;
  readonly hitAt1Pct: number;
  readonly hitAt3Pct: number;
  readonly zeroResultsPct: number;
  readonly byKind: Record<string, { queries: number; hitAt1: number; hitAt3: number; zeroResults: number }>;
  /** Queries whose model is not among the first three hits, with what came instead. */
  readonly misses: { locale: string; query: string; model: string; top3: string[] }[];
}

function loadSet(set: RelevanceSet): Row[] {
  const raw = JSON.parse(readFileSync(setFile(set), 'utf8')) as { queries: [string, string, string, string][] };
  return raw.queries.map(([locale, query, model, kind], i) => {
    if (!isLocale(locale)) throw new Error(`relevance set row ${i + 1}: unknown locale ${locale}`);
    return { locale, query, model, kind };
  });
}

const pct = (n: number, of: number) => Math.round((n / of) * 1000) / 10;

let catalogue: ReturnType<typeof loadSeedCatalogue> | undefined;
const indexes = new Map<Locale, SearchIndex>();

export function measureRelevance(set: RelevanceSet = 'queries'): RelevanceResult {
  const rows = loadSet(set);
  catalogue ??= loadSeedCatalogue();
  const models = new Set(catalogue.devices.map((d) => d.model));
  for (const row of rows) if (!models.has(row.model)) throw new Error(`relevance set: no model "${row.model}" (query "${row.query}")`);
  const indexOf = (locale: Locale) => {
    let index = indexes.get(locale);
    if (!index) {
      const docs = buildSearchDocs(catalogue!, locale).devices;
      indexes.set(locale, (index = SearchIndex.build(`${locale}_devices`, DEVICE_MAPPING, docs, deviceAnalysis(locale))));
    }
    return index;
  };
  let hitAt1 = 0;
  let hitAt3 = 0;
  let zeroResults = 0;
  const byKind: RelevanceResult['byKind'] = {};
  const misses: RelevanceResult['misses'] = [];
  for (const row of rows) {
    // As the header box lists them: one line per model (its best variant) of the first 40 hits.
    const response = indexOf(row.locale).search({ ...deviceSearchQuery(row.query, 40), _source: ['model', 'name'] });
    const hits = groupByModel(response.hits.hits.map((h) => ({ model: String(h._source!.model), name: String(h._source!.name) }))).map(
      (g) => g.first,
    );
    const kind = (byKind[row.kind] ??= { queries: 0, hitAt1: 0, hitAt3: 0, zeroResults: 0 });
    kind.queries++;
    if (hits.length === 0) {
      zeroResults++;
      kind.zeroResults++;
    }
    if (hits[0]?.model === row.model) {
      hitAt1++;
      kind.hitAt1++;
    }
    if (hits.slice(0, 3).some((h) => h.model === row.model)) {
      hitAt3++;
      kind.hitAt3++;
    } else misses.push({ locale: row.locale, query: row.query, model: row.model, top3: hits.slice(0, 3).map((h) => h.name) });
  }
  return {
    set,
    queries: rows.length,
    hitAt1,
    hitAt3,
    zeroResults,
    hitAt1Pct: pct(hitAt1, rows.length),
    hitAt3Pct: pct(hitAt3, rows.length),
    zeroResultsPct: pct(zeroResults, rows.length),
    byKind,
    misses,
  };
}

export function printRelevance(r: RelevanceResult): void {
  const verdict = (ok: boolean) => (ok ? 'within budget' : 'OVER budget');
  console.log(`\nRelevance set (${r.queries} queries, bench/relevance/${r.set}.json)`);
  console.log(`  hit@1          ${r.hitAt1}/${r.queries} = ${r.hitAt1Pct} %`);
  console.log(
    `  hit@3          ${r.hitAt3}/${r.queries} = ${r.hitAt3Pct} %   budget ≥ ${RELEVANCE_BUDGETS.hitAt3Pct} %: ${verdict(r.hitAt3Pct >= RELEVANCE_BUDGETS.hitAt3Pct)}`,
  );
  console.log(
    `  zero results   ${r.zeroResults}/${r.queries} = ${r.zeroResultsPct} %   budget ≤ ${RELEVANCE_BUDGETS.zeroResultsPct} %: ${verdict(r.zeroResultsPct <= RELEVANCE_BUDGETS.zeroResultsPct)}`,
  );
  console.log('  per kind       queries  hit@1  hit@3  zero');
  for (const [kind, k] of Object.entries(r.byKind))
    console.log(
      `    ${kind.padEnd(14)} ${String(k.queries).padStart(5)}  ${String(k.hitAt1).padStart(5)}  ${String(k.hitAt3).padStart(5)}  ${String(k.zeroResults).padStart(4)}`,
    );
  if (r.misses.length > 0) {
    console.log('  not in the top 3:');
    for (const m of r.misses) console.log(`    [${m.locale}] "${m.query}" → wanted ${m.model}; got ${m.top3.join(' | ') || '(nothing)'}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  printRelevance(measureRelevance('queries'));
  printRelevance(measureRelevance('families'));
}
