// The account session of the page (spec §3 Account session, §4 Login): runs the auth machine, restores
// and stores the session (IndexedDB, key 'account-session'), follows logins, refreshes and logouts of
// the shop's other tabs, and hands out useAccount(). Like the cart, its code (xstate, zod, the machine
// and the account services) loads after the first render: it costs nothing on the initial JavaScript
// (decision 007). Until then the handle is not `ready`; calls made meanwhile wait for the session.

import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AuthActor, AuthSnapshot } from '../../machines/auth';
import type { CustomerApi } from '../../services/customer-data';
import type { TokenSource } from '../../services/session-tokens';
import { useApiClient } from '../api-context';
import type { AccountHandle } from './account-handle';

type SessionView = Omit<AccountHandle, 'login' | 'logout' | 'getAccessToken' | 'customerApi'>;

interface LoadedSession {
  readonly actor: AuthActor;
  readonly tokens: TokenSource;
  readonly customerApi: CustomerApi;
}

/** Tabs of the same shop tell each other their session changes (a refresh rotates the refresh token). */
const SYNC_CHANNEL = 'account-session';

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
  changePassword: true,
  deleteAccount: true,
} as const satisfies Record<keyof CustomerApi, true>;

/** A CustomerApi whose calls wait until the session is loaded, then run on the real one. */
function deferredCustomerApi(loaded: () => Promise<LoadedSession>): CustomerApi {
  const methods = Object.keys(CUSTOMER_API_METHODS) as (keyof CustomerApi)[];
  return Object.fromEntries(
    methods.map((method) => [method, (...args: unknown[]) => loaded().then(({ customerApi }) => (customerApi[method] as (...a: unknown[]) => Promise<unknown>)(...args))]),
  ) as unknown as CustomerApi;
}

/** The loaded session of the provider; callers before the load (or between remounts) wait for it. */
function sessionSlot() {
  let current: LoadedSession | null = null;
  let resolveNext: (loaded: LoadedSession) => void = () => undefined;
  let next = new Promise<LoadedSession>((resolve) => (resolveNext = resolve));
  return {
    get: (): Promise<LoadedSession> => (current ? Promise.resolve(current) : next),
    set(loaded: LoadedSession) {
      current = loaded;
      resolveNext(loaded);
    },
    clear() {
      current = null;
      next = new Promise<LoadedSession>((resolve) => (resolveNext = resolve));
    },
  };
}

interface Stable {
  readonly slot: ReturnType<typeof sessionSlot>;
  readonly actions: Pick<AccountHandle, 'login' | 'logout' | 'getAccessToken' | 'customerApi'>;
}

function stableParts(): Stable {
  const slot = sessionSlot();
  return {
    slot,
    actions: {
      login: (input) => void slot.get().then(({ actor }) => actor.send({ type: 'session.login', ...input })),
      logout: () => void slot.get().then(({ actor }) => actor.send({ type: 'session.logout' })),
      getAccessToken: () => slot.get().then(({ tokens }) => tokens.accessToken()),
      customerApi: deferredCustomerApi(slot.get),
    },
  };
}

const AccountReactContext = createContext<AccountHandle>({ ...notReady, ...stableParts().actions });

export function AccountProvider({ children }: { children: ReactNode }) {
  const api = useApiClient();
  const [stable] = useState(stableParts);
  const [view, setView] = useState<SessionView>(notReady);

  useEffect(() => {
    let stopped = false;
    let cleanup = () => undefined as void;
    void (async () => {
      const [{ createActor }, auth, account, customerData, persistence, { pageCoverageInspector }] = await Promise.all([
        import('xstate'),
        import('../../machines/auth'),
        import('../../services/account'),
        import('../../services/customer-data'),
        import('../../services/persistence'),
        import('../../services/actor-coverage'),
      ]);
      const snapshot = await persistence.restoreSnapshot(auth.authMachine, auth.ACCOUNT_SESSION_KEY, { validate: (s) => auth.storedSession(s) !== null });
      if (stopped) return;

      const machine = auth.authMachineWith({
        login: async (request) => account.login(await api(), request),
        refresh: async (input) => account.refreshLogin(await api(), input),
        logout: async (input) => account.logout(await api(), input),
        // Runs only after start, when customerApi (below) exists.
        loadCustomer: () => customerApi.getCustomer(),
      });
      const stored = auth.storedSession(snapshot);
      const actor = createActor(machine, { input: { session: stored }, inspect: pageCoverageInspector() });
      const tokens = auth.createTokenSource(actor);
      const customerApi = customerData.createCustomerApi({ api, session: tokens });

      const show = (state: AuthSnapshot) => {
        const next = viewOf(state);
        setView((previous) => (sameView(previous, next) ? previous : next));
      };
      const viewing = actor.subscribe(show);
      // Saved without delay: a refresh rotates the refresh token, and the old one is refused afterwards.
      const persisted = persistence.persistActor(auth.persistableSession(actor, stored), auth.ACCOUNT_SESSION_KEY, { debounceMs: 0 });

      // Other tabs: adopt their session changes, tell them ours (not the ones adopted from them).
      const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SYNC_CHANNEL) : null;
      let adopting = false;
      if (channel) {
        channel.onmessage = (message: MessageEvent<unknown>) => {
          const session = auth.AccountSessionSchema.safeParse(message.data);
          if (!session.success) return;
          adopting = true;
          try {
            actor.send({ type: 'session.adopt', session: auth.sessionOf(session.data) });
          } finally {
            adopting = false;
          }
        };
      }
      // The same change notifications as the storage, counted from now: a start broadcasts nothing.
      const sharing = auth.persistableSession(actor).subscribe({
        next: () => {
          if (!adopting) channel?.postMessage(auth.sessionOf(actor.getSnapshot().context));
        },
      });

      actor.start();
      show(actor.getSnapshot());
      stable.slot.set({ actor, tokens, customerApi });
      cleanup = () => {
        stable.slot.clear();
        void persisted.flush().then(() => persisted.stop());
        sharing.unsubscribe();
        viewing.unsubscribe();
        channel?.close();
        actor.stop();
      };
    })();
    return () => {
      stopped = true;
      cleanup();
    };
  }, [api, stable]);

  const handle = useMemo<AccountHandle>(() => ({ ...view, ...stable.actions }), [view, stable]);
  return <AccountReactContext.Provider value={handle}>{children}</AccountReactContext.Provider>;
}

export function useAccount(): AccountHandle {
  return useContext(AccountReactContext);
}
