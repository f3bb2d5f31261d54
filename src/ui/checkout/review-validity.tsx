// How long each offer of the cart still holds, in the checkout's review step (issue 18 part 2): one
// line per device with its countdown, close-to-expiry lines highlighted, so nobody sends a device
// for an offer about to lapse without knowing.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { countdownOf } from '../../config/offer-countdown';
import { useCart } from '../cart/cart-provider';
import { OfferCountdown } from '../offer/offer-countdown';
import '../form/form.css';
import './checkout.css';

export function ReviewValidity() {
  const { i18n } = useLingui();
  const cart = useCart();
  const lines = cart.context?.cart ?? [];
  if (lines.length === 0) return null;
  const now = Date.now();
  return (
    <div className="review-validity" data-testid="review-validity">
      <h3>{i18n._(msg`Your offers are valid`)}</h3>
      <ul>
        {lines.map((line) => (
          <li key={line.offerId} className={countdownOf(line.validUntil, now).state}>
            <span>{line.deviceName}</span> <OfferCountdown validUntil={line.validUntil} now={now} />
          </li>
        ))}
      </ul>
    </div>
  );
}
