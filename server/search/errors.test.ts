import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SearchResponseSchema } from '../../src/contracts/search';
import { SearchBodyError, UnsupportedClauseError } from './errors';
import { deviceIndex } from './test-fixtures';

const index = deviceIndex();

function thrown(body: unknown): unknown {
  try {
    index.search(body);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('clauses outside the subset', () => {
  it('are rejected with UnsupportedClauseError naming the clause, wherever they are', () => {
    const clauses = [
      'wildcard',
      'fuzzy',
      'regexp',
      'match_phrase',
      'match_phrase_prefix',
      'query_string',
      'simple_query_string',
      'exists',
      'ids',
      'nested',
      'function_score',
      'dis_max',
      'constant_score',
      'boosting',
      'match_none',
      'script',
      'more_like_this',
    ];
    for (const clause of clauses) {
      for (const body of [
        { query: { [clause]: { name: 'x' } } },
        { query: { bool: { filter: [{ term: { id: 1 } }, { bool: { must_not: { [clause]: {} } } }] } } },
      ]) {
        const error = thrown(body);
        expect(error, clause).toBeInstanceOf(UnsupportedClauseError);
        expect((error as UnsupportedClauseError).clause).toBe(clause);
        expect((error as Error).message).toBe(`unsupported query clause "${clause}"`);
      }
    }
  });

  it('covers top-level keys, aggregations, sorts, terms lookups and multi_match types', () => {
    const cases: [unknown, string][] = [
      [{ highlight: { fields: { name: {} } } }, 'highlight'],
      [{ post_filter: { term: { id: 1 } } }, 'post_filter'],
      [{ search_after: [1] }, 'search_after'],
      [{ suggest: {} }, 'suggest'],
      [{ collapse: { field: 'seriesId' } }, 'collapse'],
      [{ min_score: 1 }, 'min_score'],
      [{ aggs: { p: { avg: { field: 'basePrice' } } } }, 'avg'],
      [{ aggs: { p: { date_histogram: { field: 'releaseYear' } } } }, 'date_histogram'],
      [{ sort: [{ _script: { script: 'x' } }] }, '_script'],
      [{ sort: [{ _geo_distance: { location: [0, 0] } }] }, '_geo_distance'],
      [{ query: { terms: { seriesId: { index: 'x', id: '1', path: 'ids' } } } }, 'terms lookup'],
      [{ query: { multi_match: { query: 'x', type: 'cross_fields' } } }, 'multi_match.cross_fields'],
      [{ query: { range: { name: { gte: 'a' } } } }, 'range'],
    ];
    for (const [body, clause] of cases) {
      const error = thrown(body);
      expect(error, clause).toBeInstanceOf(UnsupportedClauseError);
      expect((error as UnsupportedClauseError).clause).toBe(clause);
    }
  });
});

describe('malformed bodies', () => {
  it('are rejected with SearchBodyError', () => {
    const bodies: unknown[] = [
      null,
      [],
      'match_all',
      42,
      { query: null },
      { query: [] },
      { query: {} },
      { query: { match_all: {}, term: { id: 1 } } },
      { query: { match_all: { boost: 'high' } } },
      { query: { match_all: { boost: -1 } } },
      { query: { term: { id: [1, 2] } } },
      { query: { term: { id: null } } },
      { query: { term: { id: 'one' } } },
      { query: { term: { id: 1, seriesId: 2 } } },
      { query: { term: { images: 'front' } } },
      { query: { term: { name: { value: 'x', foo: 1 } } } },
      { query: { term: { name: { boost: 2 } } } },
      { query: { terms: { id: 1 } } },
      { query: { terms: { boost: 2 } } },
      { query: { match: { name: { query: 'x', fuzziness: 3 } } } },
      { query: { match: { name: { query: 'x', fuzziness: 'AUTO:6,3' } } } },
      { query: { match: { name: { query: 'x', operator: 'xor' } } } },
      { query: { match: { name: { query: 'x', analyzer: 'english' } } } },
      { query: { match: { name: { query: 'x', max_expansions: 0 } } } },
      { query: { match: { name: { query: 'x', prefix_length: -1 } } } },
      { query: { match: { name: { query: 'x', minimum_should_match: 'most' } } } },
      { query: { match: { name: { operator: 'and' } } } },
      { query: { match: { name: { query: { nested: true } } } } },
      { query: { match: { releaseYear: { query: 2020, fuzziness: 1 } } } },
      { query: { multi_match: { fields: ['name'] } } },
      { query: { multi_match: { query: 'x', fields: ['model^x'] } } },
      { query: { multi_match: { query: 'x', fields: ['model^'] } } },
      { query: { multi_match: { query: 'x', fields: 'name', type: 'fastest' } } },
      { query: { multi_match: { query: 'x', fields: ['name'], tie_breaker: 2 } } },
      { query: { prefix: { releaseYear: '20' } } },
      { query: { prefix: { name: ['a'] } } },
      { query: { range: { releaseYear: { gte: 'new' } } } },
      { query: { range: { releaseYear: { from: 2020 } } } },
      { query: { range: { releaseYear: 2020 } } },
      { query: { bool: { must: 5 } } },
      { query: { bool: { must: [[]] } } },
      { query: { bool: { should: [{ term: { id: 1 } }], minimum_should_match: '1.5' } } },
      { query: { bool: { shoulds: [] } } },
      { sort: [null] },
      { sort: [{ releaseYear: 'upwards' }] },
      { sort: [{ releaseYear: { order: 'asc', missing: { x: 1 } } }] },
      { sort: [{ releaseYear: { direction: 'asc' } }] },
      { _source: 5 },
      { _source: { includes: [1] } },
      { aggs: [] },
      { aggs: { a: {} } },
      { aggs: { a: { terms: {} } } },
      { aggs: { a: { terms: { field: 'url', order: { price: 'asc' } } } } },
      { aggs: { a: { terms: { field: 'url', missing: 'x' } } } },
      { track_total_hits: 'yes' },
      { size: null },
    ];
    for (const body of bodies) {
      const error = thrown(body);
      expect(error, JSON.stringify(body)).toBeInstanceOf(SearchBodyError);
    }
  });

  it('limits nesting depth and the number of clauses', () => {
    let deep: unknown = { match_all: {} };
    for (let i = 0; i < 40; i++) deep = { bool: { must: deep } };
    expect(thrown({ query: deep })).toBeInstanceOf(SearchBodyError);
    expect(thrown({ query: { match: { name: 'x '.repeat(5000) } } })).toBeInstanceOf(SearchBodyError);
    expect(thrown({ query: { bool: { should: Array.from({ length: 5000 }, () => ({ match_all: {} })) } } })).toBeInstanceOf(
      SearchBodyError,
    );
  });
});

describe('garbage bodies', () => {
  const WORDS = [
    'query',
    'bool',
    'must',
    'filter',
    'should',
    'must_not',
    'minimum_should_match',
    'boost',
    'match_all',
    'term',
    'terms',
    'match',
    'multi_match',
    'prefix',
    'range',
    'gte',
    'gt',
    'lte',
    'lt',
    'value',
    'query',
    'fields',
    'type',
    'operator',
    'fuzziness',
    'prefix_length',
    'max_expansions',
    'tie_breaker',
    'zero_terms_query',
    'lenient',
    'fuzzy_transpositions',
    'sort',
    'order',
    'missing',
    'mode',
    'unmapped_type',
    'from',
    'size',
    'aggs',
    'aggregations',
    '_source',
    'includes',
    'excludes',
    'track_total_hits',
    'field',
    'name',
    'model',
    'searchTerms',
    'url',
    'id',
    'releaseYear',
    'images',
    'images.path',
    'seriesId',
    'nope',
    'most_fields',
    'best_fields',
    '_score',
    '_doc',
    'asc',
    'desc',
    'AUTO',
    'AUTO:1,3',
    'and',
    'or',
    'all',
    '50%',
    '-1',
    '2<-25% 9<-3',
    '<',
    '',
    '*',
    'model^2',
    'name^0.5',
    'iphnoe 13',
    'galxy s21',
    '_key',
    '_count',
    '_first',
    '_last',
    '__proto__',
    'constructor',
    'toString',
    'wildcard',
    'avg',
  ];

  function generator(seed: number) {
    let state = seed >>> 0;
    const random = () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = Math.imul(state ^ (state >>> 15), state | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const value = (depth: number): unknown => {
      const r = random();
      if (depth <= 0 || r < 0.35)
        return pick<unknown>([
          null,
          true,
          false,
          0,
          1,
          2,
          -1,
          3,
          1.5,
          10_001,
          2 ** 53,
          undefined,
          NaN,
          Infinity,
          pick(WORDS),
          pick(WORDS),
          pick(WORDS),
        ]);
      if (r < 0.5) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth - 1));
      const object: Record<string, unknown> = {};
      for (let i = Math.floor(random() * 4); i > 0; i--)
        Object.defineProperty(object, pick(WORDS), { value: value(depth - 1), enumerable: true, configurable: true, writable: true });
      return object;
    };
    const clause = (depth: number): unknown => {
      const name = pick(['match_all', 'bool', 'term', 'terms', 'match', 'multi_match', 'prefix', 'range', 'wildcard']);
      if (name === 'bool' && depth > 0)
        return {
          bool: {
            [pick(['must', 'filter', 'should', 'must_not'])]: [clause(depth - 1), clause(depth - 1)],
            ...(random() < 0.3 ? { minimum_should_match: value(0) } : {}),
          },
        };
      const field = pick(['name', 'model', 'searchTerms', 'url', 'id', 'releaseYear', 'images', 'nope']);
      return { [name]: random() < 0.5 ? { [field]: value(2) } : (value(3) as object) };
    };
    return () =>
      random() < 0.3
        ? value(5)
        : {
            query: clause(3),
            ...(random() < 0.4 ? { [pick(['sort', 'aggs', '_source', 'size', 'from', 'track_total_hits'])]: value(3) } : {}),
          };
  }

  it('only ever answer or throw one of the two search errors', () => {
    const next = generator(20_24);
    const schema = SearchResponseSchema(z.record(z.string(), z.unknown()).optional());
    let answered = 0;
    for (let i = 0; i < 20_000; i++) {
      const body = next();
      try {
        schema.parse(index.search(body));
        answered++;
      } catch (error) {
        if (!(error instanceof SearchBodyError || error instanceof UnsupportedClauseError)) {
          throw new Error(`body ${i} threw ${String(error)}: ${JSON.stringify(body)}`, { cause: error });
        }
      }
    }
    // The generator must also produce valid bodies, or the test proves little.
    expect(answered).toBeGreaterThan(200);
  });
});
