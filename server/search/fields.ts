// The per-field index structures a SearchIndex is built from: a sorted term dictionary with postings
// (doc ids ascending, term frequencies for text) for every searchable field, the BM25 statistics
// Lucene keeps (docs with the field, lossy-encoded length norms, average length), and for
// keyword/number/boolean fields the per-document ordinals used by sorts and aggregations.

import { STANDARD_ANALYZER, type Analyzer } from './analysis';
import { type FuzzyCandidate, TermTrie } from './fuzzy';

/** Fuzzy expansions kept per dictionary: type-ahead repeats the same words keystroke after keystroke. */
const FUZZY_CACHE_SIZE = 4096;
import type { FieldType } from './mappings';

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** Lucene's BM25 idf: ln(1 + (N - n + 0.5) / (n + 0.5)), N = docs with the field. */
export function idf(docFreq: number, docCount: number): number {
  return Math.log(1 + (docCount - docFreq + 0.5) / (docFreq + 0.5));
}

/**
 * A document length as Lucene stores it in one norm byte (SmallFloat.intToByte4/byte4ToInt):
 * exact below 24, then 4 significant bits.
 */
export function quantizedLength(length: number): number {
  const FREE = 24;
  if (length < FREE) return length;
  const rest = length - FREE;
  const bits = 32 - Math.clz32(rest);
  if (bits < 4) return length;
  const shift = bits - 4;
  return FREE + (((rest >>> shift) & 0x07) | 0x08) * 2 ** shift;
}

/** Code point order (= UTF-8 byte order, Lucene's term order), also for astral characters. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

export function compareValues<V extends string | number>(a: V, b: V): number {
  return typeof a === 'number' ? a - (b as number) : compareCodePoints(a, b as string);
}

/**
 * Values in term order. Strings without surrogates sort natively (UTF-16 order is code point order
 * there, and the native sort is several times faster than a comparator, which matters for building
 * large indexes); others take compareValues.
 */
function sortedValues<V extends string | number>(values: V[]): V[] {
  if (values.every((v) => typeof v === 'string' && !/[\uD800-\uDFFF]/.test(v))) return values.sort();
  return values.sort(compareValues);
}

/** Sorted distinct values of one field, each with its postings. A value's ordinal is its position. */
export class TermDictionary<V extends string | number> {
  private trieCache: TermTrie | null = null;
  /** Least recently used first (a Map keeps insertion order; a hit is moved to the end). */
  private readonly fuzzyCache = new Map<string, FuzzyCandidate[]>();

  private constructor(
    readonly values: readonly V[],
    private readonly ords: ReadonlyMap<V, number>,
    /** Postings of ordinal o: postingDocs[postingStart[o] .. postingStart[o + 1]). */
    readonly postingStart: Int32Array,
    readonly postingDocs: Int32Array,
    /** Term frequencies parallel to postingDocs (text fields); null where every frequency is 1. */
    readonly postingFreqs: Int32Array | null,
  ) {}

  /** From value → [doc ids ascending, frequencies]. */
  static build<V extends string | number>(postings: Map<V, { docs: number[]; freqs: number[] }>, withFreqs: boolean): TermDictionary<V> {
    const values = sortedValues([...postings.keys()]);
    const start = new Int32Array(values.length + 1);
    let total = 0;
    values.forEach((value, ord) => {
      start[ord] = total;
      total += postings.get(value)!.docs.length;
    });
    start[values.length] = total;
    const docs = new Int32Array(total);
    const freqs = withFreqs ? new Int32Array(total) : null;
    values.forEach((value, ord) => {
      const list = postings.get(value)!;
      docs.set(list.docs, start[ord]);
      freqs?.set(list.freqs, start[ord]);
    });
    return new TermDictionary(values, new Map(values.map((v, ord) => [v, ord])), start, docs, freqs);
  }

  get size(): number {
    return this.values.length;
  }

  /** Ordinal of `value`, or -1. */
  ord(value: V): number {
    return this.ords.get(value) ?? -1;
  }

  docFreq(ord: number): number {
    return this.postingStart[ord + 1]! - this.postingStart[ord]!;
  }

