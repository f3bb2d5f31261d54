// The page's API client for a call outside the customer-data API that a logged-in customer makes with
// the session's bearer token: the trade submission (POST /api/trades with identity {kind: customer}).

import type { ApiClient } from '../../services/api-client';
import type { AccountHandle } from './account-handle';

/**
 * `client` with `Authorization: Bearer <access token>` on every call; the session refreshes an expired
 * token first and rejects with SessionEndedError when nobody is logged in.
 */
export async function authorizedClient(client: ApiClient, account: Pick<AccountHandle, 'getAccessToken'>): Promise<ApiClient> {
  const token = await account.getAccessToken();
  const authorize = <O extends { headers?: HeadersInit }>(options: O | undefined): O => {
    const headers = new Headers(options?.headers);
    headers.set('Authorization', `Bearer ${token}`);
    return { ...(options as O), headers };
  };
  const authorized = ((request: Parameters<ApiClient>[0], options?: Parameters<ApiClient>[1]) => client(request, authorize(options))) as ApiClient;
  authorized.raw = ((request: Parameters<ApiClient['raw']>[0], options?: Parameters<ApiClient['raw']>[1]) => client.raw(request, authorize(options))) as ApiClient['raw'];
  authorized.native = client.native;
  authorized.create = client.create;
  return authorized;
}
