// The embedded search engine (product §10): one in-memory index per `<locale>_devices` /
// `<locale>_aggregations`, answering the Elasticsearch 8 query DSL subset the shop sends
// (query.ts, sort.ts, aggs.ts, source.ts) in Elasticsearch's response shape, so the same bodies can
// be forwarded to a real Elasticsearch. Throws only UnsupportedClauseError and SearchBodyError on
// user input.

import { fieldAnalyzers, type IndexAnalysis } from './analysis';
import { parseAggregations, runAggregation, type TermsAggregationResult } from './aggs';
import { expectObject, FieldTypes, readInteger } from './body';
import { SearchBodyError, UnsupportedClauseError } from './errors';
import { buildFieldSteps, type IndexedField, runSteps } from './fields';
import type { Mapping } from './mappings';
import { Accumulator, scoreAt } from './matches';
import { parseQuery, type QueryNode } from './query';
import { execute, type ExecutionContext } from './scoring';
import { comparator, parseSort, resolveSort, sortValues, topPositions } from './sort';
import { filterSource, parseSource } from './source';

export type { Mapping } from './mappings';

export interface SearchHit {
  readonly _index: string;
  readonly _id: string;
  /** null when sorting by fields only (Elasticsearch computes no scores then). */
  readonly _score: number | null;
  readonly _source: Record<string, unknown>;
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

const TOP_LEVEL_KEYS = ['query', 'sort', 'from', 'size', 'aggs', 'aggregations', '_source', 'track_total_hits'];
/** index.max_result_window */
const MAX_RESULT_WINDOW = 10_000;
/** Elasticsearch counts hits exactly up to this many unless track_total_hits says otherwise. */
const DEFAULT_TRACK_TOTAL_HITS = 10_000;
const MATCH_ALL: QueryNode = { kind: 'all', boost: 1 };

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
   */
  static async buildPaced(
    name: string,
    mapping: Mapping,
    docs: readonly SearchDocument[],
    analysis?: IndexAnalysis,
    sliceMs = 5,
  ): Promise<SearchIndex> {
    const steps = SearchIndex.buildSteps(name, mapping, docs, analysis);
    let sliceStart = performance.now();
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      if (performance.now() - sliceStart >= sliceMs) {
        await new Promise((resolve) => setImmediate(resolve));
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

  /** Runs an Elasticsearch search body; `resultSize` is the size when the body has none (default 10). */
  search(body: unknown, resultSize?: number): SearchResponse {
    const started = performance.now();
    const request = expectObject(body, 'search body');
    for (const key of Object.keys(request)) {
      if (!TOP_LEVEL_KEYS.includes(key)) throw new UnsupportedClauseError(key, `unsupported search body key "${key}"`);
    }
    if (request.aggs !== undefined && request.aggregations !== undefined)
      throw new SearchBodyError('a search body takes either aggs or aggregations, not both');
    const query = request.query === undefined ? MATCH_ALL : parseQuery(request.query, this.types);
    const sort = request.sort === undefined ? null : parseSort(request.sort, this.types);
    const size =
      request.size !== undefined
        ? readInteger(request.size, 'size', 0)
        : resultSize !== undefined
          ? readInteger(resultSize, 'resultSize', 0)
          : 10;
    const from = request.from === undefined ? 0 : readInteger(request.from, 'from', 0);
    if (from + size > MAX_RESULT_WINDOW)
      throw new SearchBodyError(
        `Result window is too large, from + size must be less than or equal to: [${MAX_RESULT_WINDOW}] but was [${from + size}]`,
      );
    const aggs = parseAggregations(request.aggs ?? request.aggregations, this.types);
    const source = parseSource(request._source);
    const trackTotalHits = this.trackTotalHits(request.track_total_hits);

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
        _source: filterSource(this.sources[doc]!, source),
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

  /**
   * The count up to which the total is exact. `false` (Elasticsearch then omits the total) also
   * counts exactly: the response contract always carries a total.
   */
  private trackTotalHits(value: unknown): number {
    if (value === undefined) return DEFAULT_TRACK_TOTAL_HITS;
    if (typeof value === 'boolean') return Infinity;
    return readInteger(value, 'track_total_hits', 0);
  }
}
