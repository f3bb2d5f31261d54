// The per-field index structures a SearchIndex is built from: a sorted term dictionary with postings
// (doc ids ascending, term frequencies for text) for every searchable field, the BM25 statistics
// Lucene keeps (docs with the field, lossy-encoded length norms, average length), and for
// keyword/number/boolean fields the per-document ordinals used by sorts and aggregations.

import { STANDARD_ANALYZER, type Analyzer } from './analysis';
import { codePointLength, type Expansion, type FuzzyCandidate, TermTrie, topExpansions } from './fuzzy';

/** Fuzzy expansions kept per dictionary: type-ahead repeats the same words keystroke after keystroke. */
const FUZZY_CACHE_SIZE = 4096;
import type { FieldType } from './mappings';

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** Lucene's BM25 idf: ln(1 + (N - n + 0.5) / (n + 0.5)), N = docs with the field. */
export function idf(docFreq: number, docCount: number): number {
  return Math.log(1 + (docCount - docFreq + 0.5) / (docFreq + 0.5));
}

/** Lengths Lucene's norm byte holds exactly (SmallFloat's NUM_FREE_VALUES). */
const FREE_LENGTHS = 24;

/**
 * A document length as Lucene stores it, in one norm byte (SmallFloat.intToByte4): exact below 24,
 * then 4 significant bits. A text field keeps this byte per document (not a number: 8 times the memory).
 */
export function normByte(length: number): number {
  if (length < FREE_LENGTHS) return length;
  const rest = length - FREE_LENGTHS;
  const bits = 32 - Math.clz32(rest);
  if (bits < 4) return FREE_LENGTHS + rest;
  const shift = bits - 4;
  return FREE_LENGTHS + (((rest >>> shift) & 0x07) | ((shift + 1) << 3));
}

