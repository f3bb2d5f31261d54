// The account session of the page (product §3 Account session, §4 Login): what useAccount() shows of
// the shop actor's session (src/machines/auth.ts, run by src/machines/shop.ts). Before the shop
// actor runs the page is logged out when nothing is stored; calls made meanwhile start the actor and
// wait for it (decision 020).

import { useMemo, useRef } from 'react';
import type { AuthActor, AuthSnapshot } from '../../machines/auth';
import { sessionFromAnswer } from '../../machines/auth-session';
import type { ShopRuntime } from '../../machines/shop.runtime';
import type { CustomerApi } from '../../services/customer-data';
import type { TokenAnswer } from '../../contracts/account';
import { useActorState, useShopActor } from '../shop-actor';
import type { AccountHandle } from './account-handle';

type SessionView = Omit<AccountHandle, 'login' | 'openSession' | 'logout' | 'getAccessToken' | 'customerApi'>;

const notReady: SessionView = {
  ready: false,
  isLoggedIn: false,
  busy: false,
  email: null,
  customerId: null,
  customerNumber: null,
  customerData: null,
  loginFailure: null,
  retryAfterSeconds: null,
};

function viewOf(snapshot: AuthSnapshot): SessionView {
  const { context } = snapshot;
  return {
    ready: true,
    isLoggedIn: context.isLoggedIn,
    busy: snapshot.matches('loggingIn'),
    email: context.email,
    customerId: context.customerId,
    customerNumber: context.customerNumber,
    customerData: context.customerData,
    loginFailure: context.loginFailure,
    retryAfterSeconds: context.retryAfterSeconds,
  };
}

// Token checks and refreshes change no field of the view: keep the same object, so consumers do not re-render.
const sameView = (a: SessionView, b: SessionView) => (Object.keys(notReady) as (keyof SessionView)[]).every((key) => a[key] === b[key]);

// Every CustomerApi method (the compiler checks the list is complete).
const CUSTOMER_API_METHODS = {
  getCustomer: true,
  getAddresses: true,
  patchAddress: true,
  getBankAccounts: true,
  patchBankAccount: true,
  getPaypalAccounts: true,
  patchPaypalAccount: true,
  createPaymentAccount: true,
  claimGuestTrades: true,
  createPhone: true,
  patchPhone: true,
  patchPerson: true,
  getTradeHistory: true,
  correctTradePayout: true,
  getSavedOffers: true,
  changePassword: true,
  deleteAccount: true,
} as const satisfies Record<keyof CustomerApi, true>;

/** A CustomerApi whose calls wait until the session is loaded, then run on the real one. */
function deferredCustomerApi(running: () => Promise<ShopRuntime>): CustomerApi {
  const methods = Object.keys(CUSTOMER_API_METHODS) as (keyof CustomerApi)[];
  return Object.fromEntries(
    methods.map((method) => [
      method,
      (...args: unknown[]) => running().then(({ customerApi }) => (customerApi[method] as (...a: unknown[]) => Promise<unknown>)(...args)),
    ]),
  ) as unknown as CustomerApi;
}

/** The logged-out view of a page whose shop actor does not run (nothing stored). */
const loggedOut: SessionView = { ...notReady, ready: true };

export function useAccount(): AccountHandle {
  const { runtime, settled, whenRunning } = useShopActor();
  const session = runtime?.actor.system.get('session') as AuthActor | undefined;
  // The same object while no field of the view changed: consumers do not re-render.
  const last = useRef<SessionView>(notReady);
  const view = useActorState(
    session,
    (snapshot: AuthSnapshot) => {
      const next = viewOf(snapshot);
      if (!sameView(last.current, next)) last.current = next;
      return last.current;
    },
    settled ? loggedOut : notReady,
  );
  const running = useRef(whenRunning);
  running.current = whenRunning;
  const actions = useMemo(() => {
    const whenUp = () => new Promise<ShopRuntime>((resolve) => running.current(resolve));
    const sessionOf = (r: ShopRuntime) => r.actor.system.get('session') as AuthActor;
    return {
      login: (input: { email: string; password: string; rememberMe: boolean }) =>
        void whenUp().then((r) => sessionOf(r).send({ type: 'session.login', ...input })),
      // The tokens a sign-in link opened (decision 077): the session takes them over like a session of another tab.
      openSession: (answer: TokenAnswer) => {
        const session = sessionFromAnswer(answer, Math.floor(Date.now() / 1000));
        if (session) void whenUp().then((r) => sessionOf(r).send({ type: 'session.adopt', session }));
      },
      logout: () => void whenUp().then((r) => sessionOf(r).send({ type: 'session.logout' })),
      getAccessToken: () => whenUp().then((r) => r.tokens.accessToken()),
      customerApi: deferredCustomerApi(whenUp),
    };
  }, []);
  return useMemo<AccountHandle>(() => ({ ...view, ...actions }), [view, actions]);
}
