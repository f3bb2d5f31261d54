// Fuzzy term expansion as Elasticsearch's match/multi_match `fuzziness` does it (Lucene FuzzyQuery):
// the allowed edits per term (AUTO:low,high over code points), a term trie walked with a
// Damerau-Levenshtein row per node (optimal string alignment, as Lucene's transposition automata;
// a branch is cut as soon as its row exceeds the allowed edits), and the top `max_expansions`
// candidates ranked like Lucene's TopTermsBlendedFreqScoringRewrite: by boost
// 1 - edits / min(candidate length, term length), then by term.

import { describeValue } from './describe-value';
import { SearchBodyError } from './errors';

export type Fuzziness =
  { readonly kind: 'auto'; readonly low: number; readonly high: number } | { readonly kind: 'edits'; readonly edits: number };

export function codePoints(term: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < term.length;) {
    const cp = term.codePointAt(i)!;
    out.push(cp);
    i += cp > 0xffff ? 2 : 1;
  }
  return out;
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** Code points in `term`, or in its first `end` code units. */
export function codePointLength(term: string, end = term.length): number {
  let n = 0;
  for (let i = 0; i < end; i++) {
    if (!isLowSurrogate(term.charCodeAt(i)) || i === 0 || !isHighSurrogate(term.charCodeAt(i - 1))) n++;
  }
  return n;
}

/** `fuzziness` as Elasticsearch accepts it: 0, 1, 2 (or their strings), "AUTO", "AUTO:low,high". */
export function parseFuzziness(value: unknown, clause: string): Fuzziness {
  const invalid = () =>
    new SearchBodyError(`[${clause}] fuzziness must be 0, 1, 2, "AUTO" or "AUTO:low,high", got ${describeValue(value)}`);
  if (typeof value === 'number') {
    if (value === 0 || value === 1 || value === 2) return { kind: 'edits', edits: value };
    throw invalid();
  }
  if (typeof value !== 'string') throw invalid();
  const spec = value.trim().toUpperCase();
  if (spec === 'AUTO') return { kind: 'auto', low: 3, high: 6 };
  const auto = /^AUTO:(\d{1,9}),(\d{1,9})$/.exec(spec);
  if (auto) {
    const low = Number(auto[1]);
    const high = Number(auto[2]);
    if (high < low) throw new SearchBodyError(`[${clause}] fuzziness wrongly configured: AUTO:low,high needs high >= low`);
    return { kind: 'auto', low, high };
  }
  if (/^[012](\.0*)?$/.test(spec)) return { kind: 'edits', edits: Number(spec) };
  throw invalid();
}

/** Edits allowed for one analyzed term (Elasticsearch's Fuzziness.asDistance). */
export function editsFor(fuzziness: Fuzziness, term: string): number {
  if (fuzziness.kind === 'edits') return fuzziness.edits;
  const length = codePointLength(term);
  return length < fuzziness.low ? 0 : length < fuzziness.high ? 1 : 2;
}

export interface FuzzyCandidate {
  /** Ordinal of the term in the dictionary the trie was built from. */
  readonly ord: number;
  readonly edits: number;
  /** Length of the candidate term in code points. */
  readonly length: number;
}

export interface Expansion {
  readonly ord: number;
  /** Lucene's fuzzy boost: 1 for the exact term, else 1 - edits / min(candidate length, term length). */
  readonly boost: number;
}

/** The `maxExpansions` best candidates: highest boost first, ties by term order (ordinal). */
export function topExpansions(candidates: readonly FuzzyCandidate[], termLength: number, maxExpansions: number): Expansion[] {
  return candidates
    .map(({ ord, edits, length }) => ({
      ord,
      boost: edits === 0 ? 1 : Math.max(0, Math.fround(1 - Math.fround(edits / Math.min(length, termLength)))),
    }))
    .sort((a, b) => b.boost - a.boost || a.ord - b.ord)
    .slice(0, maxExpansions);
}

/**
 * How many code units `a` and `b` start with in common, short of a surrogate pair one of them does not
 * share whole (the code points differ there).
 */
