// SEARCH_URL mode: the same search bodies go to Elasticsearch through the official client, into the
// indexes named by the country configuration; `npm run ops -- search reindex` fills them.

import { Client, errors } from '@elastic/elasticsearch';
import { countryConfig } from '../../src/config/countries';
import { LOCALES } from '../../src/config/locales';
import type { IndexAnalysis } from '../search/analysis';
import { SearchBodyError } from '../search/errors';
import { AGGREGATION_MAPPING, DEVICE_MAPPING, type Mapping } from '../search/mappings';
import type { Catalogue } from './model';
import { deviceAnalysis } from './search-analysis';
import { buildSearchDocs, type IndexDocs } from './search-docs';
import { UnknownIndexError, type SearchBackend } from './search-service';

const KNOWN_INDEXES = new Set(LOCALES.flatMap((l) => Object.values(countryConfig(l).elasticIndexes)));

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
    if (!KNOWN_INDEXES.has(application)) throw new UnknownIndexError(application);
    try {
      return await this.client.search({ index: application, size: resultSize, ...body });
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
      mappings: { properties: elasticMappings(mapping, analysis) as never },
    });
    const operations = docs.flatMap((d) => [{ index: { _index: index, _id: d.id } }, d.source]);
    if (operations.length > 0) {
      const result = await this.client.bulk({ operations, refresh: true });
      if (result.errors) throw new Error(`bulk indexing into ${index} reported errors`);
    }
    return { index, documents: docs.length };
  }
}
