// Address change: the primary address prefilled, checked with the trade contract's address rules
// (the shop's postal codes), saved with PATCH /api/customers/addresses; the server's field errors
// land next to their fields and nothing typed is lost.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { CustomerAddress } from '../../contracts/account';
import { AddressSchema } from '../../contracts/trades';
import { emptyAddress, type AddressForm } from '../../machines/checkout-form';
import { fieldErrors, withoutError, type FieldErrors } from '../../machines/form';
import { AddressFields } from '../form/address-fields';
import { useErrorOf } from '../form/issue-messages';
import { useShop } from '../shop-context';
import { LoadingNote } from './account-gate';
import { useAccount } from './account-provider';
import { addressFormOf, useAccountCache, usePrimaryAddress } from './account-queries';
import { formFailure, type FormFailure } from '../form/form-failure';
import { FailureNote, SavedNote } from '../form/form-status';
import { useFocusFirstError } from '../form/focus';
import { QueryProblem } from './query-problem';

export function AddressChange() {
  const { i18n } = useLingui();
  const address = usePrimaryAddress();
  if (address.isPending) return <LoadingNote />;
  if (address.isError)
    return (
      <QueryProblem
        text={i18n._(msg`We could not load your address.`)}
        onRetry={() => void address.refetch()}
        retrying={address.isFetching}
      />
    );
  return <AddressEditor current={address.data} />;
}

function AddressEditor({ current }: { current: CustomerAddress | null }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const account = useAccount();
  const cache = useAccountCache();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<AddressForm>(() => (current ? addressFormOf(current) : emptyAddress));
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

  const save = async () => {
    const parsed = AddressSchema(shop.locale).safeParse(values);
    if (!parsed.success) return refuse(fieldErrors(parsed.error, { prefix: 'address' }));
    setState({ kind: 'saving' });
    try {
      const saved = await account.customerApi.patchAddress({ ...parsed.data, ...(current ? { '@id': current['@id'] } : {}) });
      cache.setPrimaryAddress(saved);
      setState({ kind: 'saved' });
    } catch (error) {
      const failure = formFailure(error, (path) => (path.startsWith('address.') ? path : null));
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
        <legend>{i18n._(msg`Your address`)}</legend>
        <p className="field-hint">{i18n._(msg`We use it as the sender address of your shipping labels and prefill it in the checkout.`)}</p>
        <AddressFields
          locale={shop.locale}
          values={values}
          errorOf={errorOf}
          onField={(field, value) => {
            setValues((v) => ({ ...v, [field]: value }));
            setErrors((e: FieldErrors) => withoutError(e, `address.${field}`));
            if (state.kind === 'saved') setState({ kind: 'editing' });
          }}
        />
      </fieldset>
      {state.kind === 'saved' && <SavedNote>{i18n._(msg`Your address has been saved.`)}</SavedNote>}
      <FailureNote failure={state.kind === 'failed' ? state.failure : null} />
      <div className="form-actions">
        <button
          type="submit"
          className="button primary"
          disabled={state.kind === 'saving'}
          aria-busy={state.kind === 'saving' || undefined}
        >
          {state.kind === 'saving' ? i18n._(msg`Saving…`) : i18n._(msg`Save address`)}
        </button>
        <Link to={shop.path('accountOverview')}>{i18n._(msg`Back to my account`)}</Link>
      </div>
    </form>
  );
}
