// Bulk offers (decision 038): each readable row of a company's list is matched to a device through
// the search engine of the shop's locale and gets a real binding offer from the offer service (the
// device page's prices and validity), priced for the row's condition grade. Rows with the same text
// are searched once; the offers of one list are written together (the offer writer's group commit).

import { countryConfig } from '../../src/config/countries';
import type { Locale } from '../../src/config/locales';
import type { BulkLineResult, BulkOfferAnswer, BulkOfferRequest } from '../../src/contracts/bulk-offers';
import type { SearchBackend } from '../catalogue/search-service';
import { imagePathOf } from '../catalogue/search-docs';
import type { CatalogueStore } from '../catalogue/store';
import { createOffer } from '../offers/service';
import type { OfferWriter } from '../offers/writer';
import { decodeList, parseList, type ListEncoding, type ListRow } from './csv';
import { answersForGrade } from './grades';
import { matchDevice, type DeviceHit, type MatchResult, type SearchDevices } from './matcher';

export interface BulkServices {
  readonly writer: OfferWriter;
  readonly store: CatalogueStore;
  readonly search: SearchBackend;
}

/** The rows of a request: parsed from text or file bytes, or the corrected lines as sent. */
export function rowsOf(request: BulkOfferRequest): { rows: ListRow[]; encoding?: ListEncoding } {
  if (request.kind === 'lines') return { rows: request.lines.map((line) => ({ kind: 'row', ...line })) };
  if (request.kind === 'text') return { rows: parseList(request.text), encoding: 'utf-8' };
  const { text, encoding } = decodeList(Buffer.from(request.base64, 'base64'));
  return { rows: parseList(text), encoding };
}

function searchIn(search: SearchBackend, locale: Locale): SearchDevices {
  const application = countryConfig(locale).elasticIndexes.devices;
  return async (body, size) => {
    const answer = (await search.search(application, body, size)) as { hits?: { hits?: { _source?: DeviceHit }[] } };
    return (answer.hits?.hits ?? []).flatMap((hit) => (hit._source ? [hit._source] : []));
  };
}

/** The device a picked suggestion names, as a search hit would describe it; undefined for an unknown id. */
function deviceById(store: CatalogueStore, locale: Locale, deviceId: number): DeviceHit | undefined {
  const device = store.device(deviceId);
  if (!device) return undefined;
  const category = store.catalogue.categories.find((c) => c.id === device.categoryId);
  return {
    id: device.id,
    name: device.name,
    url: device.slug,
    category: category?.texts[locale].name ?? '',
    imagePath: imagePathOf(device.imageFamily),
  };
}

export async function bulkOffers(
  services: BulkServices,
  locale: Locale,
  request: BulkOfferRequest,
  now = new Date(),
): Promise<BulkOfferAnswer> {
  const { rows, encoding } = rowsOf(request);
  const search = searchIn(services.search, locale);
  const matches = new Map<string, Promise<MatchResult>>();
  const matchOf = (row: Extract<ListRow, { kind: 'row' }> & { deviceId?: number }): Promise<MatchResult> => {
    if (row.deviceId !== undefined) {
      const device = deviceById(services.store, locale, row.deviceId);
      return Promise.resolve(device ? { kind: 'matched', device } : { kind: 'none', suggestions: [] });
    }
    const key = row.text.toLowerCase();
    if (!matches.has(key)) matches.set(key, matchDevice(search, row.text));
    return matches.get(key)!;
  };

  const lines = await Promise.all(
    rows.map(async (row): Promise<BulkLineResult> => {
      if (row.kind === 'invalid') return { status: 'invalid', line: row.line, text: row.text, problems: row.problems };
      const read = { line: row.line, text: row.text, quantity: row.quantity, grade: row.grade };
      const match = await matchOf(row);
      if (match.kind !== 'matched') return { status: 'unmatched', ...read, reason: match.kind, suggestions: match.suggestions };
      const device = services.store.device(match.device.id);
      if (!device) return { status: 'unmatched', ...read, reason: 'none', suggestions: [] };
      const answers = answersForGrade(services.store.questionsFor(device), row.grade);
      const created = await createOffer(services.writer, services.store, locale, { deviceId: device.id, answers }, now);
      // Unreachable with the grade rule (it never chooses a blocking answer); kept as an honest answer.
      if (created.kind === 'blocked') return { status: 'unmatched', ...read, reason: 'none', suggestions: [] };
      return {
        status: 'matched',
        ...read,
        offer: created.offer,
        device: { url: match.device.url, thumbnail: match.device.imagePath, category: match.device.category },
      };
    }),
  );
  return { lines, ...(encoding && { encoding }) };
}
