// Sparse query results and the set operations the query tree combines them with. A result is its
// matching doc ids (ascending) with one score each, or one constant score for all of them. Unions go
// through a per-index scratch accumulator (dense arrays and a bitset of the docs touched, so no
// per-query allocation proportional to the index, and no sort once many docs matched);
// intersections and differences merge the sorted id lists. A DocFilter (a bitset of candidates)
// lets a clause skip docs its parent would drop anyway.

export interface Matches {
  readonly docs: Int32Array;
  /** Per doc, parallel to docs; a number when every doc has that score. */
  readonly scores: Float64Array | number;
}

export const NO_MATCHES: Matches = { docs: new Int32Array(0), scores: 0 };

export function scoreAt(matches: Matches, i: number): number {
  return typeof matches.scores === 'number' ? matches.scores : matches.scores[i]!;
}

export function scaled(matches: Matches, boost: number): Matches {
  if (boost === 1) return matches;
  if (typeof matches.scores === 'number') return { docs: matches.docs, scores: matches.scores * boost };
  return { docs: matches.docs, scores: matches.scores.map((s) => s * boost) };
}

/** The docs a clause may still match (those of the clauses before it in a conjunction): a bitset and its docs ascending. */
export interface DocFilter {
  readonly bits: Uint32Array;
  readonly docs: Int32Array;
}

/** A filter of `docs` (ascending) in an index of `size` documents. */
export function docFilter(docs: Int32Array, size: number): DocFilter {
  const bits = new Uint32Array((size + 31) >>> 5);
  for (let i = 0; i < docs.length; i++) bits[docs[i]! >>> 5]! |= 1 << (docs[i]! & 31);
  return { bits, docs };
}

export function inFilter(filter: DocFilter, doc: number): boolean {
  return (filter.bits[doc >>> 5]! & (1 << (doc & 31))) !== 0;
}

/** Docs in both; the score is a's plus b's when `addScores`, else a's. */
export function intersect(a: Matches, b: Matches, addScores: boolean): Matches {
  const docs = new Int32Array(Math.min(a.docs.length, b.docs.length));
  const scores = new Float64Array(docs.length);
  let n = 0;
  for (let i = 0, j = 0; i < a.docs.length && j < b.docs.length;) {
    const x = a.docs[i]!;
    const y = b.docs[j]!;
    if (x < y) i++;
    else if (y < x) j++;
    else {
      docs[n] = x;
      scores[n++] = addScores ? scoreAt(a, i) + scoreAt(b, j) : scoreAt(a, i);
      i++;
      j++;
    }
  }
  return { docs: docs.subarray(0, n), scores: scores.subarray(0, n) };
}

/** Docs of a that are not in b, with a's scores. */
export function subtract(a: Matches, b: Matches): Matches {
  if (b.docs.length === 0) return a;
  const docs = new Int32Array(a.docs.length);
  const scores = new Float64Array(a.docs.length);
  let n = 0;
  let j = 0;
  for (let i = 0; i < a.docs.length; i++) {
    const x = a.docs[i]!;
    while (j < b.docs.length && b.docs[j]! < x) j++;
    if (j < b.docs.length && b.docs[j] === x) continue;
    docs[n] = x;
    scores[n++] = scoreAt(a, i);
  }
  return { docs: docs.subarray(0, n), scores: scores.subarray(0, n) };
}

/** Every doc of a; b's score is added where b matches too (optional should clauses). */
export function addOptional(a: Matches, b: Matches): Matches {
  const scores = new Float64Array(a.docs.length);
  let j = 0;
  for (let i = 0; i < a.docs.length; i++) {
    const x = a.docs[i]!;
    while (j < b.docs.length && b.docs[j]! < x) j++;
    scores[i] = scoreAt(a, i) + (j < b.docs.length && b.docs[j] === x ? scoreAt(b, j) : 0);
  }
  return { docs: a.docs, scores };
}

/**
 * Collects (doc, score) contributions in any order and yields the union. Not re-entrant: begin(),
 * add()…, finish() must run without another use in between (children are evaluated before).
 */
