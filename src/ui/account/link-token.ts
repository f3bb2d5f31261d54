// The `token` of an e-mail link (/account/register?token=…, /account/password-reset?token=…), read
// from the raw query string: the router's search parser would turn a numeric-looking token into a number.

import { useRouterState } from '@tanstack/react-router';

/** null when the URL has no `token` parameter; '' when it has an empty one. */
export function useLinkToken(): string | null {
  const search = useRouterState({ select: (state) => state.location.searchStr });
  return new URLSearchParams(search).get('token');
}
