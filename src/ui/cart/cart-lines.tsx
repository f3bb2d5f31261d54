// The cart: each offer with its price and validity, remove, the total (each line truncated to cents),
// and expired offers flagged with a link to quote them again.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { formatDate, formatPrice } from '../../i18n/format';
import { cartTotal, isOverB2BCap, lineTotal } from '../../machines/cart';
import { CONDITION_LABELS } from '../offer/conditions';
import { useShop } from '../shop-context';
import { useCart } from './cart-provider';

export function CartLines() {
  const { i18n } = useLingui();
  const shop = useShop();
  const { ready, context, send } = useCart();

  if (!ready || !context) {
    return (
      <p className="cart-loading" role="status">
        <Trans>Loading your cart…</Trans>
      </p>
    );
  }
  if (context.cart.length === 0) {
    return (
      <div className="cart-empty">
        <p>
          <Trans>Your cart is empty.</Trans>
        </p>
        <Link to={shop.path('home')} className="button primary">
          <Trans>Find your device</Trans>
        </Link>
      </div>
    );
  }
  const now = Date.now();
  return (
    <div className="cart">
      <ul className="cart-lines">
        {context.cart.map((line) => {
          const expired = new Date(line.validUntil).getTime() <= now;
          return (
            <li key={line.offerId} className={expired ? 'cart-line expired' : 'cart-line'} data-offer-id={line.offerId}>
              <img src={line.thumbnail} alt="" width="56" height="56" />
              <div className="cart-line-text">
                <Link to={shop.path('productDetail', { pdp: line.deviceUrl })} className="cart-line-name">
                  {line.deviceName}
                </Link>
                <span>{i18n._(CONDITION_LABELS[line.conditionId])}</span>
                {expired ? (
                  <span className="expired-note" role="note">
                    <Trans>This offer has expired.</Trans>{' '}
                    <Link to={shop.path('productDetail', { pdp: line.deviceUrl })}>
                      <Trans>Get a new offer</Trans>
                    </Link>
                  </span>
                ) : (
                  <span>{i18n._(msg`Valid until ${formatDate(shop.locale, line.validUntil)}`)}</span>
                )}
              </div>
              <span className="cart-line-price">
                {line.kind === 'recycling' ? i18n._(msg`Free recycling`) : formatPrice(shop.locale, lineTotal(line))}
              </span>
              <button
                type="button"
                className="remove"
                onClick={() => send({ type: 'cart.remove', offerId: line.offerId })}
                aria-label={i18n._(msg`Remove ${line.deviceName}`)}
              >
                ×
              </button>
            </li>
          );
        })}
      </ul>
      <p className="cart-total">
        <span>
          <Trans>Total</Trans>
        </span>{' '}
        <strong data-testid="cart-total">{formatPrice(shop.locale, cartTotal(context.cart))}</strong>
      </p>
      {isOverB2BCap(context) && (
        <p className="cart-cap" role="alert">
          {i18n._(msg`A business trade-in can be at most 5,000 € online. Please split it or contact us.`)}
        </p>
      )}
    </div>
  );
}
