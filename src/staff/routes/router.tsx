// The back office's route tree (decision 072): the sign-in, sign-in link and set-password pages, and behind the
// signed-in frame receiving (/), the trade search and a trade's page, the staff users, the audit
// log, the returns, the payouts with each batch's page, and the support inbox with each message's page
// and the lookup. Each screen's code loads with its route; the frame and the session come with the entry.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { createRootRoute, createRoute, createRouter, Navigate, Outlet, useParams, useRouter, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, type ComponentType, type JSX } from 'react';
import { CONTACT_SUBJECTS } from '../../config/contact';
import { LOCALES } from '../../config/locales';
import { hasRole } from '../machines/session';
import type { InboxFilter } from '../ui/inbox-screen';
import { RoleGate, SignedInLayout } from '../ui/layout';
import { FailureNote, Loading } from '../ui/page';
import { PATHS, safeRedirect } from '../ui/paths';
import { useMe, useStaffServices } from '../ui/staff-context';

/** A screen's module, loaded when its route is first shown. */
function screen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => load().then((component) => ({ default: component })));
}

const SignInScreen = screen(() => import('../ui/sign-in-screen').then((m) => m.SignInScreen));
const SetPasswordScreen = screen(() => import('../ui/set-password-screen').then((m) => m.SetPasswordScreen));
const SignInLinkScreen = screen(() => import('../ui/sign-in-link-screen').then((m) => m.SignInLinkScreen));
const ReceiveScreen = screen(() => import('../ui/receive-screen').then((m) => m.ReceiveScreen));
const TradeSearchScreen = screen(() => import('../ui/trade-search').then((m) => m.TradeSearchScreen));
const InspectionScreen = screen(() => import('../ui/inspection-screen').then((m) => m.InspectionScreen));
const UsersScreen = screen(() => import('../ui/users-screen').then((m) => m.UsersScreen));
const AuditScreen = screen(() => import('../ui/audit-screen').then((m) => m.AuditScreen));
const ReturnsScreen = screen(() => import('../ui/returns-screen').then((m) => m.ReturnsScreen));
const PayoutsScreen = screen(() => import('../ui/payouts-screen').then((m) => m.PayoutsScreen));
const BatchScreen = screen(() => import('../ui/batch-screen').then((m) => m.BatchScreen));
const InboxScreen = screen(() => import('../ui/inbox-screen').then((m) => m.InboxScreen));
const MessageScreen = screen(() => import('../ui/message-screen').then((m) => m.MessageScreen));
const LookupScreen = screen(() => import('../ui/lookup-screen').then((m) => m.LookupScreen));

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

// The search of each page, read from the URL. The route hooks are typed by the router the project
// registers, which is the shop's (src/routes/router.tsx): the back office reads its URL loosely and
// checks it with these.
type Search = Record<string, unknown>;
const signInSearch = (search: Search): { redirect?: string } => {
  const redirect = text(search.redirect);
  return redirect ? { redirect } : {};
};
const tokenSearch = (search: Search): { token?: string } => {
  const token = text(search.token);
  return token ? { token } : {};
};
const tradesSearch = (search: Search): { q?: string } => {
  const q = text(search.q);
  return q ? { q } : {};
};
const tradeSearch = (search: Search): { again?: boolean } => (search.again === true || search.again === 'true' ? { again: true } : {});
const auditSearch = (search: Search): { actor?: string; action?: string; trade?: string } => {
  const actor = text(search.actor);
  const action = text(search.action);
  const trade = text(search.trade);
  return { ...(actor && { actor }), ...(action && { action }), ...(trade && { trade }) };
};
const payoutsSearch = (search: Search): { method?: 'sepa' | 'paypal' } =>
  search.method === 'paypal' || search.method === 'sepa' ? { method: search.method } : {};
