// The shop actor (docs/architecture.md, decision 020): the one root actor of a browser tab. It owns the
// long-lived actors (the account session and the cart) and the flow actors that pages open (the
// offer of a device page, the checkout), and wires them with events: the cart's changes reach the
// checkout, the session decides the checkout's identity, an accepted offer goes into the cart, and a
// finished checkout sells the cart and shows the thank-you page. Components only select and send.
// ./shop.actors.ts provides the real children; tests provide fakes with `wire*` around them.

import { assign, fromPromise, or, sendParent, sendTo, setup, spawnChild, stopChild, type ActorRefFrom } from 'xstate';
import { countryConfig } from '../config/countries';
import type { Locale } from '../config/locales';
import type { Offer } from '../contracts/offers';
import type { Trade } from '../contracts/trades';
import type { Device } from '../services/catalogue/entities';
import { track } from '../services/tracking';
import { itemOf } from '../services/tracking-events';
import { authMachine, type AuthMachine } from './auth';
import { type AccountSession } from './auth-session';
import {
  cartLineFromOffer,
  cartMachine,
  cartTotal,
  lineToReplace,
  quantitiesOf,
  type CartContext,
  type CartPlacement,
  type CartLine,
  type CartMachine,
} from './cart';
import { checkoutMachine, type AccountPrefill, type CheckoutContext } from './checkout';
import { offerMachine, type OfferMachine } from './offer';

export interface ShopInput {
  readonly locale: Locale;
  /** The partner widget mode trades as a business (product §6). */
  readonly b2b: boolean;
  /** What this browser stored: the session, the cart, a checkout in progress. */
  readonly session: AccountSession | null;
  readonly cart: CartContext | null;
  readonly checkout: CheckoutContext | null;
}

export interface ShopContext {
  readonly locale: Locale;
  /** The stored checkout, resumed when the checkout page opens the checkout; used once. */
  readonly storedCheckout: CheckoutContext | null;
  /** The logged-in customer's e-mail as the session last announced it; null when logged out. */
  readonly accountEmail: string | null;
  /** The device whose offer flow runs (the `offer` child); null before a device page opened one. */
  readonly offerDeviceId: number | null;
}

export type ShopEvent =
  /** A device page shows its offer flow (the running one when it is this device's, else its stored one). */
  | { readonly type: 'shop.openOffer'; readonly device: Device; readonly sharedToken?: string }
  /** The seller answered a question on a device page; it opens the device's flow first if needed. */
  | { readonly type: 'shop.answer'; readonly device: Device; readonly questionId: number; readonly answerId: number }
  /** The checkout page shows the checkout of the cart. */
  | { readonly type: 'shop.openCheckout' }
  /** From the offer: the seller put it into the cart (`placement`: beside or in place of the device's line with other answers). */
  | { readonly type: 'offer.accepted'; readonly offer: Offer | null; readonly device: Device; readonly placement: CartPlacement }
  /** From the cart: its lines changed. */
  | {
      readonly type: 'cart.linesChanged';
      readonly offerIds: readonly string[];
      readonly cartTotal: number;
      readonly quantities: Readonly<Record<string, number>>;
      readonly b2b: boolean;
    }
  /** From the session: logged in (with the e-mail) or logged out (null). */
  | { readonly type: 'session.changed'; readonly email: string | null }
  | { readonly type: 'xstate.done.actor.checkout'; readonly output: { readonly trade: Trade | null } }
  | { readonly type: 'xstate.done.actor.prefill'; readonly output: AccountPrefill }
  | { readonly type: 'xstate.error.actor.prefill'; readonly error: unknown };

/** The session tells the shop when it logs in or out. */
export const wireSession = (machine: AuthMachine) =>
  machine.provide({
    actions: { announce: sendParent(({ context }) => ({ type: 'session.changed', email: context.isLoggedIn ? context.email : null })) },
  });

/** The cart tells the shop when its lines change. */
export const wireCart = (machine: CartMachine) =>
  machine.provide({
    actions: {
      linesChanged: sendParent(({ context }) => ({
        type: 'cart.linesChanged',
        offerIds: context.offerIds,
        cartTotal: cartTotal(context.cart),
        quantities: quantitiesOf(context.cart),
        b2b: context.B2BMode,
      })),
    },
  });

/** The offer tells the shop when the seller puts it into the cart. */
export const wireOffer = (machine: OfferMachine) =>
  machine.provide({
    actions: {
      accepted: sendParent(({ context, event }) => ({
        type: 'offer.accepted',
        offer: context.offer,
        device: context.device,
        placement: (event.type === 'offer.addToCart' && event.placement) || 'replace',
      })),
    },
  });

const notProvided = (name: string) => () => Promise.reject(new Error(`shop machine: provide the '${name}' actor`));

type CartRef = ActorRefFrom<CartMachine>;
/** The cart's lines now (the shop reads its cart child when it decides where an offer goes). */
export const cartLines = (system: { get: (id: string) => unknown }): readonly CartLine[] =>
  (system.get('cart') as CartRef | undefined)?.getSnapshot().context.cart ?? [];

