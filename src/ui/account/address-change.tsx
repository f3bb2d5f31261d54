// Address change: the primary address prefilled, checked with the trade contract's address rules
// (the shop's postal codes), saved with PATCH /api/customers/addresses; the server's field errors
// land next to their fields and nothing typed is lost.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import type { CustomerAddress } from '../../contracts/account';
import { addressChangeMachine } from '../../machines/account-forms';
import { addressChangeActors } from '../../machines/account-forms.actors';
import { emptyAddress } from '../../machines/checkout-form';
import { AddressFields } from '../form/address-fields';
import { useErrorOf } from '../form/issue-messages';
import { useLatest } from '../form/latest';
import { useShop } from '../shop-context';
import { LoadingNote, QueryProblem } from './account-gate';
import { useAccount } from './account-provider';
import { addressFormOf, useAccountCache, usePrimaryAddress } from './account-queries';
import { FormFailure, SAVE_FAILURE_TEXTS, SavedNote } from '../form/form-status';
import { useFocusFirstError } from '../form/focus';
import '../form/form.css';

export function AddressChange() {
  const address = usePrimaryAddress();
  if (address.isPending) return <LoadingNote />;
  if (address.isError) return <QueryProblem query={address} text={msg`We could not load your address.`} />;
  return <AddressEditor current={address.data} />;
}

function AddressEditor({ current }: { current: CustomerAddress | null }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const account = useAccount();
  const cache = useAccountCache();
  // The address saved last: after the first save of a new address the next one updates it.
  const latest = useLatest({ api: account.customerApi, cache, current });
  const machine = useMemo(
    () =>
      addressChangeMachine.provide({
        actors: addressChangeActors({ latest: () => latest.current, saved: (address) => latest.current.cache.setPrimaryAddress(address) }),
      }),
    [latest],
  );
  const actor = useActorRef(machine, {
    input: { values: { locale: shop.locale, address: current ? addressFormOf(current) : emptyAddress } },
  });
  const state = useSelector(actor, (s) => s);
  const { values, errors, failure, refused } = state.context;
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, refused);
  const errorOf = useErrorOf(errors);
  const saving = state.matches('saving');

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
        <legend>{i18n._(msg`Your address`)}</legend>
        <p className="field-hint">{i18n._(msg`We use it as the sender address of your shipping labels and prefill it in the checkout.`)}</p>
        <AddressFields
          locale={shop.locale}
          values={values.address}
          errorOf={errorOf}
          onField={(field, value) =>
            actor.send({
              type: 'form.edit',
              values: { ...values, address: { ...values.address, [field]: value } },
              cleared: [`address.${field}`],
            })
          }
        />
      </fieldset>
      {state.matches('saved') && <SavedNote>{i18n._(msg`Your address has been saved.`)}</SavedNote>}
      <FormFailure failure={failure} texts={SAVE_FAILURE_TEXTS} />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={saving} aria-busy={saving || undefined}>
          {saving ? i18n._(msg`Saving…`) : i18n._(msg`Save address`)}
        </button>
        <Link to={shop.path('accountOverview')}>{i18n._(msg`Back to my account`)}</Link>
      </div>
    </form>
  );
}
