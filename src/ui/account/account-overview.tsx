// The account overview of a logged-in customer: a greeting, the customer data, the trade history and
// the saved offers, the newsletter subscription and the way to the management screen.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { AccountNewsletter } from '../newsletter/account-newsletter';
import { useShop } from '../shop-context';
import { useAccount } from './account-provider';
import { CustomerDetails } from './customer-details';
import { SavedOffers } from './saved-offers';
import { TradeHistory } from './trade-history';
import './account.css';
import '../form/form.css';

export function AccountOverview() {
  const { i18n } = useLingui();
  const shop = useShop();
  const account = useAccount();
  const email = account.email ?? '';
  return (
    <div className="account-overview">
      <p className="lead" data-testid="logged-in-as" data-after-login tabIndex={-1}>
        {i18n._(msg`You are logged in as ${email}.`)}
      </p>
      <div className="account-columns">
        <CustomerDetails />
        <TradeHistory />
      </div>
      <SavedOffers />
      <AccountNewsletter accessToken={account.getAccessToken} />
      <nav className="account-links" aria-label={i18n._(msg`Account settings`)}>
        <Link to={shop.path('accountManagement')}>{i18n._(msg`Password and account deletion`)}</Link>
      </nav>
    </div>
  );
}
