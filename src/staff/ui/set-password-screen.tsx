// Setting the password from an admin's one-time link: the new password twice (at least 12
// characters), then on to the sign-in. The set-password machine owns the flow.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { setPasswordMachine } from '../machines/set-password';
import { setPasswordActors } from '../machines/set-password.actors';
import { staffFailure } from '../services/failure';
import { Field, focusFirstInvalid, shallowEqual } from './field';
import { FailureNote, PageHeading, useDocumentTitle } from './page';
import { PATHS } from './paths';
import { useStaffServices } from './staff-context';
import { failureText, issueText } from './texts';

export function SetPasswordScreen({ token }: { token: string }) {
  const { i18n } = useLingui();
  const { client } = useStaffServices();
  const machine = useMemo(() => setPasswordMachine.provide({ actors: setPasswordActors(client) }), [client]);
  const actor = useActorRef(machine, { input: { token } });
  const form = useRef<HTMLFormElement>(null);
  const view = useSelector(
    actor,
    (snapshot) => ({
      step: snapshot.value,
      password: snapshot.context.password,
      repeat: snapshot.context.repeat,
      issues: snapshot.context.issues,
      attempt: snapshot.context.attempt,
      failure: snapshot.context.failure,
    }),
    shallowEqual,
  );
  useDocumentTitle(msg`Set your password`);
  useEffect(() => {
    if (view.attempt > 0) focusFirstInvalid(form.current);
  }, [view.attempt]);

  if (view.step === 'linkInvalid') {
    return (
      <main id="main" className="staff-main narrow">
        <PageHeading>{i18n._(msg`This link does not work`)}</PageHeading>
        <p>{failureText(i18n, staffFailure('link_invalid'))}</p>
        <p>
          <Link to={PATHS.signIn}>{i18n._(msg`To the sign-in`)}</Link>
        </p>
      </main>
    );
  }
  if (view.step === 'done') {
    return (
      <main id="main" className="staff-main narrow">
        <PageHeading>{i18n._(msg`Your password is set`)}</PageHeading>
        <p>{i18n._(msg`Sign in with it now. On your first sign-in you set up your authenticator app.`)}</p>
        <p>
          <Link to={PATHS.signIn}>{i18n._(msg`Sign in`)}</Link>
        </p>
      </main>
    );
  }
  const busy = view.step === 'submitting';
  return (
    <main id="main" className="staff-main narrow">
      <PageHeading focus={false}>{i18n._(msg`Set your password`)}</PageHeading>
      <form
        ref={form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'setPassword.submit' });
        }}
      >
        {view.failure && <FailureNote failure={view.failure} />}
        <Field
          label={i18n._(msg`New password`)}
          hint={i18n._(msg`At least 12 characters.`)}
          type="password"
          autoComplete="new-password"
          value={view.password}
          onValue={(value) => actor.send({ type: 'setPassword.password', value })}
          problem={view.issues.password ? issueText(i18n, view.issues.password) : null}
          autoFocus
        />
        <Field
          label={i18n._(msg`New password again`)}
          type="password"
          autoComplete="new-password"
          value={view.repeat}
          onValue={(value) => actor.send({ type: 'setPassword.repeat', value })}
          problem={view.issues.repeat ? issueText(i18n, view.issues.repeat) : null}
        />
        <button type="submit" disabled={busy}>
          {busy ? i18n._(msg`Saving…`) : i18n._(msg`Set password`)}
        </button>
      </form>
    </main>
  );
}
