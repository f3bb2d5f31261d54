import { describe, expect, it } from 'vitest';
import { generateSyntheticDevices } from '../test-support/synthetic-catalogue';
import { deviceAnalysis } from '../catalogue/search-analysis';
import { deviceSearchQuery } from '../../src/services/catalogue/queries';
import { fieldAnalyzers } from './analysis';
import { SearchIndex } from './engine';
import { buildField, buildFieldSteps, compareValues, DocOrds, PostingsCollector, sortedValuesSteps, TermDictionary } from './fields';
import { DEVICE_MAPPING } from './mappings';

/** Runs steps to the end, counting the yields. */
function drive<T>(steps: Generator<void, T>): { value: T; yields: number } {
  let yields = 0;
  for (;;) {
    const step = steps.next();
    if (step.done) return { value: step.value, yields };
    yields++;
  }
}

/** The ordinals DocOrds holds for `doc`. */
function ordsOf(docOrds: DocOrds, doc: number): number[] {
  const ords: number[] = [];
  for (let k = docOrds.begin(doc); k < docOrds.end(doc); k++) ords.push(docOrds.at(k));
  return ords;
}

describe('per-document ordinals (doc values)', () => {
  it('holds one ordinal per document where no document has two, in the narrowest array, none as none', () => {
    const docStart = Int32Array.of(0, 1, 1, 2, 3);
    const single = (termCount: number) => DocOrds.of(docStart, Int32Array.of(termCount - 1, 0, 7), termCount);
    // The last ordinal at each array's limit (stored + 1, so 255 terms fit a byte and 256 do not).
    for (const terms of [255, 256, 65_535, 65_536]) {
      expect([0, 1, 2, 3].map((d) => ordsOf(single(terms), d))).toEqual([[terms - 1], [], [0], [7]]);
    }
    const multi = DocOrds.of(Int32Array.of(0, 2, 2, 5), Int32Array.of(1, 4, 0, 2, 3), 5);
    expect([0, 1, 2].map((d) => ordsOf(multi, d))).toEqual([[1, 4], [], [0, 2, 3]]);
    const empty = DocOrds.of(Int32Array.of(0, 0, 0), Int32Array.of(), 0);
    expect([0, 1].map((d) => ordsOf(empty, d))).toEqual([[], []]);
  });
});

const catalogue = generateSyntheticDevices(4000).map((d) => ({ id: String(d.id), source: d as unknown as Record<string, unknown> }));

describe('the sliced sort of a field’s terms', () => {
  it('sorts like one sort would, strings natively and by code point where surrogates occur, numbers numerically', () => {
    const words = Array.from({ length: 20_000 }, (_, i) => `w${(i * 7919) % 20_000}x`);
    const sorted = drive(sortedValuesSteps([...words]));
    expect(sorted.value).toEqual([...words].sort());
    // Runs of 4,096 are sorted and merged between yields: never the whole array in one step.
    expect(sorted.yields).toBeGreaterThanOrEqual(Math.ceil(20_000 / 4096) * 2);
    const astral = ['\u{1F600}', '\uFF5E', 'a', '\u{10000}', 'z'];
    expect(drive(sortedValuesSteps(astral)).value).toEqual([...astral].sort(compareValues));
    expect(drive(sortedValuesSteps([10, -2, 3.5, 100, 0])).value).toEqual([-2, 0, 3.5, 10, 100]);
    expect(drive(sortedValuesSteps<string>([])).value).toEqual([]);
  });
});

