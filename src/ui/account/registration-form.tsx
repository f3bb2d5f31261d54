// The registration form (product §3 Registration payload): first and last name, e-mail, password with
// its strength hint and the privacy consent, driven by the registration machine; on success "check
// your e-mail" (the machine pushes the 'registration' data-layer event, so this page does not).

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef, useState } from 'react';
import { registrationMachine, type RegistrationSubmitError, type RegistrationTextField } from '../../machines/registration';
import { registrationActors } from '../../machines/registration.actors';
import { useApiClient } from '../api-context';
import { FormFailure, type FailureTexts } from '../form/form-status';
import { useErrorOf } from '../form/issue-messages';
import { TextField } from '../form/text-field';
import { useShop } from '../shop-context';
import { useFocusFirstError, useFocusOnMount } from '../form/focus';
import { NewPasswordFields } from './new-password-fields';
import { PrivacyConsent } from './privacy-consent';
import '../form/form.css';
import './account.css';

export function RegistrationForm() {
  const { i18n } = useLingui();
  const shop = useShop();
  const api = useApiClient();
  const machine = useMemo(() => registrationMachine.provide({ actors: registrationActors({ api }) }), [api]);
  const actor = useActorRef(machine, { input: { locale: shop.locale } });
  const state = useSelector(actor, (s) => s);
  const { values, errors, submitError } = state.context;
  const form = useRef<HTMLFormElement>(null);
  const [refused, setRefused] = useState(0);
  useFocusFirstError(form, refused);
  const errorOf = useErrorOf(errors);

  if (state.matches('checkEmail')) return <CheckEmail email={values.email.trim().toLowerCase()} />;

  const submitting = state.matches('submitting');
  const text = (name: Exclude<RegistrationTextField, 'password'>) => ({
    name,
    value: values[name],
    error: errorOf(name),
    onValue: (value: string) => actor.send({ type: 'registration.change', field: name, value }),
  });
  const privacyError = errorOf('privacyAccepted');

  return (
    <form
      ref={form}
      className="account-form registration-form"
      // Without JavaScript the page is shown again: e-mail and password never go into the address.
      method="post"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'registration.submit' });
        if (Object.keys(actor.getSnapshot().context.errors).length > 0) setRefused((n) => n + 1);
      }}
    >
      <p className="lead">
        <Trans>With an account you see all your trades in one place, and your address and payout details are filled in next time.</Trans>
      </p>
      <div className="field-row">
        <TextField {...text('firstName')} autoComplete="given-name" label={i18n._(msg`First name`)} />
        <TextField {...text('lastName')} autoComplete="family-name" label={i18n._(msg`Last name`)} />
      </div>
      <TextField {...text('email')} type="email" autoComplete="email" label={i18n._(msg`E-mail address`)} />
      <NewPasswordFields
        password={values.password}
        errors={errors}
        onPassword={(value) => actor.send({ type: 'registration.change', field: 'password', value })}
      />
      <PrivacyConsent
        checked={values.privacyAccepted}
        error={privacyError}
        onChange={(value) => actor.send({ type: 'registration.acceptPrivacy', value })}
      />
      <FormFailure failure={submitError} texts={REGISTRATION_FAILURE_TEXTS} />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={submitting} aria-busy={submitting || undefined}>
          {submitting ? i18n._(msg`Creating your account…`) : i18n._(msg`Create account`)}
        </button>
      </div>
      <p className="form-aside">
        {i18n._(msg`Already registered?`)} <Link to={shop.path('accountOverview')}>{i18n._(msg`Log in`)}</Link>
      </p>
    </form>
  );
}

const REGISTRATION_FAILURE_TEXTS = {
  network: msg`We could not create your account right now. Nothing is lost: please try again.`,
  rateLimited: msg`Too many registrations from your connection. Please try again in a few minutes.`,
  invalid: msg`Some details are not valid. Please check the marked fields.`,
  unknown: msg`Your account could not be created. Please check your details and try again.`,
} as const satisfies FailureTexts<RegistrationSubmitError>;

/** The same answer whether or not the e-mail was registered before (no account enumeration). */
function CheckEmail({ email }: { email: string }) {
  const { i18n } = useLingui();
  const focus = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="account-outcome" data-testid="registration-sent">
      <h2 tabIndex={-1} ref={focus}>
        {i18n._(msg`Please check your e-mail`)}
      </h2>
      <p>{i18n._(msg`We have sent an e-mail to ${email}. Open the link in it to activate your account; then you can log in.`)}</p>
      <p className="field-hint">{i18n._(msg`No e-mail after a few minutes? Please also look in your spam folder.`)}</p>
    </div>
  );
}