// Unreachable input of an offer opened by another event (only 'shop.openOffer' and 'shop.answer' open one).
const NO_DEVICE = { questions: [] } as unknown as Device;

export const shopMachine = setup({
  types: {
    context: {} as ShopContext,
    events: {} as ShopEvent,
    input: {} as ShopInput,
  },
  actors: {
    session: wireSession(authMachine),
    cart: wireCart(cartMachine),
    offer: wireOffer(offerMachine),
    checkout: checkoutMachine,
    /** The logged-in customer's address and payout for the checkout; rejects when none of it can be read. */
    loadPrefill: fromPromise<AccountPrefill, { email: string }>(notProvided('loadPrefill')),
  },
  guards: {
    isLoggedIn: ({ context }) => context.accountEmail !== null,
    logsIn: ({ event }) => event.type === 'session.changed' && event.email !== null,
    /**
     * The trade sold the device whose page's offer is open: that offer is not kept for the next visit
     * (the runtime drops the sold devices' stored flows too), so the page asks again instead of
     * offering a sold offer.
     */
    soldTheOpenOffer: ({ context, event }) =>
      event.type === 'xstate.done.actor.checkout' &&
      context.offerDeviceId !== null &&
      (event.output.trade?.items.some((item) => item.deviceId === context.offerDeviceId) ?? false),
    logsOut: ({ event }) => event.type === 'session.changed' && event.email === null,
    opensAnotherDevice: ({ context, event }) =>
      (event.type === 'shop.openOffer' || event.type === 'shop.answer') && event.device.id !== context.offerDeviceId,
    /** A shared offer link opens its offer even where the device's flow runs already. */
    opensSharedOffer: ({ event }) => event.type === 'shop.openOffer' && event.sharedToken !== undefined,
    switchesCustomer: ({ context, event }) =>
      event.type === 'session.changed' && event.email !== null && event.email !== context.accountEmail,
  },
  actions: {
    storeAccount: assign({ accountEmail: ({ event }) => (event.type === 'session.changed' ? event.email : null) }),
    openCheckout: spawnChild('checkout', {
      id: 'checkout',
      systemId: 'checkout',
      input: ({ context, self }) => {
        const cart = (self.system.get('cart') as CartRef | undefined)?.getSnapshot().context;
        return {
          locale: context.locale,
          cartOfferIds: cart?.offerIds ?? [],
          cartQuantities: quantitiesOf(cart?.cart ?? []),
          cartTotal: cartTotal(cart?.cart ?? []),
          b2b: cart?.B2BMode ?? false,
          resume: context.storedCheckout,
        };
      },
    }),
    forgetStoredCheckout: assign({ storedCheckout: null }),
    followCart: sendTo('checkout', ({ event }) =>
      event.type === 'cart.linesChanged'
        ? {
            type: 'checkout.cartChanged',
            offerIds: event.offerIds,
            cartTotal: event.cartTotal,
            quantities: event.quantities,
            b2b: event.b2b,
          }
        : { type: 'checkout.cartChanged', offerIds: [], cartTotal: 0 },
    ),
    useAccount: sendTo('checkout', ({ context, event }) => ({
      type: 'checkout.useAccount',
      // The account's details could not be read: still the customer's trade, with nothing prefilled.
      prefill:
        event.type === 'xstate.done.actor.prefill'
          ? event.output
          : { email: context.accountEmail ?? '', address: null, sepa: null, paypal: null },
    })),
    useGuest: sendTo('checkout', { type: 'checkout.useGuest' }),
    stopOffer: stopChild('offer'),
    /** The device page's offer was sold: its next visit starts afresh (see soldTheOpenOffer). */
    forgetOfferDevice: assign({ offerDeviceId: null }),
    closeCheckout: stopChild('checkout'),
    openOffer: spawnChild('offer', {
      id: 'offer',
      input: ({ event }) => ({
        device: event.type === 'shop.openOffer' || event.type === 'shop.answer' ? event.device : NO_DEVICE,
        ...(event.type === 'shop.openOffer' && event.sharedToken !== undefined && { sharedToken: event.sharedToken }),
      }),
    }),
    storeOfferDevice: assign({
      offerDeviceId: ({ context, event }) =>
        event.type === 'shop.openOffer' || event.type === 'shop.answer' ? event.device.id : context.offerDeviceId,
    }),
    forwardAnswer: sendTo('offer', ({ event }) =>
      event.type === 'shop.answer'
        ? { type: 'offer.answer', questionId: event.questionId, answerId: event.answerId }
        : // Unreachable: only 'shop.answer' forwards.
          { type: 'offer.retry' },
    ),
    /**
     * A new line, or the new offer of a line already there (same device and answers, an expired re-quote,
     * or a corrected answer unless the seller adds it as another device).
     */
    putInCart: sendTo('cart', ({ event, self }) => {
      if (event.type !== 'offer.accepted' || !event.offer) return { type: 'cart.navigated', routeName: '' };
      const line = cartLineFromOffer(event.offer, event.device);
      const replaced = lineToReplace(cartLines(self.system), line, Date.now(), event.placement);
      // A new offer for a business line keeps its units.
      return replaced
        ? { type: 'cart.replace', offerId: replaced.offerId, line: { ...line, quantity: replaced.quantity } }
        : { type: 'cart.add', line };
    }),
    /** The add_to_cart event (product §7) of an offer the seller put into the cart. */
    trackAddToCart: ({ event }) => {
      if (event.type === 'offer.accepted' && event.offer) track({ event: 'add_to_cart', ...itemOf(event.offer, event.device.category) });
    },
    /** The trade was created: the cart's lines are sold (it keeps the trade for the thank-you page). */
    sellCart: sendTo('cart', ({ event }) =>
      event.type === 'xstate.done.actor.checkout' && event.output.trade
        ? { type: 'cart.checkedOut', trade: event.output.trade }
        : { type: 'cart.navigated', routeName: '' },
    ),
    /** The trade event of product §3 with the sold lines (provided by ./shop.actors.ts, before sellCart). */
    trackTrade: (_, _params: { trade: Trade | null }) => undefined,
    /** Navigates to the thank-you page (provided by the page's runtime, which has the router). */
    showThankYou: () => undefined,
  },
}).createMachine({
  id: 'shop',
  context: ({ input }) => ({ locale: input.locale, storedCheckout: input.checkout, accountEmail: null, offerDeviceId: null }),
  invoke: [
    // The start event carries the shop's input: what this browser stored.
    {
      id: 'session',
      systemId: 'session',
      src: 'session',
      input: ({ event }) => ({ session: (event as { input?: ShopInput }).input?.session ?? null }),
    },
    {
      id: 'cart',
      systemId: 'cart',
      src: 'cart',
      input: ({ event }) => {
        const input = (event as { input?: ShopInput }).input;
        return {
          restored: input?.cart ?? null,
          b2b: input?.b2b ?? false,
          b2bSwitchable: input ? countryConfig(input.locale).features.hasB2B : false,
        };
      },
    },
  ],
  on: {
    'shop.openOffer': { guard: or(['opensAnotherDevice', 'opensSharedOffer']), actions: ['stopOffer', 'openOffer', 'storeOfferDevice'] },
    'shop.answer': [
      { guard: 'opensAnotherDevice', actions: ['stopOffer', 'openOffer', 'storeOfferDevice', 'forwardAnswer'] },
      { actions: 'forwardAnswer' },
    ],
    'offer.accepted': { actions: ['putInCart', 'trackAddToCart'] },
    'session.changed': { actions: 'storeAccount' },
  },
  initial: 'browsing',
  states: {
    browsing: {
      on: { 'shop.openCheckout': { target: 'checkingOut', actions: ['openCheckout', 'forgetStoredCheckout'] } },
    },
    checkingOut: {
      on: {
        'cart.linesChanged': { actions: 'followCart' },
        'xstate.done.actor.checkout': [
          {
            guard: 'soldTheOpenOffer',
            target: 'browsing',
            actions: [
              { type: 'trackTrade', params: ({ event }) => ({ trade: event.output.trade }) },
              'sellCart',
              'closeCheckout',
              'stopOffer',
              'forgetOfferDevice',
              'showThankYou',
            ],
          },
          {
            target: 'browsing',
            actions: [
              { type: 'trackTrade', params: ({ event }) => ({ trade: event.output.trade }) },
              'sellCart',
              'closeCheckout',
              'showThankYou',
            ],
          },
        ],
      },
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'isLoggedIn', target: 'loadingAccount' }, { target: 'guest' }] },
        guest: {
          on: { 'session.changed': [{ guard: 'logsIn', target: 'loadingAccount', actions: 'storeAccount' }, { actions: 'storeAccount' }] },
        },
        /** The customer's address and payout load; the page waits with the identity step. */
        loadingAccount: {
          // Entered only with an account (isLoggedIn, logsIn, switchesCustomer).
          invoke: { id: 'prefill', src: 'loadPrefill', input: ({ context }) => ({ email: context.accountEmail ?? '' }) },
          on: {
            'xstate.done.actor.prefill': { target: 'customer', actions: 'useAccount' },
            'xstate.error.actor.prefill': { target: 'accountFailed', actions: 'useAccount' },
            'session.changed': [
              { guard: 'logsOut', target: 'guest', actions: ['storeAccount', 'useGuest'] },
              { guard: 'switchesCustomer', target: 'loadingAccount', reenter: true, actions: 'storeAccount' },
            ],
          },
        },
        customer: {
          on: {
            'session.changed': [
              { guard: 'logsOut', target: 'guest', actions: ['storeAccount', 'useGuest'] },
              { guard: 'switchesCustomer', target: 'loadingAccount', actions: 'storeAccount' },
            ],
          },
        },
        /** The account's details could not be loaded: the customer's checkout, the seller types them (the page says why). */
        accountFailed: {
          on: {
            'session.changed': [
              { guard: 'logsOut', target: 'guest', actions: ['storeAccount', 'useGuest'] },
              { guard: 'switchesCustomer', target: 'loadingAccount', actions: 'storeAccount' },
            ],
          },
        },
      },
    },
  },
});

export type ShopMachine = typeof shopMachine;
export type ShopActor = ActorRefFrom<ShopMachine>;
