// Parses the `query` of a search body into a query tree, with Elasticsearch 8's semantics for the
// subset the shop uses: match_all, bool, term, terms, match, multi_match (best_fields, most_fields),
// prefix and range. Full-text clauses are rewritten here as Elasticsearch does (a match becomes a
// bool of per-token term queries, fuzzy where asked; a multi_match a dis_max of per-field matches),
// so execution only knows the node kinds below. Other clauses: UnsupportedClauseError;
// malformed ones: SearchBodyError.

import {
  checkKeys,
  expectObject,
  type FieldTypes,
  type JsonObject,
  readBoolean,
  readBoost,
  readInteger,
  readNumber,
  readScalar,
  readString,
  singleField,
  valueFor,
} from './body';
import { describeValue } from './describe-value';
import { SearchBodyError, UnsupportedClauseError } from './errors';
import { editsFor, type Fuzziness, parseFuzziness } from './fuzzy';
import type { QueryPosition } from './analysis';
import type { FieldType } from './mappings';

export interface FuzzyOptions {
  readonly maxEdits: number;
  readonly prefixLength: number;
  readonly maxExpansions: number;
  readonly transpositions: boolean;
}

export interface Bound {
  readonly value: string | number;
  readonly inclusive: boolean;
}

export type QueryNode =
  | { readonly kind: 'all'; readonly boost: number }
  | { readonly kind: 'none' }
  | {
      readonly kind: 'bool';
      readonly must: readonly QueryNode[];
      readonly filter: readonly QueryNode[];
      readonly should: readonly QueryNode[];
      readonly mustNot: readonly QueryNode[];
      /** Computed from minimum_should_match against the should count; 0 when not given. */
      readonly minimumShouldMatch: number;
      readonly boost: number;
    }
  /** One exact term (an analyzed token on text fields), optionally expanded to fuzzy variants. */
  | {
      readonly kind: 'term';
      readonly field: string;
      readonly value: string | number;
      readonly boost: number;
      readonly fuzzy: FuzzyOptions | null;
    }
  | { readonly kind: 'terms'; readonly field: string; readonly values: readonly (string | number)[]; readonly boost: number }
  | { readonly kind: 'prefix'; readonly field: string; readonly prefix: string; readonly boost: number }
  | { readonly kind: 'range'; readonly field: string; readonly lower: Bound | null; readonly upper: Bound | null; readonly boost: number }
  | { readonly kind: 'dismax'; readonly queries: readonly QueryNode[]; readonly tieBreaker: number; readonly boost: number };

const NONE: QueryNode = { kind: 'none' };

/** Elasticsearch's indices.query.bool.max_nested_depth and a cap on clauses per body. */
const MAX_DEPTH = 30;
const MAX_CLAUSES = 4096;
const MAX_TERMS = 65536;

interface ParseContext {
  readonly fields: FieldTypes;
  depth: number;
  clauses: number;
}

export function parseQuery(value: unknown, fields: FieldTypes): QueryNode {
  return parseClause(value, { fields, depth: 0, clauses: 0 });
}

function parseClause(value: unknown, ctx: ParseContext): QueryNode {
  const object = expectObject(value, 'query');
  const entries = Object.entries(object);
  if (entries.length !== 1)
    throw new SearchBodyError(
      `a query clause must have exactly one key, got ${entries.length === 0 ? 'none' : entries.map(([k]) => k).join(', ')}`,
    );
  const [name, body] = entries[0]!;
  if (++ctx.clauses > MAX_CLAUSES) throw new SearchBodyError(`too many query clauses (more than ${MAX_CLAUSES})`);
  switch (name) {
    case 'match_all':
      return parseMatchAll(expectObject(body, name));
    case 'bool':
      return parseBool(expectObject(body, name), ctx);
    case 'term':
      return parseTerm(expectObject(body, name), ctx);
    case 'terms':
      return parseTerms(expectObject(body, name), ctx);
    case 'match':
      return parseMatch(expectObject(body, name), ctx);
    case 'multi_match':
      return parseMultiMatch(expectObject(body, name), ctx);
    case 'prefix':
      return parsePrefix(expectObject(body, name), ctx);
    case 'range':
      return parseRange(expectObject(body, name), ctx);
    default:
      throw new UnsupportedClauseError(name);
  }
}

