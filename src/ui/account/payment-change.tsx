// Payment change (spec §4): the payout method and its account, prefilled from the customer's bank and
// PayPal accounts. Without an account of the chosen kind one is created (POST
// customer_payment_accounts with the customer's IRI), else it is updated (PATCH bank_accounts /
// paypal_accounts). The server's field errors land next to their fields; nothing typed is lost.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { iriOf } from '../../contracts/account';
import { PayoutSchema, type Payout } from '../../contracts/trades';
import { emptyPayout, payoutRequest, type PayoutForm } from '../../machines/checkout-form';
import { fieldErrors, withoutError, withoutErrorsUnder, type FieldErrors } from '../../machines/form';
import type { CustomerApi } from '../../services/customer-data';
import { useErrorOf } from '../form/issue-messages';
import { PayoutFields } from '../form/payout-fields';
import { useShop } from '../shop-context';
import { LoadingNote } from './account-gate';
import { useAccount } from './account-provider';
import { useAccountCache, usePayoutAccounts, type PayoutAccounts } from './account-queries';
import { formFailure, type FormFailure } from '../form/form-failure';
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

function PaymentEditor({ current }: { current: PayoutAccounts }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const account = useAccount();
  const cache = useAccountCache();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<PayoutForm>(() => formOf(current));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ kind: 'editing' | 'saving' | 'saved' } | { kind: 'failed'; failure: FormFailure }>({
    kind: 'editing',
  });
  useFocusFirstError(form, attempt);
  const errorOf = useErrorOf(errors);

  const refuse = (refused: FieldErrors) => {
    setErrors(refused);
    setAttempt((n) => n + 1);
  };
  const edited = () => {
    if (state.kind === 'saved') setState({ kind: 'editing' });
  };

  const save = async () => {
    const parsed = PayoutSchema.safeParse(payoutRequest(values));
    if (!parsed.success) return refuse(fieldErrors(parsed.error, { prefix: 'payout' }));
    setState({ kind: 'saving' });
    try {
      const customerIri = account.customerData?.['@id'] ?? iriOf('customers', account.customerId ?? '');
      // The latest accounts (a create may have happened since the form opened).
      const saved = await savePayout(account.customerApi, current, parsed.data, customerIri);
      cache.setPayout(() => saved);
      setState({ kind: 'saved' });
    } catch (error) {
      const failure = formFailure(error, paymentFormPath);
      setState({ kind: 'failed', failure });
      if (failure.kind === 'fields') refuse(failure.errors);
    }
  };

  return (
    <form
      ref={form}
      className="account-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset>
        <legend>{i18n._(msg`How would you like to be paid?`)}</legend>
        <PayoutFields
          label={i18n._(msg`Payout method`)}
          values={values}
          errorOf={errorOf}
          onField={(field, value) => {
            setValues((v) => ({ ...v, [field]: value }));
            setErrors((e: FieldErrors) => withoutError(e, `payout.${field}`));
            edited();
          }}
          onMethod={(method) => {
            setValues((v) => ({ ...v, method }));
            setErrors((e: FieldErrors) => withoutErrorsUnder(e, 'payout'));
            edited();
          }}
        />
      </fieldset>
      {state.kind === 'saved' && <SavedNote>{i18n._(msg`Your payout details have been saved.`)}</SavedNote>}
      <FailureNote failure={state.kind === 'failed' ? state.failure : null} />
      <div className="form-actions">
        <button
          type="submit"
          className="button primary"
          disabled={state.kind === 'saving'}
          aria-busy={state.kind === 'saving' || undefined}
        >
          {state.kind === 'saving' ? i18n._(msg`Saving…`) : i18n._(msg`Save payout details`)}
        </button>
        <Link to={shop.path('accountOverview')}>{i18n._(msg`Back to my account`)}</Link>
      </div>
    </form>
  );
}