const pick = <T extends string>(value: unknown, values: readonly T[]): T | undefined =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;
const inboxSearch = (search: Search): InboxFilter => {
  const locale = pick(search.locale, LOCALES);
  const subject = pick(search.subject, CONTACT_SUBJECTS);
  const state = pick(search.state, ['open', 'closed', 'all'] as const);
  const assignee = pick(search.assignee, ['me', 'unassigned'] as const);
  const page = Number(search.page);
  return {
    ...(locale && { locale }),
    ...(subject && { subject }),
    ...(state && { state }),
    ...(assignee && { assignee }),
    ...(Number.isInteger(page) && page > 1 && page <= 10_000 && { page }),
  };
};
const usePageSearch = <T,>(read: (search: Search) => T): T => read(useSearch({ strict: false }) as Search);

function Lazy({ children }: { children: JSX.Element }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

function NotFound() {
  const { i18n } = useLingui();
  return (
    <main id="main" className="staff-main narrow">
      <h1>{i18n._(msg`Page not found`)}</h1>
      <p>
        <a href={PATHS.receive}>{i18n._(msg`To the back office`)}</a>
      </p>
    </main>
  );
}

const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: NotFound });

function SignInPage(): JSX.Element {
  const { session } = useStaffServices();
  const view = useSelector(session, (snapshot) =>
    snapshot.matches('signedOut')
      ? 'signedOut'
      : snapshot.matches('unavailable')
        ? 'unavailable'
        : snapshot.matches('checking')
          ? 'checking'
          : 'signedIn',
  );
  const signIn = useSelector(session, (snapshot) => snapshot.children.signIn);
  const failure = useSelector(session, (snapshot) => snapshot.context.failure);
  const router = useRouter();
  // Signed in: once, back to where the user was (the page renders again while the navigation runs).
  useEffect(() => {
    if (view !== 'signedIn') return;
    const { redirect } = signInSearch(router.state.location.search as Search);
    void router.navigate({ to: safeRedirect(redirect), replace: true });
  }, [view, router]);
  if (view === 'signedOut' && signIn) {
    return (
      <Lazy>
        <SignInScreen actor={signIn} />
      </Lazy>
    );
  }
  if (view === 'unavailable' && failure) {
    return (
      <main id="main" className="staff-main narrow">
        <FailureNote failure={failure} onRetry={() => session.send({ type: 'session.retry' })} />
      </main>
    );
  }
  return <Loading />;
}

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: signInSearch,
  component: SignInPage,
});

function SetPasswordPage(): JSX.Element {
  const { token } = usePageSearch(tokenSearch);
  return (
    <Lazy>
      <SetPasswordScreen token={token ?? ''} />
    </Lazy>
  );
}

const setPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/set-password',
  validateSearch: tokenSearch,
  component: SetPasswordPage,
});

function SignInLinkPage(): JSX.Element {
  const { token } = usePageSearch(tokenSearch);
  return (
    <Lazy>
      <SignInLinkScreen token={token ?? ''} />
    </Lazy>
  );
}

/** The mailed sign-in link of a locked account (decision 081): `?token=…` like the set-password link. */
const signInLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in-link',
  validateSearch: tokenSearch,
  component: SignInLinkPage,
});

const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  component: () => (
    <SignedInLayout>
      <Outlet />
    </SignedInLayout>
  ),
});

/** Receiving is the inspectors' start page; everyone else starts at the trade search. */
function ReceivePage(): JSX.Element {
  const me = useMe();
  if (!hasRole(me, 'inspector')) return <Navigate to={PATHS.trades} replace />;
  return (
    <Lazy>
      <ReceiveScreen />
    </Lazy>
  );
}

const receiveRoute = createRoute({ getParentRoute: () => appRoute, path: '/', component: ReceivePage });

function TradesPage(): JSX.Element {
  const { q } = usePageSearch(tradesSearch);
  return (
    <Lazy>
      <TradeSearchScreen q={q ?? ''} />
    </Lazy>
  );
}

const tradesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/trades',
  validateSearch: tradesSearch,
  component: TradesPage,
});

function TradePage(): JSX.Element {
  const { tradeNumber = '' } = useParams({ strict: false }) as { tradeNumber?: string };
  const { again } = usePageSearch(tradeSearch);
  return (
    <Lazy>
      <InspectionScreen key={tradeNumber} tradeNumber={tradeNumber} scannedAgain={again === true} />
    </Lazy>
  );
}

const tradeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/trades/$tradeNumber',
  validateSearch: tradeSearch,
  component: TradePage,
});

const usersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/users',
  component: () => (
    <RoleGate roles={['admin']}>
      <Lazy>
        <UsersScreen />
      </Lazy>
    </RoleGate>
  ),
});

function AuditPage(): JSX.Element {
  const search = usePageSearch(auditSearch);
  return (
    <RoleGate roles={['admin']}>
      <Lazy>
        <AuditScreen filter={{ actor: search.actor ?? '', action: search.action ?? '', trade: search.trade ?? '' }} />
      </Lazy>
    </RoleGate>
  );
}

const auditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/audit',
  validateSearch: auditSearch,
  component: AuditPage,
});

const returnsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/returns',
  component: () => (
    <RoleGate roles={['inspector', 'support']}>
      <Lazy>
        <ReturnsScreen />
      </Lazy>
    </RoleGate>
  ),
});

function PayoutsPage(): JSX.Element {
  const { method } = usePageSearch(payoutsSearch);
  return (
    <RoleGate roles={['payouts']}>
      <Lazy>
        <PayoutsScreen method={method ?? 'sepa'} />
      </Lazy>
    </RoleGate>
  );
}

const payoutsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/payouts',
  validateSearch: payoutsSearch,
  component: PayoutsPage,
});

function BatchPage(): JSX.Element {
  const { batchId = '' } = useParams({ strict: false }) as { batchId?: string };
  return (
    <RoleGate roles={['payouts']}>
      <Lazy>
        <BatchScreen key={batchId} id={batchId} />
      </Lazy>
    </RoleGate>
  );
}

const batchRoute = createRoute({ getParentRoute: () => appRoute, path: '/payouts/batches/$batchId', component: BatchPage });

function InboxPage(): JSX.Element {
  const filter = usePageSearch(inboxSearch);
  return (
    <RoleGate roles={['support']}>
      <Lazy>
        <InboxScreen filter={filter} />
      </Lazy>
    </RoleGate>
  );
}

const inboxRoute = createRoute({ getParentRoute: () => appRoute, path: '/inbox', validateSearch: inboxSearch, component: InboxPage });

function MessagePage(): JSX.Element {
  const { reference = '' } = useParams({ strict: false }) as { reference?: string };
  return (
    <RoleGate roles={['support']}>
      <Lazy>
        <MessageScreen key={reference} reference={reference} />
      </Lazy>
    </RoleGate>
  );
}

const messageRoute = createRoute({ getParentRoute: () => appRoute, path: '/inbox/$reference', component: MessagePage });

function LookupPage(): JSX.Element {
  const { q } = usePageSearch(tradesSearch);
  return (
    <RoleGate roles={['support']}>
      <Lazy>
        <LookupScreen q={q ?? ''} />
      </Lazy>
    </RoleGate>
  );
}

const lookupRoute = createRoute({ getParentRoute: () => appRoute, path: '/lookup', validateSearch: tradesSearch, component: LookupPage });

const routeTree = rootRoute.addChildren([
  signInRoute,
  signInLinkRoute,
  setPasswordRoute,
  appRoute.addChildren([
    receiveRoute,
    tradesRoute,
    tradeRoute,
    usersRoute,
    auditRoute,
    returnsRoute,
    payoutsRoute,
    batchRoute,
    inboxRoute,
    messageRoute,
    lookupRoute,
  ]),
]);

export function createStaffRouter() {
  return createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });
}