function parseMatchAll(body: JsonObject): QueryNode {
  checkKeys(body, ['boost'], 'match_all');
  return { kind: 'all', boost: readBoost(body.boost, 'match_all') };
}

function clauseList(value: unknown, occur: string, ctx: ParseContext): QueryNode[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  ctx.depth++;
  if (ctx.depth > MAX_DEPTH) throw new SearchBodyError(`queries nested deeper than ${MAX_DEPTH} levels`);
  const nodes = list.map((clause) => {
    if (clause === null || typeof clause !== 'object' || Array.isArray(clause))
      throw new SearchBodyError(`[bool] ${occur} clauses must be query objects, got ${describeValue(clause)}`);
    return parseClause(clause, ctx);
  });
  ctx.depth--;
  return nodes;
}

function parseBool(body: JsonObject, ctx: ParseContext): QueryNode {
  checkKeys(body, ['must', 'filter', 'should', 'must_not', 'minimum_should_match', 'boost'], 'bool');
  const should = clauseList(body.should, 'should', ctx);
  return {
    kind: 'bool',
    must: clauseList(body.must, 'must', ctx),
    filter: clauseList(body.filter, 'filter', ctx),
    should,
    mustNot: clauseList(body.must_not, 'must_not', ctx),
    minimumShouldMatch: body.minimum_should_match === undefined ? 0 : minimumShouldMatch(should.length, body.minimum_should_match, 'bool'),
    boost: readBoost(body.boost, 'bool'),
  };
}

/**
 * Elasticsearch's Queries.calculateMinShouldMatch: "2", "-1", "75%", "-25%", "3<90%", "2<-25% 9<-3";
 * percentages are rounded down in float arithmetic like the Java original.
 */
export function minimumShouldMatch(optional: number, spec: unknown, clause: string): number {
  const invalid = () => new SearchBodyError(`[${clause}] invalid minimum_should_match ${describeValue(spec)}`);
  if (typeof spec === 'number') {
    if (!Number.isInteger(spec) || Math.abs(spec) > 0x7fffffff) throw invalid();
    return simpleMinimum(optional, String(spec), invalid);
  }
  if (typeof spec !== 'string' || spec.length > 200) throw invalid();
  const text = spec.trim();
  if (!text.includes('<')) return simpleMinimum(optional, text, invalid);
  let result = optional;
  for (const part of text.replace(/\s*<\s*/g, '<').split(/\s+/)) {
    const conditional = /^\+?(\d{1,9})<(.+)$/.exec(part);
    if (!conditional) throw invalid();
    if (optional <= Number(conditional[1])) return result;
    result = simpleMinimum(optional, conditional[2]!, invalid);
  }
  return result;
}

function simpleMinimum(optional: number, text: string, invalid: () => Error): number {
  const match = /^([+-]?\d{1,9})(%?)$/.exec(text);
  if (!match) throw invalid();
  const n = Number(match[1]);
  let result: number;
  if (match[2]) {
    const calc = Math.fround(Math.fround(optional * n) * Math.fround(0.01));
    result = calc < 0 ? optional + Math.trunc(calc) : Math.trunc(calc);
  } else result = n < 0 ? optional + n : n;
  return Math.max(0, result);
}

/** The field's type; 'object' fields cannot be queried. `undefined`: unmapped (matches nothing). */
function queryableType(field: string, clause: string, ctx: ParseContext): Exclude<FieldType, 'object'> | undefined {
  const type = ctx.fields.get(field);
  if (type === 'object') throw new SearchBodyError(`[${clause}] field [${field}] is an object and cannot be queried`);
  return type;
}

/** `{field: value}` or `{field: {value, boost}}` (term and prefix). */
function valueAndBoost(body: JsonObject, clause: string): { field: string; value: unknown; boost: number } {
  const [field, spec] = singleField(body, clause);
  if (spec !== null && typeof spec === 'object' && !Array.isArray(spec)) {
    const long = spec as JsonObject;
    checkKeys(long, ['value', 'boost'], clause);
    if (long.value === undefined) throw new SearchBodyError(`[${clause}] query on [${field}] needs a value`);
    return { field, value: long.value, boost: readBoost(long.boost, clause) };
  }
  return { field, value: spec, boost: 1 };
}

