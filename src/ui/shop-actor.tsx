// Hands the page its shop actor (src/machines/shop.ts) and its consent actor (src/machines/consent.ts).
// The shop actor's code (XState, zod, the machines) loads only when it is needed: at once when this
// browser stored a session, a cart or a checkout, otherwise when a screen asks for it (start()), e.g.
// on the first answer of a device's questions, the log-in or the checkout (decision 020). The consent
// actor (XState and the consent machine, a few KB) starts after the first render on every page: its
// banner check runs 1 second after start (product §4, decision 027).

import { businessFlagOf } from '../config/brands';
import { useRouter } from '@tanstack/react-router';
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { ConsentActor } from '../machines/consent';
import type { ShopNavigation, ShopRuntime } from '../machines/shop.runtime';
import type { PageView, PageViews } from '../machines/tracking.runtime';
import { SESSION_CHANNEL, STORAGE_KEYS } from '../services/storage-keys';
import { hasStored } from '../services/stored';
import { useApiClient } from './api-context';
import { useShop } from './shop-context';

interface ShopActorHandle {
  /** The running shop actor with the session's tokens and customer API; null until started. */
  readonly runtime: ShopRuntime | null;
  /** True once the runtime runs, or once it is known that nothing is stored (an empty cart, logged out). */
  readonly settled: boolean;
  /** Loads and starts the shop actor if it is not running yet. */
  start(): void;
  /** Runs `use` with the runtime as soon as it runs (starting it). */
  whenRunning(use: (runtime: ShopRuntime) => void): void;
  /** The consent actor of the page; null until it started (after the first render). */
  readonly consent: ConsentActor | null;
  attachNavigation(navigation: ShopNavigation & PageViews): void;
}

/**
 * The model-based tests' coverage recorder, loaded only when a test asked for it
 * (`window.__modelCoverage`, src/contracts/actor-coverage.ts): a seller's page never fetches it.
 */
async function coverageInspector() {
  if (typeof window === 'undefined' || window.__modelCoverage === undefined) return undefined;
  const { pageCoverageInspector } = await import('../contracts/actor-coverage');
  return pageCoverageInspector();
}

const ShopActorContext = createContext<ShopActorHandle>({
  runtime: null,
  settled: false,
  consent: null,
  start: () => undefined,
  whenRunning: () => undefined,
  attachNavigation: () => undefined,
});

export function ShopActorProvider({ children }: { children: ReactNode }) {
  const api = useApiClient();
  const shop = useShop();
  const [wanted, setWanted] = useState(false);
  const [nothingStored, setNothingStored] = useState(false);
  const [navigation, setNavigation] = useState<(ShopNavigation & PageViews) | null>(null);
  const [consent, setConsent] = useState<ConsentActor | null>(null);
  const [runtime, setRuntime] = useState<ShopRuntime | null>(null);
  // The running runtime for callbacks made before a render shows it; calls waiting for it.
  const running = useRef<ShopRuntime | null>(null);
  const waiting = useRef<((runtime: ShopRuntime) => void)[]>([]);

  // What the provider learns while the page starts (the router, what is stored, the consent and shop
  // actors) changes its context value: each re-render is a transition, which React renders in slices
  // that yield to the browser, so a tap during start-up is answered at once (decision 062).
  useEffect(() => {
    let active = true;
    // IndexedDB's client loads after the first render too, and only when there is a database (decision 007).
    void hasStored(Object.values(STORAGE_KEYS)).then((stored) => {
      if (!active) return;
      startTransition(() => (stored ? setWanted(true) : setNothingStored(true)));
    });
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    if (!wanted || !navigation) return;
    let stopped = false;
    let started: ShopRuntime | null = null;
    void (async () => {
      const [{ startShop }, inspect] = await Promise.all([import('../machines/shop.runtime'), coverageInspector()]);
      if (stopped) return;
      started = await startShop({ locale: shop.locale, b2b: businessFlagOf(shop.mode), api, navigation, ...(inspect ? { inspect } : {}) });
      if (stopped) return void started.stop();
      running.current = started;
      startTransition(() => setRuntime(started));
      for (const use of waiting.current.splice(0)) use(started);
    })();
    return () => {
      stopped = true;
      running.current = null;
      setRuntime(null);
      void started?.stop();
    };
  }, [wanted, navigation, api, shop.locale, shop.mode]);

  // The consent actor and the page tracking: on every page, once the router is attached.
  useEffect(() => {
    if (!navigation) return;
    let stopped = false;
    let started: { actor: ConsentActor; stop(): void } | null = null;
    void Promise.all([import('../machines/consent.runtime'), coverageInspector()]).then(([{ startConsent }, inspect]) => {
      if (stopped) return;
      started = startConsent({
        locale: shop.locale,
        banner: shop.country.features.hasConsentBanner,
        api,
        pages: navigation,
        ...(inspect ? { inspect } : {}),
      });
      const { actor } = started;
      startTransition(() => setConsent(actor));
    });
    return () => {
      stopped = true;
      setConsent(null);
      started?.stop();
    };
  }, [navigation, api, shop.locale, shop.country.features.hasConsentBanner]);

  // Before the actor runs, another tab may log in: its announcement starts the actor, which takes it over.
  useEffect(() => {
    if (runtime || typeof BroadcastChannel !== 'function') return;
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    channel.onmessage = (message: MessageEvent<unknown>) => {
      waiting.current.push((started) => started.adopt(message.data));
      setWanted(true);
    };
    return () => channel.close();
  }, [runtime]);

  const start = useCallback(() => setWanted(true), []);
  const attachNavigation = useCallback((attached: ShopNavigation & PageViews) => startTransition(() => setNavigation(attached)), []);
  const whenRunning = useCallback((use: (runtime: ShopRuntime) => void) => {
    if (running.current) return use(running.current);
    waiting.current.push(use);
    setWanted(true);
  }, []);
  const handle = useMemo<ShopActorHandle>(
    // With nothing stored the page is settled at once (logged out, an empty cart), also while the actor loads.
    () => ({ runtime, settled: runtime !== null || nothingStored, start, whenRunning, consent, attachNavigation }),
    [runtime, nothingStored, start, whenRunning, consent, attachNavigation],
  );
  return <ShopActorContext.Provider value={handle}>{children}</ShopActorContext.Provider>;
}

