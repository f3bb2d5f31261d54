// The page of the mailed sign-in link (decision 081): the six digits of the authenticator app, then
// the back office, signed in. A link that does not work any more, and an account without an
// authenticator app, say what to do instead. The sign-in link machine owns the flow; its end hands
// the signed-in user to the tab's session.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { signInLinkMachine } from '../machines/sign-in-link';
import { signInLinkActors } from '../machines/sign-in-link.actors';
import { staffFailure } from '../services/failure';
import { Field, shallowEqual } from './field';
import { FailureNote, Loading, PageHeading, useDocumentTitle } from './page';
import { PATHS } from './paths';
import { useStaffServices } from './staff-context';
import { failureText } from './texts';

export function SignInLinkScreen({ token }: { token: string }) {
  const { i18n } = useLingui();
  const { client, session } = useStaffServices();
  const router = useRouter();
  const machine = useMemo(() => signInLinkMachine.provide({ actors: signInLinkActors(client) }), [client]);
  const actor = useActorRef(machine, { input: { token } });
  const input = useRef<HTMLInputElement>(null);
  const view = useSelector(
    actor,
    (snapshot) => ({
      step: snapshot.value,
      code: snapshot.context.code,
      issues: snapshot.context.issues,
      attempt: snapshot.context.attempt,
      failure: snapshot.context.failure,
      me: snapshot.context.me,
    }),
    shallowEqual,
  );
  useDocumentTitle(msg`Sign in with your link`);
  useEffect(() => {
    if (view.attempt > 0 || view.failure) input.current?.focus();
  }, [view.attempt, view.failure]);
  // Signed in: the session takes the user, and the back office opens.
  useEffect(() => {
    if (view.step !== 'signedIn' || !view.me) return;
    session.send({ type: 'session.signedIn', me: view.me });
    void router.navigate({ to: PATHS.receive, replace: true });
  }, [view.step, view.me, session, router]);

  if (view.step === 'signedIn') return <Loading />;
  if (view.step === 'linkInvalid') {
    return (
      <main id="main" className="staff-main narrow">
        <PageHeading>{i18n._(msg`This link does not work`)}</PageHeading>
        <p>
          {i18n._(
            msg`A sign-in link works once and for 15 minutes; a newer link, or 5 wrong codes, end it. Ask for a new one on the sign-in page.`,
          )}
        </p>
        <p>
          <Link to={PATHS.signIn}>{i18n._(msg`To the sign-in`)}</Link>
        </p>
      </main>
    );
  }
  if (view.step === 'notEnrolled') {
    return (
      <main id="main" className="staff-main narrow">
        <PageHeading>{i18n._(msg`Your authenticator app is not set up yet`)}</PageHeading>
        <p>{failureText(i18n, staffFailure('not_enrolled'))}</p>
        <p>
          <Link to={PATHS.signIn}>{i18n._(msg`To the sign-in`)}</Link>
        </p>
      </main>
    );
  }
  const busy = view.step === 'verifying';
  return (
    <main id="main" className="staff-main narrow">
      <PageHeading focus={false}>{i18n._(msg`Sign in with your link`)}</PageHeading>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'link.submit' });
        }}
      >
        <p>{i18n._(msg`Enter the 6-digit code your authenticator app shows for the back office.`)}</p>
        {view.failure && <FailureNote failure={view.failure} />}
        <Field
          ref={input}
          label={i18n._(msg`Code`)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={view.code}
          onValue={(value) => actor.send({ type: 'link.code', value })}
          problem={view.issues.code ? i18n._(msg`Enter the 6 digits your authenticator app shows.`) : null}
          autoFocus
          className="code-field"
        />
        <button type="submit" disabled={busy}>
          {busy ? i18n._(msg`Checking…`) : i18n._(msg`Sign in`)}
        </button>
      </form>
    </main>
  );
}
