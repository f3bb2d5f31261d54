// The page's one TanStack Query cache (catalogue loaders, account data), reached through the router
// context. The server makes one per request; the browser makes one per page when first needed, so the
// query code stays out of the first page's JavaScript (decisions 007 and 016).

import type { QueryClient } from '@tanstack/react-query';

export interface QueryClientHandle {
  /** The client once it exists (on the server from the start). */
  readonly current: QueryClient | undefined;
  /** The client, made on the first call; every call answers the same promise. */
  load(): Promise<QueryClient>;
}

/** A handle whose client is made (and its code loaded) on first use. */
export function lazyQueryClient(create: () => Promise<QueryClient>): QueryClientHandle {
  let current: QueryClient | undefined;
  let loading: Promise<QueryClient> | undefined;
  return {
    get current() {
      return current;
    },
    load: () => (loading ??= create().then((client) => (current = client))),
  };
}

/** A handle of a client that exists already (server rendering). */
export function readyQueryClient(client: QueryClient): QueryClientHandle {
  const loaded = Promise.resolve(client);
  return { current: client, load: () => loaded };
}
