// Mapping parity (issue 30): the embedded engine and Elasticsearch index the same fields with the same
// meaning, and the shop's searches answer alike on both. Each query of the set runs through the
// embedded engine and through the Elasticsearch path (the request builder and a client that answers
// with the recorded answers, search-parity.answers.json), and both must give the same hits, totals and
// buckets. Against a real cluster (docs/search-elasticsearch.md): SEARCH_PARITY_URL=<cluster> runs the
// set there instead of the recorded answers; SEARCH_PARITY_RECORD=1 with it rewrites the answers.

import { readFileSync, writeFileSync } from 'node:fs';
import type { Client } from '@elastic/elasticsearch';
import { beforeAll, describe, expect, it } from 'vitest';
import { DeviceDocSchema } from '../../src/contracts/search';
import { deviceSearchQuery, suggestionQuery } from '../../src/services/catalogue/queries';
import { AGGREGATION_MAPPING, DEVICE_MAPPING } from '../search/mappings';
import { fixtureCatalogue } from '../test-support/catalogue';
import { buildSearchDocs } from './search-docs';
import { elasticMappings, RemoteSearch } from './search-remote';
import { LocalSearch } from './search-service';
import { CatalogueStore } from './store';

const ANSWERS_FILE = new URL('./search-parity.answers.json', import.meta.url);
const CLUSTER = process.env.SEARCH_PARITY_URL;
const RECORD = process.env.SEARCH_PARITY_RECORD === '1';

/** The set: the shop's own bodies and the field semantics the issue found apart. */
const QUERIES: Record<string, { application: string; body: Record<string, unknown>; resultSize: number }> = {
  'family word': { application: 'de_devices', body: { ...deviceSearchQuery('iphone', 10), _source: ['id'] }, resultSize: 10 },
  'model with a typo': { application: 'fr_devices', body: { ...deviceSearchQuery('iphnoe 13', 10), _source: ['id'] }, resultSize: 10 },
  'platform is a keyword': {
    application: 'de_devices',
    body: { query: { term: { platform: 'ios' } }, _source: ['id'], sort: [{ id: { order: 'asc' } }] },
    resultSize: 10,
  },
  'platform buckets': { application: 'de_devices', body: { size: 0, aggs: { p: { terms: { field: 'platform' } } } }, resultSize: 0 },
  'no platform.keyword (no dynamic fields)': {
    application: 'de_devices',
    body: { size: 0, aggs: { p: { terms: { field: 'platform.keyword' } } } },
    resultSize: 0,
  },
  'brand filter with counts': {
    application: 'it_devices',
    body: {
      query: { bool: { filter: [{ term: { brand: 'Apple' } }] } },
      aggs: { brands: { terms: { field: 'brand' } }, categories: { terms: { field: 'categoryUrl' } } },
      sort: [{ popularity: { order: 'desc' } }, { id: { order: 'asc' } }],
      _source: ['id'],
    },
    resultSize: 10,
  },
  'no _source': { application: 'es_devices', body: { query: { term: { id: 1300 } }, _source: false }, resultSize: 1 },
  'did you mean': { application: 'fr_aggregations', body: suggestionQuery('samsnug zzqx', 5)!, resultSize: 5 },
};

/** What must agree: hit ids in order (scores only where the order depends on them), totals, buckets, _source presence. */
function summary(answer: unknown) {
  const a = answer as {
    hits: { total: { value: number }; hits: { _id: string; _source?: unknown }[] };
    aggregations?: Record<string, { buckets: { key: unknown; doc_count: number }[] }>;
  };
  return {
    total: a.hits.total.value,
    ids: a.hits.hits.map((h) => h._id),
    sources: a.hits.hits.map((h) => h._source !== undefined),
    buckets: Object.fromEntries(
      Object.entries(a.aggregations ?? {}).map(([name, agg]) => [name, agg.buckets.map((b) => [b.key, b.doc_count])]),
    ),
  };
}

const recorded = JSON.parse(readFileSync(ANSWERS_FILE, 'utf8')) as { about: string; answers: Record<string, unknown> };

/** A stand-in for the official client that records the request and answers with the recorded answer of `name`. */
function replayingClient(name: string, sent: unknown[]): Client {
  return {
    search: async (request: unknown) => {
      sent.push(request);
      return recorded.answers[name];
    },
  } as unknown as Client;
}

beforeAll(async () => {
  // A real cluster gets the fixture catalogue in the shop's index names: use a cluster of its own.
  if (CLUSTER) await new RemoteSearch(CLUSTER).reindex(fixtureCatalogue());
});

describe('mapping parity', () => {
  it('maps every field the shop indexes, in both engines, with the same kind of value', () => {
    const catalogue = fixtureCatalogue();
    const docs = buildSearchDocs(catalogue, 'de');
    const deviceFields = new Set(docs.devices.flatMap((d) => Object.keys(d.source)));
    expect([...deviceFields].sort()).toEqual(Object.keys(DEVICE_MAPPING).sort());
    expect(Object.keys(DeviceDocSchema.shape).sort()).toEqual(Object.keys(DEVICE_MAPPING).sort());
    const aggregationFields = new Set(docs.aggregations.flatMap((d) => Object.keys(d.source)));
    expect([...aggregationFields].sort()).toEqual(Object.keys(AGGREGATION_MAPPING).sort());
    expect(elasticMappings(DEVICE_MAPPING).platform).toEqual({ type: 'keyword' });
  });

  it.each(Object.keys(QUERIES))('answers "%s" alike on the embedded engine and the Elasticsearch path', async (name) => {
    const { application, body, resultSize } = QUERIES[name]!;
    const embedded = await new LocalSearch(CatalogueStore.of(fixtureCatalogue())).search(application, body, resultSize);
    const sent: unknown[] = [];
    const remote = CLUSTER
      ? await new RemoteSearch(CLUSTER).search(application, body, resultSize)
      : await new RemoteSearch('http://127.0.0.1:9', replayingClient(name, sent)).search(application, body, resultSize);
    if (CLUSTER && RECORD) {
      recorded.answers[name] = remote;
      writeFileSync(ANSWERS_FILE, `${JSON.stringify(recorded, null, 2)}\n`);
    }
    if (!CLUSTER) expect(sent).toEqual([{ ...body, index: application, size: typeof body.size === 'number' ? body.size : resultSize }]);
    expect(summary(remote)).toEqual(summary(embedded));
  });
});
