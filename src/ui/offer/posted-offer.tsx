// What the offer panel shows when the page answers its posted question form (no JavaScript): the
// binding offer the server made, the answers that block the purchase, or what is missing. Putting the
// offer into the cart needs JavaScript (the cart lives in the browser): a <noscript> note says so.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { OfferFormOutcome } from '../../contracts/offers';
import { formatDate } from '../../i18n/format';
import { useShop } from '../shop-context';
import { CONDITION_LABELS } from './conditions';
import { OfferPrice } from './offer-price';

export function PostedOffer({ outcome }: { outcome: OfferFormOutcome }) {
  const { i18n } = useLingui();
  const shop = useShop();
  if (outcome.kind === 'invalid')
    return (
      <div className="offer-failed" role="alert" data-testid="offer-form-error">
        <p>
          {outcome.issue === 'required' ? (
            <Trans>Please answer every question to get your offer. The questions without an answer are marked.</Trans>
          ) : (
            <Trans>Some of your answers do not fit this device. Please choose them again.</Trans>
          )}
        </p>
      </div>
    );
  if (outcome.kind === 'blocked')
    return (
      <div className="offer-blocked" role="alert">
        <p>
          <Trans>We cannot buy the device with this answer.</Trans>
        </p>
        <p>
          <Trans>Please remove the device from your account (Find My / Google account) and choose the answer again.</Trans>
        </p>
      </div>
    );
  const { offer } = outcome;
  return (
    <>
      <OfferPrice offer={offer} />
      <p>
        {i18n._(msg`Condition: ${i18n._(CONDITION_LABELS[offer.conditionId])}`)}
        <br />
        {i18n._(msg`Binding offer, valid until ${formatDate(shop.locale, offer.validUntil)}`)}
      </p>
      <noscript>
        <p className="offer-in-cart" data-testid="offer-needs-javascript">
          <Trans>
            Adding the offer to your cart needs JavaScript. Please turn on JavaScript in your browser, open this page again and choose your
            answers: the same answers give the same price.
          </Trans>
        </p>
      </noscript>
    </>
  );
}
