// The catalogue and search domain as a plugin: POST /searches (the Elasticsearch-shaped catalogue
// search, product §7.4) and GET /api/catalogue/popular.

import type { Database } from '../db/client';
import { domainPlugin } from '../http/plugin';
import { cachedPopular } from './popular';
import { registerPopularRoute } from './popular-routes';
import { submittedSearchCounter } from './search-log';
import { registerSearchRoutes } from './search-routes';
import type { SearchBackend } from './search-service';
import type { CatalogueStore } from './store';

export interface CataloguePluginOptions {
  readonly db: Database;
  readonly store: CatalogueStore;
  readonly search: SearchBackend;
  /** `user:password` that POST /searches then requires (SEARCH_BASIC_AUTH). */
  readonly searchBasicAuth?: string | undefined;
}

export const cataloguePlugin = domainPlugin<CataloguePluginOptions>('catalogue', (app, { db, store, search, searchBasicAuth }) => {
  registerSearchRoutes(app, { search, basicAuth: searchBasicAuth, countSubmitted: submittedSearchCounter(db, app.log) });
  registerPopularRoute(app, cachedPopular(db, store));
});
