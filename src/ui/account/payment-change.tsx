// Payment change (spec §4): the payout method and its account, prefilled from the customer's bank and
// PayPal accounts. Without an account of the chosen kind one is created (POST
// customer_payment_accounts with the customer's IRI), else it is updated (PATCH bank_accounts /
// paypal_accounts). The server's field errors land next to their fields; nothing typed is lost.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { iriOf } from '../../contracts/account';
import { PayoutSchema, type Payout } from '../../contracts/trades';
import { PAYOUT_FIELDS, emptyPayout, payoutRequest, type PayoutForm } from '../../machines/checkout-form';
import { fieldErrors, saveFormMachine } from '../../machines/form';
import type { CustomerApi } from '../../services/customer-data';
import { useErrorOf } from '../form/issue-messages';
import { useLatest } from '../form/latest';
import { PayoutFields } from '../form/payout-fields';
import { useShop } from '../shop-context';
import { LoadingNote } from './account-gate';
import { useAccount } from './account-provider';
import { useAccountCache, usePayoutAccounts, type PayoutAccounts } from './account-queries';
import { FailureNote, SavedNote } from '../form/form-status';
import { useFocusFirstError } from '../form/focus';
import { QueryProblem } from './query-problem';

export function PaymentChange() {
  const { i18n } = useLingui();
  const payout = usePayoutAccounts();
  if (payout.isPending) return <LoadingNote />;
  if (payout.isError)
    return (
      <QueryProblem
        text={i18n._(msg`We could not load your payout details.`)}
        onRetry={() => void payout.refetch()}
        retrying={payout.isFetching}
      />
    );
  return <PaymentEditor current={payout.data} />;
}

const formOf = ({ bank, paypal }: PayoutAccounts): PayoutForm => ({
  method: bank || !paypal ? 'sepa' : 'paypal',
  accountHolder: bank?.accountHolder ?? emptyPayout.accountHolder,
  iban: bank?.iban ?? emptyPayout.iban,
  bic: bank?.bic ?? emptyPayout.bic,
  email: paypal?.email ?? emptyPayout.email,
});

/** The server's paths of the four calls → the form's (`payment.iban`, `bankAccount.iban` → `payout.iban`). */
export function paymentFormPath(path: string): string | null {
  const [head, field] = path.split('.');
  if (!field) return null;
  if (head === 'payment' || head === 'bankAccount') return ['accountHolder', 'iban', 'bic'].includes(field) ? `payout.${field}` : null;
  if (head === 'paypalAccount') return field === 'email' ? 'payout.email' : null;
  return null;
}

/** Creates or updates the account of the payout's kind; answers the accounts as they are now. */
export async function savePayout(api: CustomerApi, current: PayoutAccounts, payout: Payout, customerIri: string): Promise<PayoutAccounts> {
  if (payout.method === 'sepa') {
    const fields = { accountHolder: payout.accountHolder, iban: payout.iban, bic: payout.bic };
    if (current.bank) return { ...current, bank: await api.patchBankAccount({ '@id': current.bank['@id'], ...fields }) };
    const created = await api.createPaymentAccount({ bankAccount: fields, customer: customerIri });
    return { ...current, bank: created.bankAccount };
  }
  if (current.paypal) return { ...current, paypal: await api.patchPaypalAccount({ '@id': current.paypal['@id'], email: payout.email }) };
  const created = await api.createPaymentAccount({ paypalAccount: { email: payout.email }, customer: customerIri });
  return { ...current, paypal: created.paypalAccount };
}

// Checked with the trade contract's payout rules; the server's paths of the four calls are renamed to the form's.
const payoutForm = saveFormMachine<PayoutForm>({
  id: 'paymentChange',
  validate: (values) => {
    const parsed = PayoutSchema.safeParse(payoutRequest(values));
    return parsed.success ? {} : fieldErrors(parsed.error, { prefix: 'payout' });
  },
  rename: paymentFormPath,
});

function PaymentEditor({ current }: { current: PayoutAccounts }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const account = useAccount();
  const cache = useAccountCache();
  // The accounts as they are now (a create may have happened since the form opened).
  const latest = useLatest({ account, cache, current });
  const machine = useMemo(
    () =>
      payoutForm.provide({
        actors: {
          save: fromPromise(async ({ input }: { input: { values: PayoutForm } }) => {
            const { account, cache, current } = latest.current;
            const customerIri = account.customerData?.['@id'] ?? iriOf('customers', account.customerId ?? '');
            const saved = await savePayout(account.customerApi, current, PayoutSchema.parse(payoutRequest(input.values)), customerIri);
            cache.setPayout(() => saved);
          }),
        },
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
      <FailureNote failure={failure} />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={saving} aria-busy={saving || undefined}>
          {saving ? i18n._(msg`Saving…`) : i18n._(msg`Save payout details`)}
        </button>
        <Link to={shop.path('accountOverview')}>{i18n._(msg`Back to my account`)}</Link>
      </div>
    </form>
  );
}
