// The Elasticsearch forwarder (issue 30): the server builds the request from the body the embedded
// engine's parser accepts. A recording stand-in for the official client shows what would be sent;
// the embedded engine over the same catalogue shows that both backends refuse alike.

import type { Client } from '@elastic/elasticsearch';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_RESULT_SIZE } from '../../src/contracts/search';
import { SearchBodyError, UnsupportedClauseError } from '../search/errors';
import { fixtureCatalogue } from '../test-support/catalogue';
import { elasticRequest, RemoteSearch } from './search-remote';
import { LocalSearch, UnknownIndexError } from './search-service';
import { CatalogueStore } from './store';

const ANSWER = { took: 1, timed_out: false, hits: { total: { value: 0, relation: 'eq' }, max_score: null, hits: [] } };

/** A stand-in for the official client that records every search request and answers with no hits. */
function recordingClient() {
  const requests: Record<string, unknown>[] = [];
  const client = {
    search: async (request: Record<string, unknown>) => {
      requests.push(request);
      return ANSWER;
    },
  } as unknown as Client;
  return { client, requests };
}

let local: LocalSearch;
beforeAll(() => {
  local = new LocalSearch(CatalogueStore.of(fixtureCatalogue()));
});

async function refusal(search: () => Promise<unknown>): Promise<{ name: string; message: string } | null> {
  try {
    await search();
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message };
  }
  return null;
}

/** Bodies a caller might use to reach beyond the shop's index, size or query subset. */
const REFUSED: [string, Record<string, unknown>, number?][] = [
  ['another index in the body', { index: 'customers-secret', query: { match_all: {} } }],
  ['a wildcard index and expand_wildcards', { index: '*', expand_wildcards: 'all' }],
  ['routing', { routing: 'x', query: { match_all: {} } }],
  ['preference', { preference: '_local' }],
  ['runtime_mappings', { runtime_mappings: { x: { type: 'keyword', script: 'emit("x")' } } }],
  ['script_fields', { script_fields: { x: { script: '1' } } }],
  ['a script query', { query: { script: { script: 'true' } } }],
  ['a script_score query', { query: { script_score: { query: { match_all: {} }, script: '1' } } }],
  ['a script sort', { sort: [{ _script: { type: 'number', script: '1' } }] }],
  ['a script in an aggregation', { aggs: { x: { terms: { script: '1' } } } }],
  ['stored_fields', { stored_fields: ['*'] }],
  ['a wildcard query', { query: { wildcard: { name: 'x*' } } }],
  ['a size over the maximum', { size: MAX_RESULT_SIZE + 1 }],
  ['the window of Elasticsearch', { size: 10_000 }],
  ['a resultSize over the maximum', {}, MAX_RESULT_SIZE + 1],
];

describe('the Elasticsearch forwarder', () => {
  it.each(REFUSED)('refuses %s without asking Elasticsearch, with the embedded engine’s error', async (_, body, resultSize = 10) => {
    const { client, requests } = recordingClient();
    const remote = await refusal(() => new RemoteSearch('http://127.0.0.1:9', client).search('de_devices', body, resultSize));
    const embedded = await refusal(() => local.search('de_devices', body, resultSize));
    expect(remote).not.toBeNull();
    expect(['UnsupportedClauseError', 'SearchBodyError']).toContain(remote?.name);
    expect(remote).toEqual(embedded);
    expect(requests).toEqual([]);
  });

  it('refuses index patterns and lists as the application, as the embedded engine does', async () => {
    const { client, requests } = recordingClient();
    for (const application of ['*', 'de_*', '_all', 'de_devices,customers', 'customers-secret']) {
      await expect(new RemoteSearch('http://127.0.0.1:9', client).search(application, {}, 1)).rejects.toBeInstanceOf(UnknownIndexError);
      await expect(local.search(application, {}, 1)).rejects.toBeInstanceOf(UnknownIndexError);
    }
    expect(requests).toEqual([]);
  });

  it('sends the index and size of the server with only the checked clauses', async () => {
    const { client, requests } = recordingClient();
    const body = {
      query: { bool: { must: [{ match: { name: 'iphone' } }], filter: [{ term: { brand: 'Apple' } }] } },
      sort: [{ popularity: { order: 'desc' } }],
      from: 5,
      aggs: { brands: { terms: { field: 'brand', size: 5 } } },
      _source: ['name'],
      track_total_hits: true,
    };
    await new RemoteSearch('http://127.0.0.1:9', client).search('fr_devices', body, 7);
    expect(requests).toEqual([{ ...body, index: 'fr_devices', size: 7 }]);
    await new RemoteSearch('http://127.0.0.1:9', client).search('fr_devices', { size: 3 }, 7);
    expect(requests[1]).toEqual({ index: 'fr_devices', size: 3 });
  });

  it('gives the size a body may ask the one maximum resultSize has', () => {
    expect(elasticRequest('de_devices', { size: MAX_RESULT_SIZE }, 10)).toMatchObject({ size: MAX_RESULT_SIZE });
    expect(() => elasticRequest('de_devices', { size: MAX_RESULT_SIZE + 1 }, 10)).toThrow(SearchBodyError);
    expect(() => elasticRequest('de_devices', { query: { script: {} } }, 10)).toThrow(UnsupportedClauseError);
  });
});
