import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/** What the browser build is made of (BUILD_ID below). */
const BUILD_INPUTS = ['src', 'package-lock.json', 'vite.config.ts', 'lingui.config.ts'];

/**
 * A hash of the build's inputs: the same sources get the same id. A random id changed the chunk that
 * embeds it on every build, so the entry that names that chunk, and every chunk that imports from the
 * entry, got new file names too: each deployment made browsers fetch every script again, changed or
 * not (issue 34: cached scripts and the first visit's bytes).
 */
function sourcesId(): string {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const hash = createHash('sha256');
  const add = (path: string) => {
    if (statSync(join(root, path)).isDirectory()) for (const name of readdirSync(join(root, path)).sort()) add(`${path}/${name}`);
    else
      hash
        .update(`${path}\0`)
        .update(readFileSync(join(root, path)))
        .update('\0');
  };
  for (const input of BUILD_INPUTS) add(input);
  return hash.digest('hex').slice(0, 12);
}

// The build's id (BUILD_ID, else the hash of its sources): the browser build embeds it and writes it
// to builds/latest.json with the build time; running pages poll that file to notice a new deployment.
const BUILD_ID = process.env.BUILD_ID ?? sourcesId();

function latestBuildFile(): Plugin {
  return {
    name: 'latest-build-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: `${JSON.stringify({ buildId: BUILD_ID, builtAt: new Date().toISOString() })}\n`,
      });
    },
  };
}

/** The scripts every page runs before any lazy import: the entry chunk and the runtime it imports. */
const EVERY_PAGE_SCRIPT = /(^|\/)(entry-client|rolldown-runtime)-[\w-]+\.js$/;
/** The entry's lazy imports that still preload their imports (see modulePreload below). */
const PRELOADED_FROM_ENTRY = /(^|\/)(shop\.runtime|consent\.runtime|new-query-client|api-client|help-dialog|sign-up-form)-[\w-]+\.js$/;

/** Packages the server build leaves to node_modules (see `ssr` below). */
const SERVER_EXTERNAL = [
  '@node-rs/argon2',
  '@electric-sql/pglite',
  'pg',
  'swagger-ui-dist',
  '@pdfme/pdf-lib',
  '@pdf-lib/fontkit',
  'ioredis',
  '@elastic/elasticsearch',
  'bwip-js',
];

// One config for the browser build (dist/client, with a manifest the server reads) and the server
// build (dist/server: the Fastify app with the SSR entry), see package.json "build".
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui({ failOnCompileError: true }),
    ...(isSsrBuild ? [] : [latestBuildFile()]),
  ],
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(BUILD_ID) },
  // The router's store reads with React's own useSyncExternalStore (React 19 has it): the package's
  // entry without the shim for React 17 and older, a part of every page's first script.
  resolve: isSsrBuild
    ? {}
    : { alias: [{ find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' }] },
  publicDir: 'public',
  // The server build bundles its packages (decision 094): loading them as ~2,000 files of node_modules
  // was half of the server's start-up. Kept outside: native code, packages that find their own files
  // (PGlite's WebAssembly, Swagger UI's assets) and those that load only when used.
  ...(isSsrBuild && { ssr: { noExternal: true, external: SERVER_EXTERNAL } }),
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        target: 'node20',
        ssr: true,
        emptyOutDir: true,
        rollupOptions: {
          input: { main: 'server/main.ts', 'entry-server': 'src/entry-server.tsx', 'db-template': 'server/database-template-cli.ts' },
        },
      }
    : {
        outDir: 'dist/client',
        manifest: true,
        emptyOutDir: true,
        // A lazily imported module preloads its imports, but not the scripts every page has run before
        // any lazy import: the entry chunk and the runtime it imports. Their names were bytes in every
        // chunk that imports lazily (the device page's initial JavaScript). The entry's own lazy imports
        // preload nothing (decision 093): their list of files was 1.2 KB brotli of every page's first
        // script. The router loads a page's module on the intent to navigate (a link hovered or touched),
        // so its imports follow one or two round trips later. Those that start without such a warning keep
        // theirs: the shop and consent actors, the data cache and API client an account page hydrates
        // with, the help dialog, the newsletter form.
        // (Vite keeps style sheets in the list whatever this answers.)
        modulePreload: {
          resolveDependencies: (file, deps, { hostId }) =>
            EVERY_PAGE_SCRIPT.test(hostId) && !PRELOADED_FROM_ENTRY.test(file) ? [] : deps.filter((dep) => !EVERY_PAGE_SCRIPT.test(dep)),
        },
        rollupOptions: {
          // The shell's style sheet is an input of its own, not an import of the entry: every page inlines
          // it, and as the entry's CSS Vite would list it among the dependencies of every chunk that
          // imports from the entry, so the browser fetched it once more after hydration (decision 099).
          input: ['src/entry-client.tsx', 'src/ui/styles.css'],
          // Everything the entry imports statically is loaded by every page anyway: one chunk compresses
          // better than the dozen small shared chunks automatic splitting makes of it (decision 007).
          // The shell group takes no CSS: the shell's style sheet is an input of its own (above).
          // The catalogue's tiles, picture, breadcrumbs and conditions video are one chunk: as the six
          // chunks automatic splitting made of them (0.1 to 0.8 KB each), a home page fetched four more
          // files, each with more bytes of response headers than of script (issue 34's first visit).
          // The two helpers every page module imports share one small chunk: as two chunks they cost an extra
          // request and module wrapper on every page (78 bytes brotli on the device page's 110 KB budget).
          output: {
            codeSplitting: {
              groups: [
                { name: 'shell', tags: ['$initial'], test: /^(?!.*\.css(?:\?|$))/ },
                { name: 'shell', test: /src[\\/]routes[\\/](page-data\.ts|screen-page\.tsx)$/ },
                // The tracking's consent gate goes with the consent actor that every first visit loads, not in
                // a chunk of its own because the checkout's trade events import it too (decision 102).
                { name: 'consent.runtime', test: /src[\\/](services[\\/]tracking|machines[\\/]consent\.runtime)\.ts$/ },
                {
                  name: 'catalogue',
                  test: /src[\\/]ui[\\/](catalogue[\\/][\w-]+\.tsx|offer[\\/]conditions(-video\.tsx|\.ts))$/,
                },
              ],
            },
          },
        },
      },
}));
