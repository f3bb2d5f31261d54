import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// One config for the browser build (dist/client, with a manifest the server reads) and the server
// build (dist/server: the Fastify app with the SSR entry), see package.json "build".
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui({ failOnCompileError: true })],
  publicDir: 'public',
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        target: 'node20',
        ssr: true,
        emptyOutDir: true,
        rollupOptions: { input: { main: 'server/main.ts', 'entry-server': 'src/entry-server.tsx' } },
      }
    : {
        outDir: 'dist/client',
        manifest: true,
        emptyOutDir: true,
        rollupOptions: {
          input: 'src/entry-client.tsx',
          // Everything the entry imports statically is loaded by every page anyway: one chunk compresses
          // better than the dozen small shared chunks automatic splitting makes of it (decision 007).
          output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } },
        },
      },
}));