function parseTerm(body: JsonObject, ctx: ParseContext): QueryNode {
  const { field, value, boost } = valueAndBoost(body, 'term');
  const type = queryableType(field, 'term', ctx);
  const where = `term.${field}`;
  if (type === undefined) {
    readScalar(value, where);
    return NONE;
  }
  // Text fields: the value is not analyzed; it must equal one of the indexed tokens.
  const exact = type === 'text' ? String(readScalar(value, where)) : valueFor(type, value, where);
  return { kind: 'term', field, value: exact, boost, fuzzy: null };
}

function parseTerms(body: JsonObject, ctx: ParseContext): QueryNode {
  const boost = readBoost(body.boost, 'terms');
  const { boost: _boost, ...rest } = body;
  const [field, spec] = singleField(rest, 'terms');
  if (spec !== null && typeof spec === 'object' && !Array.isArray(spec))
    throw new UnsupportedClauseError('terms lookup', 'unsupported query clause "terms" lookup (index/id/path)');
  if (!Array.isArray(spec)) throw new SearchBodyError(`[terms] query on [${field}] needs an array of values, got ${describeValue(spec)}`);
  if (spec.length > MAX_TERMS) throw new SearchBodyError(`[terms] query has more than ${MAX_TERMS} terms`);
  const type = queryableType(field, 'terms', ctx);
  const where = `terms.${field}`;
  const values = spec.map((v) => (type === undefined || type === 'text' ? String(readScalar(v, where)) : valueFor(type, v, where)));
  return type === undefined ? NONE : { kind: 'terms', field, values, boost };
}

function parsePrefix(body: JsonObject, ctx: ParseContext): QueryNode {
  const { field, value, boost } = valueAndBoost(body, 'prefix');
  const scalar = readScalar(value, `prefix.${field}`);
  const type = queryableType(field, 'prefix', ctx);
  if (type === undefined) return NONE;
  if (type !== 'text' && type !== 'keyword')
    throw new SearchBodyError(`[prefix] can only be used on keyword and text fields, not on [${field}] of type ${type}`);
  return { kind: 'prefix', field, prefix: String(scalar), boost };
}

function parseRange(body: JsonObject, ctx: ParseContext): QueryNode {
  const [field, spec] = singleField(body, 'range');
  const params = expectObject(spec, `range.${field}`);
  checkKeys(params, ['gte', 'gt', 'lte', 'lt', 'boost'], 'range');
  const boost = readBoost(params.boost, 'range');
  const type = queryableType(field, 'range', ctx);
  if (type === 'text') throw new UnsupportedClauseError('range', `unsupported query clause "range" on text field [${field}]`);
  let lower: Bound | null = null;
  let upper: Bound | null = null;
  // A later bound overrides an earlier one on the same side (gt after gte), as Elasticsearch parses them.
  for (const [key, raw] of Object.entries(params)) {
    if (key === 'boost' || raw === null) continue;
    const where = `range.${field}.${key}`;
    if (type === undefined) {
      readScalar(raw, where);
      continue;
    }
    const bound = { value: valueFor(type, raw, where), inclusive: key === 'gte' || key === 'lte' };
    if (key === 'gte' || key === 'gt') lower = bound;
    else upper = bound;
  }
  return type === undefined ? NONE : { kind: 'range', field, lower, upper, boost };
}

interface MatchOptions {
  readonly and: boolean;
  readonly fuzziness: Fuzziness | null;
  readonly prefixLength: number;
  readonly maxExpansions: number;
  readonly transpositions: boolean;
  readonly minimumShouldMatch: unknown;
  readonly zeroTermsAll: boolean;
  readonly lenient: boolean;
}

const MATCH_OPTIONS = [
  'operator',
  'fuzziness',
  'prefix_length',
  'max_expansions',
  'fuzzy_transpositions',
  'minimum_should_match',
  'zero_terms_query',
  'lenient',
];

