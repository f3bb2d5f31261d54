// Production server: serves the built shop (dist/client) and renders with the bundled SSR entry.
// This file is the composition root, the one server module that imports the SSR entry.

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from '../src/entry-server';
import { buildApp } from './app';
import { createAssetResolver } from './ssr/assets';
import { readConfig } from './platform/config';
import { UpcomingPrices } from './catalogue/price-schedule';
import { startPriceScheduler } from './offers/price-scheduler';
import { closeOnSignals } from './platform/shutdown';
import { whenQuiet } from './http/quiet';
import { apiServicesOf, createRuntime, databaseTarget, staffServicesOf } from './runtime';
import { pino } from 'pino';

const here = dirname(fileURLToPath(import.meta.url));

export async function startServer() {
  const started = performance.now();
  const config = readConfig();
  const clientDir = join(here, '..', 'client');
  const logger = pino({ level: config.LOG_LEVEL });
  const runtime = await createRuntime(databaseTarget(config), { searchUrl: config.SEARCH_URL, shipping: config, accounts: config }, logger);
  const staff = staffServicesOf(config);
  const upcomingPrices = new UpcomingPrices();
  await upcomingPrices.refresh(runtime.database.db);
  const app = await buildApp({
    logLevel: config.LOG_LEVEL,
    trustProxy: config.TRUST_PROXY,
    security: { widgetFrameAncestors: config.WIDGET_FRAME_ANCESTORS, aganWidgetFrameAncestors: config.AGANWIDGET_FRAME_ANCESTORS },
    metrics: { open: config.NODE_ENV !== 'production', ...(config.METRICS_TOKEN && { token: config.METRICS_TOKEN }) },
    apiDocs: config.NODE_ENV !== 'production' || config.API_DOCS,
    render,
    resolveAssets: createAssetResolver(clientDir),
    clientDir,
    api: apiServicesOf(runtime, { searchBasicAuth: config.SEARCH_BASIC_AUTH, upcomingPrices, staff }),
  });
  // Scheduled prices switch on their day and sellers holding an offer hear of a drop (issue 18).
  const stopPrices = startPriceScheduler({
    db: runtime.database.db,
    store: runtime.store,
    ...(runtime.shipping && { shipping: runtime.shipping }),
    log: app.log,
    warningDays: config.PRICE_WARNING_DAYS,
    upcoming: upcomingPrices,
  });
  // The search indexes build once the first requests are answered (a search before then builds its own).
  const afterFirstRequests = whenQuiet(app);
  app.addHook('onClose', () => {
    stopPrices();
    return runtime.close();
  });
  // The e2e tests' operator steps on the embedded database (decision 091); loaded only when asked for.
  if (config.TEST_OPS_ENDPOINT && runtime.shipping) {
    const { opsEndpoint } = await import('./ops/endpoint');
    await app.register(opsEndpoint, { db: runtime.database.db, shipping: runtime.shipping });
  }
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  afterFirstRequests(() => void runtime.search.warm?.());
  app.log.info(
    { address, backOffice: staff.origin, startMs: Math.round(performance.now() - started) },
    'shop ready: open http://de.localhost:%d',
    config.PORT,
  );
  closeOnSignals(app);
  return app;
}

await startServer();
