// Degraded, not down (issue 30): Elasticsearch failing → the embedded engine answers, refusals stay
// 400s, the cluster is tried again after a while; /readyz reports the state and /metrics counts failures.

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { httpPlatform } from '../http/plugin';
import { operationsPlugin } from '../operations/plugin';
import { SearchBodyError } from '../search/errors';
import { fixtureCatalogue } from '../test-support/catalogue';
import { FallbackSearch, RETRY_AFTER_MS } from './search-fallback';
import { RemoteSearch } from './search-remote';
import { LocalSearch, type SearchBackend } from './search-service';
import { CatalogueStore } from './store';

const local = () => new LocalSearch(CatalogueStore.of(fixtureCatalogue()));
const BODY = { query: { term: { id: 1300 } }, _source: ['name'] };

/** A cluster that fails while `down` is set, else answers with no hits. */
function flakyCluster() {
  const state = { down: true, calls: 0 };
  const backend: SearchBackend = {
    search: async () => {
      state.calls++;
      if (state.down) throw new Error('connect ECONNREFUSED 127.0.0.1:9200');
      return { took: 0, timed_out: false, hits: { total: { value: 0, relation: 'eq' }, max_score: null, hits: [] } };
    },
  };
  return { state, backend };
}

describe('FallbackSearch', () => {
  it('answers from the embedded engine while Elasticsearch fails, and reports degraded', async () => {
    const { state, backend } = flakyCluster();
    let time = 0;
    const failures: unknown[] = [];
    const search = new FallbackSearch(
      backend,
      local(),
      (e) => failures.push(e),
      () => time,
    );
    const answer = (await search.search('de_devices', BODY, 1)) as { hits: { hits: { _id: string }[] } };
    expect(answer.hits.hits.map((h) => h._id)).toEqual(['1300']);
    expect(search.status()).toEqual({ backend: 'elasticsearch', state: 'degraded', failures: 1 });
    expect(failures).toHaveLength(1);

    // Within the pause the cluster is not asked (pages do not each wait for its timeout).
    time += RETRY_AFTER_MS - 1;
    await search.search('de_devices', BODY, 1);
    expect(state.calls).toBe(1);

    // After it, the cluster is asked again; once it answers, search is no longer degraded.
    state.down = false;
    time += 2;
    const back = (await search.search('de_devices', BODY, 1)) as { hits: { total: { value: number } } };
    expect(back.hits.total.value).toBe(0);
    expect(search.status()).toEqual({ backend: 'elasticsearch', state: 'ok', failures: 1 });
  });

  it('keeps a refused body the caller’s error, not a failure of the cluster', async () => {
    const remote = new RemoteSearch('http://127.0.0.1:9');
    const search = new FallbackSearch(remote, local());
    await expect(search.search('de_devices', { script_fields: {} }, 1)).rejects.toThrow('unsupported search body key "script_fields"');
    await expect(search.search('de_devices', { size: 100_000 }, 1)).rejects.toBeInstanceOf(SearchBodyError);
    expect(search.status().state).toBe('ok');
  });

  it('falls back when the cluster cannot be reached at all (the official client against a closed port)', async () => {
    const search = new FallbackSearch(new RemoteSearch('http://127.0.0.1:9'), local());
    const answer = (await search.search('fr_devices', BODY, 1)) as { hits: { total: { value: number } } };
    expect(answer.hits.total.value).toBe(1);
    expect(search.status().state).toBe('degraded');
  });
});

describe('/readyz and /metrics with a failing search backend', () => {
  it('stays ready, reports search degraded and counts the failures', async () => {
    const { backend } = flakyCluster();
    const search = new FallbackSearch(backend, local());
    await search.search('de_devices', BODY, 1);
    const status = () => search.status();
    const app = Fastify({ logger: false });
    await app.register(httpPlatform);
    await app.register(operationsPlugin, { metrics: { open: true }, metricsSources: { search: status }, searchStatus: status });
    await app.ready();
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', search: { backend: 'elasticsearch', state: 'degraded', failures: 1 } });
    const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^tradein_search_backend_failures_total 1$/m);
    expect(metrics).toMatch(/^tradein_search_degraded 1$/m);
    await app.close();
  });
});
