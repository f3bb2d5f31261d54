import { describe, expect, it } from 'vitest';
import { SearchBodyError } from './errors';
import { TermDictionary } from './fields';
import { editsFor, parseFuzziness, topExpansions } from './fuzzy';

function dictionary(terms: string[]): TermDictionary<string> {
  return TermDictionary.build(new Map(terms.map((t, i) => [t, { docs: [i], freqs: [1] }])), true);
}

/** term → edits of every candidate within maxEdits. */
function expand(terms: string[], term: string, maxEdits: number, prefixLength = 0, transpositions = true): Record<string, number> {
  const dict = dictionary(terms);
  return Object.fromEntries(
    dict
      .trie()
      .expand(term, maxEdits, prefixLength, transpositions)
      .map((c) => [dict.values[c.ord], c.edits]),
  );
}

describe('fuzziness', () => {
  it('parses the forms Elasticsearch accepts', () => {
    expect(parseFuzziness('AUTO', 'match')).toEqual({ kind: 'auto', low: 3, high: 6 });
    expect(parseFuzziness('auto:2,5', 'match')).toEqual({ kind: 'auto', low: 2, high: 5 });
    expect(parseFuzziness(1, 'match')).toEqual({ kind: 'edits', edits: 1 });
    expect(parseFuzziness('2', 'match')).toEqual({ kind: 'edits', edits: 2 });
    for (const bad of [3, -1, 0.5, '3', 'AUTO:6,3', 'AUTO:x', 'fuzzy', null, {}, []]) {
      expect(() => parseFuzziness(bad, 'match')).toThrow(SearchBodyError);
    }
  });

  it('AUTO allows 0 edits up to length 2, 1 edit for 3–5, 2 edits from 6 (code points)', () => {
    const auto = parseFuzziness('AUTO', 'match');
    expect(['s2', 'ab', 'x'].map((t) => editsFor(auto, t))).toEqual([0, 0, 0]);
    expect(['s21', 'pixel', 'eos'].map((t) => editsFor(auto, t))).toEqual([1, 1, 1]);
    expect(['iphone', 'playstation'].map((t) => editsFor(auto, t))).toEqual([2, 2]);
    expect(editsFor(auto, 'fē😀')).toBe(1);
    expect(editsFor(parseFuzziness('AUTO:2,4', 'match'), 'ab')).toBe(1);
    expect(editsFor(parseFuzziness(1, 'match'), 'ab')).toBe(1);
  });
});

describe('TermTrie.expand (Damerau-Levenshtein, optimal string alignment)', () => {
  const terms = ['iphone', 'iphones', 'phone', 'ipad', 'pixel', 'pixels', 'galaxy', 's21', 's22', 's3', 'eos'];

  it('finds the terms within the allowed edits with their distance', () => {
    expect(expand(terms, 'iphnoe', 2)).toEqual({ iphone: 1, iphones: 2, phone: 2 });
    expect(expand(terms, 'galxy', 1)).toEqual({ galaxy: 1 });
    expect(expand(terms, 's21', 1)).toEqual({ s21: 0, s22: 1 });
    expect(expand(terms, 'pixle', 1)).toEqual({ pixel: 1 });
  });

  it('counts a transposition as one edit, unless transpositions are off', () => {
    expect(expand(terms, 'ipda', 1)).toEqual({ ipad: 1 });
    expect(expand(terms, 'ipda', 1, 0, false)).toEqual({});
    expect(expand(terms, 'eso', 1)).toEqual({ eos: 1 });
  });

  it('misses terms three edits away', () => {
    expect(expand(terms, 'ipxxne', 2)).toEqual({ iphone: 2 });
    expect(expand(terms, 'ixxxne', 2)).toEqual({});
  });

  it('keeps the first prefix_length code points exact', () => {
    expect(expand(terms, 'ophone', 2)).toMatchObject({ iphone: 1, phone: 1 });
    expect(expand(terms, 'ophone', 2, 1)).toEqual({});
    expect(expand(terms, 'iphnoe', 2, 3)).toEqual({ iphone: 1, iphones: 2 });
    expect(expand(terms, 'iphnoe', 2, 4)).toEqual({});
  });

  it('handles astral code points as one character', () => {
    expect(expand(['a😀b', 'axb', 'ab'], 'a😀c', 1)).toEqual({ 'a😀b': 1 });
  });

  it('keeps a term that is the prefix of others as a term of its own (nodes shared along the path)', () => {
    const nested = ['a', 'ab', 'abc', 'abcd', 'abd', 'b'];
    expect(expand(nested, 'abc', 1)).toEqual({ ab: 1, abc: 0, abcd: 1, abd: 1 });
    expect(expand(nested, 'x', 1)).toEqual({ a: 1, b: 1 });
    expect(expand([], 'abc', 2)).toEqual({});
  });

  it('tells apart code points whose surrogate pairs share the high half, and a lone half from a pair', () => {
    // U+1F600 and U+1F601 are D83D DE00 and D83D DE01; a lone D83D sorts before both.
    const astral = ['a\uD83D', 'a😀', 'a😁', 'b'];
    expect(expand(astral, 'a😀', 1)).toEqual({ 'a\uD83D': 1, 'a😀': 0, 'a😁': 1 });
    expect(expand(astral, 'a😁x', 1)).toEqual({ 'a😁': 1 });
    expect(expand(astral, 'a\uD83Dx', 1)).toEqual({ 'a\uD83D': 1 });
  });
});

describe('topExpansions', () => {
  it('boosts by 1 - edits / min(lengths) and keeps the best max_expansions, ties by term order', () => {
    const top = topExpansions(
      [
        { ord: 3, edits: 1, length: 6 },
        { ord: 1, edits: 2, length: 7 },
        { ord: 0, edits: 0, length: 6 },
        { ord: 2, edits: 1, length: 6 },
      ],
      6,
      3,
    );
    expect(top.map((e) => e.ord)).toEqual([0, 2, 3]);
    expect(top[0]!.boost).toBe(1);
    expect(top[1]!.boost).toBeCloseTo(5 / 6, 6);
  });
});

describe('the fuzzy expansion cache (type-ahead repeats words)', () => {
  it('answers a repeated expansion from the cache, per term and options', () => {
    const dict = dictionary(['galaxi', 'galaxy', 'pixel']);
    const first = dict.expand('galxy', 1, 0, true);
    expect(first.map((c) => dict.values[c.ord])).toEqual(['galaxy']);
    expect(dict.expand('galxy', 1, 0, true)).toBe(first);
    expect(
      dict
        .expand('galxy', 2, 0, true)
        .map((c) => dict.values[c.ord])
        .sort(),
    ).toEqual(['galaxi', 'galaxy']);
    expect(dict.expand('galxy', 1, 0, false)).not.toBe(first);
  });
});
