// The header's cart link with the number of devices in the cart.

import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useShop } from '../shop-context';
import { useCart } from './cart-provider';

export function CartBadge() {
  const { i18n } = useLingui();
  const shop = useShop();
  const { context } = useCart();
  const count = context?.cart.reduce((n, line) => n + line.quantity, 0) ?? 0;
  return (
    <Link
      to={shop.path('checkout')}
      className="cart-badge"
      aria-label={
        context?.B2BMode
          ? i18n._(msg`Cart (business trade-in): ${plural(count, { one: '# device', other: '# devices' })}`)
          : i18n._(msg`Cart: ${plural(count, { one: '# device', other: '# devices' })}`)
      }
    >
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.6a2 2 0 0 0 2-1.5L21 8H6.2" />
        <circle cx="10" cy="20" r="1.5" />
        <circle cx="17" cy="20" r="1.5" />
      </svg>
      {count > 0 && <span className="cart-count">{count}</span>}
      {context?.B2BMode && <span className="cart-business-badge">{i18n._(msg`Business`)}</span>}
    </Link>
  );
}
