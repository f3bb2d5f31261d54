// The thank-you page of a finished checkout: the trade number, the devices, the payout and what
// happens next. It reads the trade the cart keeps with its transactionId.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { PAYOUT_PROMISES } from '../../config/payout-promise';
import { formatPrice } from '../../i18n/format';
import { lineTotal } from '../../machines/cart';
import { CONDITION_LABELS } from '../offer/conditions';
import { useShop } from '../shop-context';
import { useCart } from '../cart/cart-provider';
import { GuestAccountOffer } from './guest-account-offer';
import '../form/form.css';

export function ThankYou() {
  const { i18n } = useLingui();
  const shop = useShop();
  const { ready, context } = useCart();
  // Product §4: the trade is shown while its transactionId is kept (any other navigation drops it).
  const trade = !ready ? undefined : context && context.transactionId !== 0 ? context.lastTrade : null;
  // The payout promise of the shop's country (issue 18).
  const promise = PAYOUT_PROMISES[shop.locale];
  const bonusPercent = promise.bonusBasisPoints / 100;
  const bonusCap = formatPrice(shop.locale, promise.bonusCapCents / 100);

  if (trade === undefined) {
    return (
      <p role="status">
        <Trans>Loading your trade…</Trans>
      </p>
    );
  }
  if (trade === null) {
    return (
      <div className="thank-you-empty">
        <p>
          <Trans>There is no recent trade in this browser.</Trans>
        </p>
        <Link to={shop.path('home')} className="button primary">
          <Trans>Find your device</Trans>
        </Link>
      </div>
    );
  }
  return (
    <div className="thank-you">
      <p className="trade-number">
        {i18n._(msg`Your trade number`)} <strong data-testid="trade-number">{trade.tradeNumber}</strong>
      </p>
      <ul className="cart-lines">
        {trade.items.map((item) => {
          const { quantity } = item;
          const unitPrice = formatPrice(shop.locale, item.price);
          return (
            <li key={item.offerId} className="cart-line" data-testid="trade-line">
              <span className="cart-line-text">
                <span className="cart-line-name">{item.deviceName}</span>
                <span>{i18n._(CONDITION_LABELS[item.conditionId])}</span>
                {/* A business line sells several units: what one unit is paid and how many (issue 32). */}
                {item.kind === 'purchase' && (trade.b2b || quantity > 1) && (
                  <span className="cart-line-units" data-testid="line-units">
                    {i18n._(msg`${quantity} × ${unitPrice} per unit`)}
                  </span>
                )}
              </span>
              <span className="cart-line-price" data-testid="line-total">
                {item.kind === 'recycling' ? i18n._(msg`Free recycling`) : formatPrice(shop.locale, lineTotal(item))}
              </span>
            </li>
          );
        })}
      </ul>
      {trade.voucher && (
        <p>
          {i18n._(msg`Voucher ${trade.voucher.code}`)}: +{formatPrice(shop.locale, trade.voucher.value)}
        </p>
      )}
      <p className="cart-total">
        <span>{i18n._(msg`You receive`)}</span> <strong data-testid="trade-total">{formatPrice(shop.locale, trade.total)}</strong>
      </p>
      <p>{i18n._(msg`Paid to: ${trade.payout.masked}`)}</p>
      {trade.labelUrl && (
        <p>
          <a className="button primary" href={trade.labelUrl} download data-testid="label-link">
            {i18n._(msg`Download the free shipping label (PDF)`)}
          </a>
        </p>
      )}
      {trade.tradeUrl && (
        <p>
          {/* The guest's trade page (the confirmation mail links it too): every step of the sale. */}
          <a href={trade.tradeUrl} data-testid="trade-page-link">
            {i18n._(msg`Follow your sale step by step`)}
          </a>
        </p>
      )}
      {trade.creditNoteUrl && (
        <p>
          <a className="button secondary" href={trade.creditNoteUrl} download data-testid="credit-note-link">
            {i18n._(msg`Download the credit note for your accounts (PDF)`)}
          </a>
        </p>
      )}
      <h2>
        <Trans>What happens next</Trans>
      </h2>
      <ol className="steps">
        <li>
          <h3>
            <Trans>Pack</Trans>
          </h3>
          <p>
            <Trans>Erase your data, remove SIM and memory cards and pack the devices well.</Trans>
          </p>
        </li>
        <li>
          <h3>
            <Trans>Ship</Trans>
          </h3>
          <p>
            <Trans>
              Print the free shipping label, which we also sent to your e-mail address, and hand the parcel to the carrier while your offers
              are valid (21 days).
            </Trans>
          </p>
        </li>
        <li>
          <h3>
            <Trans>Inspection</Trans>
          </h3>
          <p>
            <Trans>We check the devices against your answers. If something differs, we ask you before anything changes.</Trans>
          </p>
        </li>
        <li>
          <h3>
            <Trans>Payout</Trans>
          </h3>
          <p data-testid="payout-promise">
            {trade.b2b
              ? // Business trade-ins are paid by SEPA transfer to the company account only (decision 035).
                i18n._(
                  msg`We transfer the amount (SEPA) to your company's bank account within ${promise.workingDays} working days after your devices arrive or are inspected, whichever is later. If we are late, we add ${bonusPercent} % to the payout (up to ${bonusCap}) automatically.`,
                )
              : i18n._(
                  msg`We pay the amount to your bank account or PayPal within ${promise.workingDays} working days after your devices arrive or are inspected, whichever is later. If we are late, we add ${bonusPercent} % to the payout (up to ${bonusCap}) automatically.`,
                )}
          </p>
        </li>
      </ol>
      {/* A business seller's account would need the company: offered to private sellers only. */}
      {trade.tradeUrl && !trade.b2b && <GuestAccountOffer tradeNumber={trade.tradeNumber} tradeUrl={trade.tradeUrl} />}
    </div>
  );
}