export class Accumulator {
  /**
   * Per doc d its sum, best contribution and count at 3d, 3d + 1, 3d + 2: one cache line per doc, where
   * three arrays cost three misses per contribution once thousands of docs spread over a large index.
   */
  private readonly state: Float64Array;
  /** Bit d set: doc d was added since begin(). Cleared again by finish(). */
  private readonly seen: Uint32Array;
  private readonly touched: Int32Array;
  private length = 0;
  /** begin() without finish() yet: a query that threw in between left bits set. */
  private open = false;

  constructor(private readonly size: number) {
    this.state = new Float64Array(3 * size);
    this.seen = new Uint32Array((size + 31) >>> 5);
    this.touched = new Int32Array(size);
  }

  begin(): void {
    if (this.open) this.seen.fill(0);
    this.open = true;
    this.length = 0;
  }

  add(doc: number, score: number): void {
    const word = doc >>> 5;
    const bit = 1 << (doc & 31);
    const state = this.state;
    const at = 3 * doc;
    if ((this.seen[word]! & bit) === 0) {
      this.seen[word]! |= bit;
      state[at] = score;
      state[at + 1] = score;
      state[at + 2] = 1;
      this.touched[this.length++] = doc;
    } else {
      state[at] = state[at]! + score;
      if (score > state[at + 1]!) state[at + 1] = score;
      state[at + 2] = state[at + 2]! + 1;
    }
  }

  /** A doc without a score (constant-score unions); end such a use with finishDocs(). */
  addDoc(doc: number): void {
    const word = doc >>> 5;
    const bit = 1 << (doc & 31);
    if ((this.seen[word]! & bit) !== 0) return;
    this.seen[word]! |= bit;
    this.touched[this.length++] = doc;
  }

  addAll(matches: Matches): void {
    const { docs, scores } = matches;
    if (typeof scores === 'number') for (let i = 0; i < docs.length; i++) this.add(docs[i]!, scores);
    else for (let i = 0; i < docs.length; i++) this.add(docs[i]!, scores[i]!);
  }

  /**
   * The touched docs ascending, clearing their bits: sorted when few, else read off the bitset in one
   * pass over its words (cheaper than sorting once more than about a 64th of the index matched).
   */
  private touchedInOrder(): Int32Array {
    this.open = false;
    const touched = this.touched.subarray(0, this.length);
    const seen = this.seen;
    if (this.length * 64 < this.size) {
      for (let i = 0; i < touched.length; i++) seen[touched[i]! >>> 5] = 0;
      return touched.sort();
    }
    let n = 0;
    for (let word = 0; word < seen.length; word++) {
      let bits = seen[word]!;
      if (bits === 0) continue;
      seen[word] = 0;
      const base = word << 5;
      while (bits !== 0) {
        const low = bits & -bits;
        touched[n++] = base + 31 - Math.clz32(low);
        bits ^= low;
      }
    }
    return touched;
  }

  /** The docs added since begin(), ascending (a union whose scores the caller sets). */
  finishDocs(): Int32Array {
    return this.touchedInOrder().slice();
  }

  /**
   * The docs added at least `minCount` times, scored by the sum of their contributions, or with a
   * `tieBreaker` as a disjunction max: the best contribution plus tieBreaker × the others.
   */
  finish(minCount = 1, tieBreaker: number | null = null): Matches {
    const ids = this.touchedInOrder();
    const docs = new Int32Array(ids.length);
    const scores = new Float64Array(ids.length);
    const state = this.state;
    let n = 0;
    for (let i = 0; i < ids.length; i++) {
      const doc = ids[i]!;
      const at = 3 * doc;
      if (state[at + 2]! < minCount) continue;
      const sum = state[at]!;
      const max = state[at + 1]!;
      docs[n] = doc;
      scores[n++] = tieBreaker === null ? sum : max + tieBreaker * (sum - max);
    }
    return { docs: docs.subarray(0, n), scores: scores.subarray(0, n) };
  }
}