/** The length a norm byte stands for (SmallFloat.byte4ToInt). */
export function lengthOfNorm(byte: number): number {
  if (byte < FREE_LENGTHS) return byte;
  const code = byte - FREE_LENGTHS;
  const shift = (code >>> 3) - 1;
  return FREE_LENGTHS + (shift < 0 ? code : ((code & 0x07) | 0x08) * 2 ** shift);
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

/** Values a paced build sorts natively per run, and merges between two chances to yield. */
const SORT_RUN = 4096;

/**
 * Distinct `values` in term order, in steps (a paced build yields between them): runs of SORT_RUN
 * sorted, then merged pairwise. Strings without surrogates compare natively (UTF-16 order is code
 * point order there, and the native sort is several times faster than a comparator); others take
 * compareValues. The values are distinct, so the order is the one any sort gives.
 */
export function* sortedValuesSteps<V extends string | number>(values: V[]): Generator<void, V[]> {
  let native = true;
  for (let i = 0; i < values.length && native; i++) {
    const v = values[i]!;
    native = typeof v === 'string' && !/[\uD800-\uDFFF]/.test(v);
    if (i % SORT_RUN === SORT_RUN - 1) yield;
  }
  const before = native ? (a: V, b: V) => a < b : (a: V, b: V) => compareValues(a, b) < 0;
  let from = values.slice();
  for (let start = 0; start < from.length; start += SORT_RUN) {
    const run = from.slice(start, start + SORT_RUN);
    if (native) run.sort();
    else run.sort(compareValues);
    for (let i = 0; i < run.length; i++) from[start + i] = run[i]!;
    yield;
  }
  let to = new Array<V>(from.length);
  for (let width = SORT_RUN; width < from.length; width *= 2) {
    let work = 0;
    for (let lo = 0; lo < from.length; lo += 2 * width) {
      const mid = Math.min(lo + width, from.length);
      const hi = Math.min(lo + 2 * width, from.length);
      let i = lo;
      let j = mid;
      let k = lo;
      // The last passes merge runs as long as the whole array: yield inside a merge too.
      while (k < hi) {
        const stop = Math.min(hi, k + 4 * SORT_RUN - work);
        work += stop - k;
        while (k < stop) to[k++] = j >= hi || (i < mid && !before(from[j]!, from[i]!)) ? from[i++]! : from[j++]!;
        if (work >= 4 * SORT_RUN) {
          work = 0;
          yield;
        }
      }
    }
    [from, to] = [to, from];
    yield;
  }
  return from;
}

/**
 * Entries a paced build handles between two chances to yield when it lays out postings, and the size
 * of a PostingsCollector's chunks: it grows by a chunk, never by copying what it holds (doubling one
 * array per column copied 48 MB in one step for the names of 200,000 devices, 40 ms alone).
 */
const ENTRIES_PER_STEP = 16_384;

/**
 * Collects (value, doc, frequency) entries in doc order and lays them out as a TermDictionary:
 * distinct values sorted, postings placed by a counting sort on the ordinal (so each keeps its docs
 * ascending), all in typed arrays — no array per term, which kept hundreds of thousands of small
 * objects alive and made the garbage collector pause the event loop on large catalogues.
 */
export class PostingsCollector<V extends string | number> {
  /** value → first-seen number (dropped by dictionarySteps: a dictionary finds values by binary search). */
  private ids = new Map<V, number>();
  private readonly keys: V[] = [];
  /** The entries in chunks of ENTRIES_PER_STEP: entry i is at [i / ENTRIES_PER_STEP][i % ENTRIES_PER_STEP]. */
  private termIds: Int32Array[] = [];
  private docs: Int32Array[] = [];
  private freqs: Int32Array[] = [];
  private maxFreq = 0;
  private length = 0;
  /** Ordinal of each entry in add order, once the dictionary is built. */
  private entryOrds: Int32Array | null = null;

  /** Entries must come in ascending doc order, a value at most once per doc. */
  add(value: V, doc: number, freq: number): void {
    this.addId(this.idOf(value), doc, freq);
  }

  /** The number `value` is collected under (addId), assigned on first sight; valid until dictionarySteps. */
  idOf(value: V): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.keys.length;
      this.ids.set(value, id);
      this.keys.push(value);
    }
    return id;
  }

  /** add() of the value `id` stands for (idOf). */
  addId(id: number, doc: number, freq: number): void {
    const offset = this.length % ENTRIES_PER_STEP;
    if (offset === 0) {
      this.termIds.push(new Int32Array(ENTRIES_PER_STEP));
      this.docs.push(new Int32Array(ENTRIES_PER_STEP));
      this.freqs.push(new Int32Array(ENTRIES_PER_STEP));
    }
    const chunk = this.termIds.length - 1;
    this.termIds[chunk]![offset] = id;
    this.docs[chunk]![offset] = doc;
    this.freqs[chunk]![offset] = freq;
    if (freq > this.maxFreq) this.maxFreq = freq;
    this.length++;
  }

  *dictionarySteps(withFreqs: boolean): Generator<void, TermDictionary<V>> {
    const values = yield* sortedValuesSteps(this.keys);
    const ordOfId = new Int32Array(values.length);
    for (let ord = 0; ord < values.length; ord++) {
      const value = values[ord]!;
      ordOfId[this.ids.get(value)!] = ord;
      // A map operation per value: a smaller slice than the typed-array loops below.
      if (ord % SORT_RUN === SORT_RUN - 1) yield;
    }
    this.ids = new Map();
    const n = this.length;
    // A step per large array: each may start a scavenge of its own (V8's external memory pressure, about
    // 20 ms at a million devices), and two in one step made a 53 ms gap.
    const entryOrds = new Int32Array(n);
    yield;
    const start = new Int32Array(values.length + 1);
    // One chunk per step.
    for (let c = 0; c < this.termIds.length; c++) {
      const termIds = this.termIds[c]!;
      const base = c * ENTRIES_PER_STEP;
      const size = Math.min(ENTRIES_PER_STEP, n - base);
      for (let i = 0; i < size; i++) {
        const ord = ordOfId[termIds[i]!]!;
        entryOrds[base + i] = ord;
        start[ord + 1]!++;
      }
      yield;
    }
    for (let ord = 0; ord < values.length; ord++) start[ord + 1]! += start[ord]!;
    const next = start.slice(0, values.length);
    yield;
    const docs = new Int32Array(n);
    yield;
    // Frequencies in a byte each where they fit (a name's terms occur once or twice): a quarter of the memory.
    const freqs = withFreqs ? (this.maxFreq <= 0xff ? new Uint8Array(n) : new Int32Array(n)) : null;
    yield;
    for (let c = 0; c < this.docs.length; c++) {
      const chunkDocs = this.docs[c]!;
      const chunkFreqs = this.freqs[c]!;
      const base = c * ENTRIES_PER_STEP;
      const size = Math.min(ENTRIES_PER_STEP, n - base);
      for (let i = 0; i < size; i++) {
        const k = next[entryOrds[base + i]!]!++;
        docs[k] = chunkDocs[i]!;
        if (freqs) freqs[k] = chunkFreqs[i]!;
      }
      yield;
    }
    this.entryOrds = entryOrds;
    this.termIds = [];
    this.docs = [];
    this.freqs = [];
    return TermDictionary.of(values, start, docs, freqs);
  }

  /** The ordinal of every entry in the order they were added (after dictionarySteps). */
  ordsInAddOrder(): Int32Array {
    if (!this.entryOrds) throw new Error('ordsInAddOrder before dictionarySteps');
    return this.entryOrds;
  }
}

