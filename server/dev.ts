// Development server: the same Fastify app, with Vite's middleware serving source modules (hot
// reload) and rendering through Vite's module loader, so edits show without a build.

import middie from '@fastify/middie';
import { createServer as createViteServer } from 'vite';
import { buildApp, type RenderFn } from './app';
import { readConfig } from './config';

const config = readConfig({ ...process.env, NODE_ENV: 'development' });
const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'custom' });

const REFRESH_PREAMBLE = `import RefreshRuntime from "/@react-refresh";
RefreshRuntime.injectIntoGlobalHook(window);
window.$RefreshReg$ = () => {};
window.$RefreshSig$ = () => (type) => type;
window.__vite_plugin_react_preamble_installed__ = true;
import "/@vite/client";`;

const render: RenderFn = async (input) => {
  const entry = (await vite.ssrLoadModule('/src/entry-server.tsx')) as { render: RenderFn };
  return entry.render(input);
};

const app = await buildApp({
  logLevel: config.LOG_LEVEL,
  render,
  resolveAssets: () => ({ entry: '/src/entry-client.tsx', css: [], preloads: [], devScripts: [REFRESH_PREAMBLE] }),
  setup: async (instance) => {
    await instance.register(middie);
    instance.use(vite.middlewares);
  },
});
await app.listen({ port: config.PORT, host: config.HOST });
app.log.info('development shop: open http://de.localhost:%d', config.PORT);