describe('postings laid out by counting sort', () => {
  it('gives the dictionary of the per-term lists: values in order, postings ascending, frequencies kept', () => {
    const collector = new PostingsCollector<string>();
    const entries: [string, number, number][] = [
      ['pro', 0, 2],
      ['iphone', 0, 1],
      ['max', 1, 1],
      ['pro', 1, 1],
      ['iphone', 3, 3],
      ['pro', 3, 1],
    ];
    for (const [value, doc, freq] of entries) collector.add(value, doc, freq);
    const dict = drive(collector.dictionarySteps(true)).value;
    expect(dict.values).toEqual(['iphone', 'max', 'pro']);
    expect([...dict.postingStart]).toEqual([0, 2, 3, 6]);
    expect([...dict.postingDocs]).toEqual([0, 3, 1, 0, 1, 3]);
    expect([...dict.postingFreqs!]).toEqual([1, 3, 1, 2, 1, 1]);
    expect(dict.ord('pro')).toBe(2);
    expect(dict.ord('mini')).toBe(-1);
    expect([...collector.ordsInAddOrder()]).toEqual([2, 0, 1, 2, 0, 2]);
    const fromLists = TermDictionary.build(
      new Map([
        ['pro', { docs: [0, 1, 3], freqs: [2, 1, 1] }],
        ['iphone', { docs: [0, 3], freqs: [1, 3] }],
        ['max', { docs: [1], freqs: [1] }],
      ]),
      true,
    );
    expect(fromLists).toEqual(dict);
  });

  it('keeps entries in order across the chunks it grows by', () => {
    const collector = new PostingsCollector<number>();
    // 40,000 entries: two full chunks of 16,384 and part of a third.
    for (let doc = 0; doc < 20_000; doc++) {
      collector.add(doc % 7, doc, 1 + (doc % 3));
      collector.add(7 + (doc % 5), doc, 1);
    }
    const dict = drive(collector.dictionarySteps(true)).value;
    expect(dict.values).toEqual(Array.from({ length: 12 }, (_, v) => v));
    const docsOf = (v: number) =>
      Array.from({ length: 20_000 }, (_, doc) => doc).filter((doc) => (v < 7 ? doc % 7 === v : doc % 5 === v - 7));
    for (let v = 0; v < 12; v++) {
      const docs = [...dict.postingDocs.subarray(dict.postingStart[v], dict.postingStart[v + 1])];
      expect(docs).toEqual(docsOf(v));
      const freqs = [...dict.postingFreqs!.subarray(dict.postingStart[v], dict.postingStart[v + 1])];
      expect(freqs).toEqual(docs.map((doc) => (v < 7 ? 1 + (doc % 3) : 1)));
    }
    expect([...collector.ordsInAddOrder()]).toEqual(Array.from({ length: 20_000 }, (_, doc) => [doc % 7, 7 + (doc % 5)]).flat());
  });

  it('keeps frequencies in bytes while they fit, else in full, and finds values by binary search', () => {
    const lay = (freqs: number[]) => {
      const collector = new PostingsCollector<number>();
      freqs.forEach((freq, doc) => collector.add(10 * (doc % 3), doc, freq));
      return drive(collector.dictionarySteps(true)).value;
    };
    expect(lay([1, 255, 2]).postingFreqs).toBeInstanceOf(Uint8Array);
    const large = lay([1, 256, 70_000, 3]);
    expect(large.postingFreqs).toBeInstanceOf(Int32Array);
    expect([...large.postingFreqs!]).toEqual([1, 3, 256, 70_000]);
    expect([-5, 0, 5, 10, 20, 25].map((v) => large.ord(v))).toEqual([-1, 0, -1, 1, 2, -1]);
  });

  it('refuses to report ordinals before the dictionary exists', () => {
    expect(() => new PostingsCollector<string>().ordsInAddOrder()).toThrow(/before dictionarySteps/);
  });
});

