// SEARCH_URL mode against a stand-in Elasticsearch on loopback: a checked body goes to the shop's
// index, answers pass through, refusals become 400s, reindex creates mapped indexes.

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchBodyError } from '../search/errors';
import { fixtureCatalogue } from '../test-support/catalogue';
import { RemoteSearch, elasticMappings } from './search-remote';
import { UnknownIndexError } from './search-service';

interface Seen {
  method: string;
  url: string;
  body: string;
}

const seen: Seen[] = [];
let server: Server;
let url: string;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    seen.push({ method: req.method ?? '', url: req.url ?? '', body });
    res.setHeader('x-elastic-product', 'Elasticsearch');
    res.setHeader('content-type', 'application/json');
    if (req.url?.includes('_search') && body.includes('wildcard')) {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: { type: 'parsing_exception', reason: 'unknown query [wildcard]' }, status: 400 }));
    } else if (req.url?.includes('_search')) {
      res.end(JSON.stringify({ took: 1, timed_out: false, hits: { total: { value: 0, relation: 'eq' }, max_score: null, hits: [] } }));
    } else if (req.url?.includes('_bulk')) {
      res.end(JSON.stringify({ took: 1, errors: false, items: [] }));
    } else {
      res.end(JSON.stringify({ acknowledged: true }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('RemoteSearch', () => {
  it('forwards the search body to the named index and returns the answer as is', async () => {
    seen.length = 0;
    const answer = await new RemoteSearch(url).search('fr_devices', { query: { match: { name: 'iphone' } } }, 5);
    expect(answer).toMatchObject({ hits: { total: { value: 0 } } });
    const request = seen.find((s) => s.url.startsWith('/fr_devices/_search'));
    expect(request?.method).toBe('POST');
    expect(JSON.parse(request?.body ?? '{}')).toEqual({ query: { match: { name: 'iphone' } }, size: 5 });
  });

  it('refuses indexes that are not a shop index, without asking Elasticsearch', async () => {
    seen.length = 0;
    await expect(new RemoteSearch(url).search('_all', {}, 1)).rejects.toBeInstanceOf(UnknownIndexError);
    expect(seen).toEqual([]);
  });

  it('turns a query Elasticsearch refuses into a bad-request error', async () => {
    // The stand-in refuses any body that mentions "wildcard" (a wildcard clause never gets this far).
    await expect(new RemoteSearch(url).search('de_devices', { query: { match: { name: 'wildcard' } } }, 1)).rejects.toBeInstanceOf(
      SearchBodyError,
    );
  });

  it('reindexes every shop: delete, create with mappings, bulk', async () => {
    seen.length = 0;
    const done = await new RemoteSearch(url).reindex(fixtureCatalogue());
    expect(done).toHaveLength(12);
    expect(done.find((d) => d.index === 'de_devices')?.documents).toBe(5);
    const create = seen.find((s) => s.method === 'PUT' && s.url.startsWith('/de_devices'));
    expect(JSON.parse(create?.body ?? '{}').mappings.properties).toMatchObject({
      name: { type: 'text' },
      url: { type: 'keyword' },
      releaseYear: { type: 'double' },
    });
    expect(seen.filter((s) => s.url.startsWith('/_bulk')).length).toBe(12);
  });

  it('maps engine field types to Elasticsearch types', () => {
    expect(elasticMappings({ a: 'text', b: 'keyword', c: 'number', d: 'boolean', e: 'object' })).toEqual({
      a: { type: 'text' },
      b: { type: 'keyword' },
      c: { type: 'double' },
      d: { type: 'boolean' },
      e: { type: 'object', enabled: false },
    });
  });
});