/** Sorted distinct values of one field, each with its postings. A value's ordinal is its position. */
export class TermDictionary<V extends string | number> {
  private trieCache: TermTrie | null = null;
  /** Least recently used first (a Map keeps insertion order; a hit is moved to the end). */
  private readonly fuzzyCache = new Map<string, FuzzyCandidate[]>();
  /** The same for the top expansions a fuzzy term query uses (what each keystroke asks again). */
  private readonly expansionCache = new Map<string, Expansion[]>();

  private constructor(
    readonly values: readonly V[],
    /** Postings of ordinal o: postingDocs[postingStart[o] .. postingStart[o + 1]). */
    readonly postingStart: Int32Array,
    readonly postingDocs: Int32Array,
    /** Term frequencies parallel to postingDocs (text fields); null where every frequency is 1. */
    readonly postingFreqs: Uint8Array | Int32Array | null,
  ) {}

  /** From value → [doc ids ascending, frequencies]. */
  static build<V extends string | number>(postings: Map<V, { docs: number[]; freqs: number[] }>, withFreqs: boolean): TermDictionary<V> {
    const collector = new PostingsCollector<V>();
    for (const [value, list] of postings) list.docs.forEach((doc, i) => collector.add(value, doc, list.freqs[i]!));
    return runSteps(collector.dictionarySteps(withFreqs));
  }

  /** From its parts (PostingsCollector). */
  static of<V extends string | number>(
    values: readonly V[],
    postingStart: Int32Array,
    postingDocs: Int32Array,
    postingFreqs: Uint8Array | Int32Array | null,
  ): TermDictionary<V> {
    return new TermDictionary(values, postingStart, postingDocs, postingFreqs);
  }

  get size(): number {
    return this.values.length;
  }

