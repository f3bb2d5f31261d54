// Answers catalogue searches (spec §7) from the in-process engine: two indexes per locale, named by the
// country configuration, rebuilt whenever the catalogue changes. With SEARCH_URL the same bodies go to
// Elasticsearch/OpenSearch instead (search-remote.ts).

import { countryConfig } from '../../src/config/countries';
import { LOCALES, type Locale } from '../../src/config/locales';
import { SearchIndex } from '../search/engine';
import { AGGREGATION_MAPPING, DEVICE_MAPPING } from '../search/mappings';
import type { Catalogue } from './model';
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

export interface SearchBackend {
  search(application: string, body: Record<string, unknown>, resultSize: number): Promise<unknown>;
  /** Prepares what the first searches would otherwise wait for (after the server listens). */
  warm?(): Promise<void>;
}

export class LocalSearch implements SearchBackend {
  private indexes = new Map<string, SearchIndex>();
  private catalogue: Catalogue;
  /** Milliseconds spent building indexes since the last catalogue change, for logs and benchmarks. */
  lastBuildMs = 0;

  constructor(store: CatalogueStore) {
    this.catalogue = store.catalogue;
    store.onChange((catalogue) => {
      this.catalogue = catalogue;
      this.indexes = new Map();
      this.lastBuildMs = 0;
    });
  }

  /** Builds a locale's two indexes; the first search of a locale does this when warm() has not yet. */
  private build(locale: Locale): void {
    const started = performance.now();
    const names = countryConfig(locale).elasticIndexes;
    const docs = buildSearchDocs(this.catalogue, locale);
    this.indexes.set(names.devices, SearchIndex.build(names.devices, DEVICE_MAPPING, docs.devices));
    this.indexes.set(names.aggregations, SearchIndex.build(names.aggregations, AGGREGATION_MAPPING, docs.aggregations));
    this.lastBuildMs += performance.now() - started;
  }

  private index(application: string): SearchIndex {
    const existing = this.indexes.get(application);
    if (existing) return existing;
    const locale = INDEX_LOCALES.get(application);
    if (!locale) throw new UnknownIndexError(application);
    this.build(locale);
    return this.indexes.get(application)!;
  }

  /** Builds every index not built yet, one locale per macrotask, so requests are not held up. */
  async warm(): Promise<void> {
    for (const locale of LOCALES) {
      await new Promise((resolve) => setImmediate(resolve));
      if (!this.indexes.has(countryConfig(locale).elasticIndexes.devices)) this.build(locale);
    }
  }

  async search(application: string, body: Record<string, unknown>, resultSize: number): Promise<unknown> {
    return this.index(application).search(body, resultSize);
  }
}
