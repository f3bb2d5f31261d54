// The log-in form (account overview when logged out, the checkout's identity step, after activation
// and password reset): e-mail, password with show/hide, remember me, and the session's failure as
// localized text; while logging in is paused, the offer of a sign-in link. The session itself (tokens, storage) is the AccountProvider's.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { AccountEmailSchema, PASSWORD_MAX } from '../../contracts/account';
import { TextField } from '../form/text-field';
import { TEXT_LIMITS } from '../../contracts/trades';
import { useShop } from '../shop-context';
import type { LoginFailure } from './account-handle';
import { useAccount } from './account-provider';
import { useFocusFirstError } from '../form/focus';
import { FormFailure, type FailureTexts } from '../form/form-status';
import { PasswordField } from '../form/password-field';
import { SignInLinkOffer } from './sign-in-link';
import '../form/form.css';
import './account.css';

export interface LoginFormProps {
  /** The form's heading level where it is embedded (the checkout uses 3). */
  readonly headingLevel?: 2 | 3;
  /** Prefills the e-mail (after registration or a password reset). */
  readonly initialEmail?: string;
}

export function LoginForm({ headingLevel = 2, initialEmail = '' }: LoginFormProps) {
  const { i18n } = useLingui();
  const shop = useShop();
  const account = useAccount();
  const form = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<{ email?: boolean; password?: boolean }>({});
  const [attempt, setAttempt] = useState(0);
  // The session's failure belongs to this form only after it sent a log-in.
  const [sent, setSent] = useState(false);
  useFocusFirstError(form, attempt);

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const failure = sent && !account.busy ? account.loginFailure : null;

  return (
    <form
      ref={form}
      className="account-form login-form"
      // Without JavaScript the page is shown again: e-mail and password never go into the address.
      method="post"
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        const invalid = { email: !AccountEmailSchema.safeParse(email).success, password: password === '' };
        setErrors(invalid);
        if (invalid.email || invalid.password) {
          setAttempt((n) => n + 1);
          return;
        }
        setSent(true);
        account.login({ email: email.trim(), password, rememberMe });
      }}
    >
      <Heading id={headingId}>{i18n._(msg`Log in`)}</Heading>
      <TextField
        name="email"
        type="email"
        maxLength={TEXT_LIMITS.email}
        autoComplete="username"
        label={i18n._(msg`E-mail address`)}
        value={email}
        error={errors.email ? i18n._(msg`Please enter a valid e-mail address.`) : undefined}
        onValue={(value) => {
          setEmail(value);
          setErrors((e) => ({ ...e, email: false }));
        }}
      />
      <PasswordField
        name="password"
        maxLength={PASSWORD_MAX}
        autoComplete="current-password"
        label={i18n._(msg`Password`)}
        value={password}
        error={errors.password ? i18n._(msg`Please enter your password.`) : undefined}
        onValue={(value) => {
          setPassword(value);
          setErrors((e) => ({ ...e, password: false }));
        }}
      />
      <label className="checkbox">
        <input type="checkbox" name="rememberMe" checked={rememberMe} onChange={(event) => setRememberMe(event.target.checked)} />
        <span>{i18n._(msg`Stay logged in on this device`)}</span>
      </label>
      <FormFailure failure={failure && { kind: failure, retryAfterSeconds: account.retryAfterSeconds }} texts={LOGIN_FAILURE_TEXTS} />
      {/* Paused by failed attempts (perhaps someone else's): a way in nobody else can block (decision 077). */}
      {failure === 'locked' && AccountEmailSchema.safeParse(email.trim()).success ? (
        <SignInLinkOffer key={email.trim()} email={email.trim()} />
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={account.busy} aria-busy={account.busy || undefined}>
          {account.busy ? i18n._(msg`Logging in…`) : i18n._(msg`Log in`)}
        </button>
        <Link to={shop.path('passwordForgot')}>{i18n._(msg`Forgot your password?`)}</Link>
      </div>
      <p className="form-aside">
        {i18n._(msg`New here?`)} <Link to={shop.path('accountRegister')}>{i18n._(msg`Create an account`)}</Link>
      </p>
    </form>
  );
}

const LOGIN_FAILURE_TEXTS = {
  invalid: msg`The e-mail address or the password is not correct.`,
  locked: (wait, retryAfterSeconds) =>
    retryAfterSeconds === null || retryAfterSeconds <= 0
      ? msg`Too many failed attempts. For your security, logging in is paused for a while. Please try again later.`
      : msg`Too many failed attempts. For your security, logging in is paused. Please try again in ${wait}.`,
  notActivated: msg`Your account is not activated yet. Please open the link in the e-mail we sent you after you registered.`,
  noToken: msg`We could not log you in. Please try again.`,
  unavailable: msg`We cannot log you in right now. Please try again in a moment.`,
} as const satisfies FailureTexts<LoginFailure>;