function sharedUnits(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let i = 0;
  while (i < max && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  const high = i > 0 && isHighSurrogate(a.charCodeAt(i - 1));
  return high && (isLowSurrogate(a.charCodeAt(i)) || isLowSurrogate(b.charCodeAt(i))) ? i - 1 : i;
}

/** A trie over a sorted term dictionary, in flat arrays (first child / next sibling). */
export class TermTrie {
  private constructor(
    private readonly label: Int32Array,
    private readonly firstChild: Int32Array,
    private readonly nextSibling: Int32Array,
    private readonly termOrd: Int32Array,
  ) {}

  /** `terms` must be unique and sorted in code point order (a term's ordinal is its position). */
  static build(terms: readonly string[]): TermTrie {
    const steps = TermTrie.buildSteps(terms);
    let step = steps.next();
    while (!step.done) step = steps.next();
    return step.value;
  }

  /**
   * build in steps: it yields every 2,048 terms (a paced index build pauses there). A first pass counts
   * the nodes, so the second writes them into typed arrays of their final size; neither makes an array
   * per term. Grown as plain arrays and copied into typed ones at the end, the names of a million devices
   * took 92 ms in one step (issue 34: no event-loop gap over 50 ms while an index builds).
   */
  static *buildSteps(terms: readonly string[]): Generator<void, TermTrie> {
    let nodes = 1;
    for (let ord = 0; ord < terms.length; ord++) {
      if (ord % 2048 === 2047) yield;
      const term = terms[ord]!;
      nodes += codePointLength(term) - codePointLength(term, ord === 0 ? 0 : sharedUnits(terms[ord - 1]!, term));
    }
    // A step per array: allocating each may start a scavenge of its own (see PostingsCollector).
    const label = new Int32Array(nodes);
    yield;
    const firstChild = new Int32Array(nodes).fill(-1);
    yield;
    const nextSibling = new Int32Array(nodes).fill(-1);
    yield;
    const termOrd = new Int32Array(nodes).fill(-1);
    yield;
    const lastChild = new Int32Array(nodes).fill(-1);
    yield;
    /** path[depth]: the node of the current term's first `depth` code points. */
    const path = [0];
    let node = 1;
    for (let ord = 0; ord < terms.length; ord++) {
      if (ord % 2048 === 2047) yield;
      const term = terms[ord]!;
      const common = ord === 0 ? 0 : sharedUnits(terms[ord - 1]!, term);
      let depth = codePointLength(term, common);
      path.length = depth + 1;
      for (let i = common; i < term.length; node++, depth++) {
        const cp = term.codePointAt(i)!;
        i += cp > 0xffff ? 2 : 1;
        const parent = path[depth]!;
        label[node] = cp;
        if (lastChild[parent]! < 0) firstChild[parent] = node;
        else nextSibling[lastChild[parent]!] = node;
        lastChild[parent] = node;
        path.push(node);
      }
      termOrd[path[depth]!] = ord;
    }
    return new TermTrie(label, firstChild, nextSibling, termOrd);
  }

  /**
   * Every term within `maxEdits` (1 or 2) of `term` whose first `prefixLength` code points equal the
   * term's; the caller handles 0 edits and prefixes as long as the term (exact lookups).
   */
  expand(term: string, maxEdits: number, prefixLength: number, transpositions: boolean): FuzzyCandidate[] {
    const { label, firstChild, nextSibling, termOrd } = this;
    const query = codePoints(term);
    const out: FuzzyCandidate[] = [];
    let start = 0;
    for (let i = 0; i < prefixLength; i++) {
      let child = firstChild[start]!;
      while (child >= 0 && label[child] !== query[i]) child = nextSibling[child]!;
      if (child < 0) return out;
      start = child;
    }
    const suffix = Int32Array.from(query.slice(prefixLength));
    const m = suffix.length;
    const width = m + 1;
    const maxDepth = m + maxEdits;
    // rows[d * width + j]: distance between the candidate's first d code points (after the prefix) and suffix[0, j).
    const rows = new Int32Array((maxDepth + 1) * width);
    const chars = new Int32Array(maxDepth + 1);
    for (let j = 0; j <= m; j++) rows[j] = j;
    if (m <= maxEdits && termOrd[start]! >= 0) out.push({ ord: termOrd[start]!, edits: m, length: prefixLength });

    const visit = (node: number, depth: number): void => {
      const row = depth * width;
      const up = row - width;
      for (let child = firstChild[node]!; child >= 0; child = nextSibling[child]!) {
        const ch = label[child]!;
        chars[depth] = ch;
        rows[row] = depth;
        let best = depth;
        for (let j = 1; j <= m; j++) {
          let d = rows[up + j - 1]! + (ch === suffix[j - 1] ? 0 : 1);
          const del = rows[up + j]! + 1;
          if (del < d) d = del;
          const ins = rows[row + j - 1]! + 1;
          if (ins < d) d = ins;
          if (transpositions && depth > 1 && j > 1 && ch === suffix[j - 2] && chars[depth - 1] === suffix[j - 1]) {
            const swap = rows[up - width + j - 2]! + 1;
            if (swap < d) d = swap;
          }
          rows[row + j] = d;
          if (d < best) best = d;
        }
        if (best > maxEdits) continue;
        const edits = rows[row + m]!;
        if (edits <= maxEdits && termOrd[child]! >= 0) out.push({ ord: termOrd[child]!, edits, length: prefixLength + depth });
        if (depth < maxDepth) visit(child, depth + 1);
      }
    };
    visit(start, 1);
    return out;
  }
}
