// Zero-result insight (issue 17, decision 041): searches submitted on the results page are counted per
// day, shop and normalised text, with how many found nothing. Nothing else is stored — no client id,
// no address, no time of day — and a text that looks like personal data (an e-mail address, a long
// number such as a phone number or IMEI) is not stored at all.

import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { countryConfig } from '../../src/config/countries';
import type { SearchRequest } from '../../src/contracts/search';
import { LOCALES, type Locale } from '../../src/config/locales';
import type { Database } from '../db/client';
import { suggestionNames, suggestionQuery } from '../../src/services/catalogue/queries';
import { searchCounts } from '../db/schema/catalogue';
import type { SearchBackend } from './search-service';

const MAX_TEXT = 100;

/** "  iPhnoe   13 " → "iphnoe 13"; null when there is nothing to count or it may be personal data. */
export function normaliseSearchText(text: string): string | null {
  const normal = text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT).trim();
  if (normal.length < 2) return null;
  if (/\S@\S/.test(normal) || /\d{7,}/.test(normal.replace(/[\s-]/g, ''))) return null;
  return normal;
}

const DEVICE_INDEX_LOCALES = new Map<string, Locale>(LOCALES.map((l) => [countryConfig(l).elasticIndexes.devices, l]));

/** The shop whose device index `application` names, or null (only device searches are counted). */
export function deviceIndexLocale(application: string): Locale | null {
  return DEVICE_INDEX_LOCALES.get(application) ?? null;
}

/** The hit total of an Elasticsearch-shaped answer. */
export function totalOf(response: unknown): number | null {
  const total = (response as { hits?: { total?: { value?: unknown } } } | null)?.hits?.total?.value;
  return typeof total === 'number' ? total : null;
}

export async function countSearch(db: Database, entry: { locale: Locale; text: string; total: number; at: Date }): Promise<boolean> {
  const query = normaliseSearchText(entry.text);
  if (query === null) return false;
  const zero = entry.total === 0 ? 1 : 0;
  await db
    .insert(searchCounts)
    .values({ day: entry.at.toISOString().slice(0, 10), locale: entry.locale, query, searches: 1, zeroResults: zero })
    .onConflictDoUpdate({
      target: [searchCounts.day, searchCounts.locale, searchCounts.query],
      set: { searches: sql`${searchCounts.searches} + 1`, zeroResults: sql`${searchCounts.zeroResults} + ${zero}` },
    });
  return true;
}

/** Told of every search a seller submitted on the results page, with its answer (zero-result counts). */
export type SubmittedSearchCounter = (request: SearchRequest, response: unknown) => void;

/**
 * Counts the searches submitted on the results page for the zero-result report (decision 041), from
 * POST /searches and from server rendering alike; a failed count is logged, never the seller's problem.
 */
export function submittedSearchCounter(db: Database, log: Pick<FastifyBaseLogger, 'error'>): SubmittedSearchCounter {
  return (request, response) => {
    const locale = deviceIndexLocale(request.application);
    const total = totalOf(response);
    if (!locale || total === null || request.submitted === undefined) return;
    countSearch(db, { locale, text: request.submitted, total, at: new Date() }).catch((error: unknown) =>
      log.error({ err: error }, 'counting a search failed'),
    );
  };
}

export interface SearchReportRow {
  readonly locale: Locale;
  readonly query: string;
  readonly searches: number;
  readonly zeroResults: number;
  /** What the results page suggests for the query today (did you mean), when the report asked. */
  readonly suggestions?: readonly string[];
}

/** What the results page suggests for `text` (src/services/catalogue/search.ts fetchSuggestions), asked of `backend`. */
export async function suggestionsOf(backend: SearchBackend, locale: Locale, text: string, count = 5): Promise<string[]> {
  const body = suggestionQuery(text, count * 4);
  if (!body) return [];
  const answer = (await backend.search(countryConfig(locale).elasticIndexes.aggregations, body, count * 4)) as {
    hits: { hits: { _source?: { name?: unknown } }[] };
  };
  return suggestionNames(
    answer.hits.hits.flatMap((h) => (typeof h._source?.name === 'string' ? [{ name: h._source.name }] : [])),
    count,
  );
}

/** The rows with the suggestions the shop offers for each query now (issue 30: brand and category names, or none). */
export async function withSuggestions(
  rows: readonly SearchReportRow[],
  suggest: (locale: Locale, text: string) => Promise<readonly string[]>,
): Promise<SearchReportRow[]> {
  const out: SearchReportRow[] = [];
  for (const row of rows) out.push({ ...row, suggestions: await suggest(row.locale, row.query) });
  return out;
}

/** The most frequent searches of the last `days` days per shop (only those that found nothing with `zeroOnly`). */
export async function topSearches(
  db: Database,
  options: { days: number; zeroOnly: boolean; locale?: Locale; limit: number; now?: Date },
): Promise<SearchReportRow[]> {
  const since = new Date((options.now ?? new Date()).getTime() - (options.days - 1) * 86_400_000).toISOString().slice(0, 10);
  const searches = sql<number>`sum(${searchCounts.searches})::int`;
  const zeroResults = sql<number>`sum(${searchCounts.zeroResults})::int`;
  const rows = await db
    .select({ locale: searchCounts.locale, query: searchCounts.query, searches, zeroResults })
    .from(searchCounts)
    .where(and(gte(searchCounts.day, since), options.locale ? eq(searchCounts.locale, options.locale) : undefined))
    .groupBy(searchCounts.locale, searchCounts.query)
    .orderBy(searchCounts.locale, desc(options.zeroOnly ? zeroResults : searches), searchCounts.query);
  const perLocale = new Map<Locale, SearchReportRow[]>();
  for (const row of rows) {
    if (options.zeroOnly && row.zeroResults === 0) continue;
    const list = perLocale.get(row.locale) ?? [];
    if (list.length < options.limit) list.push(row);
    perLocale.set(row.locale, list);
  }
  return [...perLocale.values()].flat();
}

/** The report as text: per shop, the queries with their counts. */
export function searchReportTable(rows: readonly SearchReportRow[], options: { days: number; zeroOnly: boolean }): string {
  const title = options.zeroOnly ? 'Top searches without results' : 'Top searches';
  if (rows.length === 0) return `${title}, last ${options.days} days: none recorded.`;
  const lines = [`${title}, last ${options.days} days`];
  let locale: Locale | null = null;
  for (const row of rows) {
    if (row.locale !== locale) {
      locale = row.locale;
      lines.push('', `[${locale}]`, '  zero results  searches  query');
    }
    const suggested =
      row.suggestions === undefined ? '' : `  → ${row.suggestions.length > 0 ? row.suggestions.join(', ') : '(no suggestion)'}`;
    lines.push(`  ${String(row.zeroResults).padStart(12)}  ${String(row.searches).padStart(8)}  ${row.query}${suggested}`);
  }
  return lines.join('\n');
}
