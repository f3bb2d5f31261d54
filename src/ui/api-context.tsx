// Gives components the shop API (a lazily created client, so the HTTP code loads on first use).

import { createContext, useContext, useMemo } from 'react';
import type { ApiClient, ApiClientOptions } from '../services/api-client';

export const ApiOptionsContext = createContext<ApiClientOptions>({ baseURL: '' });

export function useApiOptions(): ApiClientOptions {
  return useContext(ApiOptionsContext);
}

/**
 * `load` run once and its result kept; a failed load (the code's chunk did not arrive) is not kept,
 * so the next call tries again instead of failing for good until the page is reloaded.
 */
export function loadedOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}

/** A function resolving to the API client of this page. */
export function useApiClient(): () => Promise<ApiClient> {
  const options = useApiOptions();
  return useMemo(() => loadedOnce(() => import('../services/api-client').then((m) => m.createApiClient(options))), [options]);
}
