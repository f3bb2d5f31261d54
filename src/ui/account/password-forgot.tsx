// Forgotten password: the e-mail address → "if an account exists, we sent a link" (the same text
// whatever the server knows, product §7: the result is ignored); only a missing answer offers a retry.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef, useState } from 'react';
import { forgotPasswordMachine } from '../../machines/password';
import { forgotPasswordActors } from '../../machines/forgot-password.actors';
import { useApiClient } from '../api-context';
import { FormFailure } from '../form/form-status';
import { useErrorOf } from '../form/issue-messages';
import { TextField } from '../form/text-field';
import { useShop } from '../shop-context';
import { useFocusFirstError, useFocusOnMount } from '../form/focus';
import '../form/form.css';

export function PasswordForgot() {
  const { i18n } = useLingui();
  const shop = useShop();
  const api = useApiClient();
  const machine = useMemo(() => forgotPasswordMachine.provide({ actors: forgotPasswordActors({ api }) }), [api]);
  const actor = useActorRef(machine, { input: { locale: shop.locale } });
  const state = useSelector(actor, (s) => s);
  const { email, errors, failure } = state.context;
  const form = useRef<HTMLFormElement>(null);
  const [refused, setRefused] = useState(0);
  useFocusFirstError(form, refused);
  const errorOf = useErrorOf(errors);

  if (state.matches('sent')) return <LinkSent email={email.trim()} />;
  const sending = state.matches('sending');
  return (
    <form
      ref={form}
      className="account-form"
      // Without JavaScript the page is shown again: e-mail and password never go into the address.
      method="post"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'forgot.submit' });
        if (Object.keys(actor.getSnapshot().context.errors).length > 0) setRefused((n) => n + 1);
      }}
    >
      <p className="lead">{i18n._(msg`Enter the e-mail address of your account. We send you a link to choose a new password.`)}</p>
      <TextField
        name="email"
        type="email"
        autoComplete="email"
        label={i18n._(msg`E-mail address`)}
        value={email}
        error={errorOf('email')}
        onValue={(value) => actor.send({ type: 'forgot.change', value })}
      />
      <FormFailure
        failure={failure}
        texts={{ network: msg`We could not send the link right now. Please try again.` }}
        onRetry={() => actor.send({ type: 'forgot.retry' })}
      />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={sending} aria-busy={sending || undefined}>
          {sending ? i18n._(msg`Sending…`) : i18n._(msg`Send link`)}
        </button>
        <Link to={shop.path('accountOverview')}>{i18n._(msg`Back to log-in`)}</Link>
      </div>
    </form>
  );
}

function LinkSent({ email }: { email: string }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const focus = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="account-outcome" data-testid="reset-link-sent">
      <h2 tabIndex={-1} ref={focus}>
        {i18n._(msg`Please check your e-mail`)}
      </h2>
      <p>
        {i18n._(
          msg`If an account exists for ${email}, we have sent a link to it to choose a new password. The link is valid for a limited time.`,
        )}
      </p>
      <p className="field-hint">{i18n._(msg`No e-mail after a few minutes? Please also look in your spam folder.`)}</p>
      <Link to={shop.path('accountOverview')}>{i18n._(msg`Back to log-in`)}</Link>
    </div>
  );
}
