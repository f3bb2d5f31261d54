// Executes a parsed query tree over the index and scores like Elasticsearch 8 (Lucene BM25, k1 1.2,
// b 0.75): text terms by tf / (tf + k1 × (1 - b + b × length / average length)) × idf × boost;
// keyword terms the same with length 1 (no norms); number terms, terms, prefix and range queries a
// constant boost; fuzzy expansions share the highest document frequency among them and are weighted
// by their fuzzy boost (Lucene's blended rewrite); bool sums must and should, dis_max takes the best
// plus tie_breaker × the rest. A conjunction evaluates each clause against the docs the clauses
// before it left (a DocFilter), so a broad word after a narrow one costs a bit test per posting
// instead of a union; a doc's score is summed in the same order either way.

import {
  type Accumulator,
  addOptional,
  type DocFilter,
  docFilter,
  inFilter,
  intersect,
  type Matches,
  NO_MATCHES,
  scaled,
  subtract,
} from './matches';
import { codePointLength, type Expansion } from './fuzzy';
import { dictionaryOf, idf, type IndexedField, type KeywordField, type TextField, type ValueField } from './fields';
import type { QueryNode } from './query';

export interface ExecutionContext {
  readonly fields: ReadonlyMap<string, IndexedField>;
  /** 0 … size - 1: the result of match_all. */
  readonly allDocs: Int32Array;
  readonly accumulator: Accumulator;
  /**
   * As long as the index: the positions postingsIn finds, reused by every term of a union (a fresh
   * array per term allocated and zeroed megabytes per query when a fuzzy word expanded to 50 common terms).
   */
  readonly positions: Int32Array;
}

/** The docs matching `node` with their scores; with a `filter`, only those inside it (same scores). */
export function execute(node: QueryNode, ctx: ExecutionContext, filter: DocFilter | null = null): Matches {
  switch (node.kind) {
    case 'all':
      return { docs: filter ? filter.docs : ctx.allDocs, scores: node.boost };
    case 'none':
      return NO_MATCHES;
    case 'bool':
      return executeBool(node, ctx, filter);
    case 'term':
      return executeTerm(node, ctx, filter);
    case 'terms':
      return constantUnion(ctx, field(ctx, node.field), ordsOf(field(ctx, node.field), node.values), node.boost, filter);
    case 'prefix': {
      const f = field(ctx, node.field);
      return constantUnion(ctx, f, prefixOrds(f, node.prefix), node.boost, filter);
    }
    case 'range': {
      const f = field(ctx, node.field);
      const [lo, hi] = rangeBounds(f, node);
      // Elasticsearch's IndexOrDocValuesQuery: few candidates are checked by their own values rather
      // than by reading the range's postings (the popularity prior's 24 ranges span most of the index).
      if (filter && f.type !== 'text' && hi > lo && filter.docs.length < f.dict.postingStart[hi]! - f.dict.postingStart[lo]!)
        return { docs: docsWithOrdIn(f, lo, hi, filter.docs), scores: node.boost };
      return constantUnion(ctx, f, ordsBetween(lo, hi), node.boost, filter);
    }
    case 'dismax': {
      const results = executeEach(node.queries, ctx, filter);
      ctx.accumulator.begin();
      for (const r of results) ctx.accumulator.addAll(r);
      return scaled(ctx.accumulator.finish(1, node.tieBreaker), node.boost);
    }
  }
}

/**
 * Each clause's result, computed once per distinct clause and counted as often as it occurs: the device
 * query's exact and fuzzy match of a word under three letters are the same clause (AUTO allows no edit there).
 */
function executeEach(nodes: readonly QueryNode[], ctx: ExecutionContext, filter: DocFilter | null): Matches[] {
  const results: Matches[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const same = nodes.findIndex((q, j) => j < i && sameClause(q, nodes[i]));
    results.push(same >= 0 ? results[same]! : execute(nodes[i]!, ctx, filter));
  }
  return results;
}

/** The clauses once each (a union needs every distinct clause once). */
function distinct(nodes: readonly QueryNode[]): QueryNode[] {
  return nodes.filter((q, i) => nodes.findIndex((other, j) => j < i && sameClause(other, q)) < 0);
}

