// The payout details form of the account (./payment-change.tsx) and of a trade whose payout came back
// (./payout-correction.tsx): the method and its account fields, the saved note, the failure and the save
// button, on a form actor of saveFormMachine<PayoutForm> that the screen made with its own `save`.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { useRef, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { paymentChangeMachine } from '../../machines/account-forms';
import { PAYOUT_FIELDS } from '../../machines/checkout-form';
import { useFocusFirstError } from '../form/focus';
import { FormFailure, SAVE_FAILURE_TEXTS, SavedNote } from '../form/form-status';
import { useErrorOf } from '../form/issue-messages';
import { PayoutFields } from '../form/payout-fields';
import '../form/form.css';
import './account.css';

type PayoutFormActor = ActorRefFrom<typeof paymentChangeMachine>;

const PAYOUT_PATHS = ['payout', ...PAYOUT_FIELDS.map((field) => `payout.${field}`)];

export function PayoutDetailsForm({
  actor,
  legend,
  businessAccount = false,
  failureTexts = SAVE_FAILURE_TEXTS,
  children,
}: {
  actor: PayoutFormActor;
  legend: string;
  businessAccount?: boolean;
  failureTexts?: typeof SAVE_FAILURE_TEXTS;
  /** Beside the save button (e.g. the way back). */
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
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
        <legend>{legend}</legend>
        <PayoutFields
          label={i18n._(msg`Payout method`)}
          businessAccount={businessAccount}
          values={values}
          errorOf={errorOf}
          onField={(field, value) => actor.send({ type: 'form.edit', values: { ...values, [field]: value }, cleared: [`payout.${field}`] })}
          onMethod={(method) => actor.send({ type: 'form.edit', values: { ...values, method }, cleared: PAYOUT_PATHS })}
        />
      </fieldset>
      {state.matches('saved') && <SavedNote>{i18n._(msg`Your payout details have been saved.`)}</SavedNote>}
      <FormFailure failure={failure} texts={failureTexts} />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={saving} aria-busy={saving || undefined}>
          {saving ? i18n._(msg`Saving…`) : i18n._(msg`Save payout details`)}
        </button>
        {children}
      </div>
    </form>
  );
}
