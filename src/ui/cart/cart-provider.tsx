// The cart actor of the page (spec §3 checkout state), restored from IndexedDB and saved on every
// change. Its code loads after the first render, so the cart costs nothing on the initial JavaScript.

import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { CartContext, CartEvent } from '../../machines/cart';

export const CART_STORAGE_KEY = 'checkout-state';

export interface CartHandle {
  /** False until the stored cart has been restored. */
  readonly ready: boolean;
  readonly context: CartContext | null;
  send(event: CartEvent): void;
}

const CartReactContext = createContext<CartHandle>({ ready: false, context: null, send: () => undefined });

export function CartProvider({ children }: { children: ReactNode }) {
  const [handle, setHandle] = useState<CartHandle>({ ready: false, context: null, send: () => undefined });

  useEffect(() => {
    let stopped = false;
    let cleanup = () => undefined as void;
    void (async () => {
      const [{ createActor }, { cartMachine }, persistence, { pageCoverageInspector }] = await Promise.all([
        import('xstate'),
        import('../../machines/cart'),
        import('../../services/persistence'),
        import('../../services/actor-coverage'),
      ]);
      const snapshot = await persistence.restoreSnapshot(cartMachine, CART_STORAGE_KEY);
      if (stopped) return;
      const actor = createActor(cartMachine, { ...(snapshot ? { snapshot } : {}), inspect: pageCoverageInspector() });
      const send = (event: CartEvent) => actor.send(event);
      const subscription = actor.subscribe((state) => setHandle({ ready: true, context: state.context, send }));
      // The cart changes seldom and must survive an immediate reload: save without delay.
      const persisted = persistence.persistActor(actor, CART_STORAGE_KEY, { debounceMs: 0 });
      actor.start();
      setHandle({ ready: true, context: actor.getSnapshot().context, send });
      cleanup = () => {
        void persisted.flush().then(() => persisted.stop());
        subscription.unsubscribe();
        actor.stop();
      };
    })();
    return () => {
      stopped = true;
      cleanup();
    };
  }, []);

  return <CartReactContext.Provider value={handle}>{children}</CartReactContext.Provider>;
}

export function useCart(): CartHandle {
  return useContext(CartReactContext);
}
