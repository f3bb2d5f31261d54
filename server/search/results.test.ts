import { describe, expect, it } from 'vitest';
import { DeviceDocSchema, SearchResponseSchema } from '../../src/contracts/search';
import { SearchBodyError, UnsupportedClauseError } from './errors';
import { deviceIndex, ids, indexOf, searchChecked } from './test-fixtures';

const index = deviceIndex();
const iphones = { term: { seriesId: 1001 } };

describe('response shape', () => {
  it('answers like Elasticsearch and satisfies the contract with full device documents', () => {
    const response = index.search({ query: { match: { name: 'iphone' } } });
    expect(() => SearchResponseSchema(DeviceDocSchema).parse(response)).not.toThrow();
    expect(response).toMatchObject({
      timed_out: false,
      _shards: { total: 1, successful: 1, failed: 0 },
      hits: { total: { value: 4, relation: 'eq' } },
    });
    expect(response.took).toBeGreaterThanOrEqual(0);
    expect(response.hits.hits[0]).toMatchObject({ _index: 'test_devices', _id: expect.any(String), _score: expect.any(Number) });
    expect(response.hits.hits[0]).not.toHaveProperty('sort');
    expect(response).not.toHaveProperty('aggregations');
  });

  it('reports max_score over all hits, null when nothing matches', () => {
    const response = searchChecked(index, { query: { match: { name: 'iphone' } }, size: 1, from: 2 });
    expect(response.hits.max_score).toBe(
      Math.max(...searchChecked(index, { query: { match: { name: 'iphone' } } }).hits.hits.map((h) => h._score!)),
    );
    expect(searchChecked(index, { query: { term: { model: 'nothing' } } }).hits).toEqual({
      total: { value: 0, relation: 'eq' },
      max_score: null,
      hits: [],
    });
  });
});

describe('sort', () => {
  it('sorts by several fields, newest first, ties in index order, with sort values and no scores', () => {
    const response = searchChecked(index, { query: iphones, sort: [{ releaseYear: 'desc' }, { releaseMonth: { order: 'desc' } }] });
    expect(ids(response)).toEqual(['4', '1', '2', '3']);
    expect(response.hits.hits.map((h) => h.sort)).toEqual([
      [2023, 9],
      [2021, 9],
      [2021, 9],
      [2020, 10],
    ]);
    expect(response.hits.hits.every((h) => h._score === null)).toBe(true);
    expect(response.hits.max_score).toBeNull();
  });

  it('sorts keyword fields in term order, ascending by default', () => {
    const response = searchChecked(index, { query: { bool: { must_not: iphones } }, sort: ['categoryUrl', { popularity: 'desc' }] });
    expect(ids(response)).toEqual(['10', '8', '9', '12', '6', '11', '5', '7']);
    expect(response.hits.hits[0]!.sort).toEqual(['cameras', 40]);
  });

  it('keeps scores when _score is a sort key', () => {
    const byScore = searchChecked(index, { query: { match: { name: 'iphone pro' } }, sort: '_score' });
    expect(ids(byScore)).toEqual(ids(searchChecked(index, { query: { match: { name: 'iphone pro' } } })));
    expect(byScore.hits.hits[0]!.sort).toEqual([byScore.hits.hits[0]!._score]);
    const mixed = searchChecked(index, {
      query: { match: { name: 'iphone pro' } },
      sort: [{ releaseYear: 'asc' }, { _score: { order: 'desc' } }],
    });
    expect(ids(mixed)).toEqual(['3', '2', '1', '4', '12']);
    expect(mixed.hits.max_score).toBe(byScore.hits.max_score);
    expect(mixed.hits.hits[0]!._score).toEqual(mixed.hits.hits[0]!.sort![1]);
    expect(ids(searchChecked(index, { query: iphones, sort: [{ _doc: 'desc' }] }))).toEqual(['4', '3', '2', '1']);
  });

  it('puts missing values last by default, first with _first, or in place of a given value', () => {
    const ranked = indexOf([{ id: 1, rank: 3 }, { id: 2 }, { id: 3, rank: 1 }, { id: 4, rank: 7 }], { rank: 'number' });
    const sorted = (spec: unknown) => searchChecked(ranked, { sort: [{ rank: spec }] });
    expect(ids(sorted('asc'))).toEqual(['3', '1', '4', '2']);
    expect(ids(sorted('desc'))).toEqual(['4', '1', '3', '2']);
    expect(sorted('asc').hits.hits[3]!.sort).toEqual([null]);
    expect(ids(sorted({ order: 'desc', missing: '_first' }))).toEqual(['2', '4', '1', '3']);
    const custom = sorted({ order: 'asc', missing: 5 });
    expect(ids(custom)).toEqual(['3', '1', '2', '4']);
    expect(custom.hits.hits[2]!.sort).toEqual([5]);
  });

  it('sorts arrays by their smallest value ascending and their largest descending, or as mode says', () => {
    const tagged = indexOf(
      [
        { id: 1, tags: ['b', 'y'] },
        { id: 2, tags: ['a', 'c'] },
        { id: 3, tags: ['x'] },
      ],
      { tags: 'keyword' },
    );
    expect(ids(searchChecked(tagged, { sort: { tags: 'asc' } }))).toEqual(['2', '1', '3']);
    expect(ids(searchChecked(tagged, { sort: { tags: 'desc' } }))).toEqual(['1', '3', '2']);
    expect(ids(searchChecked(tagged, { sort: { tags: { order: 'asc', mode: 'max' } } }))).toEqual(['2', '3', '1']);
  });

  it('rejects sorting on text, object and unmapped fields unless unmapped_type is given', () => {
    expect(() => index.search({ sort: ['name'] })).toThrow(SearchBodyError);
    expect(() => index.search({ sort: ['images'] })).toThrow(SearchBodyError);
    expect(() => index.search({ sort: [{ rating: 'desc' }] })).toThrow(/No mapping found for \[rating\]/);
    const response = searchChecked(index, { query: iphones, sort: [{ rating: { order: 'desc', unmapped_type: 'long' } }] });
    expect(ids(response)).toEqual(['1', '2', '3', '4']);
    expect(response.hits.hits[0]!.sort).toEqual([null]);
    expect(() => index.search({ sort: [{ releaseYear: 'up' }] })).toThrow(SearchBodyError);
    expect(() => index.search({ sort: [{ releaseYear: { order: 'asc', mode: 'avg' } }] })).toThrow(UnsupportedClauseError);
  });
});

