import { describe, expect, it } from 'vitest';
import { generateSyntheticDevices } from '../test-support/synthetic-catalogue';
import { idf, lengthOfNorm, normByte } from './fields';
import { ids, indexOf, scoreOf, searchChecked } from './test-fixtures';

const K1 = 1.2;
const B = 0.75;
/** BM25 of one term as Elasticsearch 8 (Lucene 9) computes it. */
const bm25 = (tf: number, length: number, averageLength: number, docFreq: number, docCount: number) =>
  (idf(docFreq, docCount) * tf) / (tf + K1 * (1 - B + (B * length) / averageLength));

describe('BM25 like Elasticsearch 8', () => {
  it('gives the score Elasticsearch gives a one-document index', () => {
    const index = indexOf([{ id: 1, title: 'hello', tag: 'x' }], { title: 'text', tag: 'keyword' });
    expect(scoreOf(searchChecked(index, { query: { match: { title: 'hello' } } }), '1')).toBeCloseTo(0.13076457, 7);
    expect(scoreOf(searchChecked(index, { query: { term: { tag: 'x' } } }), '1')).toBeCloseTo(0.13076457, 7);
  });

  it('uses per-field document counts, term frequencies and average lengths', () => {
    const index = indexOf(
      [{ id: 1, title: 'a b', tags: ['a a'] }, { id: 2, title: 'a b c a' }, { id: 3, title: 'd e', tags: ['x', 'y', 'z'] }, { id: 4 }],
      { title: 'text', tags: 'text' },
    );
    const response = searchChecked(index, { query: { match: { title: 'a' } } });
    expect(scoreOf(response, '1')).toBeCloseTo(bm25(1, 2, 8 / 3, 2, 3), 12);
    expect(scoreOf(response, '2')).toBeCloseTo(bm25(2, 4, 8 / 3, 2, 3), 12);
    // Array fields count the tokens of every value; docs without the field are not in N.
    expect(scoreOf(searchChecked(index, { query: { match: { tags: 'a' } } }), '1')).toBeCloseTo(bm25(2, 2, 5 / 2, 1, 2), 12);
  });

  it('scores keyword terms without length norms (length 1)', () => {
    const index = indexOf(
      [
        { id: 1, tag: 'x' },
        { id: 2, tag: 'x' },
        { id: 3, tag: 'y' },
      ],
      { tag: 'keyword' },
    );
    expect(scoreOf(searchChecked(index, { query: { term: { tag: 'x' } } }), '1')).toBeCloseTo(idf(2, 3) / (1 + K1), 12);
  });

  it('stores document lengths lossily like Lucene norms (exact below 24, then 4 significant bits)', () => {
    expect([1, 23, 24, 40, 41, 100, 1000].map((length) => lengthOfNorm(normByte(length)))).toEqual([1, 23, 24, 40, 40, 96, 984]);
    // One byte per document holds every length, each byte standing for the least length it encodes.
    expect([0, 23, 24, 31, 32, 2 ** 31 - 1].map(normByte)).toEqual([0, 23, 24, 31, 32, 255]);
    for (let byte = 0; byte < 256; byte++) expect(normByte(lengthOfNorm(byte))).toBe(byte);
    for (let byte = 1; byte < 256; byte++) expect(lengthOfNorm(byte)).toBeGreaterThan(lengthOfNorm(byte - 1));
    const words = (n: number) => ['hit', ...Array.from({ length: n - 1 }, (_, i) => `w${i}`)].join(' ');
    const index = indexOf(
      [
        { id: 1, title: words(97) },
        { id: 2, title: words(100) },
        { id: 3, title: words(23) },
        { id: 4, title: words(24) },
      ],
      { title: 'text' },
    );
    const response = searchChecked(index, { query: { match: { title: 'hit' } } });
    expect(scoreOf(response, '1')).toBe(scoreOf(response, '2'));
    expect(scoreOf(response, '3')).toBeGreaterThan(scoreOf(response, '4'));
  });

  it('weights a fuzzy match by 1 - edits / min(length) and blends the document frequency of the expansions', () => {
    const index = indexOf(
      ['iphone', 'iphones', 'iphones', 'iphones', 'galaxy'].map((title, i) => ({ id: i + 1, title })),
      { title: 'text' },
    );
    const exact = scoreOf(searchChecked(index, { query: { match: { title: 'iphone' } } }), '1');
    expect(exact).toBeCloseTo(bm25(1, 1, 1, 1, 5), 12);
    // "iphone" with fuzziness 1 also expands to "iphones": both score with the larger df (3).
    const blended = searchChecked(index, { query: { match: { title: { query: 'iphone', fuzziness: 1 } } } });
    expect(scoreOf(blended, '1')).toBeCloseTo(bm25(1, 1, 1, 3, 5), 12);
    expect(scoreOf(blended, '2')).toBeCloseTo((1 - 1 / 6) * bm25(1, 1, 1, 3, 5), 6);
    // A transposed query term matches with boost 1 - 1/6.
    const typo = scoreOf(searchChecked(index, { query: { match: { title: { query: 'iphnoe', fuzziness: 'AUTO' } } } }), '1');
    expect(typo).toBeCloseTo((1 - 1 / 6) * bm25(1, 1, 1, 3, 5), 6);
  });
});

