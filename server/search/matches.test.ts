import { describe, expect, it } from 'vitest';
import { generateSyntheticDevices } from '../test-support/synthetic-catalogue';
import { deviceSearchQuery } from '../../src/services/catalogue/queries';
import { buildField } from './fields';
import { Accumulator, type DocFilter, docFilter, inFilter, intersect, type Matches } from './matches';
import { parseQuery } from './query';
import { docsWithOrdIn, execute, matchingDocs, postingsIn } from './scoring';
import { FieldTypes } from './body';
import { DEVICE_MAPPING } from './mappings';

/** A seeded generator (tests must not flake). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** `count` distinct docs below `size`, ascending, with random scores. */
function randomMatches(next: () => number, size: number, count: number): Matches {
  const docs = new Set<number>();
  while (docs.size < count) docs.add(Math.floor(next() * size));
  const sorted = Int32Array.from([...docs].sort((a, b) => a - b));
  return { docs: sorted, scores: Float64Array.from(sorted, () => Math.round(next() * 1000) / 100) };
}

/** The union as a sorted merge computes it: per doc the contributions in list order. */
function sortedMerge(lists: readonly Matches[], minCount: number, tieBreaker: number | null): { docs: number[]; scores: number[] } {
  const contributions = new Map<number, number[]>();
  for (const list of lists) {
    list.docs.forEach((doc, i) => {
      const score = typeof list.scores === 'number' ? list.scores : list.scores[i]!;
      contributions.set(doc, [...(contributions.get(doc) ?? []), score]);
    });
  }
  const docs = [...contributions.keys()].filter((d) => contributions.get(d)!.length >= minCount).sort((a, b) => a - b);
  const scores = docs.map((d) => {
    const parts = contributions.get(d)!;
    let sum = 0;
    let max = -Infinity;
    for (const p of parts) {
      sum += p;
      if (p > max) max = p;
    }
    return tieBreaker === null ? sum : max + tieBreaker * (sum - max);
  });
  return { docs, scores };
}

/** The reference: the part of `matches` inside `filter` (all of it without one), with the same scores. */
function restrict(matches: Matches, filter: DocFilter | null): Matches {
  if (filter === null || matches.docs.length === 0) return matches;
  const docs = new Int32Array(Math.min(matches.docs.length, filter.docs.length));
  const scores = typeof matches.scores === 'number' ? null : new Float64Array(docs.length);
  let n = 0;
  for (let i = 0; i < matches.docs.length; i++) {
    const doc = matches.docs[i]!;
    if (!inFilter(filter, doc)) continue;
    if (scores) scores[n] = (matches.scores as Float64Array)[i]!;
    docs[n++] = doc;
  }
  if (n === matches.docs.length) return matches;
  return { docs: docs.subarray(0, n), scores: scores ? scores.subarray(0, n) : (matches.scores as number) };
}

const plain = (m: Matches) => ({
  docs: [...m.docs],
  scores: typeof m.scores === 'number' ? [...m.docs].map(() => m.scores as number) : [...m.scores],
});

