// Custom analyzers as an Elasticsearch index declares them (`settings.analysis`): the subset the
// device index uses, so the same settings go to a real Elasticsearch (SEARCH_URL) unchanged. An
// analyzer is `mapping` and `pattern_replace` char filters, the standard tokenizer, then filters in order:
// - `word_delimiter_graph` (preserve_original): "OnePlus" also as "one" + "plus", "Note20" as
//   "note" + "20", "1000XM4" as "1000" + "xm" + "4";
// - `lowercase`; `asciifolding` (preserve_original): "fēnix" also as "fenix";
// - `synonym` (equivalence lines "handy, smartphone"): a token also stands for every member of its line;
// - `shingle` (2 words, token_separator ""): adjacent words also joined, "one plus" → "oneplus".
// At index time every variant is a term of the document. At query time (the search analyzer) each
// word is one position whose variants are alternatives: the word matches when any one of them matches,
// a split variant when all its parts match — as Elasticsearch's match query builds a graph token stream.

import { lowerCase, tokenize } from './analyzer';

export type TokenFilter =
  | { readonly type: 'lowercase' }
  | { readonly type: 'asciifolding'; readonly preserve_original: true }
  | {
      readonly type: 'word_delimiter_graph';
      readonly preserve_original: true;
      readonly split_on_case_change: true;
      readonly split_on_numerics: true;
    }
  | { readonly type: 'synonym'; readonly synonyms: readonly string[]; readonly lenient?: boolean }
  | {
      readonly type: 'shingle';
      readonly min_shingle_size: 2;
      readonly max_shingle_size: 2;
      readonly output_unigrams: true;
      readonly token_separator: '';
    };

export interface CustomAnalyzer {
  readonly type: 'custom';
  readonly tokenizer: 'standard';
  readonly char_filter?: readonly string[];
  readonly filter: readonly string[];
}

/** Elasticsearch's `settings.analysis`, the subset above. */
export type CharFilter =
  | { readonly type: 'mapping'; readonly mappings: readonly string[] }
  /** A regular expression (the common subset of Java's and JavaScript's) replaced everywhere. */
  | { readonly type: 'pattern_replace'; readonly pattern: string; readonly replacement: string };

export interface AnalysisSettings {
  readonly char_filter?: Readonly<Record<string, CharFilter>>;
  readonly filter?: Readonly<Record<string, TokenFilter>>;
  readonly analyzer: Readonly<Record<string, CustomAnalyzer>>;
}

/** The analysis of an index: its settings and which analyzers each text field uses. */
export interface IndexAnalysis {
  readonly settings: AnalysisSettings;
  readonly fields: Readonly<Record<string, { readonly analyzer: string; readonly search_analyzer?: string }>>;
}

/** One query word: its alternatives, each a sequence of terms that must all match. */
export type QueryPosition = readonly (readonly string[])[];

export interface Analyzer {
  /** Every term a text indexes to (repeated terms count for term frequency). */
  index(text: string): string[];
  /** The positions of a query text. */
  query(text: string): QueryPosition[];
}

/** Distinct words an analyzer keeps the analysis of (see `indexed` below). */
const WORD_MEMO_LIMIT = 50_000;

/** The standard analyzer: one term per word. */
export const STANDARD_ANALYZER: Analyzer = {
  index: (text) => tokenize(text).map(lowerCase),
  query: (text) => tokenize(text).map((t) => [[lowerCase(t)]]),
};

/** "OnePlus" → ["One", "Plus"], "Note20" → ["Note", "20"], "1000XM4" → ["1000", "XM", "4"]; one part: []. */
export function delimit(word: string): string[] {
  const parts = word.match(/\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{L}+|\p{N}+/gu) ?? [];
  return parts.length > 1 ? parts : [];
}

/** Anything but printable ASCII (tokens hold no control characters). */
const NOT_PRINTABLE_ASCII = /[^ -~]/;

/** asciifolding for the letters catalogue names and queries carry: "fēnix" → "fenix", "móvil" → "movil". */
export function fold(token: string): string {
  // Most catalogue tokens are ASCII, which folds to itself: skip the normalisation and its garbage.
  if (!NOT_PRINTABLE_ASCII.test(token)) return token;
  return token.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').replace(/æ/g, 'ae').replace(/œ/g, 'oe').replace(/ø/g, 'o');
}

