// Answers catalogue searches (product §7) from the in-process engine: two indexes per locale, named by the
// country configuration, rebuilt whenever the catalogue changes. With SEARCH_URL the same bodies go to
// Elasticsearch/OpenSearch instead (search-remote.ts).

import { countryConfig } from '../../src/config/countries';
import { LOCALES, type Locale } from '../../src/config/locales';
import { SearchIndex } from '../search/engine';
import { AGGREGATION_MAPPING, DEVICE_MAPPING } from '../search/mappings';
import type { Catalogue } from './model';
import { deviceAnalysis } from './search-analysis';
import { buildSearchDocs } from './search-docs';
import type { CatalogueStore } from './store';

/** Index name → the locale whose catalogue it holds. */
const INDEX_LOCALES = new Map<string, Locale>(
  LOCALES.flatMap((locale) => Object.values(countryConfig(locale).elasticIndexes).map((name) => [name, locale] as const)),
);

export class UnknownIndexError extends Error {
  constructor(readonly application: string) {
    super(`unknown application "${application}": use the index of a shop, e.g. de_devices or de_aggregations`);
    this.name = 'UnknownIndexError';
  }
}

/** What /readyz and /metrics tell of the search backend. */
export interface SearchBackendStatus {
  readonly backend: 'embedded' | 'elasticsearch';
  /** degraded: Elasticsearch failed lately and the embedded engine answers for it. */
  readonly state: 'ok' | 'degraded';
  /** Searches Elasticsearch failed since the start. */
  readonly failures: number;
}

export interface SearchBackend {
  search(application: string, body: Record<string, unknown>, resultSize: number): Promise<unknown>;
  /** Prepares what the first searches would otherwise wait for (after the server listens). */
  warm?(): Promise<void>;
  status?(): SearchBackendStatus;
}

export class LocalSearch implements SearchBackend {
  private indexes = new Map<string, SearchIndex>();
  /** Builds under way per locale (paced: they yield to requests between slices of work). */
  private building = new Map<Locale, Promise<void>>();
  private catalogue: Catalogue;
  /** Bumped by every catalogue change: a build of an older catalogue does not install its indexes. */
  private generation = 0;
  /** Milliseconds spent building indexes since the last catalogue change, for logs and benchmarks. */
  lastBuildMs = 0;

  constructor(store: CatalogueStore) {
    this.catalogue = store.catalogue;
    store.onChange((catalogue) => {
      this.catalogue = catalogue;
      this.indexes = new Map();
      this.building = new Map();
      this.generation++;
      this.lastBuildMs = 0;
    });
  }

  /** Builds a locale's two indexes in slices; the first search of a locale waits for it when warm() has not yet. */
  private build(locale: Locale): Promise<void> {
    const pending = this.building.get(locale);
    if (pending) return pending;
    const generation = this.generation;
    const catalogue = this.catalogue;
    const started = performance.now();
    const work = (async () => {
      const names = countryConfig(locale).elasticIndexes;
      const docs = buildSearchDocs(catalogue, locale);
      const devices = await SearchIndex.buildPaced(names.devices, DEVICE_MAPPING, docs.devices, deviceAnalysis(locale));
      const aggregations = await SearchIndex.buildPaced(names.aggregations, AGGREGATION_MAPPING, docs.aggregations);
      if (generation !== this.generation) return;
      this.indexes.set(names.devices, devices);
      this.indexes.set(names.aggregations, aggregations);
      this.lastBuildMs += performance.now() - started;
    })();
    this.building.set(locale, work);
    // A failed build is retried by the next search of the locale.
    work.catch(() => {
      if (this.building.get(locale) === work) this.building.delete(locale);
    });
    return work;
  }

  private async index(application: string): Promise<SearchIndex> {
    for (;;) {
      const existing = this.indexes.get(application);
      if (existing) return existing;
      const locale = INDEX_LOCALES.get(application);
      if (!locale) throw new UnknownIndexError(application);
      // The catalogue may change while this build runs: then the loop builds the new one.
      await this.build(locale);
    }
  }

  /** Builds every index not built yet, one locale after the other, each paced so requests are not held up. */
  async warm(): Promise<void> {
    for (const locale of LOCALES) await this.build(locale);
  }

  async search(application: string, body: Record<string, unknown>, resultSize: number): Promise<unknown> {
    return (await this.index(application)).search(body, resultSize);
  }

  status(): SearchBackendStatus {
    return { backend: 'embedded', state: 'ok', failures: 0 };
  }
}
