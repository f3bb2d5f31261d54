// Starts the shop actor of a browser tab: restores what this browser stored (session, cart, a
// checkout in progress), runs the actor, stores every change again (IndexedDB), shares session
// changes with the shop's other tabs (BroadcastChannel) and tells the cart about navigations.
// Its code loads only when the page needs the actor (see src/ui/shop-actor.tsx).

import { createActor, type ActorRefFrom, type AnyActorRef, type InspectionEvent } from 'xstate';
import type { Locale } from '../config/locales';
import type { ApiClient } from '../services/api-client';
import { createCustomerApi, type CustomerApi } from '../services/customer-data';
import { clearSnapshot, loadSnapshot, persistActor, persistableView, saveSnapshot, type PersistHandle } from '../services/persistence';
import type { TokenSource } from '../services/session-tokens';
import { SESSION_CHANNEL, STORAGE_KEYS } from '../services/storage-keys';
import { ACCOUNT_SESSION_KEY, createTokenSource, persistableSession, sameSession, sessionSnapshot, type AuthActor } from './auth';
import { sessionOf } from './auth-session';
import { AccountSessionSchema, storedSession } from './auth.stored';
import { restoredCart, type CartMachine } from './cart';
import { resumableCheckout, storedCheckoutOf, type CheckoutMachine } from './checkout';
import { offerStorageKey, storedOfferOf, type OfferMachine } from './offer';
import type { ShopActor } from './shop';
import { realShopMachine } from './shop.actors';

const CART_STORAGE_KEY = STORAGE_KEYS.cart;
const CHECKOUT_STORAGE_KEY = STORAGE_KEYS.checkout;

export interface ShopNavigation {
  /** The screen name of the current route (product §4: the transactionId rule reads it). */
  current(): string;
  /** Calls `listener` with the screen name after every navigation; returns the unsubscribe. */
  subscribe(listener: (screen: string) => void): () => void;
  showThankYou(): void;
}

export interface ShopRuntimeOptions {
  readonly locale: Locale;
  readonly b2b: boolean;
  readonly api: () => Promise<ApiClient>;
  readonly navigation: ShopNavigation;
  readonly inspect?: (event: InspectionEvent) => void;
}

export interface ShopRuntime {
  readonly actor: ShopActor;
  readonly tokens: TokenSource;
  readonly customerApi: CustomerApi;
  /** Takes over a session another tab announced (a message on SESSION_CHANNEL). */
  adopt(data: unknown): void;
  stop(): Promise<void>;
}

async function restore<T>(key: string, read: (stored: unknown) => T | null): Promise<T | null> {
  const stored = await loadSnapshot<unknown>(key);
  if (stored === undefined) return null;
  const value = read(stored);
  if (value === null) await clearSnapshot(key);
  return value;
}

