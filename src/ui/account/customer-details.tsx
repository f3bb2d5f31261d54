// The customer's data on the account overview: name, e-mail, customer number, phone and address,
// and the payout accounts, each with the link to the screen that changes it.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useShop } from '../shop-context';
import { useAccount } from './account-provider';
import { usePayoutAccounts, usePrimaryAddress } from './account-queries';
import { LoadingNote, QueryProblem } from './account-gate';
import '../form/form.css';
import './account.css';

export function CustomerDetails() {
  const { i18n } = useLingui();
  const shop = useShop();
  const account = useAccount();
  const address = usePrimaryAddress();
  const primary = address.data ?? null;
  const name = primary ? `${primary.firstName} ${primary.lastName}`.trim() : '';
  return (
    <section className="account-section" aria-labelledby="customer-details-heading">
      <h2 id="customer-details-heading">{i18n._(msg`Your details`)}</h2>
      <dl className="account-facts">
        {name && (
          <>
            <dt>{i18n._(msg`Name`)}</dt>
            <dd data-testid="customer-name">{name}</dd>
          </>
        )}
        <dt>{i18n._(msg`E-mail address`)}</dt>
        <dd data-testid="customer-email">{account.email ?? account.customerData?.email ?? '—'}</dd>
        <dt>{i18n._(msg`Customer number`)}</dt>
        <dd data-testid="customer-number">{account.customerNumber ?? account.customerData?.customerNumber ?? '—'}</dd>
        {primary?.phone && (
          <>
            <dt>{i18n._(msg`Phone`)}</dt>
            <dd>{primary.phone}</dd>
          </>
        )}
        <dt>{i18n._(msg`Address`)}</dt>
        <dd data-testid="customer-address">
          {address.isPending ? (
            <LoadingNote>
              <Trans>Loading your address…</Trans>
            </LoadingNote>
          ) : address.isError ? (
            <QueryProblem query={address} text={msg`We could not load your address.`} />
          ) : primary ? (
            <address>
              {primary.street} {primary.houseNumber}
              <br />
              {primary.postalCode} {primary.city}
            </address>
          ) : (
            <Trans>No address yet.</Trans>
          )}
        </dd>
      </dl>
      <Link to={shop.path('accountAddressChange')} className="button secondary">
        {primary ? i18n._(msg`Change address`) : i18n._(msg`Add an address`)}
      </Link>
      <PayoutDetails />
    </section>
  );
}

function PayoutDetails() {
  const { i18n } = useLingui();
  const shop = useShop();
  const payout = usePayoutAccounts();
  const accounts = payout.data;
  return (
    <>
      <h3>{i18n._(msg`Payout`)}</h3>
      {payout.isPending ? (
        <LoadingNote>
          <Trans>Loading your payout details…</Trans>
        </LoadingNote>
      ) : payout.isError ? (
        <QueryProblem query={payout} text={msg`We could not load your payout details.`} />
      ) : (
        <dl className="account-facts" data-testid="customer-payout">
          {accounts?.bank && (
            <>
              <dt>{i18n._(msg`Bank transfer (SEPA)`)}</dt>
              <dd>
                {accounts.bank.accountHolder}
                <br />
                <span className="iban">{accounts.bank.ibanMasked}</span>
              </dd>
            </>
          )}
          {accounts?.paypal && (
            <>
              <dt>PayPal</dt>
              <dd>{accounts.paypal.email}</dd>
            </>
          )}
          {!accounts?.bank && !accounts?.paypal && (
            <>
              <dt>{i18n._(msg`Payout account`)}</dt>
              <dd>
                <Trans>No payout account yet.</Trans>
              </dd>
            </>
          )}
        </dl>
      )}
      <Link to={shop.path('accountPaymentChange')} className="button secondary">
        {i18n._(msg`Change payment details`)}
      </Link>
    </>
  );
}
