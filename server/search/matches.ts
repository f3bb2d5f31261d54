// Sparse query results and the set operations the query tree combines them with. A result is its
// matching doc ids (ascending) with one score each, or one constant score for all of them. Unions go
// through a per-index scratch accumulator (dense arrays stamped per use, so no per-query allocation
// proportional to the index); intersections and differences merge the sorted id lists.

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
  private readonly sum: Float64Array;
  private readonly max: Float64Array;
  private readonly count: Int32Array;
  private readonly stamp: Uint32Array;
  private readonly touched: Int32Array;
  private epoch = 0;
  private length = 0;

  constructor(size: number) {
    this.sum = new Float64Array(size);
    this.max = new Float64Array(size);
    this.count = new Int32Array(size);
    this.stamp = new Uint32Array(size);
    this.touched = new Int32Array(size);
  }

  begin(): void {
    if (this.epoch === 0xffffffff) {
      this.stamp.fill(0);
      this.epoch = 0;
    }
    this.epoch++;
    this.length = 0;
  }

  add(doc: number, score: number): void {
    if (this.stamp[doc] !== this.epoch) {
      this.stamp[doc] = this.epoch;
      this.sum[doc] = score;
      this.max[doc] = score;
      this.count[doc] = 1;
      this.touched[this.length++] = doc;
    } else {
      this.sum[doc] = this.sum[doc]! + score;
      if (score > this.max[doc]!) this.max[doc] = score;
      this.count[doc] = this.count[doc]! + 1;
    }
  }

  addAll(matches: Matches): void {
    for (let i = 0; i < matches.docs.length; i++) this.add(matches.docs[i]!, scoreAt(matches, i));
  }

  /**
   * The touched docs ascending: sorted when few, else read off the stamps in one dense pass (cheaper
   * than sorting once more than about a sixteenth of the index matched).
   */
  private touchedInOrder(): Int32Array {
    const touched = this.touched.subarray(0, this.length);
    if (this.length * 16 < this.stamp.length) return touched.sort();
    let n = 0;
    for (let doc = 0; doc < this.stamp.length; doc++) if (this.stamp[doc] === this.epoch) touched[n++] = doc;
    return touched;
  }

  /**
   * The docs added at least `minCount` times, scored by the sum of their contributions, or with a
   * `tieBreaker` as a disjunction max: the best contribution plus tieBreaker × the others.
   */
  finish(minCount = 1, tieBreaker: number | null = null): Matches {
    const ids = this.touchedInOrder();
    const docs = new Int32Array(ids.length);
    const scores = new Float64Array(ids.length);
    let n = 0;
    for (const doc of ids) {
      if (this.count[doc]! < minCount) continue;
      const sum = this.sum[doc]!;
      const max = this.max[doc]!;
      docs[n] = doc;
      scores[n++] = tieBreaker === null ? sum : max + tieBreaker * (sum - max);
    }
    return { docs: docs.subarray(0, n), scores: scores.subarray(0, n) };
  }
}
