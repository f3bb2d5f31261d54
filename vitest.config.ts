import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig({ command: 'serve', mode: 'test', isSsrBuild: false, isPreview: false }),
  defineConfig({
    test: {
      include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'model-tests/**/*.test.ts'],
      environment: 'node',
      restoreMocks: true,
      // Two workers that keep their imported modules from file to file (decision 088): on two cores the
      // default is one worker, and importing the server afresh for every file was two thirds of the
      // phase (1,062 s before, 566 s after, same machine). A test file must therefore leave no global
      // state behind (environment variables, fake timers, module-level caches it changed).
      maxWorkers: 2,
      isolate: false,
      // A test that opens an embedded database, takes a backup or builds a search index needs 2–3 s
      // alone and over 5 s (Vitest's default) when the suite's files run side by side on 2 cores. The
      // limit only stops a hung test: speed is measured by the benchmarks (bench/), never by a timeout.
      testTimeout: 30_000,
    },
  }),
);
