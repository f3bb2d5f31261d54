// Import rules checked by `npm run lint` (ESLint's import plugin cannot be installed here, decision 004).
// - No import cycles, in the browser code or the server (decision 019).
// - The server's folders form layers (docs/architecture.md, "The server"; decision 065): a folder imports
//   only folders listed before it in SERVER_LAYERS, never one after it, so no two folders import each
//   other. A new folder fails the lint until it has its place in the list. The composition root (the
//   files directly in server/: app, main, dev, worker, runtime, shipping) may import any folder; no
//   folder imports it, except the ops CLI and the test support, which are composition roots too.
//   Tests are wiring: they may import across layers.

/** Lowest first. Each folder's line says what it is; see docs/architecture.md for the plugin map. */
const SERVER_LAYERS = [
  'platform', // paths, secrets, configuration, public origins, logger, shutdown, working days
  'i18n', // the server's message catalogs (mail)
  'db', // drizzle client, schema, migrations, backups, server instances
  'http', // errors, route platform plugin, security headers, input guard, rate limits, metrics, OpenAPI
  'mail', // composing, the outbox table and its worker, SMTP and file transports
  'search', // the embedded Elasticsearch-subset engine
  'content', // content pages
  'catalogue', // catalogue store, search backend, prices, pictures
  'labels', // shipping labels and their links
  'vouchers',
  'accounts', // customers' log-in, tokens, registration, passwords
  'newsletter',
  'offers', // offers, shared offers, cart holds, the price scheduler
  'bulk', // bulk offers of business trade-in
  'tracking',
  'contact',
  'reviews',
  'trades', // checkout submission, life cycle, inspection, payout
  'business', // business trade-in: bulk offer routes, credit notes
  'clarifications',
  'customers', // a customer's data and trade history
  'payouts', // payout batches: due payouts, SEPA and PayPal files, execution
  'staff', // the back office: staff users, sessions, receiving, inspection, audit log
  'operations', // health, metrics, API docs, developer mailbox
  'ssr', // the pages plugin: server rendering, page cache, sitemap
];
const TOP = ['ops', 'test-support'];

const notTest = '\\.test\\.tsx?$';
const layerRules = SERVER_LAYERS.slice(0, -1).map((layer, index) => ({
  name: `server-layer-${layer}`,
  severity: 'error',
  comment: `server/${layer} is below ${SERVER_LAYERS.slice(index + 1).join(', ')}: it may not import them. Move what both need down, or pass it in as a plugin option.`,
  from: { path: `^server/${layer}/`, pathNot: notTest },
  to: { path: `^server/(${[...SERVER_LAYERS.slice(index + 1), ...TOP].join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules may not import each other in a circle; move what both need into a module of its own.',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'server-layer-unknown',
      severity: 'error',
      comment: 'A new server folder needs its place in SERVER_LAYERS (.dependency-cruiser.cjs) and in docs/architecture.md.',
      from: { path: `^server/(?!(${[...SERVER_LAYERS, ...TOP].join('|')})/)[^/]+/` },
      to: {},
    },
    {
      name: 'server-composition-root',
      severity: 'error',
      comment:
        'Only the composition root imports the files directly in server/ (app, runtime, shipping, …); a domain gets what it needs as plugin options.',
      from: { path: `^server/(${SERVER_LAYERS.join('|')})/`, pathNot: notTest },
      to: { path: '^server/[^/]+\\.tsx?$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
