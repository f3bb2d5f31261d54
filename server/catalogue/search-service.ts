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
  /** Index builds under way or done, by index name (paced: they yield to requests between slices of work). */
  private building = new Map<string, Promise<void>>();
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

  /**
   * A locale's search documents, made once for both of its indexes (which keep them as their sources).
   * Keyed by the catalogue they were made from: a change starts afresh.
   */
  private docs = new WeakMap<Catalogue, Map<Locale, ReturnType<typeof buildSearchDocs>>>();
  private docsOf(catalogue: Catalogue, locale: Locale): ReturnType<typeof buildSearchDocs> {
    let byLocale = this.docs.get(catalogue);
    if (!byLocale) this.docs.set(catalogue, (byLocale = new Map()));
    let docs = byLocale.get(locale);
    if (!docs) byLocale.set(locale, (docs = buildSearchDocs(catalogue, locale)));
    return docs;
  }

  /** Builds that a search is waiting for: warm()'s builds pause for them (the first page is not held up by indexes it does not need). */
  private wanted = new Set<Promise<void>>();
  /** Builds warm() started. */
  private warming = new WeakSet<Promise<void>>();

  /**
   * Builds one index of a locale in slices and installs it; the first search of an index waits for its
   * build when warm() has not got to it yet (`warming`: started by warm(), which then pauses while a
   * build a search waits for runs).
   */
  private build(application: string, locale: Locale, warming = false): Promise<void> {
    const pending = this.building.get(application);
    if (pending) return pending;
    const generation = this.generation;
    const catalogue = this.catalogue;
    const started = performance.now();
    const names = countryConfig(locale).elasticIndexes;
    const work: Promise<void> = (async () => {
      const docs = this.docsOf(catalogue, locale);
      // Only builds a search started: a search may also be waiting for this very build, or another of warm()'s.
      const others = () => [...this.wanted].filter((wanted) => !this.warming.has(wanted));
      const waitFor = warming ? () => (others().length > 0 ? Promise.all(others()) : undefined) : undefined;
      const index =
        application === names.aggregations
          ? await SearchIndex.buildPaced(names.aggregations, AGGREGATION_MAPPING, docs.aggregations, undefined, undefined, waitFor)
          : await SearchIndex.buildPaced(names.devices, DEVICE_MAPPING, docs.devices, deviceAnalysis(locale), undefined, waitFor);
      if (generation !== this.generation) return;
      this.indexes.set(application, index);
      this.lastBuildMs += performance.now() - started;
    })();
    this.building.set(application, work);
    if (warming) this.warming.add(work);
    // A failed build is retried by the next search of the index.
    work.catch(() => {
      if (this.building.get(application) === work) this.building.delete(application);
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
      const work = this.build(application, locale);
      this.wanted.add(work);
      try {
        await work;
      } finally {
        this.wanted.delete(work);
      }
    }
  }

  /**
   * Builds every index not built yet, one after the other, each paced so requests are not held up:
   * first every shop's small category and overview index (what a first page asks for), then the
   * device indexes.
   */
  async warm(): Promise<void> {
    for (const locale of LOCALES) await this.build(countryConfig(locale).elasticIndexes.aggregations, locale, true);
    for (const locale of LOCALES) await this.build(countryConfig(locale).elasticIndexes.devices, locale, true);
  }

  async search(application: string, body: Record<string, unknown>, resultSize: number): Promise<unknown> {
    return (await this.index(application)).search(body, resultSize);
  }

  status(): SearchBackendStatus {
    return { backend: 'embedded', state: 'ok', failures: 0 };
  }
}
