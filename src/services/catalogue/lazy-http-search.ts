// The browser's catalogue searches: over HTTP, with the catalogue code (ofetch, zod) loaded on the
// first search, i.e. on the first navigation (the first page comes with its data, decision 007).

import type { ApiClientOptions } from '../api-client';
import type { SearchTransport } from './transport';

export function lazyHttpSearch(options: ApiClientOptions): SearchTransport {
  let transport: Promise<SearchTransport> | undefined;
  return async (request) => (await (transport ??= import('./search').then((m) => m.httpSearchFor(options))))(request);
}
