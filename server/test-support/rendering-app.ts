// The app as the page tests use it: the server-side render of the shop on an embedded database
// with the fixture catalogue.

import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../app';
import { fixtureServices, testApp } from './app';
import { memoryDatabase } from './databases';

/**
 * An app rendering the shop's pages with `render` (the SSR entry, which only the tests themselves may
 * import); `close` also closes its database.
 */
export async function renderingTestApp(render: AppOptions['render']): Promise<{ readonly app: FastifyInstance; close(): Promise<void> }> {
  const database = await memoryDatabase();
  const app = await testApp(await fixtureServices(database.db), {
    render,
    resolveAssets: () => ({ entry: '/assets/entry.js', css: [], preloads: [] }),
  });
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
