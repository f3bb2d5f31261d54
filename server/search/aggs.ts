// Terms aggregations (the only aggregation the engine runs), as Elasticsearch 8 answers them on one
// shard: buckets {key, doc_count} over every matching document (not just the page), by doc_count
// descending then key ascending unless `order` says otherwise, `size` buckets (default 10), the
// rest counted in sum_other_doc_count. Keyword, number and boolean fields (booleans: key 0/1 and
// key_as_string); unmapped fields give no buckets.

import { checkKeys, expectObject, type FieldTypes, readInteger, readString } from './body';
import { describeValue } from './describe-value';
import { SearchBodyError, UnsupportedClauseError } from './errors';
import { dictionaryOf, type IndexedField } from './fields';
import type { Matches } from './matches';

interface OrderKey {
  readonly by: '_count' | '_key';
  readonly desc: boolean;
}

export interface TermsAggregation {
  readonly name: string;
  readonly field: string;
  readonly size: number;
  readonly order: readonly OrderKey[];
}

export interface TermsBucket {
  readonly key: string | number;
  readonly key_as_string?: string;
  readonly doc_count: number;
}

export interface TermsAggregationResult {
  readonly doc_count_error_upper_bound: number;
  readonly sum_other_doc_count: number;
  readonly buckets: readonly TermsBucket[];
}

function parseOrder(value: unknown, name: string): OrderKey[] {
  const where = `${name}.terms.order`;
  const keys = (Array.isArray(value) ? value : [value]).flatMap((item) =>
    Object.entries(expectObject(item, where)).map(([by, dir]): OrderKey => {
      if (by !== '_count' && by !== '_key') throw new SearchBodyError(`[${where}] can order by _count or _key, not ${describeValue(by)}`);
      const direction = readString(dir, `${where}.${by}`).toLowerCase();
      if (direction !== 'asc' && direction !== 'desc')
        throw new SearchBodyError(`[${where}] order must be "asc" or "desc", got ${describeValue(dir)}`);
      return { by, desc: direction === 'desc' };
    }),
  );
  if (keys.length === 0) throw new SearchBodyError(`[${where}] is empty`);
  return keys;
}

export function parseAggregations(value: unknown, fields: FieldTypes): TermsAggregation[] {
  if (value === undefined) return [];
  return Object.entries(expectObject(value, 'aggs')).map(([name, spec]) => {
    const entries = Object.entries(expectObject(spec, `aggs.${name}`));
    for (const [type] of entries) {
      if (type === 'aggs' || type === 'aggregations')
        throw new UnsupportedClauseError('sub-aggregations', `unsupported aggregation clause: sub-aggregations under "${name}"`);
      if (type !== 'terms') throw new UnsupportedClauseError(type, `unsupported aggregation "${type}"`);
    }
    if (entries.length !== 1) throw new SearchBodyError(`aggregation [${name}] needs exactly one type, got ${entries.length}`);
    const body = expectObject(entries[0]![1], `${name}.terms`);
    checkKeys(body, ['field', 'size', 'order'], `${name}.terms`);
    if (body.field === undefined) throw new SearchBodyError(`[${name}.terms] needs a field`);
    const field = readString(body.field, `${name}.terms.field`);
    const type = fields.get(field);
    if (type === 'text' || type === 'object')
      throw new SearchBodyError(`[${name}.terms] cannot aggregate ${type} field [${field}]: it has no doc values`);
    return {
      name,
      field,
      size: body.size === undefined ? 10 : readInteger(body.size, `${name}.terms.size`, 1),
      order: body.order === undefined ? [{ by: '_count', desc: true }] : parseOrder(body.order, name),
    };
  });
}

export function runAggregation(agg: TermsAggregation, matches: Matches, fields: ReadonlyMap<string, IndexedField>): TermsAggregationResult {
  const f = fields.get(agg.field);
  if (!f || f.type === 'text') return { doc_count_error_upper_bound: 0, sum_other_doc_count: 0, buckets: [] };
  const counts = new Int32Array(f.dict.size);
  for (const doc of matches.docs) {
    for (let k = f.docOrds.begin(doc); k < f.docOrds.end(doc); k++) counts[f.docOrds.at(k)]!++;
  }
  const ords: number[] = [];
  counts.forEach((count, ord) => {
    if (count > 0) ords.push(ord);
  });
  // Ordinals are in key order and the sort is stable: ties stay by key ascending, as in Elasticsearch.
  ords.sort((a, b) => {
    for (const { by, desc } of agg.order) {
      const c = by === '_count' ? counts[a]! - counts[b]! : a - b;
      if (c !== 0) return desc ? -c : c;
    }
    return 0;
  });
  const values = dictionaryOf(f).values;
  let other = 0;
  for (const ord of ords.slice(agg.size)) other += counts[ord]!;
  return {
    doc_count_error_upper_bound: 0,
    sum_other_doc_count: other,
    buckets: ords.slice(0, agg.size).map((ord) => {
      const key = values[ord]!;
      return f.type === 'boolean'
        ? { key, key_as_string: key === 1 ? 'true' : 'false', doc_count: counts[ord]! }
        : { key, doc_count: counts[ord]! };
    }),
  };
}
