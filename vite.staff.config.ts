import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The back office's build (decision 072): its own entry (src/staff/index.html) and route tree, apart
// from the shop's build so the shop's chunks and budgets stay as they are. The server serves
// dist/staff/index.html on the staff host (adding its CSP nonce to every script and module preload)
// and the assets under /staff-assets/: those two paths are the contract with the server.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('./src/staff'),
  base: '/',
  publicDir: false,
  envDir: here('.'),
  plugins: [
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui({ configPath: here('./lingui.staff.config.ts'), failOnCompileError: true }),
  ],
  build: {
    outDir: here('./dist/staff'),
    emptyOutDir: true,
    assetsDir: 'staff-assets',
    // Every browser the staff use loads module preloads natively.
    modulePreload: { polyfill: false },
  },
});
