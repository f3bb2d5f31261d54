// The cart of the page: the shop actor's cart (src/machines/cart.ts), restored from IndexedDB and
// saved on every change by the shop actor. Before the actor runs, an empty cart if nothing is stored.

import type { ActorRefFrom } from 'xstate';
import type { CartContext, CartEvent, CartMachine } from '../../machines/cart';
import { useActorState, useShopActor } from '../shop-actor';

export interface CartHandle {
  /** False until the stored cart has been restored (or it is known that there is none). */
  readonly ready: boolean;
  readonly context: CartContext | null;
  send(event: CartEvent): void;
}

const EMPTY_CART: CartContext = {
  cart: [],
  cartExpiry: 0,
  offerIds: [],
  transactionId: 0,
  lastTrade: null,
  B2BMode: false,
  B2BSwitchable: false,
};

export function useCart(): CartHandle {
  const { runtime, settled, whenRunning } = useShopActor();
  const cart = runtime?.actor.system.get('cart') as ActorRefFrom<CartMachine> | undefined;
  const context = useActorState(cart, (snapshot) => snapshot.context, null);
  return {
    ready: settled,
    context: context ?? (settled ? EMPTY_CART : null),
    // Before the shop actor runs (a first visit starts it lazily), an event starts it and waits for it.
    send: (event) =>
      cart
        ? cart.send(event)
        : whenRunning((started) => (started.actor.system.get('cart') as ActorRefFrom<CartMachine> | undefined)?.send(event)),
  };
}
