// Packages a server needs only for some requests (holidays, bank files, Markdown, CSV) are loaded on
// their first use instead of at start-up, so the first page is not kept waiting for them and a server
// that never writes a bank file never holds that code (issue 34: start-up and memory). Synchronous
// callers keep their signatures: these are CommonJS builds, loaded with `require`.

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The package `name` (CommonJS), loaded the first time the returned function is called. */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
