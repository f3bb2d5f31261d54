// The business landing page (product §1, §2: /b2b/ankaufsportal, Germany only): what the service does
// for companies — only what the product does — how it works, the cap per online trade, the start of
// a business trade-in (the cart's business mode), the bulk upload and the partner team's contact.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { B2B_TRADE_CAP } from '../../config/constants';
import { formatPrice } from '../../i18n/format';
import { BulkUpload } from '../../ui/b2b/bulk-upload';
import { useCart } from '../../ui/cart/cart-provider';
import { useShop } from '../../ui/shop-context';
import { ScreenPage } from '../screen-page';
import '../../ui/b2b/b2b.css';

export default function B2bLandingPage() {
  const { i18n } = useLingui();
  const shop = useShop();
  const cart = useCart();
  const navigate = useNavigate();
  const cap = formatPrice(shop.locale, B2B_TRADE_CAP);
  const partner = shop.country.contact.b2bpartner;
  const businessMode = cart.context?.B2BMode ?? false;
  return (
    <ScreenPage screen="b2bLanding">
      <div className="b2b-landing">
        <p className="lead">
          <Trans>
            Sell your company's used smartphones, tablets, notebooks and more in one trade: binding offers per device, free shipping labels,
            and payment by SEPA transfer to your company account.
          </Trans>
        </p>

        <section aria-labelledby="b2b-offer">
          <h2 id="b2b-offer">
            <Trans>What you get</Trans>
          </h2>
          <ul className="b2b-benefits">
            <li>
              <Trans>A binding offer for every device, valid for 21 days.</Trans>
            </li>
            <li>
              <Trans>Several units of the same device in one cart line, with quantities.</Trans>
            </li>
            <li>
              <Trans>Free shipping labels for your parcels.</Trans>
            </li>
            <li>
              <Trans>Payment by SEPA transfer to your company account, and a credit note for your accounting.</Trans>
            </li>
            <li>{i18n._(msg`Up to ${cap} per online trade; larger quantities in several trades or with our partner team.`)}</li>
          </ul>
        </section>

        <section aria-labelledby="b2b-steps">
          <h2 id="b2b-steps">
            <Trans>How it works</Trans>
          </h2>
          <ol className="b2b-steps">
            <li>
              <Trans>Start the business trade-in and put your devices into the cart — one by one, or as a list below.</Trans>
            </li>
            <li>
              <Trans>Check the quantities and the total in the cart and enter your company's details at the checkout.</Trans>
            </li>
            <li>
              <Trans>Print the free shipping label and send the devices.</Trans>
            </li>
            <li>
              <Trans>We inspect the devices and transfer the money to your company account.</Trans>
            </li>
          </ol>
          {businessMode ? (
            <p className="b2b-on" role="status">
              <Trans>Business trade-in is on.</Trans>{' '}
              <Link to={shop.path('home')} className="button primary">
                <Trans>Find devices</Trans>
              </Link>
            </p>
          ) : (
            <button
              type="button"
              className="button primary"
              disabled={!cart.ready}
              onClick={() => {
                cart.send({ type: 'cart.businessMode', enabled: true });
                void navigate({ to: shop.path('home') });
              }}
            >
              <Trans>Start business trade-in</Trans>
            </button>
          )}
        </section>

        <section aria-labelledby="b2b-bulk" id="bulk">
          <h2 id="b2b-bulk">
            <Trans>Offers for a whole list</Trans>
          </h2>
          <p>
            <Trans>
              Paste or upload a list of your devices. We find each device in our catalogue and make a binding offer per line; you correct
              the lines we could not match and take the offers into the cart.
            </Trans>
          </p>
          <BulkUpload />
        </section>

        <section aria-labelledby="b2b-contact">
          <h2 id="b2b-contact">
            <Trans>Our partner team</Trans>
          </h2>
          <p>
            <Trans>More than one trade can hold, or questions before you sell? Our partner team is there for companies.</Trans>
          </p>
          <p>
            <Link to={shop.path('contact')} search={{ business: '1' }} className="button secondary">
              <Trans>Write to the partner team</Trans>
            </Link>
            {partner && (
              <>
                {' '}
                <a href={`mailto:${partner}`}>{partner}</a>
              </>
            )}
          </p>
        </section>
      </div>
    </ScreenPage>
  );
}
