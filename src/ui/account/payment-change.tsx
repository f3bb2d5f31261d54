// Payment change (product §4): the payout method and its account, prefilled from the customer's bank and
// PayPal accounts. Without an account of the chosen kind one is created (POST
// customer_payment_accounts with the customer's IRI), else it is updated (PATCH bank_accounts /
// paypal_accounts). The server's field errors land next to their fields; nothing typed is lost.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { paymentChangeMachine } from '../../machines/account-forms';
import { paymentChangeActors } from '../../machines/account-forms.actors';
import { PAYOUT_FIELDS, emptyPayout, type PayoutForm } from '../../machines/checkout-form';
import type { PayoutAccounts } from '../../services/customer-data';
import { useErrorOf } from '../form/issue-messages';
import { useLatest } from '../form/latest';
import { PayoutFields } from '../form/payout-fields';
import { useShop } from '../shop-context';
import { LoadingNote, QueryProblem } from './account-gate';
import { useAccount } from './account-provider';
import { useAccountCache, usePayoutAccounts } from './account-queries';
import { FormFailure, SAVE_FAILURE_TEXTS, SavedNote } from '../form/form-status';
import { useFocusFirstError } from '../form/focus';

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
  const state = useSelector(actor, (s) => s);
  const { values, errors, failure, refused } = state.context;
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, refused);
  const errorOf = useErrorOf(errors);
  const saving = state.matches('saving');
  const payoutPaths = ['payout', ...PAYOUT_FIELDS.map((field) => `payout.${field}`)];

  return (
    <form
      ref={form}
      className="account-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      <fieldset>
        <legend>{i18n._(msg`How would you like to be paid?`)}</legend>
        <PayoutFields
          label={i18n._(msg`Payout method`)}
          values={values}
          errorOf={errorOf}
          onField={(field, value) => actor.send({ type: 'form.edit', values: { ...values, [field]: value }, cleared: [`payout.${field}`] })}
          onMethod={(method) => actor.send({ type: 'form.edit', values: { ...values, method }, cleared: payoutPaths })}
        />
      </fieldset>
      {state.matches('saved') && <SavedNote>{i18n._(msg`Your payout details have been saved.`)}</SavedNote>}
      <FormFailure failure={failure} texts={SAVE_FAILURE_TEXTS} />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={saving} aria-busy={saving || undefined}>
          {saving ? i18n._(msg`Saving…`) : i18n._(msg`Save payout details`)}
        </button>
        <Link to={shop.path('accountOverview')}>{i18n._(msg`Back to my account`)}</Link>
      </div>
    </form>
  );
}
