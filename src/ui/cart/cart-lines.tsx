// The cart: each offer with its price and validity (and "valid until …, then …" before a scheduled
// price drop), remove, the total (each line truncated to cents), and expired offers flagged with a
// link to quote them again.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { formatPrice } from '../../i18n/format';
import { B2B_TRADE_CAP } from '../../config/constants';
import {
  cartTotal,
  isOverB2BCap,
  lineTotal,
  MAX_LINE_QUANTITY,
  roomUnderB2BCap,
  type CartContext,
  type CartEvent,
} from '../../machines/cart';
import { countdownOf } from '../../config/offer-countdown';
import { CONDITION_LABELS } from '../offer/conditions';
import { OfferCountdown } from '../offer/offer-countdown';
import { PriceChangeNote } from '../offer/price-change-note';
import { useShop } from '../shop-context';
import { useCart } from './cart-provider';
import { useState } from 'react';
import { DevicePicture } from '../catalogue/device-picture';
import '../form/form.css';
import './cart.css';
import '../catalogue/catalogue.css';

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
        <BusinessBanner context={context} send={send} />
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
    <div className={context.B2BMode ? 'cart business' : 'cart'}>
      <BusinessBanner context={context} send={send} />
      <ul className="cart-lines">
        {context.cart.map((line) => {
          const countdown = countdownOf(line.validUntil, now);
          const expired = countdown.state === 'expired';
          return (
            <li key={line.offerId} className={`cart-line ${countdown.state}`} data-offer-id={line.offerId}>
              <DevicePicture src={line.thumbnail} name={line.deviceName} size={56} />
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
                  <OfferCountdown validUntil={line.validUntil} now={now} />
                )}
                {!expired && line.kind === 'purchase' && line.priceChange && (
                  <PriceChangeNote validUntil={line.validUntil} priceChange={line.priceChange} short />
                )}
              </div>
              {context.B2BMode && <QuantityStepper line={line} send={send} />}
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
      {context.B2BMode && <CapNote context={context} />}
    </div>
  );
}

/** "Business trade-in" with the way back to a private sale (where the shop lets it switch). */
function BusinessBanner({ context, send }: { context: CartContext; send: (event: CartEvent) => void }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const [confirming, setConfirming] = useState(false);
  if (!context.B2BMode) return null;
  const multiple = context.cart.some((line) => line.quantity > 1);
  return (
    <div className="cart-business" role="note">
      <strong>{i18n._(msg`Business trade-in`)}</strong>
      {context.B2BSwitchable && !confirming && (
        <>
          {' · '}
          <button
            type="button"
            className="link-button"
            onClick={() => (multiple ? setConfirming(true) : send({ type: 'cart.businessMode', enabled: false }))}
          >
            {i18n._(msg`Switch to private sale`)}
          </button>
          {' · '}
          <Link to={shop.path('b2bLanding')} hash="bulk">
            {i18n._(msg`Upload a list`)}
          </Link>
        </>
      )}
      {confirming && (
        <span className="cart-business-confirm">
          {' '}
          {i18n._(msg`A private sale has one unit per device: the quantities go back to 1.`)}{' '}
          <button type="button" className="button secondary small" onClick={() => send({ type: 'cart.businessMode', enabled: false })}>
            {i18n._(msg`Switch to private sale`)}
          </button>{' '}
          <button type="button" className="link-button" onClick={() => setConfirming(false)}>
            {i18n._(msg`Stay in business trade-in`)}
          </button>
        </span>
      )}
    </div>
  );
}

/** Units of a line, 1..99: − and + buttons and a number field (keyboard: type, arrows). */
function QuantityStepper({ line, send }: { line: CartContext['cart'][number]; send: (event: CartEvent) => void }) {
  const { i18n } = useLingui();
  const set = (quantity: number) => send({ type: 'cart.setQuantity', offerId: line.offerId, quantity });
  return (
    <span className="quantity-stepper" role="group" aria-label={i18n._(msg`Quantity of ${line.deviceName}`)}>
      <button type="button" aria-label={i18n._(msg`One less`)} disabled={line.quantity <= 1} onClick={() => set(line.quantity - 1)}>
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_LINE_QUANTITY}
        value={line.quantity}
        aria-label={i18n._(msg`Quantity of ${line.deviceName}`)}
        onChange={(event) => {
          const quantity = event.target.valueAsNumber;
          if (Number.isInteger(quantity)) set(Math.min(MAX_LINE_QUANTITY, Math.max(1, quantity)));
        }}
      />
      <button
        type="button"
        aria-label={i18n._(msg`One more`)}
        disabled={line.quantity >= MAX_LINE_QUANTITY}
        onClick={() => set(line.quantity + 1)}
      >
        +
      </button>
    </span>
  );
}

/** Room left under the cap; over it: why the checkout waits, and the ways on (split, the partner team). */
function CapNote({ context }: { context: CartContext }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const cap = formatPrice(shop.locale, B2B_TRADE_CAP);
  const room = roomUnderB2BCap(context.cart);
  const partner = shop.country.contact.b2bpartner;
  if (!isOverB2BCap(context)) {
    return (
      <p className="cart-cap-room" data-testid="cap-room">
        {i18n._(msg`${formatPrice(shop.locale, room)} left under the ${cap} limit of an online business trade-in.`)}
      </p>
    );
  }
  return (
    <div className="cart-cap" role="alert">
      <p>
        {i18n._(
          msg`This business trade-in is ${formatPrice(shop.locale, -room)} over the ${cap} limit of an online trade. Please lower quantities or remove devices and sell the rest in a second trade — or ask our partner team.`,
        )}
      </p>
      <p>
        <Link to={shop.path('contact')} search={{ business: '1' }}>
          {i18n._(msg`Write to the partner team`)}
        </Link>
        {partner && (
          <>
            {' · '}
            <a href={`mailto:${partner}`}>{partner}</a>
          </>
        )}
      </p>
    </div>
  );
}
