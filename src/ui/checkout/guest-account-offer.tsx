// After a guest sale, the thank-you page offers an account made of the sale's details (issue 32
// part 2): name, e-mail, address and payout account come from the trade, so the seller only chooses
// a password and accepts the privacy policy; the activation mail goes to the sale's e-mail. The trade
// page's link (the answer's Trade-Url) carries the token that proves the sale is this browser's.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { guestAccountMachine, type GuestAccountValues } from '../../machines/account-forms';
import { registerFromTrade } from '../../services/account';
import { useApiClient } from '../api-context';
import { useFocusFirstError, useFocusOnMount } from '../form/focus';
import { FormFailure, SAVE_FAILURE_TEXTS } from '../form/form-status';
import { useErrorOf } from '../form/issue-messages';
import { NewPasswordFields } from '../account/new-password-fields';
import { PrivacyConsent } from '../account/privacy-consent';
import '../form/form.css';

const GUEST_ACCOUNT_FAILURE_TEXTS = {
  ...SAVE_FAILURE_TEXTS,
  unavailable: msg`We could not create your account right now. Nothing is lost: please try again.`,
  // 409: the sale joined an account meanwhile; 400: the link of the sale is not valid any more.
  refused: msg`We could not create an account from this sale: it may already belong to an account. Please log in, or register on the account page.`,
} as const;

export function GuestAccountOffer({ tradeNumber, tradeUrl }: { tradeNumber: string; tradeUrl: string }) {
  const { i18n } = useLingui();
  const api = useApiClient();
  const headingId = useId();
  const token = new URL(tradeUrl, 'https://shop.invalid').searchParams.get('token') ?? '';
  const machine = useMemo(
    () =>
      guestAccountMachine.provide({
        actors: {
          save: fromPromise(async ({ input }: { input: { values: GuestAccountValues } }) =>
            registerFromTrade(await api(), { token, request: { tradeNumber, password: input.values.password, privacyAccepted: true } }),
          ),
        },
      }),
    [api, token, tradeNumber],
  );
  const actor = useActorRef(machine, { input: { values: { password: '', privacyAccepted: false } } });
  const state = useSelector(actor, (s) => s);
  const { values, errors, failure, refused } = state.context;
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, refused);
  const errorOf = useErrorOf(errors);
  const saving = state.matches('saving');
  const edit = (change: Partial<GuestAccountValues>, cleared: readonly string[]) =>
    actor.send({ type: 'form.edit', values: { ...values, ...change }, cleared });

  if (state.matches('saved')) return <AccountRequested />;
  const privacyError = errorOf('privacyAccepted');
  return (
    <section className="guest-account-offer" aria-labelledby={headingId} data-testid="guest-account-offer">
      <h2 id={headingId}>{i18n._(msg`Keep your details for your next sale`)}</h2>
      <p>
        {i18n._(
          msg`Create a customer account with the name, e-mail address, address and payout account of this sale: you only choose a password. Your account shows all your sales in one place.`,
        )}
      </p>
      <form
        ref={form}
        className="account-form"
        method="post"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <NewPasswordFields password={values.password} errors={errors} onPassword={(value) => edit({ password: value }, ['password'])} />
        <PrivacyConsent
          checked={values.privacyAccepted}
          error={privacyError}
          onChange={(value) => edit({ privacyAccepted: value }, ['privacyAccepted'])}
        />
        {failure?.kind !== 'fields' && <FormFailure failure={failure} texts={GUEST_ACCOUNT_FAILURE_TEXTS} />}
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={saving} aria-busy={saving || undefined}>
            {saving ? i18n._(msg`Creating your account…`) : i18n._(msg`Create account`)}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The same answer whether or not the sale's e-mail had an account already (no account enumeration). */
function AccountRequested() {
  const { i18n } = useLingui();
  const focus = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="guest-account-offer account-outcome" data-testid="guest-account-sent">
      <h2 tabIndex={-1} ref={focus}>
        {i18n._(msg`Please check your e-mail`)}
      </h2>
      <p>
        {i18n._(
          msg`We have sent an e-mail to the address of this sale. Open the link in it to activate your account; then you can log in, and your next sale starts with these details.`,
        )}
      </p>
      <p className="field-hint">{i18n._(msg`No e-mail after a few minutes? Please also look in your spam folder.`)}</p>
    </section>
  );
}
