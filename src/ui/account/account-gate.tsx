// What every account screen shows before its content: a polite "loading" until the stored session is
// restored, the log-in form when nobody is logged in, else the screen (with the account data cache);
// and for a part of a screen, "loading" while its data loads or what failed when it could not.

import type { MessageDescriptor } from '@lingui/core';
import { Trans } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { readApiFailure } from '../../services/api-failure';
import { FormFailure } from '../form/form-status';
import { AccountQueries } from './account-queries';
import { useAccount } from './account-provider';
import { LoginForm } from './login-form';
import { NoScriptNote } from './noscript-note';
import '../form/form.css';
import './account.css';

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

/** A part whose data could not be loaded (TanStack Query's failed result): what, whatever the failure's kind, and a retry. */
export function QueryProblem({
  query,
  text,
}: {
  query: { readonly error: unknown; readonly isFetching: boolean; refetch: () => unknown };
  text: MessageDescriptor;
}) {
  return (
    <FormFailure failure={readApiFailure(query.error)} otherwise={text} onRetry={() => void query.refetch()} retrying={query.isFetching} />
  );
}
