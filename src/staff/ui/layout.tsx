// The signed-in frame of every back-office screen: a skip link, the header with the navigation (only
// what the user's roles allow), the user's name and roles, the language switch and sign-out, then the
// screen. Signed out (never signed in, or the session ended) it sends the user to the sign-in page,
// keeping where they were; while the tab asks who is signed in it says so.

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { STAFF_ROLES, type StaffRole } from '../../contracts/staff';
import { hasRole } from '../machines/session';
import { LanguageSwitch } from './language-switch';
import { FailureNote, Loading } from './page';
import { PATHS } from './paths';
import { ReceiveActorProvider } from './receive-actor';
import { useMe, useStaffServices } from './staff-context';
import { roleText } from './texts';

interface NavItem {
  readonly to: string;
  readonly label: MessageDescriptor;
  readonly roles: readonly StaffRole[];
}

export const NAV: readonly NavItem[] = [
  { to: PATHS.receive, label: msg`Receive`, roles: ['inspector'] },
  { to: PATHS.trades, label: msg`Trades`, roles: STAFF_ROLES },
  { to: PATHS.returns, label: msg`Returns`, roles: ['inspector', 'support'] },
  { to: PATHS.inbox, label: msg`Inbox`, roles: ['support'] },
  { to: PATHS.lookup, label: msg`Lookup`, roles: ['support'] },
  { to: PATHS.payouts, label: msg`Payouts`, roles: ['payouts'] },
  { to: PATHS.users, label: msg`Staff users`, roles: ['admin'] },
  { to: PATHS.audit, label: msg`Audit log`, roles: ['admin'] },
];

function Header() {
  const { i18n } = useLingui();
  const { session } = useStaffServices();
  const me = useMe();
  const signingOut = useSelector(session, (snapshot) => snapshot.matches('signingOut'));
  const failure = useSelector(session, (snapshot) => snapshot.context.failure);
  if (!me) return null;
  const roles = me.roles.map((role) => roleText(i18n, role)).join(', ');
  return (
    <header className="staff-header">
      <p className="brand">{i18n._(msg`Back office`)}</p>
      <nav aria-label={i18n._(msg`Back office`)}>
        <ul>
          {NAV.filter((item) => hasRole(me, ...item.roles)).map((item) => (
            <li key={item.to}>
              <Link to={item.to} activeOptions={{ exact: item.to === PATHS.receive }}>
                {i18n._(item.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="who">
        <p>
          <span className="name">{me.name}</span> <span className="roles">({roles})</span>
        </p>
        <LanguageSwitch />
        <button type="button" onClick={() => session.send({ type: 'session.signOut' })} disabled={signingOut}>
          {signingOut ? i18n._(msg`Signing out…`) : i18n._(msg`Sign out`)}
        </button>
      </div>
      {failure && <FailureNote failure={failure} text={i18n._(msg`Signing out did not work. Please try again.`)} />}
    </header>
  );
}

export function SignedInLayout({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const { session } = useStaffServices();
  const router = useRouter();
  const view = useSelector(session, (snapshot) =>
    snapshot.matches('checking')
      ? 'checking'
      : snapshot.matches('unavailable')
        ? 'unavailable'
        : snapshot.matches('signedOut')
          ? 'signedOut'
          : 'signedIn',
  );
  const failure = useSelector(session, (snapshot) => snapshot.context.failure);
  // Signed out: once, to the sign-in with the page the user was on (read when the session ended, not
  // on every render: the frame renders again while the navigation runs).
  useEffect(() => {
    if (view !== 'signedOut') return;
    const { href } = router.state.location;
    void router.navigate({ to: PATHS.signIn, search: { redirect: href }, replace: true });
  }, [view, router]);
  if (view === 'checking' || view === 'signedOut') return <Loading />;
  if (view === 'unavailable' && failure) {
    return (
      <main id="main" className="staff-main">
        <FailureNote failure={failure} onRetry={() => session.send({ type: 'session.retry' })} />
      </main>
    );
  }
  return (
    <ReceiveActorProvider>
      <a className="skip-link" href="#main">
        {i18n._(msg`Skip to the content`)}
      </a>
      <Header />
      <main id="main" className="staff-main" tabIndex={-1}>
        {children}
      </main>
    </ReceiveActorProvider>
  );
}

/** A screen for some roles only (the server refuses the others anyway): the others are told so. */
export function RoleGate({ roles, children }: { roles: readonly StaffRole[]; children: ReactNode }) {
  const { i18n } = useLingui();
  const me = useMe();
  if (!hasRole(me, ...roles)) {
    const needed = roles.map((role) => roleText(i18n, role)).join(', ');
    return (
      <div role="alert" className="failure">
        <p>{i18n._(msg`This screen needs one of these roles: ${needed}. Please ask an admin.`)}</p>
      </div>
    );
  }
  return <>{children}</>;
}
