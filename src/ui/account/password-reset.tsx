// Reset the password from the e-mail link (?token=…): the new password twice → done → log in. A
// missing, malformed, used or expired link gets its own page with the way to request a new one.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { resetPasswordMachine } from '../../machines/password';
import { resetPasswordActors } from '../../machines/reset-password.actors';
import { useApiClient } from '../api-context';
import { useShop } from '../shop-context';
import { useAccount } from './account-provider';
import { useFocusFirstError, useFocusOnMount } from '../form/focus';
import { FormFailure } from '../form/form-status';
import { LoginForm } from './login-form';
import { NewPasswordFields } from './new-password-fields';
import '../form/form.css';

export function PasswordReset({ token }: { token: string | null }) {
  const { i18n } = useLingui();
  const shop = useShop();
  const api = useApiClient();
  const machine = useMemo(() => resetPasswordMachine.provide({ actors: resetPasswordActors({ api }) }), [api]);
  const actor = useActorRef(machine, { input: { token } });
  const state = useSelector(actor, (s) => s);
  const { password, repeat, errors, failure } = state.context;
  const form = useRef<HTMLFormElement>(null);
  const [refused, setRefused] = useState(0);
  useFocusFirstError(form, refused);

  if (state.matches('done')) return <PasswordChanged />;
  if (state.matches('invalidToken')) {
    return (
      <Outcome heading={i18n._(msg`This link is invalid or has expired.`)} testId="reset-invalid">
        <p>{i18n._(msg`Links to reset a password work once and only for a limited time. Please request a new one.`)}</p>
        <Link to={shop.path('passwordForgot')} className="button primary">
          {i18n._(msg`Request a new link`)}
        </Link>
      </Outcome>
    );
  }
  const resetting = state.matches('resetting');
  return (
    <form
      ref={form}
      className="account-form"
      // Without JavaScript the page is shown again: e-mail and password never go into the address.
      method="post"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'reset.submit' });
        if (Object.keys(actor.getSnapshot().context.errors).length > 0) setRefused((n) => n + 1);
      }}
    >
      <p className="lead">{i18n._(msg`Choose a new password for your account.`)}</p>
      <NewPasswordFields
        label={i18n._(msg`New password`)}
        password={password}
        repeat={repeat}
        errors={errors}
        onPassword={(value) => actor.send({ type: 'reset.change', field: 'password', value })}
        onRepeat={(value) => actor.send({ type: 'reset.change', field: 'repeat', value })}
      />
      <FormFailure
        failure={failure}
        texts={{
          network: msg`We could not save your new password right now. Please try again.`,
          rateLimited: msg`There were too many attempts. Please wait a few minutes and try again.`,
        }}
        onRetry={() => actor.send({ type: 'reset.retry' })}
      />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={resetting} aria-busy={resetting || undefined}>
          {resetting ? i18n._(msg`Saving…`) : i18n._(msg`Save new password`)}
        </button>
      </div>
    </form>
  );
}

function Outcome({ heading, testId, children }: { heading: string; testId: string; children: ReactNode }) {
  const focus = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="account-outcome" data-testid={testId}>
      <h2 tabIndex={-1} ref={focus}>
        {heading}
      </h2>
      {children}
    </div>
  );
}

function PasswordChanged() {
  const { i18n } = useLingui();
  const shop = useShop();
  const account = useAccount();
  return (
    <Outcome heading={i18n._(msg`Your password has been changed.`)} testId="reset-done">
      {account.ready && account.isLoggedIn ? (
        <Link to={shop.path('accountOverview')} className="button primary">
          {i18n._(msg`Go to my account`)}
        </Link>
      ) : (
        <>
          <p>{i18n._(msg`Log in with your new password.`)}</p>
          <LoginForm />
        </>
      )}
    </Outcome>
  );
}