describe('ranking', () => {
  const fields = (model: number, name: number) => [`model^${model}`, `searchTerms^${model}`, `name^${name}`];
  const catalogue = indexOf([
    { id: 1, model: 'Pixel 7', name: 'Google Pixel 7 128 GB Obsidian', searchTerms: ['GVU6C'] },
    { id: 2, model: 'Charging Stand', name: 'Pixel 7', searchTerms: [] },
    { id: 3, model: 'Galaxy S22', name: 'Samsung Galaxy S22 128 GB', searchTerms: ['galaxys22'] },
    { id: 4, model: 'Galaxy S21', name: 'Samsung Galaxy S21 128 GB', searchTerms: ['galaxys21'] },
    { id: 5, model: 'iPhone 13 Pro Max', name: 'Apple iPhone 13 Pro Max', searchTerms: [] },
    { id: 6, model: 'iPhone 13', name: 'Apple iPhone 13', searchTerms: [] },
    { id: 7, model: 'Watch Series 9', name: 'Apple Watch Series 9', searchTerms: [] },
    { id: 8, model: 'fēnix 7', name: 'Garmin fēnix 7', searchTerms: [] },
  ]);
  const top = (query: string, boosts = fields(2, 1), fuzziness: unknown = 'AUTO') =>
    ids(searchChecked(catalogue, { query: { multi_match: { query, fields: boosts, fuzziness } } }));

  it('ranks a match in the model (boosted ^2) above a match only in the name', () => {
    expect(top('pixel 7')[0]).toBe('1');
    expect(top('pixel 7', fields(1, 2))[0]).toBe('2');
  });

  it('ranks the exact term above its fuzzy neighbours', () => {
    expect(top('galaxy s21').slice(0, 2)).toEqual(['4', '3']);
    expect(top('galaxy s22').slice(0, 2)).toEqual(['3', '4']);
    expect(top('galxy s21').slice(0, 2)).toEqual(['4', '3']);
  });

  it('weighs rarer terms more and prefers shorter fields', () => {
    // "apple" is in three names, "garmin" in one.
    expect(top('apple garmin', ['name'], 0)[0]).toBe('8');
    expect(top('iphone 13', ['name'], 0)).toEqual(['6', '5']);
  });

  // Building the index of 20,000 devices takes seconds on a busy machine: a generous limit, not a speed check.
  it('finds the intended device for typical typos in a 20,000-device synthetic catalogue', { timeout: 60_000 }, () => {
    const index = indexOf(generateSyntheticDevices(20_000));
    const expected: Record<string, RegExp> = {
      'iphnoe 13': /^iPhone 13$/,
      'galxy s21': /^Galaxy S21/,
      'macbok pro': /^MacBook Pro/,
      'playstaton 5': /^PlayStation 5/,
      'pixle 7': /^Pixel 7/,
      'ipda air': /^iPad Air/,
      'nintedo switch': /^Switch/,
      'canon eso 5d': /^EOS 5D/,
    };
    for (const [query, model] of Object.entries(expected)) {
      const response = searchChecked(index, { query: { multi_match: { query, fields: fields(2, 1), fuzziness: 'AUTO' } }, size: 3 });
      const models = response.hits.hits.map((h) => String(h._source!.model));
      expect(models, query).toHaveLength(3);
      for (const m of models) expect(m, query).toMatch(model);
    }
  });
});
