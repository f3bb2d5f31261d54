// Signing in (product §11.10): e-mail and password, then the six digits of the authenticator app. On
// the first sign-in the app is enrolled first: the QR code to scan, and the key to type for an app
// without a camera. While the account is locked, the screen offers to mail a sign-in link to the
// typed address (decision 081). The sign-in machine (a child of the session) owns the flow; this
// screen selects and sends.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { StaffLocale } from '../../contracts/staff';
import type { signInMachine } from '../machines/sign-in';
import { Field, focusFirstInvalid, shallowEqual } from './field';
import { FailureNote, PageHeading, useDocumentTitle } from './page';
import { issueText } from './texts';

type SignInActor = ActorRefFrom<typeof signInMachine>;

/** The enrolment's QR code as an image (the SVG the server drew, as a data URL). */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;

/** The key in groups of four, easier to type. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** Under the "locked" note: one button that mails a sign-in link to the typed address. */
function SignInLinkOffer({ actor }: { actor: SignInActor }) {
  const { i18n } = useLingui();
  const { email, sentTo, failure, busy } = useSelector(
    actor,
    (snapshot) => ({
      email: snapshot.context.email.trim(),
      sentTo: snapshot.context.linkSentTo,
      failure: snapshot.context.linkFailure,
      busy: snapshot.matches('requestingLink'),
    }),
    shallowEqual,
  );
  if (sentTo !== null && sentTo === email) {
    return (
      <p role="status" className="sign-in-link-sent">
        {i18n._(
          msg`If ${email} belongs to a back-office account, we have sent it a sign-in link. Open it and enter the code of your authenticator app: the link works once, for 15 minutes.`,
        )}
      </p>
    );
  }
  return (
    <div className="sign-in-link-offer">
      <p>
        {i18n._(
          msg`Is it your account? We can e-mail you a link that signs you in with the code of your authenticator app, even while the account is locked.`,
        )}
      </p>
      {failure && <FailureNote failure={failure} />}
      <button
        type="button"
        className="secondary"
        disabled={busy}
        onClick={() => actor.send({ type: 'signIn.requestLink', lang: i18n.locale as StaffLocale })}
      >
        {busy ? i18n._(msg`Sending…`) : i18n._(msg`Send me a sign-in link`)}
      </button>
    </div>
  );
}

function Credentials({ actor }: { actor: SignInActor }) {
  const { i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const password = useRef<HTMLInputElement>(null);
  const { email, typedPassword, issues, attempt, failure, notice, busy } = useSelector(
    actor,
    (snapshot) => ({
      email: snapshot.context.email,
      typedPassword: snapshot.context.password,
      issues: snapshot.context.issues,
      attempt: snapshot.context.attempt,
      failure: snapshot.context.failure,
      notice: snapshot.context.notice,
      busy: snapshot.matches('signingIn') || snapshot.matches('requestingLink'),
    }),
    shallowEqual,
  );
  useEffect(() => {
    if (attempt > 0) focusFirstInvalid(form.current);
  }, [attempt]);
  useEffect(() => {
    if (failure) password.current?.focus();
  }, [failure]);
  return (
    <form
      ref={form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'signIn.submit' });
      }}
    >
      {notice === 'expired' && <p role="status">{i18n._(msg`Your session has ended. Please sign in again.`)}</p>}
      {notice === 'signedOut' && <p role="status">{i18n._(msg`You are signed out.`)}</p>}
      {failure && <FailureNote failure={failure} />}
      {failure?.code === 'locked' && <SignInLinkOffer actor={actor} />}
      <Field
        label={i18n._(msg`E-mail address`)}
        type="email"
        autoComplete="username"
        value={email}
        onValue={(value) => actor.send({ type: 'signIn.email', value })}
        problem={issues.email ? issueText(i18n, issues.email) : null}
        autoFocus
      />
      <Field
        ref={password}
        label={i18n._(msg`Password`)}
        type="password"
        autoComplete="current-password"
        value={typedPassword}
        onValue={(value) => actor.send({ type: 'signIn.password', value })}
        problem={issues.password ? issueText(i18n, issues.password) : null}
      />
      <button type="submit" disabled={busy}>
        {busy ? i18n._(msg`Signing in…`) : i18n._(msg`Sign in`)}
      </button>
    </form>
  );
}

function Code({ actor }: { actor: SignInActor }) {
  const { i18n } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const { code, enrolment, issues, failure, attempt, busy } = useSelector(
    actor,
    (snapshot) => ({
      code: snapshot.context.code,
      enrolment: snapshot.context.enrolment,
      issues: snapshot.context.issues,
      failure: snapshot.context.failure,
      attempt: snapshot.context.attempt,
      busy: snapshot.matches('verifying'),
    }),
    shallowEqual,
  );
  useEffect(() => {
    if (attempt > 0 || failure) input.current?.focus();
  }, [attempt, failure]);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'signIn.submit' });
      }}
    >
      {enrolment ? (
        <section aria-labelledby="enrol-heading" className="enrolment">
          <h2 id="enrol-heading">{i18n._(msg`Set up your authenticator app`)}</h2>
          <p>
            {i18n._(
              msg`Scan this QR code with your authenticator app, or type the key into it. Then enter the 6-digit code the app shows.`,
            )}
          </p>
          <img
            src={svgDataUrl(enrolment.qrSvg)}
            width={200}
            height={200}
            alt={i18n._(msg`QR code that adds the back office to your authenticator app`)}
          />
          <p>
            {i18n._(msg`Key to type:`)} <code className="secret">{grouped(enrolment.secret)}</code>
          </p>
        </section>
      ) : (
        <p>{i18n._(msg`Enter the 6-digit code your authenticator app shows for the back office.`)}</p>
      )}
      {failure && <FailureNote failure={failure} />}
      <Field
        ref={input}
        label={i18n._(msg`Code`)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        onValue={(value) => actor.send({ type: 'signIn.code', value })}
        problem={issues.code ? i18n._(msg`Enter the 6 digits your authenticator app shows.`) : null}
        autoFocus
        className="code-field"
      />
      <div className="actions">
        <button type="submit" disabled={busy}>
          {busy ? i18n._(msg`Checking…`) : i18n._(msg`Confirm`)}
        </button>
        <button type="button" className="secondary" onClick={() => actor.send({ type: 'signIn.back' })}>
          {i18n._(msg`Back to the password`)}
        </button>
      </div>
    </form>
  );
}

export function SignInScreen({ actor }: { actor: SignInActor }) {
  const { i18n } = useLingui();
  const step = useSelector(actor, (snapshot) =>
    snapshot.matches('credentials') || snapshot.matches('signingIn') || snapshot.matches('requestingLink') ? 'credentials' : 'code',
  );
  useDocumentTitle(msg`Sign in`);
  return (
    <main id="main" className="staff-main narrow">
      <PageHeading focus={false}>{i18n._(msg`Sign in to the back office`)}</PageHeading>
      {step === 'credentials' ? <Credentials actor={actor} /> : <Code actor={actor} />}
    </main>
  );
}
