// The `sort` of a search body (Elasticsearch 8): "_score" (desc by default), "_doc", a keyword,
// number or boolean field (asc by default; arrays sort by their min ascending, max descending, or as
// `mode` says; `missing` "_last" (default), "_first" or a value; `unmapped_type` for fields the index
// lacks), several keys, ties by index order. Also the top-k selection of hits and their sort values.

import { checkKeys, expectObject, type FieldTypes, readString, valueFor } from './body';
import { describeValue } from './describe-value';
import { SearchBodyError, UnsupportedClauseError } from './errors';
import { dictionaryOf, type IndexedField, type ValueField } from './fields';
import { type Matches, scoreAt } from './matches';

type Missing = 'first' | 'last' | { readonly value: string | number };

export type SortKey =
  | { readonly kind: 'score'; readonly desc: boolean }
  | { readonly kind: 'doc'; readonly desc: boolean }
  | {
      readonly kind: 'field';
      readonly field: string;
      readonly desc: boolean;
      readonly useMax: boolean;
      readonly missing: Missing;
      /** False for an unmapped field sorted with unmapped_type: every doc is missing the value. */
      readonly mapped: boolean;
    };

function order(value: unknown, where: string): boolean {
  const text = readString(value, where).toLowerCase();
  if (text !== 'asc' && text !== 'desc')
    throw new SearchBodyError(`[${where}] sort order must be "asc" or "desc", got ${describeValue(value)}`);
  return text === 'desc';
}

function simpleKey(name: string, fields: FieldTypes, desc?: boolean): SortKey {
  if (name === '_score') return { kind: 'score', desc: desc ?? true };
  if (name === '_doc') return { kind: 'doc', desc: desc ?? false };
  return fieldKey(name, fields, {}, desc ?? false);
}

function fieldKey(name: string, fields: FieldTypes, params: Readonly<Record<string, unknown>>, desc: boolean): SortKey {
  const type = fields.get(name);
  if (type === 'text' || type === 'object') throw new SearchBodyError(`cannot sort on [${name}]: ${type} fields have no doc values`);
  if (type === undefined && params.unmapped_type === undefined)
    throw new SearchBodyError(`No mapping found for [${name}] in order to sort on`);
  if (params.unmapped_type !== undefined) readString(params.unmapped_type, `sort.${name}.unmapped_type`);
  const mode = params.mode === undefined ? (desc ? 'max' : 'min') : readString(params.mode, `sort.${name}.mode`);
  if (mode !== 'min' && mode !== 'max')
    throw new UnsupportedClauseError(`sort.mode`, `unsupported sort mode ${describeValue(mode)} (min and max are supported)`);
  let missing: Missing = 'last';
  if (params.missing === '_first') missing = 'first';
  else if (params.missing !== undefined && params.missing !== '_last')
    missing = { value: valueFor(type ?? 'keyword', params.missing, `sort.${name}.missing`) };
  return { kind: 'field', field: name, desc, useMax: mode === 'max', missing, mapped: type !== undefined };
}

function objectKeys(object: Readonly<Record<string, unknown>>, fields: FieldTypes): SortKey[] {
  return Object.entries(object).map(([name, spec]) => {
    if (typeof spec === 'string') return simpleKey(name, fields, order(spec, `sort.${name}`));
    if (name === '_geo_distance' || name === '_script') throw new UnsupportedClauseError(name, `unsupported sort "${name}"`);
    const params = expectObject(spec, `sort.${name}`);
    if (name === '_score' || name === '_doc') {
      checkKeys(params, ['order'], `sort.${name}`);
      return simpleKey(name, fields, params.order === undefined ? undefined : order(params.order, `sort.${name}.order`));
    }
    checkKeys(params, ['order', 'missing', 'mode', 'unmapped_type'], `sort.${name}`);
    return fieldKey(name, fields, params, params.order === undefined ? false : order(params.order, `sort.${name}.order`));
  });
}

/** The sort keys; null when there are none (relevance order, as without a sort). */
export function parseSort(value: unknown, fields: FieldTypes): SortKey[] | null {
  const items = Array.isArray(value) ? value : [value];
  const keys = items.flatMap((item) => {
    if (typeof item === 'string') return [simpleKey(item, fields)];
    if (item !== null && typeof item === 'object' && !Array.isArray(item))
      return objectKeys(item as Readonly<Record<string, unknown>>, fields);
    throw new SearchBodyError(`malformed sort: an entry must be a field name or an object, got ${describeValue(item)}`);
  });
  return keys.length === 0 ? null : keys;
}

