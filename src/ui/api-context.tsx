// Gives components the shop API (a lazily created client, so the HTTP code loads on first use).

import { createContext, useContext, useMemo } from 'react';
import type { ApiClient, ApiClientOptions } from '../services/api-client';

export const ApiOptionsContext = createContext<ApiClientOptions>({ baseURL: '' });

export function useApiOptions(): ApiClientOptions {
  return useContext(ApiOptionsContext);
}

/** A function resolving to the API client of this page. */
export function useApiClient(): () => Promise<ApiClient> {
  const options = useApiOptions();
  return useMemo(() => {
    let client: Promise<ApiClient> | undefined;
    return () => (client ??= import('../services/api-client').then((m) => m.createApiClient(options)));
  }, [options]);
}
