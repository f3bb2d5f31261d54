// The offer's price, or the free recycling of a device nobody buys: the same in the offer panel
// (with JavaScript) and on the page that answers the posted question form (without).

import { Trans } from '@lingui/react/macro';
import type { Offer } from '../../contracts/offers';
import { formatPrice } from '../../i18n/format';
import { useShop } from '../shop-context';
import '../form/form.css';

export function OfferPrice({ offer }: { offer: Pick<Offer, 'kind' | 'price'> }) {
  const shop = useShop();
  return offer.kind === 'purchase' ? (
    <p className="offer-price" data-testid="offer-price">
      {formatPrice(shop.locale, offer.price)}
    </p>
  ) : (
    <p className="offer-recycling">
      <Trans>We cannot pay for this device, but we recycle it for free and erase your data.</Trans>
    </p>
  );
}