/** A field key resolved against the index: per doc its sort ordinal, NaN when missing. */
interface ResolvedFieldKey {
  readonly kind: 'field';
  readonly key: SortKey & { kind: 'field' };
  readonly column: ValueField | null;
  /** Ordinal position of a custom missing value (x.5 between two existing values). */
  readonly missingOrd: number;
}
export type ResolvedSortKey = (SortKey & { kind: 'score' | 'doc' }) | ResolvedFieldKey;

export function resolveSort(keys: readonly SortKey[], fields: ReadonlyMap<string, IndexedField>): ResolvedSortKey[] {
  return keys.map((key) => {
    if (key.kind !== 'field') return key;
    const f = key.mapped ? fields.get(key.field) : undefined;
    const column = f && f.type !== 'text' ? f : null;
    let missingOrd = NaN;
    if (typeof key.missing === 'object' && column) {
      const dict = dictionaryOf(column);
      const at = dict.lowerBound(key.missing.value, true);
      missingOrd = dict.values[at] === key.missing.value ? at : at - 0.5;
    }
    return { kind: 'field', key, column, missingOrd };
  });
}

/** The ordinal of doc's value under the key's mode, or -1 when the doc has none. */
function valueOrd(r: ResolvedFieldKey, doc: number): number {
  if (!r.column) return -1;
  const { docOrds } = r.column;
  const start = docOrds.begin(doc);
  const end = docOrds.end(doc);
  return start < end ? docOrds.at(r.key.useMax ? end - 1 : start) : -1;
}

export type PositionCompare = (a: number, b: number) => number;

/** Compares positions of `matches` by the keys (or by score, best first), ties by index order. */
export function comparator(matches: Matches, keys: readonly ResolvedSortKey[] | null): PositionCompare {
  const { docs } = matches;
  if (keys === null) return (a, b) => scoreAt(matches, b) - scoreAt(matches, a) || a - b;
  const parts: PositionCompare[] = keys.map((key) => {
    const dir = (key.kind === 'field' ? key.key.desc : key.desc) ? -1 : 1;
    if (key.kind === 'score') return (a, b) => dir * (scoreAt(matches, a) - scoreAt(matches, b));
    if (key.kind === 'doc') return (a, b) => dir * (a - b);
    const missingFirst = key.key.missing === 'first' ? -1 : 1;
    const ordOf = (doc: number) => {
      const ord = valueOrd(key, doc);
      return ord >= 0 ? ord : key.missingOrd;
    };
    return (a, b) => {
      const x = ordOf(docs[a]!);
      const y = ordOf(docs[b]!);
      if (Number.isNaN(x) || Number.isNaN(y))
        return Number.isNaN(x) === Number.isNaN(y) ? 0 : Number.isNaN(x) ? missingFirst : -missingFirst;
      return dir * (x - y);
    };
  });
  return (a, b) => {
    for (const part of parts) {
      const c = part(a, b);
      if (c !== 0) return c;
    }
    return a - b;
  };
}

/** The first `k` positions of `n` in `compare` order (a bounded heap; the worst kept is on top). */
export function topPositions(n: number, k: number, compare: PositionCompare): number[] {
  if (k <= 0 || n === 0) return [];
  if (k >= n) return Array.from({ length: n }, (_, i) => i).sort(compare);
  const heap: number[] = [];
  const worse = (i: number, j: number) => compare(heap[i]!, heap[j]!) > 0;
  const swap = (i: number, j: number) => {
    const t = heap[i]!;
    heap[i] = heap[j]!;
    heap[j] = t;
  };
  for (let p = 0; p < n; p++) {
    if (heap.length < k) {
      heap.push(p);
      for (let i = heap.length - 1; i > 0 && worse(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (compare(p, heap[0]!) < 0) {
      heap[0] = p;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let top = i;
        if (l < k && worse(l, top)) top = l;
        if (r < k && worse(r, top)) top = r;
        if (top === i) break;
        swap(i, top);
        i = top;
      }
    }
  }
  return heap.sort(compare);
}

/** The hit's `sort` array: scores, doc positions, field values (the missing value or null where absent). */
export function sortValues(matches: Matches, position: number, keys: readonly ResolvedSortKey[]): (string | number | null)[] {
  const doc = matches.docs[position]!;
  return keys.map((key) => {
    if (key.kind === 'score') return scoreAt(matches, position);
    if (key.kind === 'doc') return doc;
    const ord = valueOrd(key, doc);
    if (ord >= 0) return dictionaryOf(key.column!).values[ord]!;
    return typeof key.key.missing === 'object' ? key.key.missing.value : null;
  });
}
