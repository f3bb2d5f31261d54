// Account management: change the password and delete the account. Both end the session (the server
// revokes every refresh token on a password change; a deleted account has none), so their outcome is
// shown here, above the log-in gate: log in again with the new password, or goodbye.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useShop } from '../shop-context';
import { AccountGate } from './account-gate';
import { useAccount } from './account-provider';
import { ChangePassword } from './change-password';
import { DeleteAccount } from './delete-account';
import { useFocusOnMount } from '../form/focus';
import { LoginForm } from './login-form';
import '../form/form.css';

type Outcome = { readonly kind: 'managing' } | { readonly kind: 'passwordChanged'; readonly email: string } | { readonly kind: 'deleted' };

export function AccountManagement() {
  const { i18n } = useLingui();
  const shop = useShop();
  const account = useAccount();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'managing' });

  if (outcome.kind === 'deleted') return <Goodbye />;
  if (outcome.kind === 'passwordChanged' && !account.isLoggedIn) {
    return (
      <div className="account-outcome">
        <OutcomeHeading>{i18n._(msg`Your password has been changed.`)}</OutcomeHeading>
        <p>{i18n._(msg`For your security we have logged you out on all devices. Please log in again with your new password.`)}</p>
        <LoginForm initialEmail={outcome.email} />
      </div>
    );
  }
  return (
    <AccountGate>
      <div className="account-management">
        {outcome.kind === 'passwordChanged' && (
          <p className="form-success" role="status">
            {i18n._(msg`You are logged in with your new password.`)}
          </p>
        )}
        <ChangePassword
          onChanged={() => {
            setOutcome({ kind: 'passwordChanged', email: account.email ?? '' });
            // The server ended every session; this device's ends now too, instead of at the next refresh.
            account.logout();
          }}
        />
        <DeleteAccount onDeleted={() => setOutcome({ kind: 'deleted' })} />
        <p>
          <Link to={shop.path('accountOverview')}>{i18n._(msg`Back to my account`)}</Link>
        </p>
      </div>
    </AccountGate>
  );
}

function OutcomeHeading({ children }: { children: string }) {
  const focus = useFocusOnMount<HTMLHeadingElement>();
  return (
    <h2 tabIndex={-1} ref={focus}>
      {children}
    </h2>
  );
}

function Goodbye() {
  const { i18n } = useLingui();
  const shop = useShop();
  return (
    <div className="account-outcome" data-testid="account-deleted">
      <OutcomeHeading>{i18n._(msg`Your account has been deleted.`)}</OutcomeHeading>
      <p>
        {i18n._(msg`Goodbye, and thank you for selling with us. You are always welcome to sell again, as a guest or with a new account.`)}
      </p>
      <Link to={shop.path('home')} className="button primary">
        {i18n._(msg`Go to the home page`)}
      </Link>
    </div>
  );
}
