// The API client for a call outside the customer-data API that a logged-in customer makes with the
// session's bearer token: the trade submission (POST /api/trades with identity {kind: customer}).

import type { ApiClient } from './api-client';

/**
 * `client` with `Authorization: Bearer <access token>` on every call. `accessToken` is the session's
 * (it refreshes an expired token first and rejects with SessionEndedError when nobody is logged in).
 */
export async function authorizedClient(client: ApiClient, accessToken: () => Promise<string>): Promise<ApiClient> {
  const token = await accessToken();
  const authorize = <O extends { headers?: HeadersInit }>(options: O | undefined): O => {
    const headers = new Headers(options?.headers);
    headers.set('Authorization', `Bearer ${token}`);
    return { ...(options as O), headers };
  };
  const authorized = ((request: Parameters<ApiClient>[0], options?: Parameters<ApiClient>[1]) =>
    client(request, authorize(options))) as ApiClient;
  authorized.raw = ((request: Parameters<ApiClient['raw']>[0], options?: Parameters<ApiClient['raw']>[1]) =>
    client.raw(request, authorize(options))) as ApiClient['raw'];
  authorized.native = client.native;
  authorized.create = client.create;
  return authorized;
}