/**
 * Whether two parsed clauses are alike, compared field by field (siblings mostly differ at once;
 * serialising each to compare cost 4 % of a query).
 */
function sameClause(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameClause((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

function field(ctx: ExecutionContext, name: string): IndexedField {
  const f = ctx.fields.get(name);
  if (!f) throw new Error(`field [${name}] was parsed but is not indexed`);
  return f;
}

function ordsOf(f: IndexedField, values: readonly (string | number)[]): number[] {
  const dict = dictionaryOf(f);
  return values.map((v) => dict.ord(v)).filter((ord) => ord >= 0);
}

function prefixOrds(f: IndexedField, prefix: string): number[] {
  const dict = dictionaryOf(f);
  const ords: number[] = [];
  for (let ord = dict.lowerBound(prefix, true); ord < dict.size && String(dict.values[ord]).startsWith(prefix); ord++) ords.push(ord);
  return ords;
}

/** The ordinals [lo, hi) a range query matches (empty when hi <= lo). */
function rangeBounds(f: IndexedField, node: QueryNode & { kind: 'range' }): [number, number] {
  const dict = dictionaryOf(f);
  const lo = node.lower ? dict.lowerBound(node.lower.value, node.lower.inclusive) : 0;
  const hi = node.upper ? dict.lowerBound(node.upper.value, !node.upper.inclusive) : dict.size;
  return [lo, hi];
}

function ordsBetween(lo: number, hi: number): number[] {
  const ords: number[] = [];
  for (let ord = lo; ord < hi; ord++) ords.push(ord);
  return ords;
}

/** Those of `docs` (ascending) with a value whose ordinal is in [lo, hi), read from the field's per-doc ordinals. */
export function docsWithOrdIn(f: ValueField, lo: number, hi: number, docs: Int32Array): Int32Array {
  const { docOrds } = f;
  const out = new Int32Array(docs.length);
  let n = 0;
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    // A doc's ordinals ascend: the first one not below lo decides.
    for (let k = docOrds.begin(doc); k < docOrds.end(doc); k++) {
      const ord = docOrds.at(k);
      if (ord < lo) continue;
      if (ord < hi) out[n++] = doc;
      break;
    }
  }
  return out.subarray(0, n);
}

/** The terms a term query matches on a text or keyword field: the term itself, or its top fuzzy expansions. */
function expansionsOf(node: QueryNode & { kind: 'term' }, f: TextField | KeywordField): Expansion[] {
  const term = String(node.value);
  if (node.fuzzy === null || node.fuzzy.prefixLength >= codePointLength(term)) {
    const ord = f.dict.ord(term);
    return ord < 0 ? [] : [{ ord, boost: 1 }];
  }
  const { maxEdits, prefixLength, maxExpansions, transpositions } = node.fuzzy;
  return f.dict.topExpansions(term, maxEdits, prefixLength, transpositions, maxExpansions);
}

/** Docs holding any of `ords` (inside `filter` if given), all scored `boost`. */
function constantUnion(ctx: ExecutionContext, f: IndexedField, ords: readonly number[], boost: number, filter: DocFilter | null): Matches {
  const { postingStart, postingDocs } = f.dict;
  if (ords.length === 0) return NO_MATCHES;
  if (ords.length === 1) {
    const start = postingStart[ords[0]!]!;
    const end = postingStart[ords[0]! + 1]!;
    if (!filter) return { docs: postingDocs.subarray(start, end), scores: boost };
    const positions = postingsIn(postingDocs, start, end, filter, ctx.positions);
    const docs = new Int32Array(positions.length);
    for (let i = 0; i < positions.length; i++) docs[i] = postingDocs[positions[i]!]!;
    return { docs, scores: boost };
  }
  const acc = ctx.accumulator;
  acc.begin();
  for (const ord of ords) {
    const start = postingStart[ord]!;
    const end = postingStart[ord + 1]!;
    if (filter) {
      const positions = postingsIn(postingDocs, start, end, filter, ctx.positions);
      for (let i = 0; i < positions.length; i++) acc.addDoc(postingDocs[positions[i]!]!);
    } else for (let k = start; k < end; k++) acc.addDoc(postingDocs[k]!);
  }
  return { docs: acc.finishDocs(), scores: boost };
}

/**
 * The positions k in [start, end) of `postingDocs` (ascending docs) whose doc is in `filter`: a bit
 * test per posting, or, when the filter holds far fewer docs than the list, a galloping search per
 * filter doc (what a narrow first word makes of a common second one). Written to the start of `out`
 * (at least as long as the fewer of the postings and the filter's docs), which the result is a view of.
 */
export function postingsIn(
  postingDocs: Int32Array,
  start: number,
  end: number,
  filter: DocFilter,
  out: Int32Array = new Int32Array(Math.min(end - start, filter.docs.length)),
): Int32Array {
  let n = 0;
  if (filter.docs.length * 8 >= end - start) {
    for (let k = start; k < end; k++) if (inFilter(filter, postingDocs[k]!)) out[n++] = k;
    return out.subarray(0, n);
  }
  let k = start;
  for (let i = 0; i < filter.docs.length && k < end; i++) {
    const doc = filter.docs[i]!;
    // Gallop: every position before lo holds a smaller doc; the first doc >= doc is at or before hi.
    let lo = k;
    let hi = k;
    let step = 1;
    while (hi < end && postingDocs[hi]! < doc) {
      lo = hi + 1;
      hi = lo + step;
      step *= 2;
    }
    if (hi > end) hi = end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (postingDocs[mid]! < doc) lo = mid + 1;
      else hi = mid;
    }
    k = lo;
    if (k < end && postingDocs[k] === doc) out[n++] = k++;
  }
  return out.subarray(0, n);
}

/** Rebuilds `filter` as the docs of `matches` when they are fewer (a conjunction narrowing its candidates). */
function narrowed(filter: DocFilter | null, matches: Matches, ctx: ExecutionContext): DocFilter {
  if (filter && filter.docs.length === matches.docs.length) return filter;
  return docFilter(matches.docs, ctx.allDocs.length);
}

function executeBool(node: QueryNode & { kind: 'bool' }, ctx: ExecutionContext, filter: DocFilter | null): Matches {
  if (node.must.length + node.filter.length + node.should.length + node.mustNot.length === 0)
    return { docs: filter ? filter.docs : ctx.allDocs, scores: node.boost };
  // As in Lucene, asking for more should clauses than there are matches nothing.
  if (node.minimumShouldMatch > node.should.length) return NO_MATCHES;
  let required: Matches | null = null;
  // The candidates of the next clause: the docs every clause so far matched (rebuilt when needed).
  let candidates = filter;
  const candidatesNow = () => (required === null ? filter : (candidates = narrowed(candidates, required, ctx)));
  if (node.must.length > 1) {
    // The narrowest clause first, each next one against the docs the ones before left; the scores are
    // then summed in the clauses' own order, so evaluation order never changes a score. The narrowest
    // clause only marks its docs at first and is scored last, against the docs every clause left: a
    // common first word ("iphone" in tens of thousands of docs) then never scores docs a later word drops.
    const order = node.must.map((q, i) => [estimate(q, ctx), i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const results: Matches[] = new Array<Matches>(node.must.length);
    const first = order[0]![1];
    const firstDocs = matchingDocs(node.must[first]!, ctx, filter);
    if (firstDocs.length === 0) return NO_MATCHES;
    let narrowing = docFilter(firstDocs, ctx.allDocs.length);
    for (let step = 1; step < order.length; step++) {
      const i = order[step]![1];
      const m = execute(node.must[i]!, ctx, narrowing);
      if (m.docs.length === 0) return NO_MATCHES;
      results[i] = m;
      narrowing = narrowed(narrowing, m, ctx);
    }
    results[first] = execute(node.must[first]!, ctx, narrowing);
    for (const m of results) required = required ? intersect(required, m, true) : m;
  } else if (node.must.length === 1) {
    required = execute(node.must[0]!, ctx, filter);
    if (required.docs.length === 0) return NO_MATCHES;
  }
  for (const q of node.filter) {
    const m = execute(q, ctx, candidatesNow());
    required = required ? intersect(required, m, false) : { docs: m.docs, scores: 0 };
    if (required.docs.length === 0) return NO_MATCHES;
  }
  if (node.should.length > 0) {
    const minimum = node.minimumShouldMatch;
    const should = candidatesNow();
    // The union holds docs matching at least one should clause: without must or filter clauses that is required.
    let union = should ? rangeUnion(node.should, ctx, should, Math.max(1, minimum)) : null;
    if (!union) {
      const results = executeEach(node.should, ctx, should);
      ctx.accumulator.begin();
      for (const r of results) ctx.accumulator.addAll(r);
      union = ctx.accumulator.finish(Math.max(1, minimum));
    }
    required = required ? (minimum > 0 ? intersect(required, union, true) : addOptional(required, union)) : union;
  } else if (!required) {
    // Only must_not: everything else matches, with score 0.
    required = { docs: filter ? filter.docs : ctx.allDocs, scores: 0 };
  }
  for (const q of node.mustNot) {
    if (required.docs.length === 0) break;
    required = subtract(required, execute(q, ctx, candidatesNow()));
  }
  return scaled(required, node.boost);
}

/**
 * The union of should clauses that are all ranges on one single-valued keyword or number field, within
 * `candidates` (a family query's popularity prior: 24 nested ranges): each candidate's value read once,
 * where each range was a pass over the candidates and its docs a union's contributions (at a million
 * devices most of "macbok pro"). Per ordinal the sum and count of the ranges holding it, summed in the
 * clauses' order as the accumulator adds them, so the scores are the same to the bit. Null for any
 * other list, and for a field with more values than candidates (per ordinal would cost more).
 */
function rangeUnion(nodes: readonly QueryNode[], ctx: ExecutionContext, candidates: DocFilter, minCount: number): Matches | null {
  const first = nodes[0]!;
  if (first.kind !== 'range' || nodes.some((n) => n.kind !== 'range' || n.field !== first.field)) return null;
  const f = field(ctx, first.field);
  if (f.type === 'text' || !f.docOrds.singleValued || f.dict.size > Math.max(RANGE_UNION_MIN_TERMS, candidates.docs.length)) return null;
  const sums = new Float64Array(f.dict.size);
  const counts = new Int32Array(f.dict.size);
  for (const node of nodes as readonly (QueryNode & { kind: 'range' })[]) {
    const [lo, hi] = rangeBounds(f, node);
    for (let ord = lo; ord < hi; ord++) {
      sums[ord] = counts[ord] === 0 ? node.boost : sums[ord]! + node.boost;
      counts[ord]! += 1;
    }
  }
  const { docs: within } = candidates;
  const docs = new Int32Array(within.length);
  const scores = new Float64Array(within.length);
  let n = 0;
  for (let i = 0; i < within.length; i++) {
    const doc = within[i]!;
    const ord = f.docOrds.ordOf(doc);
    if (ord < 0 || counts[ord]! < minCount) continue;
    docs[n] = doc;
    scores[n++] = sums[ord]!;
  }
  return { docs: docs.subarray(0, n), scores: scores.subarray(0, n) };
}

/** A field of up to this many values always takes rangeUnion (its per-ordinal tables are a few KB). */
const RANGE_UNION_MIN_TERMS = 4096;

function executeTerm(node: QueryNode & { kind: 'term' }, ctx: ExecutionContext, filter: DocFilter | null): Matches {
  const f = field(ctx, node.field);
  if (f.type !== 'text' && f.type !== 'keyword') return constantUnion(ctx, f, ordsOf(f, [node.value]), node.boost, filter);
  const expansions = expansionsOf(node, f);
  if (expansions.length === 0) return NO_MATCHES;
  let docFreq = 0;
  for (const e of expansions) docFreq = Math.max(docFreq, f.dict.docFreq(e.ord));
  const weight = node.boost * idf(docFreq, f.docCount);
  const { postingStart, postingDocs } = f.dict;
  if (expansions.length === 1) {
    const { ord, boost } = expansions[0]!;
    const start = postingStart[ord]!;
    const end = postingStart[ord + 1]!;
    const weighted = weight * boost;
    if (!filter) {
      const scores = new Float64Array(end - start);
      for (let k = start; k < end; k++) scores[k - start] = termScore(f, k, weighted);
      return { docs: postingDocs.subarray(start, end), scores };
    }
    const positions = postingsIn(postingDocs, start, end, filter, ctx.positions);
    const docs = new Int32Array(positions.length);
    const scores = new Float64Array(positions.length);
    for (let i = 0; i < positions.length; i++) {
      docs[i] = postingDocs[positions[i]!]!;
      scores[i] = termScore(f, positions[i]!, weighted);
    }
    return { docs, scores };
  }
  const acc = ctx.accumulator;
  acc.begin();
  for (const { ord, boost } of expansions) {
    const start = postingStart[ord]!;
    const end = postingStart[ord + 1]!;
    const weighted = weight * boost;
    if (filter) {
      const positions = postingsIn(postingDocs, start, end, filter, ctx.positions);
      for (let i = 0; i < positions.length; i++) acc.add(postingDocs[positions[i]!]!, termScore(f, positions[i]!, weighted));
    } else for (let k = start; k < end; k++) acc.add(postingDocs[k]!, termScore(f, k, weighted));
  }
  return acc.finish();
}

/** A window of a postings array (a term's postings, or docs already found). */
interface DocRange {
  readonly docs: Int32Array;
  readonly start: number;
  readonly end: number;
}

const wholeOf = (docs: Int32Array): DocRange => ({ docs, start: 0, end: docs.length });

/**
 * The docs `node` matches inside `filter`, unscored: what a conjunction's narrowest clause is first
 * evaluated as. It may hold a few docs too many (should clauses beyond the first and must_not are
 * not applied): the clause is scored later against the docs every clause left, which drops them.
 * A disjunction, however nested, is one union of its terms' postings in the accumulator's bitset.
 */
export function matchingDocs(node: QueryNode, ctx: ExecutionContext, filter: DocFilter | null): Int32Array {
  const ranges: DocRange[] = [];
  gatherPostings(node, ctx, filter, ranges);
  return unionOf(ranges, ctx, filter);
}

/** The docs of `ranges` inside `filter`, ascending and once each. */
function unionOf(ranges: readonly DocRange[], ctx: ExecutionContext, filter: DocFilter | null): Int32Array {
  if (ranges.length === 0) return NO_MATCHES.docs;
  if (ranges.length === 1 && !filter) return ranges[0]!.docs.subarray(ranges[0]!.start, ranges[0]!.end);
  const acc = ctx.accumulator;
  acc.begin();
  for (const { docs, start, end } of ranges) {
    if (filter) {
      const positions = postingsIn(docs, start, end, filter, ctx.positions);
      for (let i = 0; i < positions.length; i++) acc.addDoc(docs[positions[i]!]!);
    } else for (let k = start; k < end; k++) acc.addDoc(docs[k]!);
  }
  return acc.finishDocs();
}

/** Adds to `ranges` the postings whose union `node` matches; conjunctions are evaluated here (before the union begins). */
function gatherPostings(node: QueryNode, ctx: ExecutionContext, filter: DocFilter | null, ranges: DocRange[]): void {
  const addOrds = (f: IndexedField, ords: readonly number[]) => {
    for (const ord of ords) ranges.push({ docs: f.dict.postingDocs, start: f.dict.postingStart[ord]!, end: f.dict.postingStart[ord + 1]! });
  };
  switch (node.kind) {
    case 'all':
      ranges.push(wholeOf(filter ? filter.docs : ctx.allDocs));
      return;
    case 'none':
      return;
    case 'term': {
      const f = field(ctx, node.field);
      if (f.type !== 'text' && f.type !== 'keyword') addOrds(f, ordsOf(f, [node.value]));
      else
        addOrds(
          f,
          expansionsOf(node, f).map((e) => e.ord),
        );
      return;
    }
    case 'terms': {
      const f = field(ctx, node.field);
      addOrds(f, ordsOf(f, node.values));
      return;
    }
    case 'prefix': {
      const f = field(ctx, node.field);
      addOrds(f, prefixOrds(f, node.prefix));
      return;
    }
    case 'range': {
      const f = field(ctx, node.field);
      addOrds(f, ordsBetween(...rangeBounds(f, node)));
      return;
    }
    case 'dismax':
      for (const q of distinct(node.queries)) gatherPostings(q, ctx, filter, ranges);
      return;
    case 'bool':
      if (node.must.length + node.filter.length > 0) ranges.push(wholeOf(requiredDocs(node, ctx, filter)));
      else if (node.should.length === 0) ranges.push(wholeOf(filter ? filter.docs : ctx.allDocs));
      else if (node.minimumShouldMatch <= node.should.length) for (const q of distinct(node.should)) gatherPostings(q, ctx, filter, ranges);
  }
}

/** matchingDocs of a bool with must or filter clauses: their docs narrowest first, then any should clause if one is required. */
function requiredDocs(node: QueryNode & { kind: 'bool' }, ctx: ExecutionContext, filter: DocFilter | null): Int32Array {
  if (node.minimumShouldMatch > node.should.length) return NO_MATCHES.docs;
  const required = [...node.must, ...node.filter].map((q) => [estimate(q, ctx), q] as const).sort((a, b) => a[0] - b[0]);
  let narrowing = filter;
  let docs = NO_MATCHES.docs;
  for (const [, q] of required) {
    docs = matchingDocs(q, ctx, narrowing);
    if (docs.length === 0) return docs;
    narrowing = docFilter(docs, ctx.allDocs.length);
  }
  if (node.minimumShouldMatch === 0) return docs;
  const ranges: DocRange[] = [];
  for (const q of distinct(node.should)) gatherPostings(q, ctx, narrowing, ranges);
  return unionOf(ranges, ctx, narrowing);
}

/**
 * At most how many docs `node` matches, cheaply (no postings read): what orders a conjunction's
 * clauses. Fuzzy terms take their expansions (cached, and needed when the clause runs anyway).
 */
export function estimate(node: QueryNode, ctx: ExecutionContext): number {
  switch (node.kind) {
    case 'all':
      return ctx.allDocs.length;
    case 'none':
      return 0;
    case 'term': {
      const f = field(ctx, node.field);
      if (f.type !== 'text' && f.type !== 'keyword') {
        const ord = dictionaryOf(f).ord(node.value);
        return ord < 0 ? 0 : f.dict.docFreq(ord);
      }
      let n = 0;
      for (const e of expansionsOf(node, f)) n += f.dict.docFreq(e.ord);
      return n;
    }
    case 'terms': {
      const f = field(ctx, node.field);
      return ordsOf(f, node.values).reduce((n, ord) => n + f.dict.docFreq(ord), 0);
    }
    case 'prefix': {
      const dict = dictionaryOf(field(ctx, node.field));
      // Every term beginning with the prefix sorts between it and the prefix followed by the last code point.
      const lo = dict.lowerBound(node.prefix, true);
      const hi = dict.lowerBound(`${node.prefix}\u{10FFFF}`, true);
      return dict.postingStart[hi]! - dict.postingStart[lo]!;
    }
    case 'range': {
      const f = field(ctx, node.field);
      const [lo, hi] = rangeBounds(f, node);
      return hi > lo ? f.dict.postingStart[hi]! - f.dict.postingStart[lo]! : 0;
    }
    case 'dismax':
      return Math.min(
        ctx.allDocs.length,
        node.queries.reduce((n, q) => n + estimate(q, ctx), 0),
      );
    case 'bool': {
      const required = [...node.must, ...node.filter];
      if (required.length > 0) return Math.min(...required.map((q) => estimate(q, ctx)));
      if (node.should.length > 0)
        return Math.min(
          ctx.allDocs.length,
          node.should.reduce((n, q) => n + estimate(q, ctx), 0),
        );
      return ctx.allDocs.length;
    }
  }
}

/** BM25 of posting k of a text or keyword field. */
function termScore(f: TextField | ValueField, k: number, weight: number): number {
  if (f.type !== 'text') return weight / (1 + f.lengthNorm);
  const tf = f.dict.postingFreqs![k]!;
  return (weight * tf) / (tf + f.lengthNorm[f.norms[f.dict.postingDocs[k]!]!]!);
}
