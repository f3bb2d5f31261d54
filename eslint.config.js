// Lint: TypeScript rules plus the one-way imports of DESIGN.md §3:
// routes → ui / machines → services → contracts / config; machines never import React or fetch;
// routes and ui never call HTTP directly; the server never imports the browser UI.
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const layer = (name) => `./src/${name}`;
const zones = [
  { target: layer('config'), from: ['contracts', 'i18n', 'services', 'machines', 'ui', 'routes'].map(layer).concat('./server') },
  { target: layer('contracts'), from: ['i18n', 'services', 'machines', 'ui', 'routes'].map(layer).concat('./server') },
  { target: layer('i18n'), from: ['services', 'machines', 'ui', 'routes'].map(layer).concat('./server') },
  { target: layer('services'), from: ['i18n', 'machines', 'ui', 'routes'].map(layer).concat('./server') },
  { target: layer('machines'), from: ['ui', 'routes'].map(layer).concat('./server') },
  { target: layer('ui'), from: [layer('routes'), './server'] },
  { target: './server', from: ['ui', 'routes', 'machines', 'i18n'].map(layer), except: [] },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'var/**', 'test-results/**', 'playwright-report/**', 'docs/flows/**', '*.tmp.*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/machines/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', '@xstate/react', 'ofetch'], message: 'Machines own flows; they do not render or fetch (DESIGN.md §3).' }] }],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Machines call services through actors.' }],
    },
  },
  {
    files: ['src/ui/**', 'src/routes/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['ofetch'], message: 'Only src/services talks HTTP (DESIGN.md §3).' }] }],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Only src/services talks HTTP (DESIGN.md §3).' }, { name: 'XMLHttpRequest', message: 'Only src/services talks HTTP.' }],
    },
  },
  {
    // The production composition root is the one server module that imports the SSR entry.
    files: ['server/main.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    files: ['**/*.mjs', 'scripts/**', 'bench/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', performance: 'readonly', fetch: 'readonly', setTimeout: 'readonly' } },
  },
);
