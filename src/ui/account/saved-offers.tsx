// The offers the customer mailed or shared while logged in (issue 18 part 1): device, price, how long
// each still holds (expired ones say so; "valid until …, then …" before a scheduled price drop), and
// the link that opens it on the device page.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { formatPrice } from '../../i18n/format';
import { OfferCountdown } from '../offer/offer-countdown';
import { PriceChangeNote } from '../offer/price-change-note';
import { useShop } from '../shop-context';
import { LoadingNote, QueryProblem } from './account-gate';
import { useSavedOffers } from './account-queries';
import '../form/form.css';
import './account.css';

export function SavedOffers() {
  const { i18n } = useLingui();
  const shop = useShop();
  const saved = useSavedOffers();
  return (
    <section className="account-section saved-offers" aria-labelledby="saved-offers-heading">
      <h2 id="saved-offers-heading">{i18n._(msg`Saved offers`)}</h2>
      {saved.isPending ? (
        <LoadingNote>
          <Trans>Loading your saved offers…</Trans>
        </LoadingNote>
      ) : saved.isError ? (
        <QueryProblem query={saved} text={msg`We could not load your saved offers.`} />
      ) : saved.data.length === 0 ? (
        <p className="field-hint">
          <Trans>Offers you e-mail to yourself or share from a device page appear here.</Trans>
        </p>
      ) : (
        <ul className="saved-offer-list">
          {saved.data.map(({ offer, path }) => (
            <li key={offer.offerId} className="saved-offer" data-offer-id={offer.offerId}>
              <a href={path} className="saved-offer-name">
                {offer.deviceName}
              </a>
              <span className="saved-offer-price">
                {offer.kind === 'recycling' ? i18n._(msg`Free recycling`) : formatPrice(shop.locale, offer.price)}
              </span>
              <OfferCountdown validUntil={offer.validUntil} />
              {offer.kind === 'purchase' && offer.priceChange && Date.parse(offer.validUntil) > Date.now() && (
                <PriceChangeNote validUntil={offer.validUntil} priceChange={offer.priceChange} short />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
