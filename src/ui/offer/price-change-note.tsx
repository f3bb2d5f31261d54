// "Price valid until X, then Y" (issue 18 part 3): an offer whose device's price drops before the
// offer expires keeps its price until then. The device page explains why; the cart line and the saved
// offers say it short.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { Offer } from '../../contracts/offers';
import { formatDate, formatPrice } from '../../i18n/format';
import { useShop } from '../shop-context';
import './offer.css';

export function PriceChangeNote({
  validUntil,
  priceChange,
  short = false,
}: {
  validUntil: string;
  priceChange: NonNullable<Offer['priceChange']>;
  /** Without the day of the drop (cart line, saved offers). */
  short?: boolean;
}) {
  const { i18n } = useLingui();
  const shop = useShop();
  const until = formatDate(shop.locale, validUntil);
  const then = formatPrice(shop.locale, priceChange.price);
  const day = formatDate(shop.locale, `${priceChange.effectiveOn}T12:00:00Z`);
  return (
    <span className="offer-price-change" role="note" data-testid="offer-price-change">
      {short
        ? i18n._(msg`Price valid until ${until}, then ${then}`)
        : i18n._(msg`Price valid until ${until}, then ${then}: our prices for this device drop on ${day}.`)}
    </span>
  );
}
