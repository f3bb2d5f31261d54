// What every account screen shows before its content: a polite "loading" until the stored session is
// restored, the log-in form when nobody is logged in, else the screen (with the account data cache).

import { Trans } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { AccountQueries } from './account-queries';
import { useAccount } from './account-provider';
import { LoginForm } from './login-form';
import { NoScriptNote } from './noscript-note';

export function AccountGate({ children }: { children: ReactNode }) {
  const account = useAccount();
  // After a log-in through this gate its form is gone: the focus moves into the screen that replaced it
  // (an element marked data-after-login, else the first field or control).
  const loggedOutHere = useRef(false);
  useEffect(() => {
    if (account.ready && !account.isLoggedIn) loggedOutHere.current = true;
  }, [account.ready, account.isLoggedIn]);
  const focusAfterLogin = useCallback((element: HTMLDivElement | null) => {
    if (!element || !loggedOutHere.current) return;
    loggedOutHere.current = false;
    (element.querySelector<HTMLElement>('[data-after-login], input:not([hidden]), button, a[href]') ?? element).focus();
  }, []);
  if (!account.ready)
    return (
      <>
        <NoScriptNote screen="account" />
        <LoadingNote />
      </>
    );
  if (!account.isLoggedIn) {
    return (
      <div className="account-login">
        <p className="lead">
          <Trans>Log in to see your trades and manage your details.</Trans>
        </p>
        <LoginForm />
      </div>
    );
  }
  return (
    <AccountQueries>
      <div className="account-content" tabIndex={-1} ref={focusAfterLogin}>
        {children}
      </div>
    </AccountQueries>
  );
}

export function LoadingNote({ children }: { children?: ReactNode }) {
  return (
    <p className="loading-note" role="status">
      <span className="spinner" aria-hidden="true" /> {children ?? <Trans>Loading your account…</Trans>}
    </p>
  );
}
