// SEARCH_URL mode: searches go to Elasticsearch through the official client, into the indexes named by
// the country configuration; `npm run ops -- search reindex` fills them. The server builds each request
// itself (issue 30, decision 082): the body is read by the embedded engine's parser against the index's
// mapping (server/search/request.ts), so what it refuses is refused here with the same 400, and only
// its checked clauses are sent — the index and the size are the server's, never the body's.

import { Client, errors } from '@elastic/elasticsearch';
import { countryConfig } from '../../src/config/countries';
import { LOCALES } from '../../src/config/locales';
import { fieldAnalyzers, type IndexAnalysis } from '../search/analysis';
import { FieldTypes } from '../search/body';
import { SearchBodyError } from '../search/errors';
import { AGGREGATION_MAPPING, DEVICE_MAPPING, type Mapping } from '../search/mappings';
import { parseSearchBody } from '../search/request';
import type { Catalogue } from './model';
import { deviceAnalysis } from './search-analysis';
import { buildSearchDocs, type IndexDocs } from './search-docs';
import { UnknownIndexError, type SearchBackend } from './search-service';

/** Each shop index with what its bodies are read against: the mapping and the analysis of its text fields. */
const INDEXES = new Map<string, { mapping: Mapping; analysis: () => IndexAnalysis | undefined }>(
  LOCALES.flatMap((locale) => {
    const names = countryConfig(locale).elasticIndexes;
    return [
      [names.devices, { mapping: DEVICE_MAPPING, analysis: () => deviceAnalysis(locale) }],
      [names.aggregations, { mapping: AGGREGATION_MAPPING, analysis: () => undefined }],
    ] satisfies [string, { mapping: Mapping; analysis: () => IndexAnalysis | undefined }][];
  }),
);
const fieldTypes = new Map<string, FieldTypes>();

function typesOf(index: string): FieldTypes {
  let types = fieldTypes.get(index);
  if (!types) {
    const known = INDEXES.get(index);
    if (!known) throw new UnknownIndexError(index);
    fieldTypes.set(index, (types = new FieldTypes(known.mapping, fieldAnalyzers(known.analysis()).search)));
  }
  return types;
}

/** The request the client sends: index and size from the server, the body's checked clauses, nothing else. */
export interface ElasticSearchRequest {
  readonly index: string;
  readonly size: number;
  readonly [clause: string]: unknown;
}

/**
 * Builds the Elasticsearch request for a search of a shop index: the application must be a shop's
 * index (no patterns, no lists), the body must pass the embedded engine's parser (the same 400s), and
 * the size is the body's or resultSize, within the one maximum both share.
 */
export function elasticRequest(application: string, body: unknown, resultSize: number): ElasticSearchRequest {
  const parsed = parseSearchBody(body, typesOf(application), resultSize);
  const { query, sort, from, aggs, aggregations, _source, track_total_hits } = parsed.clauses;
  return {
    ...(query === undefined ? {} : { query }),
    ...(sort === undefined ? {} : { sort }),
    ...(from === undefined ? {} : { from }),
    ...(aggs === undefined ? {} : { aggs }),
    ...(aggregations === undefined ? {} : { aggregations }),
    ...(_source === undefined ? {} : { _source }),
    ...(track_total_hits === undefined ? {} : { track_total_hits }),
    index: application,
    size: parsed.size,
  };
}

const ELASTIC_TYPES = {
  text: { type: 'text' },
  keyword: { type: 'keyword' },
  number: { type: 'double' },
  boolean: { type: 'boolean' },
  object: { type: 'object', enabled: false },
} as const;

type ElasticProperty = (typeof ELASTIC_TYPES)[keyof typeof ELASTIC_TYPES] | { type: 'text'; analyzer: string; search_analyzer?: string };

/**
 * Elasticsearch field mappings for the engine's field types (stored-only fields are not indexed), text
 * fields with the analyzers `analysis` names for them (its settings go into the index settings).
 */
export function elasticMappings(mapping: Mapping, analysis?: IndexAnalysis): Record<string, ElasticProperty> {
  return Object.fromEntries(
    Object.entries(mapping).map(([field, type]) => {
      const analyzers = type === 'text' ? analysis?.fields[field] : undefined;
      return [field, analyzers ? { type: 'text', ...analyzers } : ELASTIC_TYPES[type]];
    }),
  );
}

export class RemoteSearch implements SearchBackend {
  readonly client: Client;

  constructor(url: string, client?: Client) {
    this.client = client ?? new Client({ node: url, requestTimeout: 5000, maxRetries: 1 });
  }

  async search(application: string, body: Record<string, unknown>, resultSize: number): Promise<unknown> {
    const request = elasticRequest(application, body, resultSize);
    try {
      return await this.client.search(request);
    } catch (error) {
      // A query Elasticsearch refuses is the caller's mistake (400); anything else is ours.
      if (error instanceof errors.ResponseError && error.statusCode === 400) throw new SearchBodyError(error.message);
      throw error;
    }
  }

  /** Recreates every shop's two indexes from the catalogue. */
  async reindex(catalogue: Catalogue): Promise<{ index: string; documents: number }[]> {
    const done: { index: string; documents: number }[] = [];
    for (const locale of LOCALES) {
      const names = countryConfig(locale).elasticIndexes;
      const docs = buildSearchDocs(catalogue, locale);
      done.push(await this.fill(names.devices, DEVICE_MAPPING, docs.devices, deviceAnalysis(locale)));
      done.push(await this.fill(names.aggregations, AGGREGATION_MAPPING, docs.aggregations));
    }
    return done;
  }

  private async fill(index: string, mapping: Mapping, docs: readonly IndexDocs<object>[], analysis?: IndexAnalysis) {
    await this.client.indices.delete({ index }, { ignore: [404] });
    await this.client.indices.create({
      index,
      ...(analysis ? { settings: { analysis: analysis.settings as never } } : {}),
      // Every field mapped explicitly, as the embedded engine knows it: a field the mapping lacks is an error.
      mappings: { dynamic: 'strict', properties: elasticMappings(mapping, analysis) as never },
    });
    const operations = docs.flatMap((d) => [{ index: { _index: index, _id: d.id } }, d.source]);
    if (operations.length > 0) {
      const result = await this.client.bulk({ operations, refresh: true });
      if (result.errors) throw new Error(`bulk indexing into ${index} reported errors`);
    }
    return { index, documents: docs.length };
  }
}