function matchOptions(body: JsonObject, clause: string): MatchOptions {
  const operator = body.operator === undefined ? 'or' : readString(body.operator, `${clause}.operator`).toLowerCase();
  if (operator !== 'or' && operator !== 'and')
    throw new SearchBodyError(`[${clause}] operator must be "or" or "and", got ${describeValue(body.operator)}`);
  const zeroTerms =
    body.zero_terms_query === undefined ? 'none' : readString(body.zero_terms_query, `${clause}.zero_terms_query`).toLowerCase();
  if (zeroTerms !== 'none' && zeroTerms !== 'all') throw new SearchBodyError(`[${clause}] zero_terms_query must be "none" or "all"`);
  if (body.minimum_should_match !== undefined) minimumShouldMatch(0, body.minimum_should_match, clause);
  return {
    and: operator === 'and',
    fuzziness: body.fuzziness === undefined ? null : parseFuzziness(body.fuzziness, clause),
    prefixLength: body.prefix_length === undefined ? 0 : readInteger(body.prefix_length, `${clause}.prefix_length`, 0),
    maxExpansions: body.max_expansions === undefined ? 50 : readInteger(body.max_expansions, `${clause}.max_expansions`, 1),
    transpositions:
      body.fuzzy_transpositions === undefined ? true : readBoolean(body.fuzzy_transpositions, `${clause}.fuzzy_transpositions`),
    minimumShouldMatch: body.minimum_should_match,
    zeroTermsAll: zeroTerms === 'all',
    lenient: body.lenient === undefined ? false : readBoolean(body.lenient, `${clause}.lenient`),
  };
}

function parseMatch(body: JsonObject, ctx: ParseContext): QueryNode {
  const [field, spec] = singleField(body, 'match');
  if (spec !== null && typeof spec === 'object' && !Array.isArray(spec)) {
    const long = spec as JsonObject;
    checkKeys(long, ['query', 'boost', ...MATCH_OPTIONS], 'match');
    if (long.query === undefined) throw new SearchBodyError(`[match] query on [${field}] needs a query`);
    return fieldMatch(
      field,
      readScalar(long.query, `match.${field}.query`),
      readBoost(long.boost, 'match'),
      matchOptions(long, 'match'),
      'match',
      ctx,
    );
  }
  return fieldMatch(field, readScalar(spec, `match.${field}`), 1, matchOptions({}, 'match'), 'match', ctx);
}

/** A match on one field: per analyzed token a term query (fuzzy if asked), combined by the operator. */
function fieldMatch(
  field: string,
  query: string | number | boolean,
  boost: number,
  options: MatchOptions,
  clause: string,
  ctx: ParseContext,
): QueryNode {
  const type = queryableType(field, clause, ctx);
  if (type === undefined) return NONE;
  if (type === 'number' || type === 'boolean') {
    if (options.fuzziness !== null) {
      if (options.lenient) return NONE;
      throw new SearchBodyError(`[${clause}] fuzzy queries only work on keyword and text fields, not on [${field}] of type ${type}`);
    }
    try {
      return { kind: 'term', field, value: valueFor(type, query, `${clause}.${field}`), boost, fuzzy: null };
    } catch (error) {
      if (options.lenient) return NONE;
      throw error;
    }
  }
  const positions = type === 'text' ? ctx.fields.searchAnalyzer(field).query(String(query)) : [[[String(query)]]];
  if (positions.length === 0) return options.zeroTermsAll ? { kind: 'all', boost } : NONE;
  ctx.clauses += positions.reduce((n, alts) => n + alts.reduce((m, alt) => m + alt.length, 0), 0);
  if (ctx.clauses > MAX_CLAUSES) throw new SearchBodyError(`too many query clauses (more than ${MAX_CLAUSES})`);
  const termQuery = (token: string, termBoost: number): QueryNode => {
    const maxEdits = options.fuzziness === null ? 0 : editsFor(options.fuzziness, token);
    const fuzzy =
      maxEdits === 0
        ? null
        : { maxEdits, prefixLength: options.prefixLength, maxExpansions: options.maxExpansions, transpositions: options.transpositions };
    return { kind: 'term', field, value: token, boost: termBoost, fuzzy };
  };
  /** One word: a term, or (split words, synonyms) any of its alternatives, a split one needing all its parts. */
  const positionQuery = (alts: QueryPosition, termBoost: number): QueryNode => {
    if (alts.length === 1 && alts[0]!.length === 1) return termQuery(alts[0]![0]!, termBoost);
    const should = alts.map((alt): QueryNode =>
      alt.length === 1
        ? termQuery(alt[0]!, 1)
        : { kind: 'bool', must: alt.map((t) => termQuery(t, 1)), filter: [], should: [], mustNot: [], minimumShouldMatch: 0, boost: 1 },
    );
    return { kind: 'dismax', queries: should, tieBreaker: 0, boost: termBoost };
  };
  // One word: a plain term query, to which Elasticsearch applies no minimum_should_match.
  if (positions.length === 1) return positionQuery(positions[0]!, boost);
  const terms = positions.map((alts) => positionQuery(alts, 1));
  const should = options.and ? [] : terms;
  return {
    kind: 'bool',
    must: options.and ? terms : [],
    filter: [],
    should,
    mustNot: [],
    minimumShouldMatch:
      options.minimumShouldMatch === undefined ? 0 : minimumShouldMatch(should.length, options.minimumShouldMatch, clause),
    boost,
  };
}

