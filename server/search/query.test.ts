import { describe, expect, it } from 'vitest';
import { SearchBodyError, UnsupportedClauseError } from './errors';
import { deviceIndex, idSet, ids, indexOf, scoreOf, searchChecked } from './test-fixtures';

const index = deviceIndex();
const all = { size: 100 };
const find = (query: unknown, extra: Record<string, unknown> = {}) => searchChecked(index, { query, ...all, ...extra });
const matching = (query: unknown) => idSet(find(query));

describe('match_all', () => {
  it('matches every document with score 1 (or the boost) in index order', () => {
    const response = find({ match_all: {} });
    expect(response.hits.total).toEqual({ value: 12, relation: 'eq' });
    expect(ids(response)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(new Set(response.hits.hits.map((h) => h._score))).toEqual(new Set([1]));
    expect(find({ match_all: { boost: 2.5 } }).hits.max_score).toBe(2.5);
  });

  it('is the query when the body has none', () => {
    expect(searchChecked(index, {}).hits.total.value).toBe(12);
  });
});

describe('term', () => {
  it('matches keyword values exactly (case-sensitive, not analyzed)', () => {
    expect(matching({ term: { manufacturerUrl: 'apple-smartphones' } })).toEqual(['1', '2', '3', '4']);
    expect(matching({ term: { manufacturerUrl: 'Apple-Smartphones' } })).toEqual([]);
    expect(matching({ term: { manufacturerUrl: { value: 'game', boost: 2 } } })).toEqual([]);
  });

  it('matches numbers (also given as strings) with a constant score', () => {
    expect(matching({ term: { releaseYear: 2021 } })).toEqual(['1', '2', '5', '9']);
    expect(matching({ term: { releaseYear: '2021' } })).toEqual(['1', '2', '5', '9']);
    const boosted = find({ term: { releaseYear: { value: 2021, boost: 3 } } });
    expect(boosted.hits.hits.map((h) => h._score)).toEqual([3, 3, 3, 3]);
  });

  it('matches one indexed token of a text field, without analyzing the value', () => {
    expect(matching({ term: { model: 'iphone' } })).toEqual(['1', '2', '3', '4']);
    expect(matching({ term: { model: 'iPhone' } })).toEqual([]);
    expect(matching({ term: { name: 'iphone 13' } })).toEqual([]);
    expect(matching({ term: { searchTerms: 'a2633' } })).toEqual(['1']);
  });

  it('matches nothing on an unmapped field', () => {
    expect(matching({ term: { colour: 'blue' } })).toEqual([]);
  });
});

describe('terms', () => {
  it('matches any of the values, constant score 1 × boost', () => {
    expect(matching({ terms: { seriesId: [1002, 1006] } })).toEqual(['5', '6', '7', '11']);
    expect(matching({ terms: { categoryUrl: ['cameras', 'macbooks'] } })).toEqual(['10', '12']);
    expect(matching({ terms: { model: ['pro', 'oled'] } })).toEqual(['2', '4', '9', '12']);
    expect(matching({ terms: { seriesId: [] } })).toEqual([]);
    const response = find({ terms: { categoryUrl: ['cameras', 'macbooks'], boost: 4 } });
    expect(response.hits.hits.map((h) => h._score)).toEqual([4, 4]);
  });
});

describe('match', () => {
  it('ORs the analyzed tokens by default; documents with more of them rank first', () => {
    const response = find({ match: { name: 'iPhone Pro' } });
    expect(idSet(response)).toEqual(['1', '2', '3', '4', '12']);
    expect(ids(response).slice(0, 2).sort()).toEqual(['2', '4']);
  });

  it('requires every token with operator and', () => {
    expect(matching({ match: { name: { query: 'iphone pro', operator: 'and' } } })).toEqual(['2', '4']);
    expect(matching({ match: { name: { query: 'iphone pro', operator: 'AND' } } })).toEqual(['2', '4']);
  });

  it('applies minimum_should_match to the tokens', () => {
    const q = (msm: unknown) => matching({ match: { model: { query: 'iphone 13 pro', minimum_should_match: msm } } });
    expect(q(2)).toEqual(['1', '2', '4']);
    expect(q('100%')).toEqual(['2']);
    expect(q(-1)).toEqual(['1', '2', '4']);
    expect(q('34%')).toEqual(['1', '2', '3', '4', '12']);
    expect(q('2<67%')).toEqual(['1', '2', '4']);
    expect(q('3<67%')).toEqual(['2']);
    // -25 % of 3 is -0.75, rounded towards zero: all three are required.
    expect(q('-25%')).toEqual(['2']);
  });

  it('expands tokens by fuzziness, AUTO by token length', () => {
    expect(matching({ match: { model: 'iphnoe' } })).toEqual([]);
    expect(matching({ match: { model: { query: 'iphnoe', fuzziness: 'AUTO' } } })).toEqual(['1', '2', '3', '4']);
    expect(matching({ match: { model: { query: 'galxy', fuzziness: 'AUTO' } } })).toEqual(['5', '6', '7']);
    // Two-character tokens must match exactly under AUTO: "s2" finds neither "s21" nor "s3".
    expect(matching({ match: { model: { query: 's2', fuzziness: 'AUTO' } } })).toEqual([]);
    // With one edit allowed: s21, s24, s3 and also "12" (iPhone 12).
    expect(matching({ match: { model: { query: 's2', fuzziness: 1 } } })).toEqual(['3', '5', '6', '7']);
    // Six or more characters allow two edits, three are too many.
    expect(matching({ match: { model: { query: 'pxaysxation', fuzziness: 'AUTO' } } })).toEqual(['8']);
    expect(matching({ match: { model: { query: 'pxaxsxation', fuzziness: 'AUTO' } } })).toEqual([]);
    // A transposition is one edit.
    expect(matching({ match: { model: { query: 'eso', fuzziness: 'AUTO' } } })).toEqual(['10']);
    expect(matching({ match: { model: { query: 'eso', fuzziness: 'AUTO', fuzzy_transpositions: false } } })).toEqual([]);
  });

  it('keeps prefix_length characters exact and caps expansions at max_expansions', () => {
    expect(matching({ match: { model: { query: 'ophone', fuzziness: 'AUTO' } } })).toEqual(['1', '2', '3', '4']);
    expect(matching({ match: { model: { query: 'ophone', fuzziness: 'AUTO', prefix_length: 1 } } })).toEqual([]);
    // "s2x" is one edit from s21, s24 and s3x…; with one expansion only the best (first by term order) is kept.
    expect(matching({ match: { model: { query: 's2x', fuzziness: 1 } } })).toEqual(['5', '6']);
    expect(matching({ match: { model: { query: 's2x', fuzziness: 1, max_expansions: 1 } } })).toEqual(['5']);
  });

  it('matches number fields as terms and keyword fields as one whole value', () => {
    expect(matching({ match: { releaseYear: 2021 } })).toEqual(['1', '2', '5', '9']);
    expect(matching({ match: { categoryUrl: 'game-consoles' } })).toEqual(['8', '9']);
    expect(matching({ match: { categoryUrl: 'game consoles' } })).toEqual([]);
    expect(() => find({ match: { releaseYear: 'new' } })).toThrow(SearchBodyError);
    expect(matching({ match: { releaseYear: { query: 'new', lenient: true } } })).toEqual([]);
  });

  it('matches nothing for a query without tokens unless zero_terms_query is all', () => {
    expect(matching({ match: { name: ' - ' } })).toEqual([]);
    expect(find({ match: { name: { query: ' - ', zero_terms_query: 'all' } } }).hits.total.value).toBe(12);
  });
});

describe('multi_match', () => {
  const single = (field: string, query: string, id: string) => scoreOf(find({ match: { [field]: query } }), id);

  it('best_fields scores the best field (plus tie_breaker × the others), most_fields sums them', () => {
    const model = single('model', 'pixel', '11');
    const name = single('name', 'pixel', '11');
    const multi = (extra: Record<string, unknown>) =>
      scoreOf(find({ multi_match: { query: 'pixel', fields: ['model', 'name'], ...extra } }), '11');
    expect(multi({})).toBeCloseTo(Math.max(model, name), 10);
    expect(multi({ type: 'best_fields', tie_breaker: 0.3 })).toBeCloseTo(Math.max(model, name) + 0.3 * Math.min(model, name), 10);
    expect(multi({ type: 'most_fields' })).toBeCloseTo(model + name, 10);
  });

  it('multiplies field boosts (field^2) and the query boost', () => {
    const model = single('model', 'pixel', '11');
    const name = single('name', 'pixel', '11');
    const response = find({ multi_match: { query: 'pixel', fields: ['model^2', 'name'], boost: 3 } });
    expect(scoreOf(response, '11')).toBeCloseTo(3 * Math.max(2 * model, name), 10);
  });

  it('applies the operator per field, fuzziness per token, and skips unmapped fields', () => {
    expect(matching({ multi_match: { query: 'iphone 128', fields: ['model', 'name', 'nope'], operator: 'and' } })).toEqual(['1', '4']);
    expect(matching({ multi_match: { query: 'iphnoe 13', fields: ['model^2', 'searchTerms^2', 'name'], fuzziness: 'AUTO' } })).toEqual([
      '1',
      '2',
      '3',
      '4',
    ]);
    expect(matching({ multi_match: { query: 'x', fields: ['nope'] } })).toEqual([]);
  });

  it('expands * patterns (and no fields) to the text and keyword fields', () => {
    expect(matching({ multi_match: { query: 'sony', fields: ['manufacturer*'] } })).toEqual(['8']);
    expect(matching({ multi_match: { query: 'cameras' } })).toEqual(['10']);
  });

  it('rejects the types outside the subset', () => {
    for (const type of ['cross_fields', 'phrase', 'phrase_prefix', 'bool_prefix']) {
      const error = (() => {
        try {
          find({ multi_match: { query: 'x', fields: ['name'], type } });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(UnsupportedClauseError);
      expect((error as UnsupportedClauseError).clause).toBe(`multi_match.${type}`);
    }
  });
});

describe('prefix', () => {
  it('matches any token of a text field starting with the (unanalyzed) value, constant score', () => {
    const response = find({ prefix: { model: 'iph' } });
    expect(idSet(response)).toEqual(['1', '2', '3', '4']);
    expect(response.hits.max_score).toBe(1);
    expect(matching({ prefix: { name: 'ult' } })).toEqual(['6']);
    expect(matching({ prefix: { model: 'iPh' } })).toEqual([]);
    expect(find({ prefix: { model: { value: 'iph', boost: 2 } } }).hits.max_score).toBe(2);
  });

  it('matches keyword values by their start', () => {
    expect(matching({ prefix: { categoryUrl: 'game' } })).toEqual(['8', '9']);
  });
});

describe('range', () => {
  it('bounds number fields with gte/gt/lte/lt', () => {
    expect(matching({ range: { releaseYear: { gte: 2021, lt: 2023 } } })).toEqual(['1', '2', '5', '9', '11']);
    expect(matching({ range: { basePrice: { gt: 700, lte: 1100 } } })).toEqual(['6', '10', '12']);
    expect(matching({ range: { releaseYear: { gte: '2023' } } })).toEqual(['4', '6', '12']);
    expect(matching({ range: { releaseYear: { lt: 2000 } } })).toEqual([]);
    expect(find({ range: { releaseYear: { gte: 2024, boost: 2 } } }).hits.max_score).toBe(2);
  });

  it('bounds keyword fields lexicographically', () => {
    expect(matching({ range: { categoryUrl: { gte: 'c', lt: 'g' } } })).toEqual(['10']);
  });
});

describe('bool', () => {
  const iphone = { match: { name: 'iphone' } };

  it('must and filter restrict, must_not excludes', () => {
    expect(
      matching({ bool: { must: iphone, filter: { range: { releaseYear: { gte: 2021 } } }, must_not: { match: { name: 'pro' } } } }),
    ).toEqual(['1']);
    expect(matching({ bool: { must: [iphone, { match: { name: '13' } }] } })).toEqual(['1', '2']);
  });

  it('should clauses are optional next to must/filter and only add score', () => {
    const response = find({ bool: { must: { term: { seriesId: 1001 } }, should: { match: { model: 'pro' } } } });
    expect(idSet(response)).toEqual(['1', '2', '3', '4']);
    expect(ids(response).slice(0, 2).sort()).toEqual(['2', '4']);
    expect(ids(response).slice(2)).toEqual(['1', '3']);
  });

  it('at least one should clause must match when there is no must or filter', () => {
    expect(matching({ bool: { should: [{ term: { releaseYear: 2012 } }, { term: { releaseYear: 2016 } }] } })).toEqual(['7', '10']);
    expect(matching({ bool: { should: [{ term: { releaseYear: 2012 } }], must_not: { term: { id: 7 } } } })).toEqual([]);
  });

  it('applies minimum_should_match (numbers, percentages; more than the clauses matches nothing)', () => {
    const should = [{ term: { model: 'iphone' } }, { term: { model: 'pro' } }, { term: { model: '13' } }];
    expect(matching({ bool: { should, minimum_should_match: 2 } })).toEqual(['1', '2', '4']);
    expect(matching({ bool: { should, minimum_should_match: '100%' } })).toEqual(['2']);
    expect(matching({ bool: { should, minimum_should_match: 4 } })).toEqual([]);
    expect(matching({ bool: { filter: { term: { categoryId: 1 } }, minimum_should_match: 1 } })).toEqual([]);
    expect(matching({ bool: { filter: { term: { categoryId: 1 } }, should, minimum_should_match: 1 } })).toEqual(['1', '2', '3', '4']);
    expect(matching({ bool: { filter: { term: { categoryId: 1 } }, should, minimum_should_match: 0 } })).toHaveLength(8);
  });

  it('filter and must_not do not score; an empty bool matches all', () => {
    const filtered = find({ bool: { filter: { term: { seriesId: 1001 } } } });
    expect(filtered.hits.hits.map((h) => h._score)).toEqual([0, 0, 0, 0]);
    expect(filtered.hits.max_score).toBe(0);
    const negative = find({ bool: { must_not: { term: { categoryId: 1 } } } });
    expect(idSet(negative)).toEqual(['8', '9', '10', '12']);
    expect(negative.hits.max_score).toBe(0);
    expect(find({ bool: {} }).hits.total.value).toBe(12);
    expect(find({ bool: { must: [] } }).hits.max_score).toBe(1);
  });

  it('sums must and should scores and multiplies by boost', () => {
    const a = { match: { model: 'iphone' } };
    const b = { match: { name: '13' } };
    const sum = scoreOf(find(a), '1') + scoreOf(find(b), '1');
    expect(scoreOf(find({ bool: { must: [a, b] } }), '1')).toBeCloseTo(sum, 10);
    expect(scoreOf(find({ bool: { must: a, should: b } }), '1')).toBeCloseTo(sum, 10);
    expect(scoreOf(find({ bool: { must: a, should: b, boost: 2 } }), '1')).toBeCloseTo(2 * sum, 10);
    expect(scoreOf(find({ bool: { must: a, filter: b } }), '1')).toBeCloseTo(scoreOf(find(a), '1'), 10);
  });

  it('nests', () => {
    const query = {
      bool: {
        filter: [{ bool: { should: [{ term: { categoryId: 9 } }, { term: { categoryId: 6 } }] } }],
        must_not: [{ bool: { must: { prefix: { name: 'nin' } } } }],
      },
    };
    expect(matching(query)).toEqual(['8', '10']);
  });
});

describe('arrays and missing values', () => {
  it('indexes every value of an array field and skips missing ones', () => {
    const small = indexOf(
      [
        { id: 1, name: 'a', tags: ['x', 'y'] },
        { id: 2, name: 'b', tags: 'y' },
        { id: 3, name: 'c' },
      ],
      { name: 'text', tags: 'keyword' },
    );
    expect(idSet(searchChecked(small, { query: { term: { tags: 'y' } } }))).toEqual(['1', '2']);
    expect(idSet(searchChecked(small, { query: { bool: { must_not: { terms: { tags: ['x', 'y'] } } } } }))).toEqual(['3']);
  });
});