describe('the accumulator (bitset union)', () => {
  it('equals the sorted merge on random inputs, when few docs match (sorted) and many (bitset scan)', () => {
    const next = random(17);
    const size = 5000;
    const acc = new Accumulator(size);
    for (let round = 0; round < 80; round++) {
      // Some rounds stay below a 64th of the index, others cover most of it.
      const perList = round % 2 === 0 ? 1 + Math.floor(next() * 20) : 200 + Math.floor(next() * 3000);
      const lists = Array.from({ length: 1 + Math.floor(next() * 4) }, () => randomMatches(next, size, perList));
      if (round % 5 === 0) lists.push({ docs: lists[0]!.docs, scores: 1.5 });
      const minCount = 1 + (round % 3 === 0 ? 1 : 0);
      const tieBreaker = round % 4 === 0 ? 0.3 : null;
      acc.begin();
      for (const list of lists) acc.addAll(list);
      const union = acc.finish(minCount, tieBreaker);
      const expected = sortedMerge(lists, minCount, tieBreaker);
      expect([...union.docs]).toEqual(expected.docs);
      expect([...(union.scores as Float64Array)]).toEqual(expected.scores);
    }
  }, 30_000);

  it('unions docs without scores, and starts clean after a use abandoned midway', () => {
    const acc = new Accumulator(100);
    acc.begin();
    for (const doc of [70, 3, 99, 0, 3, 31, 32]) acc.addDoc(doc);
    expect([...acc.finishDocs()]).toEqual([0, 3, 31, 32, 70, 99]);
    // A query that threw between begin() and finish() leaves bits set; the next begin() clears them.
    acc.begin();
    for (let doc = 0; doc < 100; doc += 2) acc.add(doc, 1);
    acc.begin();
    acc.add(5, 2);
    expect(acc.finish()).toEqual({ docs: Int32Array.of(5), scores: Float64Array.of(2) });
    // An empty index has nothing to union.
    const empty = new Accumulator(0);
    empty.begin();
    expect(empty.finish().docs.length).toBe(0);
  });

  it('handles docs on word boundaries, bit 31 included', () => {
    const acc = new Accumulator(96);
    acc.begin();
    const all = Array.from({ length: 96 }, (_, d) => 95 - d);
    for (const doc of all) acc.add(doc, doc);
    const union = acc.finish();
    expect([...union.docs]).toEqual([...all].reverse());
    expect(union.scores).toEqual(Float64Array.from(union.docs));
  });
});

