// The `token` of an e-mail link (/account/register?token=…, /account/password-reset?token=…), read
// from the raw query string: the router's search parser would turn a numeric-looking token into a number.
// Once read, the token leaves the address bar (issue 16: no secret in the history, a shared screenshot
// or a referrer); the page keeps it for as long as it is shown.

import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/** null when the URL had no `token` parameter; '' when it had an empty one. */
export function useLinkToken(): string | null {
  const search = useRouterState({ select: (state) => state.location.searchStr });
  const inUrl = new URLSearchParams(search).get('token');
  const [token, setToken] = useState(inUrl);
  // Another link opened in this page (a second activation mail): that token counts.
  if (inUrl !== null && inUrl !== token) setToken(inUrl);
  useEffect(() => {
    if (inUrl === null) return;
    const url = new URL(window.location.href);
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url);
  }, [inUrl]);
  return token;
}