describe('from and size', () => {
  it('defaults to 10 hits, then to resultSize, then body.size', () => {
    expect(searchChecked(index, {}).hits.hits).toHaveLength(10);
    expect(searchChecked(index, {}, 3).hits.hits).toHaveLength(3);
    expect(searchChecked(index, { size: 5 }, 3).hits.hits).toHaveLength(5);
    expect(ids(searchChecked(index, { from: 10 }))).toEqual(['11', '12']);
  });

  it('pages through the same ranking', () => {
    const query = { match: { name: 'apple iphone pro gb' } };
    const full = ids(searchChecked(index, { query, size: 100 }));
    const pages = [0, 3, 6, 9].flatMap((from) => ids(searchChecked(index, { query, from, size: 3 })));
    expect(pages).toEqual(full);
  });

  it('size 0 returns the total only', () => {
    const response = searchChecked(index, { size: 0 });
    expect(response.hits).toEqual({ total: { value: 12, relation: 'eq' }, max_score: null, hits: [] });
  });

  it('rejects negative, fractional and too large windows', () => {
    for (const body of [{ size: -1 }, { from: -1 }, { size: 1.5 }, { size: '10' }, { from: 9995, size: 10 }, { size: 10_001 }]) {
      expect(() => index.search(body), JSON.stringify(body)).toThrow(SearchBodyError);
    }
    expect(() => index.search({}, -1)).toThrow(SearchBodyError);
  });

  it('counts totals exactly up to track_total_hits (default 10,000)', () => {
    const big = indexOf(
      Array.from({ length: 10_001 }, (_, i) => ({ id: i + 1, n: i % 3 })),
      { n: 'number' },
    );
    expect(searchChecked(big, { size: 0 }).hits.total).toEqual({ value: 10_000, relation: 'gte' });
    expect(searchChecked(big, { size: 0, track_total_hits: true }).hits.total).toEqual({ value: 10_001, relation: 'eq' });
    expect(searchChecked(big, { size: 0, track_total_hits: 100 }).hits.total).toEqual({ value: 100, relation: 'gte' });
    expect(searchChecked(big, { query: { term: { n: 1 } }, size: 0, track_total_hits: 100_000 }).hits.total).toEqual({
      value: 3_334,
      relation: 'eq',
    });
    const counted = searchChecked(big, { size: 0, aggs: { n: { terms: { field: 'n' } } } });
    expect(counted.aggregations!.n!.buckets.reduce((sum, b) => sum + b.doc_count, 0)).toBe(10_001);
  });
});

