// What operators and developers reach beside the shop (plugin name `operations`): liveness and
// readiness (/healthz, /readyz), Prometheus metrics (/metrics, decision 055), the API documentation
// generated from the route schemas (/api/openapi.json, /api/docs) and the developer mailbox
// (/dev/mailbox). Not encapsulated: its metrics hooks and the route collector see every route
// registered after it, so it is registered right after the HTTP platform.

import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { withoutParameters } from '../db/errors';
import { registerMetrics, type MetricsAccess, type MetricsSources } from '../http/metrics';
import { collectApiRoutes } from '../http/openapi';
import { HTTP_PLUGIN } from '../http/plugin';
import type { MailServices } from '../mail/setup';
import { registerApiDocsRoutes } from './api-docs';
import { registerDevMailboxRoutes } from './dev-mailbox';

export interface OperationsPluginOptions {
  /** The database /readyz checks; without it the server is ready once it listens. */
  readonly db?: Database | undefined;
  /** Who may read /metrics; default: nobody (404). */
  readonly metrics?: MetricsAccess | undefined;
  readonly metricsSources?: MetricsSources;
  /** Serve /api/openapi.json and /api/docs (development, or API_DOCS=1). */
  readonly apiDocs?: boolean | undefined;
  /** The developer mailbox's outbox; without it there is no /dev/mailbox. */
  readonly mail?: Pick<MailServices, 'devMailbox' | 'outbox'> | undefined;
  /** The search backend's state, which /readyz reports (degraded search is still ready: decision 082). */
  readonly searchStatus?: (() => { readonly backend: string; readonly state: 'ok' | 'degraded' }) | undefined;
}

export const operationsPlugin = fp<OperationsPluginOptions>(
  async (app, { db, metrics, metricsSources, apiDocs, mail, searchStatus }) => {
    registerMetrics(app, metrics ?? { open: false }, metricsSources);
    // Every API route registered from here on is in the OpenAPI document.
    const apiRoutes = collectApiRoutes(app);
    if (apiDocs) registerApiDocsRoutes(app, { routes: apiRoutes });
    if (mail) registerDevMailboxRoutes(app, { mail });

    // Live: the process answers. Ready: it can serve (database reachable; migrations ran before listen).
    // While shutting down, every new request (these too) gets 503 (return503OnClosing). A degraded
    // search (Elasticsearch failing, the embedded engine answering) is reported, and still ready.
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/readyz', async (request, reply) => {
      const search = searchStatus ? { search: searchStatus() } : {};
      if (!db) return { status: 'ready', ...search };
      try {
        await db.execute(sql`select 1`);
        return { status: 'ready', ...search };
      } catch (error) {
        request.log.warn({ err: withoutParameters(error, 'readiness check') }, 'database not reachable');
        return reply.status(503).send({ status: 'database unreachable' });
      }
    });
  },
  { name: 'operations', fastify: '5.x', dependencies: [HTTP_PLUGIN] },
);
