// Reading an untrusted search body: shape checks that turn anything unexpected into a
// SearchBodyError with an Elasticsearch-like message, and the lookup of field types.

import { describeValue } from './describe-value';
import { SearchBodyError } from './errors';
import { globMatches } from './glob';
import { STANDARD_ANALYZER, type Analyzer } from './analysis';
import type { FieldType } from './mappings';

export type JsonObject = Readonly<Record<string, unknown>>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function expectObject(value: unknown, where: string): JsonObject {
  if (!isObject(value)) throw new SearchBodyError(`[${where}] must be an object, got ${describeValue(value)}`);
  return value;
}

/** Rejects parameters the clause does not know, as Elasticsearch's parsers do. */
export function checkKeys(object: JsonObject, allowed: readonly string[], clause: string): void {
  for (const key of Object.keys(object)) {
    if (!allowed.includes(key)) throw new SearchBodyError(`[${clause}] does not support [${key}]`);
  }
}

/** The one `{field: value}` entry of a single-field clause (term, match, prefix, range, …). */
export function singleField(object: JsonObject, clause: string): [string, unknown] {
  const entries = Object.entries(object);
  if (entries.length !== 1) {
    throw new SearchBodyError(
      entries.length === 0
        ? `[${clause}] query needs a field`
        : `[${clause}] query does not support multiple fields [${entries.map(([k]) => k).join(', ')}]`,
    );
  }
  return entries[0]!;
}

export function readNumber(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new SearchBodyError(`[${where}] must be a number, got ${describeValue(value)}`);
  return value;
}

export function readInteger(value: unknown, where: string, min: number): number {
  const n = readNumber(value, where);
  if (!Number.isInteger(n) || n < min) throw new SearchBodyError(`[${where}] must be an integer >= ${min}, got ${describeValue(value)}`);
  return n;
}

export function readBoost(value: unknown, clause: string): number {
  if (value === undefined) return 1;
  const boost = readNumber(value, `${clause}.boost`);
  if (boost < 0) throw new SearchBodyError(`[${clause}] boost must be a positive float, got ${boost}`);
  return boost;
}

export function readBoolean(value: unknown, where: string): boolean {
  if (typeof value !== 'boolean') throw new SearchBodyError(`[${where}] must be true or false, got ${describeValue(value)}`);
  return value;
}

export function readString(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new SearchBodyError(`[${where}] must be a string, got ${describeValue(value)}`);
  return value;
}

/** A query value as Elasticsearch's parsers accept it: a string, number or boolean. */
export function readScalar(value: unknown, where: string): string | number | boolean {
  if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return value;
  throw new SearchBodyError(`[${where}] value must be a string, number or boolean, got ${describeValue(value)}`);
}

/** Field types by name; `undefined` for unmapped fields (which match nothing, as in Elasticsearch). */
export class FieldTypes {
  private readonly types: ReadonlyMap<string, FieldType>;

  constructor(
    mapping: Readonly<Record<string, FieldType>>,
    private readonly searchAnalyzers: ReadonlyMap<string, Analyzer> = new Map(),
  ) {
    this.types = new Map(Object.entries(mapping));
  }

  get(field: string): FieldType | undefined {
    return this.types.get(field);
  }

  /** The analyzer a full-text query on a text field analyzes its words with (search_analyzer). */
  searchAnalyzer(field: string): Analyzer {
    return this.searchAnalyzers.get(field) ?? STANDARD_ANALYZER;
  }

  /** Fields a `*` pattern names for full-text queries (text and keyword, as index.query.default_field). */
  matching(pattern: string): string[] {
    return [...this.types]
      .filter(([name, type]) => (type === 'text' || type === 'keyword') && globMatches(pattern, name))
      .map(([name]) => name);
  }
}

/** A value for a keyword/number/boolean field, coerced as Elasticsearch does ("15" for a number field). */
export function valueFor(type: 'keyword' | 'number' | 'boolean', value: unknown, where: string): string | number {
  const scalar = readScalar(value, where);
  if (type === 'keyword') return String(scalar);
  if (type === 'boolean') {
    if (scalar === true || scalar === 'true') return 1;
    if (scalar === false || scalar === 'false') return 0;
    throw new SearchBodyError(`[${where}] cannot parse ${describeValue(value)} as a boolean`);
  }
  const n = typeof scalar === 'string' && scalar.trim() !== '' ? Number(scalar) : scalar;
  if (typeof n !== 'number' || !Number.isFinite(n))
    throw new SearchBodyError(`[${where}] cannot parse ${describeValue(value)} as a number`);
  return n;
}
