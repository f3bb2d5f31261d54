// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, useEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSnapshot } from '../../services/persistence';
import { ApiOptionsContext } from '../api-context';
import type { AccountHandle } from './account-handle';
import { ShopActorProvider, useShopActor } from '../shop-actor';
import { ShopProvider, makeShop } from '../shop-context';
import { useAccount } from './account-provider';
import { CUSTOMER_ID, accessToken, customer } from '../../machines/auth.fixtures';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PASSWORD = 'Kölner-Dom-1248';
const jwt = (id: number) => accessToken({}, id);

const calls: string[] = [];
const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const path = new URL(String(input)).pathname;
  calls.push(`${init?.method ?? 'GET'} ${path}`);
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  if (path === '/api/account/login')
    return json({ access_token: jwt(1), refresh_token: 'refresh-1', token_type: 'Bearer', expires_in: 300, refresh_expires_in: 86_400 });
  if (path === '/api/customers/customers') return json(customer);
  if (path === '/api/customers/trade_history') return json({ trades: [] });
  return json({ success: true });
}) as typeof globalThis.fetch;

const API = { baseURL: 'http://shop.test', fetch };

/** One browser tab with the provider; `current()` is the latest handle it rendered. */
function tab() {
  let latest: AccountHandle | null = null;
  let first: AccountHandle | null = null;
  function Probe() {
    latest = useAccount();
    first ??= latest;
    return null;
  }
  const container = document.createElement('div');
  const root: Root = createRoot(container);
  // The route tree's part: the router's navigations (none happen here).
  function Navigation() {
    const { attachNavigation } = useShopActor();
    useEffect(
      () =>
        attachNavigation({
          current: () => 'accountOverview',
          subscribe: () => () => undefined,
          view: () => ({ screen: 'account', path: '/', device: null, searchTerm: null }),
          showThankYou: () => undefined,
        }),
      [attachNavigation],
    );
    return null;
  }
  const render = (children: ReactNode) =>
    act(() =>
      root.render(
        <ApiOptionsContext.Provider value={API}>
          <ShopProvider shop={makeShop({ locale: 'de', mode: 'default', languageSwitchable: false })}>{children}</ShopProvider>
        </ApiOptionsContext.Provider>,
      ),
    );
  return {
    mount: () =>
      render(
        <ShopActorProvider>
          <Navigation />
          <Probe />
        </ShopActorProvider>,
      ),
    current: () => latest as AccountHandle,
    /** What the first render showed (a first visit may be settled by the time the mount returns). */
    firstRendered: () => first as AccountHandle,
    unmount: () => act(() => root.unmount()),
  };
}

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
  expect(check()).toBe(true);
}

const tabs: ReturnType<typeof tab>[] = [];
afterEach(async () => {
  for (const t of tabs.splice(0)) await t.unmount();
});

describe("useAccount (the shop actor's session)", () => {
  it('is not ready on the first render, then logged out without a stored session; a log-in starts the session; the stored session has no password', async () => {
    const a = tab();
    tabs.push(a);
    document.cookie = 'consent=1.all; path=/';
    await a.mount();
    expect(a.firstRendered().ready).toBe(false);
    // A call made before the session is loaded waits for it (and then finds nobody logged in).
    const early = a
      .current()
      .customerApi.getTradeHistory()
      .catch((e: unknown) => e);
    await until(() => a.current().ready);
    expect(await early).toMatchObject({ name: 'SessionEndedError' });
    expect(a.current().isLoggedIn).toBe(false);

    await act(async () => a.current().login({ email: 'erika@example.com', password: PASSWORD, rememberMe: true }));
    await until(() => a.current().customerData !== null);
    expect(a.current()).toMatchObject({
      isLoggedIn: true,
      email: 'erika@example.com',
      customerId: CUSTOMER_ID,
      customerNumber: 'K-100042',
      busy: false,
    });
    // The login event reaches the data layer once the consent check (1 s after start) found the consent.
    for (let i = 0; i < 40 && !(window.dataLayer ?? []).some((e) => e.event === 'login'); i++)
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(window.dataLayer).toContainEqual({ event: 'login', method: 'password' });
    const rendered = a.current();
    await act(async () => {
      await expect(a.current().customerApi.getTradeHistory()).resolves.toEqual([]);
      await expect(a.current().getAccessToken()).resolves.toBe(jwt(1));
    });
    expect(a.current()).toBe(rendered); // token checks do not re-render the page

    let stored: unknown;
    await until(() => {
      void loadSnapshot('account-session').then((value) => (stored = value));
      return JSON.stringify(stored ?? null).includes('refresh-1');
    });
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);
  });

  // Continues from the session the test above stored (same IndexedDB, as two page loads would).
  it('another tab restores the stored session and follows a logout', async () => {
    const b = tab();
    tabs.push(b);
    await b.mount();
    await until(() => b.current().ready);
    expect(b.current().isLoggedIn).toBe(true);
    expect(calls.filter((c) => c === 'POST /api/account/login')).toHaveLength(1);

    const c = tab();
    tabs.push(c);
    await c.mount();
    await until(() => c.current().ready);
    await act(async () => c.current().logout());
    await until(() => !c.current().isLoggedIn);
    await until(() => !b.current().isLoggedIn);
    expect(b.current()).toMatchObject({ email: null, customerId: null, customerNumber: null });
  });
});