describe('the sliced index build', () => {
  const analyzers = fieldAnalyzers(deviceAnalysis('default'));

  it('builds each field as per-term lists would, yielding every few documents', () => {
    const docs = catalogue.slice(0, 1500);
    for (const [name, type] of [
      ['name', 'text'],
      ['searchTerms', 'text'],
      ['brand', 'keyword'],
      ['releaseYear', 'number'],
    ] as const) {
      const analyzer = analyzers.index.get(name);
      const sliced = drive(buildFieldSteps(name, type, docs, analyzer));
      expect(sliced.yields).toBeGreaterThanOrEqual(docs.length / 128);
      // The reference: a list per term, filled document by document, values sorted in one go.
      const lists = new Map<string | number, { docs: number[]; freqs: number[] }>();
      docs.forEach((doc, d) => {
        const raw = doc.source[name];
        const values = (Array.isArray(raw) ? raw : [raw]).filter((v) => v !== undefined && v !== null);
        const terms = type === 'text' ? values.flatMap((v) => analyzer!.index(String(v))) : values;
        const counts = new Map<string | number, number>();
        for (const t of terms) counts.set(t as string | number, (counts.get(t as string | number) ?? 0) + 1);
        for (const [t, freq] of counts) {
          const list = lists.get(t) ?? { docs: [], freqs: [] };
          list.docs.push(d);
          list.freqs.push(freq);
          lists.set(t, list);
        }
      });
      const values = [...lists.keys()].sort(compareValues);
      const dict = sliced.value.dict as TermDictionary<string | number>;
      expect(dict.values).toEqual(values);
      values.forEach((value, ord) => {
        const { postingStart, postingDocs, postingFreqs } = dict;
        expect([...postingDocs.subarray(postingStart[ord], postingStart[ord + 1])]).toEqual(lists.get(value)!.docs);
        if (postingFreqs) expect([...postingFreqs.subarray(postingStart[ord], postingStart[ord + 1])]).toEqual(lists.get(value)!.freqs);
      });
      if (sliced.value.type !== 'text') {
        const { docOrds } = sliced.value;
        docs.forEach((_, d) => {
          const values = ordsOf(docOrds, d).map((ord) => dict.values[ord]!);
          expect(values).toEqual([...lists.keys()].filter((v) => lists.get(v)!.docs.includes(d)).sort(compareValues));
        });
      }
    }
  }, 30_000);

  it('counts a repeated value’s terms per document, in arrays too, past the values it remembers', () => {
    const sources = [{ t: 'pro max pro' }, { t: 'pro max pro' }, { t: ['pro max pro', 'pro'] }, { t: [] }, { t: 'max' }];
    // More distinct values than a build keeps the analysis of (50,000), then the first value again.
    const many = Array.from({ length: 50_001 }, (_, i) => ({ t: `w${i}` }));
    const docs = [...sources, ...many, sources[0]!].map((source, i) => ({ id: String(i), source }));
    const field = buildField('t', 'text', docs);
    if (field.type !== 'text') throw new Error('a text field');
    const postings = (term: string) => {
      const ord = field.dict.ord(term);
      const { postingStart, postingDocs, postingFreqs } = field.dict;
      const range = [postingStart[ord]!, postingStart[ord + 1]!] as const;
      return { docs: [...postingDocs.subarray(...range)], freqs: [...postingFreqs!.subarray(...range)] };
    };
    const last = docs.length - 1;
    expect(postings('pro')).toEqual({ docs: [0, 1, 2, last], freqs: [2, 2, 3, 2] });
    expect(postings('max')).toEqual({ docs: [0, 1, 2, 4, last], freqs: [1, 1, 1, 1, 1] });
    expect(postings('w50000')).toEqual({ docs: [5 + 50_000], freqs: [1] });
    // An empty array has no terms and no length: the doc is not among those with the field.
    expect(field.docCount).toBe(docs.length - 1);
    expect([...field.norms.subarray(0, 5)]).toEqual([3, 3, 4, 0, 1]);
  });

  it('answers like the unsliced index while letting other work run between its slices', async () => {
    const whole = SearchIndex.build('t', DEVICE_MAPPING, catalogue, deviceAnalysis('default'));
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 0);
    const paced = await SearchIndex.buildPaced('t', DEVICE_MAPPING, catalogue, deviceAnalysis('default'), 0);
    clearInterval(ticker);
    expect(ticks).toBeGreaterThan(10);
    for (const text of ['iphnoe 13', 'galxy s21', 'macbok pro', 'gal s2', 'one plus 9', 'zzzz']) {
      const body = { ...deviceSearchQuery(text, 20), aggs: { brands: { terms: { field: 'brand' } } } };
      expect(paced.search(body).hits).toEqual(whole.search(body).hits);
      expect(paced.search(body).aggregations).toEqual(whole.search(body).aggregations);
    }
  }, 30_000);

  it('waits between slices for the work it is told to let go first (a build a search waits for)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    let done = false;
    const building = SearchIndex.buildPaced('t', DEVICE_MAPPING, catalogue, deviceAnalysis('default'), 0, () => {
      asked++;
      return asked === 1 ? gate : undefined;
    }).then((index) => {
      done = true;
      return index;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Paused on the gate after its first slice.
    expect(asked).toBe(1);
    expect(done).toBe(false);
    release();
    const index = await building;
    expect(asked).toBeGreaterThan(10);
    expect(index.search(deviceSearchQuery('iphone', 5)).hits.total).toEqual(
      SearchIndex.build('t', DEVICE_MAPPING, catalogue, deviceAnalysis('default')).search(deviceSearchQuery('iphone', 5)).hits.total,
    );
  }, 30_000);

  it('still refuses duplicate ids and values the mapping cannot hold', async () => {
    const twice = [catalogue[0]!, catalogue[0]!];
    await expect(SearchIndex.buildPaced('t', DEVICE_MAPPING, twice)).rejects.toThrow(/duplicate document id/);
    expect(() => buildField('releaseYear', 'number', [{ id: 'x', source: { releaseYear: 'soon' } }])).toThrow(/cannot hold/);
  });
});
