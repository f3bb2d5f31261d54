// Makes the page's QueryClient. Data is fresh for 30 s and never retried by the query layer (the API
// client already retries once, product §9); on the server the cache lives as long as the request.

import { QueryClient } from '@tanstack/react-query';

export function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false } } });
}