const subscribeToNothing = () => () => undefined;

/** False while React hydrates the server's HTML (it must render what the server rendered), true after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * The shop actor of the page. While a part of the page hydrates it reads as the server rendered it
 * (no actor, not settled): a page module that arrives after the provider learned that nothing is
 * stored must still hydrate the server's "loading" markup, then re-render.
 */
export function useShopActor(): ShopActorHandle {
  const handle = useContext(ShopActorContext);
  const hydrated = useHydrated();
  return useMemo(() => (hydrated ? handle : { ...handle, runtime: null, settled: false }), [hydrated, handle]);
}

/** Asks for the shop actor when the screen mounts (the checkout, the account screens). */
export function useStartShopActor(): ShopActorHandle {
  const handle = useShopActor();
  const { start } = handle;
  useEffect(() => start(), [start]);
  return handle;
}

type Subscribable<S> = { subscribe(observer: () => void): { unsubscribe(): void }; getSnapshot(): S };

/**
 * The selected part of an actor's snapshot (`fallback` without an actor), re-rendering on change.
 * `select` must return the same value for an unchanged snapshot (a context object, a primitive).
 * A small stand-in for @xstate/react's useSelector, which would bring XState into every page.
 */
export function useActorState<S, T>(actor: Subscribable<S> | undefined, select: (snapshot: S) => T, fallback: T): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => undefined;
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const read = () => (actor ? select(actor.getSnapshot()) : fallback);
  return useSyncExternalStore(subscribe, read, () => fallback);
}

/**
 * The screen name of the current route: what product §4's transactionId rule reads. A route whose
 * loader found nothing (an unknown device or series) shows the not-found page: no screen, so its
 * page view has page type 404 (product §2.5), like a path that matches no route.
 */
function screenOf(router: ReturnType<typeof useRouter>): string {
  const { matches } = router.state;
  if (matches.some((match) => match.status === 'notFound' || match._notFound === true)) return '';
  return String(matches.at(-1)?.staticData.screen ?? '');
}

/** The page shown now, as the tracking reads it (its device from the loader data, the search's words from the history state). */
function pageViewOf(router: ReturnType<typeof useRouter>): PageView {
  const match = router.state.matches.at(-1);
  const data = match?.loaderData as { kind?: string; device?: { id: number; name: string; category: string } } | undefined;
  const device =
    data?.kind === 'device' && data.device ? { id: data.device.id, name: data.device.name, category: data.device.category } : null;
  return {
    screen: screenOf(router),
    path: router.state.location.pathname,
    device,
    searchTerm: router.state.location.state.searchTerm ?? null,
  };
}

/** Gives the shop actor the router (navigations, the thank-you page); rendered inside the route tree. */
export function ShopRouterBridge() {
  const router = useRouter();
  const shop = useShop();
  const { attachNavigation } = useShopActor();
  useEffect(
    () =>
      attachNavigation({
        current: () => screenOf(router),
        view: () => pageViewOf(router),
        subscribe: (listener) => router.subscribe('onResolved', () => listener(screenOf(router))),
        showThankYou: () => void router.navigate({ to: shop.path('thankYou') }),
      }),
    [router, shop, attachNavigation],
  );
  return null;
}
