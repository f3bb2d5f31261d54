// One parser for both search backends (issue 30, decision 082): a search body is read and checked
// against an index's mapping here, by the embedded engine and before anything goes to Elasticsearch.
// What it accepts is the Elasticsearch 8 DSL subset the engine implements; anything else — scripts,
// runtime_mappings, script_fields, an index, routing or wildcards in the body, a size over the shop's
// maximum — is an UnsupportedClauseError or a SearchBodyError (a 400 on both backends).

import { MAX_RESULT_SIZE } from '../../src/contracts/search';
import { parseAggregations, type TermsAggregation } from './aggs';
import { expectObject, type FieldTypes, type JsonObject, readInteger } from './body';
import { SearchBodyError, UnsupportedClauseError } from './errors';
import { parseQuery, type QueryNode } from './query';
import { parseSort, type SortKey } from './sort';
import { parseSource, type SourceOption } from './source';

/** The top-level keys a search body may have; the index, routing and scripts are not among them. */
export const SEARCH_BODY_KEYS = ['query', 'sort', 'from', 'size', 'aggs', 'aggregations', '_source', 'track_total_hits'] as const;
/** index.max_result_window */
export const MAX_RESULT_WINDOW = 10_000;
/** Elasticsearch counts hits exactly up to this many unless track_total_hits says otherwise. */
const DEFAULT_TRACK_TOTAL_HITS = 10_000;
const MATCH_ALL: QueryNode = { kind: 'all', boost: 1 };

export interface ParsedSearch {
  /** The body's own clauses, each checked: what may be forwarded (no other key of the body). */
  readonly clauses: Readonly<Partial<Record<(typeof SEARCH_BODY_KEYS)[number], unknown>>>;
  readonly query: QueryNode;
  readonly sort: SortKey[] | null;
  readonly from: number;
  /** The body's size, else the request's resultSize (at most MAX_RESULT_SIZE either way). */
  readonly size: number;
  readonly aggs: TermsAggregation[];
  readonly source: SourceOption;
  /** The count up to which the total is exact. */
  readonly trackTotalHits: number;
}

function readSize(value: unknown, where: string): number {
  const size = readInteger(value, where, 0);
  if (size > MAX_RESULT_SIZE) throw new SearchBodyError(`[${where}] must be at most ${MAX_RESULT_SIZE}, got ${size}`);
  return size;
}

/**
 * Reads a search body against an index's field types. `resultSize` is the size when the body has none
 * (default 10); the body's size and resultSize share one maximum (MAX_RESULT_SIZE).
 */
export function parseSearchBody(body: unknown, types: FieldTypes, resultSize?: number): ParsedSearch {
  const request: JsonObject = expectObject(body, 'search body');
  for (const key of Object.keys(request)) {
    if (!(SEARCH_BODY_KEYS as readonly string[]).includes(key))
      throw new UnsupportedClauseError(key, `unsupported search body key "${key}"`);
  }
  if (request.aggs !== undefined && request.aggregations !== undefined)
    throw new SearchBodyError('a search body takes either aggs or aggregations, not both');
  const query = request.query === undefined ? MATCH_ALL : parseQuery(request.query, types);
  const sort = request.sort === undefined ? null : parseSort(request.sort, types);
  const size =
    request.size !== undefined ? readSize(request.size, 'size') : resultSize !== undefined ? readSize(resultSize, 'resultSize') : 10;
  const from = request.from === undefined ? 0 : readInteger(request.from, 'from', 0);
  if (from + size > MAX_RESULT_WINDOW)
    throw new SearchBodyError(
      `Result window is too large, from + size must be less than or equal to: [${MAX_RESULT_WINDOW}] but was [${from + size}]`,
    );
  const aggs = parseAggregations(request.aggs ?? request.aggregations, types);
  const source = parseSource(request._source);
  const trackTotalHits = readTrackTotalHits(request.track_total_hits);
  const clauses = Object.fromEntries(SEARCH_BODY_KEYS.filter((k) => request[k] !== undefined).map((k) => [k, request[k]]));
  return { clauses, query, sort, from, size, aggs, source, trackTotalHits };
}

/**
 * The count up to which the total is exact. `false` (Elasticsearch then omits the total) also counts
 * exactly: the response contract always carries a total.
 */
function readTrackTotalHits(value: unknown): number {
  if (value === undefined) return DEFAULT_TRACK_TOTAL_HITS;
  if (typeof value === 'boolean') return Infinity;
  return readInteger(value, 'track_total_hits', 0);
}