export async function startShop(options: ShopRuntimeOptions): Promise<ShopRuntime> {
  const [session, cart, checkout] = await Promise.all([
    restore(ACCOUNT_SESSION_KEY, storedSession),
    restore(CART_STORAGE_KEY, restoredCart),
    restore(CHECKOUT_STORAGE_KEY, resumableCheckout),
  ]);

  // The session child exists once the actor starts; the token source asks it then.
  const sessionRef = () => actor.system.get('session') as AuthActor;
  const lazySession = {
    send: (event: Parameters<AuthActor['send']>[0]) => sessionRef().send(event),
    subscribe: ((...args: Parameters<AuthActor['subscribe']>) => sessionRef().subscribe(...args)) as AuthActor['subscribe'],
    getSnapshot: () => sessionRef().getSnapshot(),
  } as AuthActor;
  const tokens = createTokenSource(lazySession);
  const customerApi = createCustomerApi({ api: options.api, session: tokens });

  const actor: ShopActor = createActor(
    realShopMachine({
      api: options.api,
      tokens: () => tokens,
      customerApi: () => customerApi,
      showThankYou: options.navigation.showThankYou,
    }),
    {
      input: { locale: options.locale, b2b: options.b2b, session, cart, checkout },
      ...(options.inspect ? { inspect: options.inspect } : {}),
    },
  );
  actor.start();

  const cartRef = actor.system.get('cart') as ActorRefFrom<CartMachine>;
  // Saved without delay: the cart and the session must survive an immediate reload (a refresh
  // rotates the refresh token, and the old one is refused afterwards).
  const persisted: PersistHandle[] = [
    persistActor(persistableSession(sessionRef(), session), ACCOUNT_SESSION_KEY, { debounceMs: 0 }),
    persistActor(cartRef, CART_STORAGE_KEY, { debounceMs: 0 }),
  ];
  // The start may already have changed the stored session (product §4: a session without a customer
  // number is logged out): store that at once, before any other change.
  const started = sessionOf(sessionRef().getSnapshot().context);
  if (session && !sameSession(started, session)) await saveSnapshot(ACCOUNT_SESSION_KEY, sessionSnapshot(started));

  // The flow actors come and go: each is stored while it runs.
  const flows = new Map<AnyActorRef, PersistHandle>();
  const followFlows = actor.subscribe(() => {
    const { children } = actor.getSnapshot();
    const checkoutRef = children.checkout as ActorRefFrom<CheckoutMachine> | undefined;
    const offerRef = children.offer as ActorRefFrom<OfferMachine> | undefined;
    for (const [ref, handle] of flows) {
      if (ref !== checkoutRef && ref !== offerRef) {
        flows.delete(ref);
        void handle.stop();
      }
    }
    if (checkoutRef && !flows.has(checkoutRef)) {
      const handle = persistActor(
        persistableView(checkoutRef, (s) => storedCheckoutOf(s.context)),
        CHECKOUT_STORAGE_KEY,
        { debounceMs: 0 },
      );
      // A finished checkout is nothing to go on with (the cart keeps the trade for the thank-you page),
      // and the stored offer flows of the devices it sold would offer sold offers on their pages.
      checkoutRef.subscribe({
        complete: () => {
          const sold = checkoutRef.getSnapshot().output?.trade?.items.map((item) => item.deviceId) ?? [];
          void handle
            .stop()
            .then(() =>
              Promise.all([clearSnapshot(CHECKOUT_STORAGE_KEY), ...sold.map((deviceId) => clearSnapshot(offerStorageKey(deviceId)))]),
            );
        },
      });
      flows.set(checkoutRef, handle);
    }
    if (offerRef && !flows.has(offerRef)) {
      const key = offerStorageKey(offerRef.getSnapshot().context.device.id);
      flows.set(
        offerRef,
        persistActor(
          persistableView(offerRef, (s) => storedOfferOf(s.context)),
          key,
          { debounceMs: 0 },
        ),
      );
    }
  });

  // Other tabs: adopt their session changes, tell them ours (not the ones adopted from them).
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : null;
  let adopting = false;
  const adopt = (data: unknown) => {
    const parsed = AccountSessionSchema.safeParse(data);
    if (!parsed.success) return;
    adopting = true;
    try {
      sessionRef().send({ type: 'session.adopt', session: sessionOf(parsed.data) });
    } finally {
      adopting = false;
    }
  };
  if (channel) channel.onmessage = (message: MessageEvent<unknown>) => adopt(message.data);
  // The same change notifications as the storage, counted from now: a start broadcasts nothing.
  const sharing = persistableSession(sessionRef()).subscribe({
    next: () => {
      if (!adopting) channel?.postMessage(sessionOf(sessionRef().getSnapshot().context));
    },
  });

  // Product §4: the transactionId survives only a navigation to the thank-you page.
  const navigated = (screen: string) => cartRef.send({ type: 'cart.navigated', routeName: screen });
  navigated(options.navigation.current());
  const unsubscribeNavigation = options.navigation.subscribe(navigated);

  return {
    actor,
    tokens,
    customerApi,
    adopt,
    async stop() {
      unsubscribeNavigation();
      sharing.unsubscribe();
      channel?.close();
      followFlows.unsubscribe();
      await Promise.all([...persisted, ...flows.values()].map((handle) => handle.stop()));
      actor.stop();
    },
  };
}