describe('doc filters', () => {
  it('holds exactly its docs and restricts a result keeping its scores', () => {
    const filter = docFilter(Int32Array.of(0, 31, 32, 63, 64, 99), 100);
    for (let doc = 0; doc < 100; doc++) expect(inFilter(filter, doc)).toBe([0, 31, 32, 63, 64, 99].includes(doc));
    const matches = { docs: Int32Array.of(1, 31, 50, 64, 99), scores: Float64Array.of(1, 2, 3, 4, 5) };
    expect(restrict(matches, filter)).toEqual({ docs: Int32Array.of(31, 64, 99), scores: Float64Array.of(2, 4, 5) });
    expect(restrict({ docs: Int32Array.of(2, 32), scores: 7 }, filter)).toEqual({ docs: Int32Array.of(32), scores: 7 });
    expect(restrict(matches, null)).toBe(matches);
  });

  it('finds the postings inside a filter alike by bit tests and by galloping, whatever their sizes', () => {
    const next = random(3);
    const size = 20_000;
    for (let round = 0; round < 60; round++) {
      const list = randomMatches(next, size, 1 + Math.floor(next() * (round % 2 ? 8000 : 200))).docs;
      const filter = docFilter(randomMatches(next, size, 1 + Math.floor(next() * (round % 3 ? 300 : 6000))).docs, size);
      // A window of the list, as a term's postings are a window of the field's posting array.
      const start = Math.floor(next() * list.length);
      const end = start + Math.floor(next() * (list.length - start + 1));
      const expected: number[] = [];
      for (let k = start; k < end; k++) if (inFilter(filter, list[k]!)) expected.push(k);
      expect([...postingsIn(list, start, end, filter)]).toEqual(expected);
    }
    const filter = docFilter(Int32Array.of(5), 10);
    expect([...postingsIn(Int32Array.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20), 0, 20, filter)]).toEqual([
      4,
    ]);
    expect([...postingsIn(Int32Array.of(1, 2, 3), 0, 0, filter)]).toEqual([]);
  });

  it('finds the candidates with a value in a range by their own values, many values per doc or none', () => {
    const docs = [{ n: [5, 1] }, { n: 3 }, {}, { n: [9, 2, 7] }, { n: 4 }].map((source, i) => ({ id: String(i), source }));
    const f = buildField('n', 'number', docs);
    if (f.type !== 'number') throw new Error('a number field');
    const ords = (lower: number, upper: number) => [f.dict.lowerBound(lower, true), f.dict.lowerBound(upper, false)] as const;
    const all = Int32Array.of(0, 1, 2, 3, 4);
    // Any value of a doc in [2, 4] counts (doc 0 has 1 and 5, neither in it); a doc without values never matches.
    expect([...docsWithOrdIn(f, ...ords(2, 4), all)]).toEqual([1, 3, 4]);
    expect([...docsWithOrdIn(f, ...ords(5, 5), all)]).toEqual([0]);
    expect([...docsWithOrdIn(f, ...ords(2, 4), Int32Array.of(0, 2, 4))]).toEqual([4]);
    expect([...docsWithOrdIn(f, ...ords(6, 6), all)]).toEqual([]);
    expect([...docsWithOrdIn(f, ...ords(0, 100), Int32Array.of())]).toEqual([]);
  });

  const devices = generateSyntheticDevices(3000).map((d) => ({ id: String(d.id), source: d as unknown as Record<string, unknown> }));
  const deviceIndex = () => {
    const fields = new Map(
      Object.entries(DEVICE_MAPPING)
        .filter(([, type]) => type !== 'object')
        .map(([name, type]) => [name, buildField(name, type as Exclude<typeof type, 'object'>, devices)]),
    );
    const ctx = {
      fields,
      allDocs: Int32Array.from(devices, (_, i) => i),
      accumulator: new Accumulator(devices.length),
      positions: new Int32Array(devices.length),
    };
    return { ctx, types: new FieldTypes(DEVICE_MAPPING, new Map()) };
  };

  it('gives a clause evaluated against a filter the filtered part of its unfiltered result, same scores', () => {
    const { ctx, types } = deviceIndex();
    const next = random(5);
    for (const text of ['iphnoe 13', 'galxy s2', 'pro', 'sam', 'macbok pro 16', 'x']) {
      const query = parseQuery(deviceSearchQuery(text, 10).query, types);
      const whole = execute(query, ctx);
      const candidates = randomMatches(next, devices.length, 1500).docs;
      const filter = docFilter(candidates, devices.length);
      const filtered = execute(query, ctx, filter);
      expect(filtered.docs.length).toBeGreaterThan(0);
      expect(plain(filtered)).toEqual(plain(restrict(whole, filter)));
    }
  }, 30_000);

  it('scores should ranges on one single-valued field as the union of each range alone, to the bit', () => {
    const { ctx, types } = deviceIndex();
    const popularity = ctx.fields.get('popularity')!;
    // The conditions under which the engine reads each candidate's value once (rangeUnion).
    expect(popularity.type !== 'text' && popularity.docOrds.singleValued).toBe(true);
    const ranges = [
      // Nested, as the popularity prior is, with boosts whose sums depend on their order.
      ...Array.from({ length: 12 }, (_, i) => ({ range: { popularity: { gte: 40 + 60 * i, boost: [0.45, 0.3, 1.7][i % 3] } } })),
      { range: { popularity: { gt: 100, lte: 400, boost: 0.1 } } },
      { range: { popularity: { gte: 40, boost: 0.45 } } },
      { range: { popularity: { gte: 5000, lt: 10, boost: 2 } } },
    ];
    const next = random(11);
    for (const minimum of [1, 2, 5]) {
      const candidates = randomMatches(next, devices.length, 1200).docs;
      const filter = docFilter(candidates, devices.length);
      const query = parseQuery({ bool: { must: [{ match_all: { boost: 0 } }], should: ranges, minimum_should_match: minimum } }, types);
      // The reference: every range evaluated alone within the candidates, merged in list order.
      const alone = ranges.map((range) => execute(parseQuery(range, types), ctx, filter));
      const expected = sortedMerge(alone, minimum, null);
      expect(expected.docs.length).toBeGreaterThan(0);
      expect(plain(execute(query, ctx, filter))).toEqual(expected);
    }
  });

  it('finds unscored the docs a clause matches (a few more allowed), inside a filter too', () => {
    const { ctx, types } = deviceIndex();
    const next = random(7);
    for (const text of ['iphnoe 13', 'galxy s21', 'pro', 'gal s2', 'macbok pro 16', 'one plus 9', 'x']) {
      const query = parseQuery(deviceSearchQuery(text, 10).query, types);
      const words = query.kind === 'bool' ? query.must : [query];
      for (const clause of [query, ...words]) {
        const filter = docFilter(randomMatches(next, devices.length, 1500).docs, devices.length);
        for (const within of [null, filter]) {
          const scored = [...execute(clause, ctx, within).docs];
          const found = [...matchingDocs(clause, ctx, within)];
          // The device query applies every clause it holds, so nothing is left over here.
          expect(found, text).toEqual(scored);
        }
      }
    }
    const filtered = parseQuery(
      {
        bool: {
          must: [{ match_all: {} }, { prefix: { name: 'ip' } }],
          filter: [{ range: { releaseYear: { gte: 2018 } } }, { terms: { manufacturerId: [100, 101, 102] } }],
        },
      },
      types,
    );
    expect(execute(filtered, ctx).docs.length).toBeGreaterThan(0);
    expect([...matchingDocs(filtered, ctx, null)]).toEqual([...execute(filtered, ctx).docs]);
    // must_not and a second should clause required are not applied: a superset, which the scoring pass narrows.
    const loose = parseQuery(
      {
        bool: {
          must: [{ match: { name: 'galaxy' } }],
          must_not: [{ match: { name: 's21' } }],
          should: [{ match: { name: 'a' } }, { match: { name: 'b' } }],
          minimum_should_match: 0,
        },
      },
      types,
    );
    const all = [...matchingDocs(loose, ctx, null)];
    expect(all).toEqual(expect.arrayContaining([...execute(loose, ctx).docs]));
    expect(all.length).toBeGreaterThan(execute(loose, ctx).docs.length);
  }, 30_000);

  it('scores a conjunction as the intersection of its clauses evaluated alone, in their order', () => {
    const { ctx, types } = deviceIndex();
    for (const text of ['iphnoe 13', 'galxy s21', 'macbok pro 16', 'gal s2', 'canon eso 5d', 'one plus 9']) {
      const query = parseQuery(deviceSearchQuery(text, 10).query, types);
      if (query.kind !== 'bool') throw new Error('the device query is a bool');
      let expected: Matches | null = null;
      for (const clause of query.must) {
        const alone = execute(clause, ctx);
        expected = expected ? intersect(expected, alone, true) : alone;
      }
      expect(plain(execute(query, ctx)), text).toEqual(plain(expected!));
    }
  }, 30_000);

  it('matches with a prefix the docs of every term it begins, inside large and small filters', () => {
    const { ctx, types } = deviceIndex();
    const f = ctx.fields.get('name')!;
    const next = random(11);
    for (const prefix of ['pro', 'p', 'iphone', 'zzz', 'galaxy s2']) {
      const terms = f.dict.values.filter((v) => String(v).startsWith(prefix));
      const expected = new Set(terms.flatMap((t) => [...execute(parseQuery({ term: { name: t } }, types), ctx).docs]));
      const query = parseQuery({ prefix: { name: { value: prefix, boost: 2 } } }, types);
      // No filter, a filter of half the index (bit tests) and one of a few docs (galloping).
      for (const count of [0, 1500, 20]) {
        const filter = count === 0 ? null : docFilter(randomMatches(next, devices.length, count).docs, devices.length);
        const found = execute(query, ctx, filter);
        expect([...found.docs], prefix).toEqual([...expected].filter((d) => !filter || inFilter(filter, d)).sort((a, b) => a - b));
        if (found.docs.length > 0) expect(found.scores).toBe(2);
      }
    }
  });

  it('counts a repeated should clause as often as it occurs (computed once)', () => {
    const { ctx, types } = deviceIndex();
    const clause = { multi_match: { query: '13', fields: ['model^2', 'name'], fuzziness: 'AUTO' } };
    const once = execute(parseQuery({ bool: { should: [clause] } }, types), ctx);
    const twice = execute(parseQuery({ bool: { should: [clause, clause] } }, types), ctx);
    expect([...twice.docs]).toEqual([...once.docs]);
    expect(plain(twice).scores).toEqual(plain(once).scores.map((s) => s + s));
  });
});
