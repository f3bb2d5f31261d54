// Lint: TypeScript rules plus the one-way imports of docs/architecture.md:
// routes → ui / machines → services → contracts / config; machines never import React or fetch;
// routes and ui never call HTTP directly; the server never imports the browser UI.
// The boundaries are import patterns (core no-restricted-imports): every layer is a folder under
// src/, so a relative import of another layer is `../…/<layer>/…`.
// Beside them: the rules of hooks. Import cycles are checked by dependency-cruiser in the same
// `npm run lint` (.dependency-cruiser.cjs; ESLint's import plugin cannot be installed here, decision 004).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const LAYER_RULES = {
  config: ['contracts', 'i18n', 'services', 'machines', 'ui', 'routes'],
  contracts: ['i18n', 'services', 'machines', 'ui', 'routes'],
  i18n: ['services', 'machines', 'ui', 'routes'],
  services: ['i18n', 'machines', 'ui', 'routes'],
  machines: ['ui', 'routes'],
  ui: ['routes'],
};

const layerPattern = (layers, message) => ({
  regex: `^(?:\\.\\./)+(?:src/)?(?:${layers.join('|')})(?:/|$)`,
  message,
});
const serverPattern = (message) => ({ regex: '^(?:\\.\\./)+(?:\\.\\./)*server(?:/|$)', message });
const HTTP = { group: ['ofetch'], message: 'Only src/services talks HTTP (docs/architecture.md).' };
const ZOD = { name: 'zod', message: 'Import z from src/contracts/zod: there it runs without eval, as the CSP demands.' };
const RENDER = {
  group: ['react', 'react-dom', 'react-dom/*', '@xstate/react'],
  message: 'Machines own flows; they do not render (docs/architecture.md).',
};

/** The shop's layers never import the back office (src/staff): its code stays out of the shop's bundles. */
const STAFF_APP = { regex: '^(?:\\.\\./)+staff(?:/|$)', message: 'The shop never imports the back office (src/staff, decision 072).' };

const layerConfigs = Object.entries(LAYER_RULES).map(([layer, forbidden]) => ({
  files: [`src/${layer}/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [ZOD],
        patterns: [
          layerPattern(forbidden, `src/${layer} may not import ${forbidden.join(', ')} (imports run one way, docs/architecture.md).`),
          serverPattern('The browser code never imports the server.'),
          STAFF_APP,
          ...(layer === 'machines' ? [RENDER, HTTP] : []),
          ...(layer === 'ui' ? [HTTP] : []),
        ],
      },
    ],
    ...(layer === 'machines' || layer === 'ui'
      ? {
          'no-restricted-globals': [
            'error',
            { name: 'fetch', message: 'Only src/services talks HTTP (docs/architecture.md).' },
            { name: 'XMLHttpRequest', message: 'Only src/services talks HTTP.' },
          ],
        }
      : {}),
  },
}));

// The back office (src/staff, decision 072) has the same layers in its own folder: a layer imports
// its own app's lower layers (`../<layer>`) and the shared contracts, never the shop's i18n, services,
// machines, UI or routes (`../../<layer>`), so neither app's build pulls in the other's code.
const STAFF_LAYER_RULES = {
  i18n: ['services', 'machines', 'ui', 'routes'],
  services: ['i18n', 'machines', 'ui', 'routes'],
  machines: ['ui', 'routes'],
  ui: ['routes'],
  routes: [],
};
const SHOP_LAYERS = {
  regex: '^\\.\\./\\.\\./(?:i18n|services|machines|ui|routes)(?:/|$)',
  message: 'The back office shares only src/contracts and src/config with the shop (decision 072).',
};
const NO_HTTP_GLOBALS = [
  'error',
  { name: 'fetch', message: 'Only src/staff/services talks HTTP (docs/architecture.md).' },
  { name: 'XMLHttpRequest', message: 'Only src/staff/services talks HTTP.' },
];
const staffLayerConfigs = Object.entries(STAFF_LAYER_RULES).map(([layer, forbidden]) => ({
  files: [`src/staff/${layer}/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [ZOD],
        patterns: [
          ...(forbidden.length > 0
            ? [
                {
                  regex: `^\\.\\./(?:${forbidden.join('|')})(?:/|$)`,
                  message: `src/staff/${layer} may not import ${forbidden.join(', ')} (imports run one way, docs/architecture.md).`,
                },
              ]
            : []),
          SHOP_LAYERS,
          serverPattern('The browser code never imports the server.'),
          ...(layer === 'machines' ? [RENDER, HTTP] : []),
          ...(layer === 'ui' || layer === 'routes' ? [HTTP] : []),
        ],
      },
    ],
    ...(layer === 'machines' || layer === 'ui' || layer === 'routes' ? { 'no-restricted-globals': NO_HTTP_GLOBALS } : {}),
  },
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'var/**', 'test-results/**', 'playwright-report/**', 'docs/flows/**', '**/*.tmp.*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  ...layerConfigs,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...staffLayerConfigs,
  // The module that configures zod for the browser.
  { files: ['src/contracts/zod.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['src/routes/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [ZOD], patterns: [HTTP, serverPattern('The browser code never imports the server.'), STAFF_APP] },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Only src/services talks HTTP (docs/architecture.md).' },
        { name: 'XMLHttpRequest', message: 'Only src/services talks HTTP.' },
      ],
    },
  },
  {
    // The server renders through the SSR entry only; server/main.ts (the composition root) imports it.
    files: ['server/**'],
    ignores: ['server/main.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?:\\.\\./)+src/(?:ui|routes|machines|i18n)(?:/|$)',
              message: 'The server never imports the browser UI (docs/architecture.md).',
            },
            { regex: '^(?:\\.\\./)+src/entry-server', message: 'Only server/main.ts and the server tests import the SSR entry.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^(?:\\.\\./)+src/(?:ui|routes|machines|i18n)(?:/|$)', message: 'The server never imports the browser UI.' }],
        },
      ],
    },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
  {
    files: ['**/*.mjs', 'scripts/**', 'bench/**'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        performance: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
  },
);