const MULTI_MATCH_TYPES = ['best_fields', 'most_fields', 'cross_fields', 'phrase', 'phrase_prefix', 'bool_prefix'];

/** "model^2" → ["model", 2]; "*" patterns expand to the text and keyword fields they name. */
function fieldBoosts(value: unknown, ctx: ParseContext): Map<string, number> {
  const specs = value === undefined || (Array.isArray(value) && value.length === 0) ? ['*'] : typeof value === 'string' ? [value] : value;
  if (!Array.isArray(specs)) throw new SearchBodyError(`[multi_match] fields must be an array of field names, got ${describeValue(value)}`);
  const out = new Map<string, number>();
  for (const spec of specs) {
    const text = readString(spec, 'multi_match.fields');
    const caret = text.lastIndexOf('^');
    const name = caret < 0 ? text : text.slice(0, caret);
    const boost = caret < 0 ? 1 : Number(text.slice(caret + 1));
    if (name === '' || !Number.isFinite(boost) || boost < 0 || (caret >= 0 && text.slice(caret + 1).trim() === ''))
      throw new SearchBodyError(`[multi_match] invalid field ${describeValue(text)}`);
    for (const field of name.includes('*') ? ctx.fields.matching(name) : [name]) out.set(field, (out.get(field) ?? 1) * boost);
  }
  return out;
}

function parseMultiMatch(body: JsonObject, ctx: ParseContext): QueryNode {
  checkKeys(body, ['query', 'fields', 'type', 'tie_breaker', 'boost', ...MATCH_OPTIONS], 'multi_match');
  if (body.query === undefined) throw new SearchBodyError('[multi_match] needs a query');
  const query = readScalar(body.query, 'multi_match.query');
  const type = body.type === undefined ? 'best_fields' : readString(body.type, 'multi_match.type').toLowerCase();
  if (!MULTI_MATCH_TYPES.includes(type)) throw new SearchBodyError(`[multi_match] does not allow type ${describeValue(body.type)}`);
  if (type !== 'best_fields' && type !== 'most_fields')
    throw new UnsupportedClauseError(`multi_match.${type}`, `unsupported query clause "multi_match" of type "${type}"`);
  const tieBreaker =
    body.tie_breaker === undefined ? (type === 'most_fields' ? 1 : 0) : readNumber(body.tie_breaker, 'multi_match.tie_breaker');
  if (tieBreaker < 0 || tieBreaker > 1) throw new SearchBodyError('[multi_match] tie_breaker must be between 0 and 1');
  const options = matchOptions(body, 'multi_match');
  const fieldQueries = [...fieldBoosts(body.fields, ctx)]
    .map(([field, boost]) => fieldMatch(field, query, boost, options, 'multi_match', ctx))
    .filter((q) => q.kind !== 'none');
  if (fieldQueries.length === 0) return NONE;
  return { kind: 'dismax', queries: fieldQueries, tieBreaker, boost: readBoost(body.boost, 'multi_match') };
}