  /**
   * Ordinal of `value`, or -1: a binary search (a map from value to ordinal held as much memory as the
   * postings of a field of unique values, the ids and URLs of a million devices).
   */
  ord(value: V): number {
    const ord = this.lowerBound(value, true);
    return ord < this.values.length && compareValues(this.values[ord]!, value) === 0 ? ord : -1;
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

  /** The `maxExpansions` best expansions of `term` (topExpansions of expand), remembered for the most recent terms. */
  topExpansions(
    this: TermDictionary<string>,
    term: string,
    maxEdits: number,
    prefixLength: number,
    transpositions: boolean,
    maxExpansions: number,
  ): Expansion[] {
    const key = `${maxEdits}:${prefixLength}:${transpositions ? 1 : 0}:${maxExpansions}:${term}`;
    const cached = this.expansionCache.get(key);
    if (cached) {
      this.expansionCache.delete(key);
      this.expansionCache.set(key, cached);
      return cached;
    }
    const top = topExpansions(this.expand(term, maxEdits, prefixLength, transpositions), codePointLength(term), maxExpansions);
    if (this.expansionCache.size >= FUZZY_CACHE_SIZE) this.expansionCache.delete(this.expansionCache.keys().next().value!);
    this.expansionCache.set(key, top);
    return top;
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
  /** Per document its length's norm byte (normByte). */
  readonly norms: Uint8Array;
  /** Per norm byte: k1 × (1 - b + b × length / average length), the BM25 denominator term. */
  readonly lengthNorm: Float64Array;
}

/**
 * The ordinals of each document's values, ascending and distinct (Lucene's doc values): sorts,
 * aggregations and range checks read them. Those of doc d are at(k) for k in [begin(d), end(d)).
 * Where no document has two values (most fields), one number per document in the narrowest array its
 * ordinals fit, 0 for none: a million devices' 15 keyword and number fields took 120 MB as offsets
 * and ordinals, 25 MB so.
 */
export class DocOrds {
  private constructor(
    /** Multi-valued: offsets per doc into `ords`; null when single-valued. */
    private readonly starts: Int32Array | null,
    /** Multi-valued: the ordinals; single-valued: per doc its ordinal + 1, or 0. */
    private readonly ords: Uint8Array | Uint16Array | Int32Array,
  ) {}

  /** From offsets per doc (docStart[d] .. docStart[d + 1]) into `docOrds`, of a field with `termCount` terms. */
  static of(docStart: Int32Array, docOrds: Int32Array, termCount: number): DocOrds {
    const docs = docStart.length - 1;
    if (docOrds.length > docs) return new DocOrds(docStart, docOrds);
    for (let d = 0; d < docs; d++) if (docStart[d + 1]! - docStart[d]! > 1) return new DocOrds(docStart, docOrds);
    const ords = termCount <= 0xff ? new Uint8Array(docs) : termCount <= 0xffff ? new Uint16Array(docs) : new Int32Array(docs);
    for (let d = 0; d < docs; d++) if (docStart[d + 1]! > docStart[d]!) ords[d] = docOrds[docStart[d]!]! + 1;
    return new DocOrds(null, ords);
  }

  begin(doc: number): number {
    return this.starts ? this.starts[doc]! : doc;
  }

  end(doc: number): number {
    return this.starts ? this.starts[doc + 1]! : this.ords[doc] === 0 ? doc : doc + 1;
  }

  at(k: number): number {
    return this.starts ? this.ords[k]! : this.ords[k]! - 1;
  }

  /** No doc holds more than one value: ordOf() reads a doc's value. */
  get singleValued(): boolean {
    return this.starts === null;
  }

  /** A single-valued field's ordinal of `doc`, or -1 when it has no value. */
  ordOf(doc: number): number {
    return this.ords[doc]! - 1;
  }
}

interface ValueFieldBase {
  /** Documents with at least one value. */
  readonly docCount: number;
  /** k1 × (1 - b + b / average values per doc): keyword fields keep no norms, so length is 1. */
  readonly lengthNorm: number;
  readonly docOrds: DocOrds;
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
  // Read per document as it is indexed: a list per document kept for the whole field only fed the collector.
  const valuesOf = (d: number) => {
    const doc = docs[d]!;
    return scalars(Object.hasOwn(doc.source, field) ? doc.source[field] : undefined, field, doc.id);
  };
  if (type === 'text') return yield* buildTextFieldSteps(docs.length, valuesOf, analyzer);
  const docStart = new Int32Array(docs.length + 1);
  let docCount = 0;
  let valueCount = 0;
  const collector = new PostingsCollector<string | number>();
  for (let d = 0; d < docs.length; d++) {
    const list = valuesOf(d);
    // One value (most fields of most documents) needs no set and no sort.
    const distinct =
      list.length === 1
        ? [type === 'keyword' ? String(list[0]) : toNumber(list[0]!, type, field, docs[d]!.id)]
        : type === 'keyword'
          ? [...new Set(list.map(String))].sort(compareCodePoints)
          : [...new Set(list.map((v) => toNumber(v, type, field, docs[d]!.id)))].sort((a, b) => a - b);
    if (distinct.length > 0) docCount++;
    valueCount += distinct.length;
    docStart[d + 1] = valueCount;
    for (const v of distinct) collector.add(v, d, 1);
    if (d % DOCS_PER_STEP === DOCS_PER_STEP - 1) yield;
  }
  const dict = yield* collector.dictionarySteps(false);
  // A doc's values were added in term order, so their ordinals come out ascending.
  const docOrds = DocOrds.of(docStart, collector.ordsInAddOrder(), dict.size);
  const lengthNorm = BM25_K1 * (1 - BM25_B + (docCount > 0 ? (BM25_B * docCount) / valueCount : BM25_B));
  const base = { docCount, lengthNorm, docOrds };
  return type === 'keyword'
    ? { type, dict: dict as TermDictionary<string>, ...base }
    : { type, dict: dict as TermDictionary<number>, ...base };
}

/** Distinct values a text field's build keeps the analysis of (see `analyzed` below). */
const VALUE_MEMO_LIMIT = 50_000;

/**
 * One value's analysis: its distinct terms (PostingsCollector ids) each followed by its count, and its
 * token count. A plain array: V8 allocates small typed arrays several times slower.
 */
interface AnalyzedValue {
  readonly terms: readonly number[];
  readonly length: number;
}

function* buildTextFieldSteps(
  size: number,
  valuesOf: (d: number) => (string | number | boolean)[],
  analyzer: Analyzer,
): Generator<void, TextField> {
  const collector = new PostingsCollector<string>();
  /**
   * Kept per distinct value: a catalogue repeats whole values (a category's, manufacturer's or series'
   * name in every one of its devices, a model in every colour and storage variant), and their analysis,
   * counting and term lookups were most of an index build (issue 34). Bounded: past VALUE_MEMO_LIMIT
   * values it starts again.
   */
  const memo = new Map<string, AnalyzedValue>();
  // Per term id, where its count is in the value being analyzed (0: not in it yet); reset after each
  // value. A name has some 30 terms: a map per value to count them cost more than its analysis.
  let countAt = new Int32Array(ENTRIES_PER_STEP);
  const analyzed = (text: string): AnalyzedValue => {
    let known = memo.get(text);
    if (!known) {
      const tokens = analyzer.index(text);
      const terms: number[] = [];
      for (const token of tokens) {
        const id = collector.idOf(token);
        if (id >= countAt.length) {
          const grown = new Int32Array(2 * id);
          grown.set(countAt);
          countAt = grown;
        }
        const at = countAt[id]!;
        if (at === 0) {
          countAt[id] = terms.length + 1;
          terms.push(id, 1);
        } else terms[at]!++;
      }
      for (let i = 0; i < terms.length; i += 2) countAt[terms[i]!] = 0;
      known = { terms, length: tokens.length };
      if (memo.size >= VALUE_MEMO_LIMIT) memo.clear();
      memo.set(text, known);
    }
    return known;
  };
  const norms = new Uint8Array(size);
  let docCount = 0;
  let totalLength = 0;
  for (let d = 0; d < size; d++) {
    const values = valuesOf(d);
    let length = 0;
    if (values.length === 1) {
      const { terms, length: n } = analyzed(String(values[0]));
      for (let i = 0; i < terms.length; i += 2) collector.addId(terms[i]!, d, terms[i + 1]!);
      length = n;
    } else {
      // Several values (an array field): a term's frequency is its count over all of them.
      const counts = new Map<number, number>();
      for (const value of values) {
        const { terms, length: n } = analyzed(String(value));
        for (let i = 0; i < terms.length; i += 2) counts.set(terms[i]!, (counts.get(terms[i]!) ?? 0) + terms[i + 1]!);
        length += n;
      }
      for (const [id, freq] of counts) collector.addId(id, d, freq);
    }
    norms[d] = normByte(length);
    if (length > 0) docCount++;
    totalLength += length;
    if (d % DOCS_PER_STEP === DOCS_PER_STEP - 1) yield;
  }
  const average = docCount > 0 ? totalLength / docCount : 1;
  const lengthNorm = new Float64Array(256);
  for (let byte = 0; byte < 256; byte++) lengthNorm[byte] = BM25_K1 * (1 - BM25_B + (BM25_B * lengthOfNorm(byte)) / average);
  const dict = yield* collector.dictionarySteps(true);
  return { type: 'text', dict, docCount, norms, lengthNorm };
}
