// Spec §4: the transactionId resets to 0 on every navigation except to the thank-you route.

import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useCart } from './cart-provider';

export function TransactionReset() {
  const { ready, send } = useCart();
  const location = useRouterState({ select: (s) => s.resolvedLocation?.href });
  const routeName = useRouterState({ select: (s) => String(s.matches.at(-1)?.staticData.screen ?? '') });
  useEffect(() => {
    if (ready && location) send({ type: 'cart.navigated', routeName });
  }, [ready, location, routeName, send]);
  return null;
}
