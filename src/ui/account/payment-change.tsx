// Payment change (product §4): the payout method and its account, prefilled from the customer's bank and
// PayPal accounts. Without an account of the chosen kind one is created (POST
// customer_payment_accounts with the customer's IRI), else it is updated (PATCH bank_accounts /
// paypal_accounts). The server's field errors land next to their fields; nothing typed is lost.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { paymentChangeMachine } from '../../machines/account-forms';
import { paymentChangeActors } from '../../machines/account-forms.actors';
import { emptyPayout, type PayoutForm } from '../../machines/checkout-form';
import type { PayoutAccounts } from '../../services/customer-data';
import { useLatest } from '../form/latest';
import { useShop } from '../shop-context';
import { LoadingNote, QueryProblem } from './account-gate';
import { useAccount } from './account-provider';
import { useAccountCache, usePayoutAccounts } from './account-queries';
import { PayoutDetailsForm } from './payout-form';
import '../form/form.css';

export function PaymentChange() {
  const payout = usePayoutAccounts();
  if (payout.isPending) return <LoadingNote />;
  if (payout.isError) return <QueryProblem query={payout} text={msg`We could not load your payout details.`} />;
  return <PaymentEditor current={payout.data} />;
}

const formOf = ({ bank, paypal }: PayoutAccounts): PayoutForm => ({
  method: bank || !paypal ? 'sepa' : 'paypal',
  accountHolder: bank?.accountHolder ?? emptyPayout.accountHolder,
  iban: bank?.iban ?? emptyPayout.iban,
  bic: bank?.bic ?? emptyPayout.bic,
  email: paypal?.email ?? emptyPayout.email,
});

function PaymentEditor({ current }: { current: PayoutAccounts }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const account = useAccount();
  const cache = useAccountCache();
  // The accounts as they are now (a create may have happened since the form opened).
  const latest = useLatest({
    api: account.customerApi,
    customerId: account.customerId,
    customer: account.customerData,
    current,
    cache,
  });
  const machine = useMemo(
    () =>
      paymentChangeMachine.provide({
        actors: paymentChangeActors({ latest: () => latest.current, saved: (accounts) => latest.current.cache.setPayout(() => accounts) }),
      }),
    [latest],
  );
  const actor = useActorRef(machine, { input: { values: formOf(current) } });
  return (
    <PayoutDetailsForm actor={actor} legend={i18n._(msg`How would you like to be paid?`)}>
      <Link to={shop.path('accountOverview')}>{i18n._(msg`Back to my account`)}</Link>
    </PayoutDetailsForm>
  );
}
