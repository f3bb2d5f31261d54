// `_source` filtering of hits (Elasticsearch 8): true (default) or false, a field pattern or a list
// of them, or {includes, excludes}; patterns use `*` and match dotted paths ("images.path"), and a
// pattern naming an object includes everything under it.

import { checkKeys, isObject, type JsonObject, readString } from './body';
import { describeValue } from './describe-value';
import { SearchBodyError } from './errors';
import { globMatches } from './glob';

export interface SourceFilter {
  /** Empty: everything that is not excluded. */
  readonly includes: readonly string[];
  readonly excludes: readonly string[];
}

/** null: the whole source; false: no fields. */
export type SourceOption = SourceFilter | null | false;

function patterns(value: unknown, where: string): string[] {
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list)) throw new SearchBodyError(`[${where}] must be a field pattern or a list of them, got ${describeValue(value)}`);
  return list.map((p) => readString(p, where));
}

export function parseSource(value: unknown): SourceOption {
  if (value === undefined || value === true) return null;
  if (value === false) return false;
  if (isObject(value)) {
    checkKeys(value, ['includes', 'excludes', 'include', 'exclude'], '_source');
    const includes = patterns(value.includes ?? value.include ?? [], '_source.includes');
    const excludes = patterns(value.excludes ?? value.exclude ?? [], '_source.excludes');
    return includes.length === 0 && excludes.length === 0 ? null : { includes, excludes };
  }
  const includes = patterns(value, '_source');
  return includes.length === 0 ? null : { includes, excludes: [] };
}

function filterValue(value: unknown, path: string, filter: SourceFilter, included: boolean): { keep: boolean; value: unknown } {
  if (isObject(value)) {
    const out = filterObject(value, path, filter, included);
    return { keep: included || Object.keys(out).length > 0, value: out };
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => filterValue(item, path, filter, included)).filter((r) => r.keep);
    return { keep: included || items.length > 0, value: items.map((r) => r.value) };
  }
  return { keep: included, value };
}

/**
 * Whether a pattern may match a field below `path`: its text before the first `*` continues the path,
 * or the path continues that text (the star may stand for the rest). A field not included whose
 * subtree no pattern can reach is left out without walking it (a category's questions, for a list of
 * category cards).
 */
function mayMatchBelow(pattern: string, path: string): boolean {
  const literal = pattern.split('*', 1)[0]!;
  const below = `${path}.`;
  return literal.startsWith(below) || (pattern.includes('*') && below.startsWith(literal));
}

function filterObject(object: JsonObject, prefix: string, filter: SourceFilter, includedAbove: boolean): Record<string, unknown> {
  const out: [string, unknown][] = [];
  for (const [key, value] of Object.entries(object)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (filter.excludes.some((pattern) => globMatches(pattern, path))) continue;
    const included = includedAbove || filter.includes.length === 0 || filter.includes.some((pattern) => globMatches(pattern, path));
    if (!included && (typeof value !== 'object' || value === null || !filter.includes.some((pattern) => mayMatchBelow(pattern, path))))
      continue;
    const result = filterValue(value, path, filter, included);
    if (result.keep) out.push([key, result.value]);
  }
  return Object.fromEntries(out);
}

/** The source a hit shows (the stored object itself when unfiltered: do not mutate it). */
export function filterSource(source: Record<string, unknown>, option: SourceOption): Record<string, unknown> {
  if (option === null) return source;
  if (option === false) return {};
  return filterObject(source, '', option, false);
}
