// The app as the API tests use it: the fixture catalogue imported, no page rendering, logs optional.

import { Writable } from 'node:stream';
import { buildApp, type ApiServices, type AppOptions } from '../app';
import { importCatalogue } from '../catalogue/repository';
import { LocalSearch } from '../catalogue/search-service';
import { CatalogueStore } from '../catalogue/store';
import type { Database } from '../db/client';
import type { NewsletterSigner } from '../newsletter/signing';
import { fixtureCatalogue } from './catalogue';

/** Imports the fixture catalogue into `db` and returns the services the API routes need. */
export async function fixtureServices(db: Database): Promise<ApiServices> {
  await importCatalogue(db, fixtureCatalogue());
  const store = await CatalogueStore.load(db);
  return { db, store, search: new LocalSearch(store) };
}

/** An app serving the API only (pages answer a fixed text). */
/** Account services of the tests carry the newsletter signer too; the app gets it beside them. */
type TestApiServices = ApiServices & { readonly accounts?: ApiServices['accounts'] & { readonly newsletter?: NewsletterSigner } };

export function testApp(api: TestApiServices, options: Partial<AppOptions> = {}) {
  return buildApp({
    logLevel: 'silent',
    render: async () => new Response('page'),
    resolveAssets: () => ({ entry: '', css: [], preloads: [] }),
    api: { ...api, ...(!api.newsletter && api.accounts?.newsletter && { newsletter: api.accounts.newsletter }) },
    ...options,
  });
}

/** A log stream that appends every line to `lines`. */
export function logCollector(lines: string[]): Writable {
  return new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
}