describe('_source', () => {
  const hit = (source: unknown) => searchChecked(index, { query: { term: { id: 10 } }, _source: source }).hits.hits[0]!;
  const first = (source: unknown) => hit(source)._source ?? {};

  it('filters fields by name, pattern and path', () => {
    expect(first(['name', 'model'])).toEqual({ name: 'Canon EOS 5D Mark IV Body', model: 'EOS 5D Mark IV' });
    expect(first('name')).toEqual({ name: 'Canon EOS 5D Mark IV Body' });
    expect(first({ includes: ['series*'], excludes: ['seriesId'] })).toEqual({ series: 'EOS', seriesUrl: 'canon-eos' });
    expect(first(['images.path'])).toEqual({ images: [{ path: '/images/devices/phone.svg' }] });
    expect(first(['ima*.path'])).toEqual({ images: [{ path: '/images/devices/phone.svg' }] });
    expect(first(['*.path'])).toEqual({ images: [{ path: '/images/devices/phone.svg' }] });
    expect(first(['name', 'images.nothing'])).toEqual({ name: 'Canon EOS 5D Mark IV Body' });
    expect(first({ excludes: ['images', '*Id', 'id'] })).not.toHaveProperty('images');
    expect(Object.keys(first({ excludes: ['images', '*Id', 'id'] }))).toHaveLength(17);
  });

  it('returns the whole source for true and no _source for false', () => {
    expect(first(true)).toMatchObject({ id: 10, name: 'Canon EOS 5D Mark IV Body', images: [{ kind: 'front' }] });
    // Elasticsearch leaves _source out of the hit (issue 30), not an empty object.
    expect(hit(false)).not.toHaveProperty('_source');
    expect(first([])).toMatchObject({ id: 10 });
  });
});

describe('terms aggregations', () => {
  it('counts buckets over all matching documents by count, then key', () => {
    const response = searchChecked(index, { size: 0, aggs: { categories: { terms: { field: 'categoryUrl' } } } });
    expect(response.aggregations).toEqual({
      categories: {
        doc_count_error_upper_bound: 0,
        sum_other_doc_count: 0,
        buckets: [
          { key: 'smartphones', doc_count: 8 },
          { key: 'game-consoles', doc_count: 2 },
          { key: 'cameras', doc_count: 1 },
          { key: 'macbooks', doc_count: 1 },
        ],
      },
    });
    const page = searchChecked(index, {
      query: { match: { name: 'apple' } },
      size: 1,
      aggregations: { makers: { terms: { field: 'manufacturerUrl' } } },
    });
    expect(page.hits.hits).toHaveLength(1);
    expect(page.aggregations!.makers!.buckets).toEqual([
      { key: 'apple-smartphones', doc_count: 4 },
      { key: 'apple-macbooks', doc_count: 1 },
    ]);
  });

  it('limits buckets to size, counting the rest in sum_other_doc_count', () => {
    const agg = searchChecked(index, { size: 0, aggs: { years: { terms: { field: 'releaseYear', size: 2 } } } }).aggregations!.years!;
    expect(agg.buckets).toEqual([
      { key: 2021, doc_count: 4 },
      { key: 2020, doc_count: 2 },
    ]);
    expect(agg.sum_other_doc_count).toBe(6);
  });

  it('orders by key or by count ascending', () => {
    const ordered = (order: unknown) =>
      searchChecked(index, { size: 0, aggs: { y: { terms: { field: 'releaseYear', order, size: 3 } } } }).aggregations!.y!.buckets.map(
        (b) => b.key,
      );
    expect(ordered({ _key: 'asc' })).toEqual([2012, 2016, 2020]);
    expect(ordered({ _key: 'desc' })).toEqual([2024, 2023, 2022]);
    expect(ordered({ _count: 'asc' })).toEqual([2012, 2016, 2022]);
    expect(ordered([{ _count: 'desc' }, { _key: 'desc' }])).toEqual([2021, 2023, 2020]);
  });

  it('gives boolean keys as 0/1 with key_as_string and no buckets for unmapped fields', () => {
    const flags = indexOf(
      [
        { id: 1, on: true },
        { id: 2, on: 'false' },
        { id: 3, on: true },
      ],
      { on: 'boolean' },
    );
    expect(searchChecked(flags, { size: 0, aggs: { on: { terms: { field: 'on' } } } }).aggregations!.on!.buckets).toEqual([
      { key: 1, key_as_string: 'true', doc_count: 2 },
      { key: 0, key_as_string: 'false', doc_count: 1 },
    ]);
    expect(searchChecked(flags, { query: { term: { on: 'true' } } }).hits.total.value).toBe(2);
    expect(searchChecked(index, { size: 0, aggs: { x: { terms: { field: 'colour' } } } }).aggregations!.x!.buckets).toEqual([]);
  });

  it('rejects text fields, other aggregation types and sub-aggregations', () => {
    expect(() => index.search({ aggs: { n: { terms: { field: 'name' } } } })).toThrow(SearchBodyError);
    expect(() => index.search({ aggs: { n: { terms: { field: 'categoryUrl', size: 0 } } } })).toThrow(SearchBodyError);
    expect(() => index.search({ aggs: { a: { terms: { field: 'url' } } }, aggregations: {} })).toThrow(SearchBodyError);
    expect(() => index.search({ aggs: { price: { avg: { field: 'basePrice' } } } })).toThrow(expect.objectContaining({ clause: 'avg' }));
    expect(() => index.search({ aggs: { c: { terms: { field: 'categoryUrl' }, aggs: { p: { avg: { field: 'basePrice' } } } } } })).toThrow(
      expect.objectContaining({ clause: 'sub-aggregations' }),
    );
  });
});
