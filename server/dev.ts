// Development server: the same Fastify app, with Vite's middleware serving source modules (hot
// reload) and rendering through Vite's module loader, so edits show without a build.

import middie from '@fastify/middie';
import { createServer as createViteServer } from 'vite';
import { buildApp, type RenderFn } from './app';
import { pino } from 'pino';
import { readConfig } from './platform/config';
import { ENTRY_LOADER_SCRIPT } from './ssr/entry-loader';
import { apiServicesOf, createRuntime, databaseTarget, staffServicesOf } from './runtime';

const config = readConfig({ ...process.env, NODE_ENV: 'development' });
const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'custom' });

/**
 * The page's entry in development: React's refresh runtime and Vite's client first, then the shell's
 * style sheet (a build input of its own, decision 099) and the shop's entry. A module file, not inline code: the page's CSP trusts only what its hashed inline loader adds
 * (decision 089), and an inline module's imports are not among that.
 */
const DEV_ENTRY_PATH = '/@shop-dev-entry.js';
const DEV_ENTRY = `import RefreshRuntime from "/@react-refresh";
import "/@vite/client";
RefreshRuntime.injectIntoGlobalHook(window);
window.$RefreshReg$ = () => {};
window.$RefreshSig$ = () => (type) => type;
window.__vite_plugin_react_preamble_installed__ = true;
await import("/src/ui/styles.css");
await import("/src/entry-client.tsx");`;

const render: RenderFn = async (input) => {
  const entry = (await vite.ssrLoadModule('/src/entry-server.tsx')) as { render: RenderFn };
  return entry.render(input);
};

const runtime = await createRuntime(
  databaseTarget(config),
  { searchUrl: config.SEARCH_URL, shipping: config, accounts: config },
  pino({ level: config.LOG_LEVEL }),
);
const app = await buildApp({
  logLevel: config.LOG_LEVEL,
  render,
  // Edited page code must show on the next reload, so rendered pages are not kept.
  pageCache: false,
  metrics: { open: true },
  apiDocs: true,
  api: apiServicesOf(runtime, { searchBasicAuth: config.SEARCH_BASIC_AUTH, staff: staffServicesOf(config) }),
  // The entry is added by the loader, as in production: the page's CSP trusts only its inline scripts.
  resolveAssets: () => ({ entry: DEV_ENTRY_PATH, css: [], preloads: [], entryLoader: ENTRY_LOADER_SCRIPT }),
  setup: async (instance) => {
    instance.get(DEV_ENTRY_PATH, (_request, reply) => reply.type('text/javascript; charset=utf-8').send(DEV_ENTRY));
    await instance.register(middie);
    instance.use(vite.middlewares);
  },
});
app.addHook('onClose', () => runtime.close());
await app.listen({ port: config.PORT, host: config.HOST });
void runtime.search.warm?.();
app.log.info('development shop: open http://de.localhost:%d', config.PORT);
