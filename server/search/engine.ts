// The embedded search engine (product §10): one in-memory index per `<locale>_devices` /
// `<locale>_aggregations`, answering the Elasticsearch 8 query DSL subset the shop sends
// (request.ts reads a body; query.ts, sort.ts, aggs.ts, source.ts) in Elasticsearch's response shape,
// so the same bodies can be forwarded to a real Elasticsearch. Throws only UnsupportedClauseError and
// SearchBodyError on user input.

import { fieldAnalyzers, type IndexAnalysis } from './analysis';
import { runAggregation, type TermsAggregationResult } from './aggs';
import { FieldTypes } from './body';
import { buildFieldSteps, type IndexedField, runSteps } from './fields';
import type { Mapping } from './mappings';
import { Accumulator, scoreAt } from './matches';
import { parseSearchBody, type ParsedSearch } from './request';
import { execute, type ExecutionContext } from './scoring';
import { comparator, resolveSort, sortValues, topPositions } from './sort';
import { filterSource } from './source';

export type { Mapping } from './mappings';

export interface SearchHit {
  readonly _index: string;
  readonly _id: string;
  /** null when sorting by fields only (Elasticsearch computes no scores then). */
  readonly _score: number | null;
  /** Left out with `_source: false`, as Elasticsearch does. */
  readonly _source?: Record<string, unknown>;
  readonly sort?: (string | number | null)[];
}

export interface SearchResponse {
  readonly took: number;
  readonly timed_out: boolean;
  readonly _shards: { readonly total: number; readonly successful: number; readonly skipped: number; readonly failed: number };
  readonly hits: {
    readonly total: { readonly value: number; readonly relation: 'eq' | 'gte' };
    readonly max_score: number | null;
    readonly hits: SearchHit[];
  };
  readonly aggregations?: Record<string, TermsAggregationResult>;
}

export interface SearchDocument {
  readonly id: string;
  readonly source: Record<string, unknown>;
}

export class SearchIndex {
  private constructor(
    readonly name: string,
    private readonly types: FieldTypes,
    private readonly ids: readonly string[],
    private readonly sources: readonly Record<string, unknown>[],
    private readonly context: ExecutionContext,
  ) {}

  /** Indexes `docs` (their order is the index order that breaks ties); throws on values the mapping cannot hold. */
  /** `analysis`: the custom analyzers of text fields (standard elsewhere). */
  static build(name: string, mapping: Mapping, docs: readonly SearchDocument[], analysis?: IndexAnalysis): SearchIndex {
    return runSteps(SearchIndex.buildSteps(name, mapping, docs, analysis));
  }

  /**
   * The same index built in slices of about `sliceMs` of work, each a macrotask of its own, so requests
   * keep being answered while a large catalogue is indexed (issue 17: no event-loop block over 50 ms;
   * every loop over documents, terms or postings yields, sorting included — decision 057).
   * `waitFor`, asked between slices, may name work to finish first (a build a request waits for).
   */
  static async buildPaced(
    name: string,
    mapping: Mapping,
    docs: readonly SearchDocument[],
    analysis?: IndexAnalysis,
    sliceMs = 5,
    waitFor?: () => Promise<unknown> | undefined,
  ): Promise<SearchIndex> {
    const steps = SearchIndex.buildSteps(name, mapping, docs, analysis);
    let sliceStart = performance.now();
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      if (performance.now() - sliceStart >= sliceMs) {
        await new Promise((resolve) => setImmediate(resolve));
        const first = waitFor?.();
        if (first) await first.catch(() => undefined);
        sliceStart = performance.now();
      }
    }
  }

  private static *buildSteps(
    name: string,
    mapping: Mapping,
    docs: readonly SearchDocument[],
    analysis?: IndexAnalysis,
  ): Generator<void, SearchIndex> {
    const seen = new Set<string>();
    const ids = new Array<string>(docs.length);
    const sources = new Array<Record<string, unknown>>(docs.length);
    const allDocs = new Int32Array(docs.length);
    for (let d = 0; d < docs.length; d++) {
      const doc = docs[d]!;
      if (seen.has(doc.id)) throw new Error(`index ${name}: duplicate document id ${doc.id}`);
      seen.add(doc.id);
      ids[d] = doc.id;
      sources[d] = doc.source;
      allDocs[d] = d;
      if (d % 4096 === 4095) yield;
    }
    const analyzers = fieldAnalyzers(analysis);
    const fields = new Map<string, IndexedField>();
    for (const [field, type] of Object.entries(mapping)) {
      if (type === 'object') continue;
      const built = yield* buildFieldSteps(field, type, docs, analyzers.index.get(field));
      // Text tries are built up front so the first fuzzy query pays nothing extra.
      if (built.type === 'text') yield* built.dict.trieSteps();
      fields.set(field, built);
      yield;
    }
    return new SearchIndex(name, new FieldTypes(mapping, analyzers.search), ids, sources, {
      fields,
      allDocs,
      accumulator: new Accumulator(docs.length),
      positions: new Int32Array(docs.length),
    });
  }

  get size(): number {
    return this.ids.length;
  }

  /** The field types search bodies are read against (parseSearchBody). */
  get fieldTypes(): FieldTypes {
    return this.types;
  }

  /** Runs an Elasticsearch search body; `resultSize` is the size when the body has none (default 10). */
  search(body: unknown, resultSize?: number): SearchResponse {
    return this.run(parseSearchBody(body, this.types, resultSize));
  }

  /** Runs a body parseSearchBody has read. */
  run({ query, sort, from, size, aggs, source, trackTotalHits }: ParsedSearch): SearchResponse {
    const started = performance.now();
    const { fields } = this.context;
    const matches = execute(query, this.context);
    const keys = sort === null ? null : resolveSort(sort, fields);
    const tracksScores = keys === null || keys.some((k) => k.kind === 'score');
    const positions = topPositions(matches.docs.length, from + size, comparator(matches, keys)).slice(from);
    const hits = positions.map((position): SearchHit => {
      const doc = matches.docs[position]!;
      return {
        _index: this.name,
        _id: this.ids[doc]!,
        _score: tracksScores ? scoreAt(matches, position) : null,
        ...(source === false ? {} : { _source: filterSource(this.sources[doc]!, source) }),
        ...(keys === null ? {} : { sort: sortValues(matches, position, keys) }),
      };
    });
    let maxScore: number | null = null;
    if (tracksScores && size > 0) {
      for (let i = 0; i < matches.docs.length; i++) maxScore = Math.max(maxScore ?? -Infinity, scoreAt(matches, i));
    }
    const total = matches.docs.length;
    return {
      took: Math.round(performance.now() - started),
      timed_out: false,
      _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
      hits: {
        total: total > trackTotalHits ? { value: trackTotalHits, relation: 'gte' } : { value: total, relation: 'eq' },
        max_score: maxScore,
        hits,
      },
      ...(aggs.length === 0
        ? {}
        : { aggregations: Object.fromEntries(aggs.map((agg) => [agg.name, runAggregation(agg, matches, fields)])) }),
    };
  }
}