  /** The first ordinal whose value is >= `value` (inclusive) or > `value` (exclusive). */
  lowerBound(value: V, inclusive: boolean): number {
    let lo = 0;
    let hi = this.values.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = compareValues(this.values[mid]!, value);
      if (c < 0 || (c === 0 && !inclusive)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The terms within `maxEdits` of `term` (TermTrie.expand), remembered for the most recent terms. */
  expand(this: TermDictionary<string>, term: string, maxEdits: number, prefixLength: number, transpositions: boolean): FuzzyCandidate[] {
    const key = `${maxEdits}:${prefixLength}:${transpositions ? 1 : 0}:${term}`;
    const cached = this.fuzzyCache.get(key);
    if (cached) {
      this.fuzzyCache.delete(key);
      this.fuzzyCache.set(key, cached);
      return cached;
    }
    const candidates = this.trie().expand(term, maxEdits, prefixLength, transpositions);
    if (this.fuzzyCache.size >= FUZZY_CACHE_SIZE) this.fuzzyCache.delete(this.fuzzyCache.keys().next().value!);
    this.fuzzyCache.set(key, candidates);
    return candidates;
  }

  /** The trie for fuzzy expansion (string dictionaries; built on first use). */
  trie(this: TermDictionary<string>): TermTrie {
    this.trieCache ??= TermTrie.build(this.values);
    return this.trieCache;
  }

  /** Builds the trie in steps (a paced index build). */
  *trieSteps(this: TermDictionary<string>): Generator<void, void> {
    this.trieCache ??= yield* TermTrie.buildSteps(this.values);
  }
}

export interface TextField {
  readonly type: 'text';
  readonly dict: TermDictionary<string>;
  /** Documents with at least one token (Lucene's docCount, the N of idf). */
  readonly docCount: number;
  /** Per document: k1 × (1 - b + b × length / average length), the BM25 denominator term. */
  readonly lengthNorm: Float64Array;
}

interface ValueFieldBase {
  /** Documents with at least one value. */
  readonly docCount: number;
  /** k1 × (1 - b + b / average values per doc): keyword fields keep no norms, so length is 1. */
  readonly lengthNorm: number;
  /** Ordinals of document d, ascending and distinct: docOrds[docStart[d] .. docStart[d + 1]). */
  readonly docStart: Int32Array;
  readonly docOrds: Int32Array;
}
export interface KeywordField extends ValueFieldBase {
  readonly type: 'keyword';
  readonly dict: TermDictionary<string>;
}
export interface NumericField extends ValueFieldBase {
  /** Booleans are indexed as 0 and 1. */
  readonly type: 'number' | 'boolean';
  readonly dict: TermDictionary<number>;
}
export type ValueField = KeywordField | NumericField;
export type IndexedField = TextField | ValueField;

/**
 * The dictionary of any field, keyed by string or number: the query parser has already coerced
 * values to the field's type (strings for text/keyword, numbers for number/boolean).
 */
export function dictionaryOf(field: IndexedField): TermDictionary<string | number> {
  return field.dict;
}

/** Flattens a source value (arrays of any depth) into its scalars; null/undefined are absent. */
function scalars(value: unknown, field: string, docId: string): (string | number | boolean)[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((v) => scalars(v, field, docId));
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return [value];
  throw new TypeError(`document ${docId}: field "${field}" holds ${typeof value}, not a value`);
}

function toNumber(value: string | number | boolean, type: 'number' | 'boolean', field: string, docId: string): number {
  if (type === 'boolean') {
    if (value === true || value === 'true') return 1;
    if (value === false || value === 'false' || value === '') return 0;
  } else {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof n === 'number' && Number.isFinite(n)) return n;
  }
  throw new TypeError(`document ${docId}: field "${field}" (${type}) cannot hold ${JSON.stringify(value)}`);
}

function addPosting<V>(postings: Map<V, { docs: number[]; freqs: number[] }>, value: V, doc: number, freq: number): void {
  const list = postings.get(value);
  if (list) {
    list.docs.push(doc);
    list.freqs.push(freq);
  } else postings.set(value, { docs: [doc], freqs: [freq] });
}

/** Documents a paced build handles between two chances to yield (SearchIndex.buildPaced). */
const DOCS_PER_STEP = 128;

/** Runs a build's steps to the end in one go. */
export function runSteps<T>(steps: Generator<void, T>): T {
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

export function buildField(
  field: string,
  type: Exclude<FieldType, 'object'>,
  docs: readonly { id: string; source: Record<string, unknown> }[],
  analyzer: Analyzer = STANDARD_ANALYZER,
): IndexedField {
  return runSteps(buildFieldSteps(field, type, docs, analyzer));
}

/** buildField in steps: it yields every DOCS_PER_STEP documents, so a caller can pause between them. */
export function* buildFieldSteps(
  field: string,
  type: Exclude<FieldType, 'object'>,
  docs: readonly { id: string; source: Record<string, unknown> }[],
  analyzer: Analyzer = STANDARD_ANALYZER,
): Generator<void, IndexedField> {
  const values: (string | number | boolean)[][] = new Array(docs.length);
  for (let d = 0; d < docs.length; d++) {
    const doc = docs[d]!;
    values[d] = scalars(Object.hasOwn(doc.source, field) ? doc.source[field] : undefined, field, doc.id);
    if (d % DOCS_PER_STEP === DOCS_PER_STEP - 1) yield;
  }
  if (type === 'text') return yield* buildTextFieldSteps(values, analyzer);
  const docStart = new Int32Array(docs.length + 1);
  let docCount = 0;
  let valueCount = 0;
  const perDoc: (string | number)[][] = new Array(values.length);
  for (let d = 0; d < values.length; d++) {
    const list = values[d]!;
    const distinct =
      type === 'keyword'
        ? [...new Set(list.map(String))].sort(compareCodePoints)
        : [...new Set(list.map((v) => toNumber(v, type, field, docs[d]!.id)))].sort((a, b) => a - b);
    if (distinct.length > 0) docCount++;
    valueCount += distinct.length;
    docStart[d + 1] = valueCount;
    perDoc[d] = distinct;
    if (d % DOCS_PER_STEP === DOCS_PER_STEP - 1) yield;
  }
  const postings = new Map<string | number, { docs: number[]; freqs: number[] }>();
  perDoc.forEach((distinct, d) => distinct.forEach((v) => addPosting(postings, v, d, 1)));
  yield;
  const dict = TermDictionary.build(postings, false);
  yield;
  const docOrds = new Int32Array(valueCount);
  let k = 0;
  for (const distinct of perDoc) for (const v of distinct) docOrds[k++] = dict.ord(v);
  const lengthNorm = BM25_K1 * (1 - BM25_B + (docCount > 0 ? (BM25_B * docCount) / valueCount : BM25_B));
  const base = { docCount, lengthNorm, docStart, docOrds };
  return type === 'keyword'
    ? { type, dict: dict as TermDictionary<string>, ...base }
    : { type, dict: dict as TermDictionary<number>, ...base };
}

function* buildTextFieldSteps(values: readonly (string | number | boolean)[][], analyzer: Analyzer): Generator<void, TextField> {
  const postings = new Map<string, { docs: number[]; freqs: number[] }>();
  const lengths = new Int32Array(values.length);
  let docCount = 0;
  let totalLength = 0;
  for (let d = 0; d < values.length; d++) {
    const counts = new Map<string, number>();
    let length = 0;
    for (const value of values[d]!) {
      for (const token of analyzer.index(String(value))) {
        counts.set(token, (counts.get(token) ?? 0) + 1);
        length++;
      }
    }
    for (const [token, freq] of counts) addPosting(postings, token, d, freq);
    lengths[d] = length;
    if (length > 0) docCount++;
    totalLength += length;
    if (d % DOCS_PER_STEP === DOCS_PER_STEP - 1) yield;
  }
  const average = docCount > 0 ? totalLength / docCount : 1;
  const lengthNorm = new Float64Array(values.length);
  lengths.forEach((length, d) => {
    lengthNorm[d] = BM25_K1 * (1 - BM25_B + (BM25_B * quantizedLength(length)) / average);
  });
  yield;
  return { type: 'text', dict: TermDictionary.build(postings, true), docCount, lengthNorm };
}