function unescape(text: string): string {
  return text.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A `mapping` char filter: "key => value" lines, \uXXXX escapes allowed. */
function compileCharFilter(mappings: readonly string[]): (text: string) => string {
  const pairs = mappings.map((line) => {
    const arrow = line.indexOf('=>');
    if (arrow < 0) throw new Error(`char filter mapping "${line}" has no "=>"`);
    return [unescape(line.slice(0, arrow).trim()), unescape(line.slice(arrow + 2).trim())] as const;
  });
  return (text) => pairs.reduce((out, [from, to]) => out.split(from).join(to), text);
}

/** Equivalence lines ("a, b, c d") → term → the alternatives it also stands for (multi-word members as sequences). */
function compileSynonyms(lines: readonly string[]): Map<string, string[][]> {
  const out = new Map<string, string[][]>();
  for (const line of lines) {
    if (line.includes('=>')) throw new Error(`synonym line "${line}": only equivalence lines ("a, b, c") are supported`);
    const members = line
      .split(',')
      .map((m) => tokenize(m).map((t) => fold(lowerCase(t))))
      .filter((m) => m.length > 0);
    for (const member of members) {
      if (member.length !== 1) continue;
      const list = out.get(member[0]!) ?? [];
      for (const other of members) if (other !== member && !list.some((l) => l.join(' ') === other.join(' '))) list.push(other);
      out.set(member[0]!, list);
    }
  }
  return out;
}

type Step =
  | { readonly kind: 'lowercase' }
  | { readonly kind: 'fold' }
  | { readonly kind: 'delimit' }
  | { readonly kind: 'synonyms'; readonly map: Map<string, string[][]> }
  | { readonly kind: 'shingle' };

/** Compiles analyzer `name` of `settings`. */
export function compileAnalyzer(settings: AnalysisSettings, name: string): Analyzer {
  const def = settings.analyzer[name];
  if (!def) throw new Error(`unknown analyzer ${name}`);
  const charFilters = (def.char_filter ?? []).map((n) => {
    const cf = settings.char_filter?.[n];
    if (!cf) throw new Error(`analyzer ${name}: unknown char filter ${n}`);
    if (cf.type === 'pattern_replace') {
      const pattern = new RegExp(cf.pattern, 'gu');
      return (text: string) => text.replace(pattern, cf.replacement);
    }
    return compileCharFilter(cf.mappings);
  });
  const steps: Step[] = def.filter.map((n): Step => {
    if (n === 'lowercase') return { kind: 'lowercase' };
    const f = settings.filter?.[n];
    if (!f) throw new Error(`analyzer ${name}: unknown filter ${n}`);
    switch (f.type) {
      case 'lowercase':
        return { kind: 'lowercase' };
      case 'asciifolding':
        return { kind: 'fold' };
      case 'word_delimiter_graph':
        return { kind: 'delimit' };
      case 'synonym':
        return { kind: 'synonyms', map: compileSynonyms(f.synonyms) };
      case 'shingle':
        return { kind: 'shingle' };
    }
  });

  /** A word's alternatives (alternative 0 is the word itself): every filter step works on one word. */
  const alternatives = (word: string): string[][] => {
    const alts = [[word]];
    for (const step of steps) {
      switch (step.kind) {
        case 'lowercase':
          for (let i = 0; i < alts.length; i++) alts[i] = alts[i]!.map(lowerCase);
          break;
        case 'fold':
          for (const alt of [...alts]) {
            const folded = alt.map(fold);
            if (folded.join(' ') !== alt.join(' ') && !alts.some((a) => a.join(' ') === folded.join(' '))) alts.push(folded);
          }
          break;
        case 'delimit': {
          const parts = delimit(alts[0]![0]!);
          if (parts.length > 0) alts.push(parts);
          break;
        }
        case 'synonyms':
          for (const alt of [...alts]) {
            if (alt.length !== 1) continue;
            for (const other of step.map.get(alt[0]!) ?? []) {
              if (!alts.some((a) => a.join(' ') === other.join(' '))) alts.push(other);
            }
          }
          break;
        case 'shingle':
          break;
      }
    }
    return alts;
  };
  const words = (text: string) => tokenize(charFilters.reduce((t, f) => f(t), text));
  const shingles = steps.some((s) => s.kind === 'shingle');

  /**
   * Each word's index terms and its alternative 0, kept per word: a catalogue repeats its words
   * ("Apple", "iPhone", "128", "GB") across thousands of names, and the analysis was most of an
   * index build (issue 34). Bounded: past WORD_MEMO_LIMIT words it starts again.
   */
  const memo = new Map<string, { readonly terms: readonly string[]; readonly first: string }>();
  const indexed = (word: string) => {
    let known = memo.get(word);
    if (!known) {
      const alts = alternatives(word);
      known = { terms: [...new Set(alts.flat())], first: alts[0]!.join('') };
      if (memo.size >= WORD_MEMO_LIMIT) memo.clear();
      memo.set(word, known);
    }
    return known;
  };

  return {
    index(text) {
      const ps = words(text).map(indexed);
      const terms: string[] = [];
      for (const p of ps) terms.push(...p.terms);
      if (shingles) for (let i = 0; i + 1 < ps.length; i++) terms.push(ps[i]!.first + ps[i + 1]!.first);
      return terms;
    },
    query: (text) => words(text).map(alternatives),
  };
}

/** The analyzers of each text field of an index (standard where the analysis names none). */
export function fieldAnalyzers(analysis: IndexAnalysis | undefined): {
  index: ReadonlyMap<string, Analyzer>;
  search: ReadonlyMap<string, Analyzer>;
} {
  const index = new Map<string, Analyzer>();
  const search = new Map<string, Analyzer>();
  if (!analysis) return { index, search };
  const compiled = new Map<string, Analyzer>();
  const get = (name: string) => {
    let a = compiled.get(name);
    if (!a) compiled.set(name, (a = compileAnalyzer(analysis.settings, name)));
    return a;
  };
  for (const [field, spec] of Object.entries(analysis.fields)) {
    index.set(field, get(spec.analyzer));
    search.set(field, get(spec.search_analyzer ?? spec.analyzer));
  }
  return { index, search };
}
