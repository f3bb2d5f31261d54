// Model-based test of the shop actor against the production shop machine (src/machines/shop.ts).
// The cart is the real one (its lines tell the checkout what changed); the session, the offer and the
// checkout are stand-ins that record what the shop sends them, so a path decides who is logged in and
// when the checkout ends; the account's details load through a controllable call.

import { expect } from 'vitest';
import { assign, createActor, setup, type Actor, type AnyActorRef } from 'xstate';
import type { Trade } from '../src/contracts/trades';
import type { AuthMachine } from '../src/machines/auth';
import type { AccountPrefill, CheckoutMachine } from '../src/machines/checkout';
import type { OfferMachine } from '../src/machines/offer';
import { accountPrefill, trade } from '../src/machines/checkout.fixtures';
import { device, offer } from '../src/machines/offer.fixtures';
import { shopMachine, type ShopEvent } from '../src/machines/shop';
import { shopModel } from './shop.model';
import { controllable } from './support/controllable';
import { describeMachineFlow } from './support/machine-runner';

const ERIKA = 'erika@example.com';
const MAX = 'max@example.com';
const OTHER_DEVICE = { ...device, id: device.id + 1, name: 'Another phone' };

/** A child that records the events the shop sends it. */
const recorder = (received: string[]) =>
  setup({}).createMachine({ on: { '*': { actions: ({ event }) => void received.push(event.type) } } });

/** The checkout's stand-in: records what it is sent, and ends with a trade when told to. */
const checkoutStandIn = (received: string[]) =>
  setup({ types: { context: {} as { trade: Trade | null }, events: {} as { type: string; trade?: Trade } } }).createMachine({
    context: { trade: null },
    initial: 'open',
    states: {
      open: {
        on: {
          'test.finish': { target: 'done', actions: assign({ trade: ({ event }) => event.trade ?? null }) },
          '*': { actions: ({ event }) => void received.push(event.type) },
        },
      },
      done: { type: 'final' },
    },
    output: ({ context }) => ({ trade: context.trade }),
  });

interface Harness {
  actor: Actor<typeof shopMachine> | null;
  /** Starts the shop logged out with nothing stored. */
  open(): void;
  readonly checkoutReceived: string[];
  readonly offerReceived: string[];
  /** Answers the seller gave on device pages. */
  answers: number;
  readonly thankYou: number[];
  /** Lines CART_CHANGES took out, to put back the next time, and how often it changed the cart. */
  readonly removedLines: unknown[];
  cartChanges: number;
  readonly prefill: ReturnType<typeof controllable<AccountPrefill, { email: string }>>;
}

const send = (h: Harness, event: ShopEvent) => h.actor!.send(event);
const context = (h: Harness) => h.actor!.getSnapshot().context;
const child = (h: Harness, id: string) => h.actor!.system.get(id) as AnyActorRef;
/** The seller answers a question on a device page (the shop opens that device's flow first if needed). */
const answer = (h: Harness, on: typeof device) => {
  h.answers++;
  send(h, { type: 'shop.answer', device: on, questionId: 1, answerId: 2 });
};
const sold = (deviceId: number): Trade => ({ ...trade, items: [{ ...trade.items[0]!, deviceId }] });

describeMachineFlow<Harness>({
  name: 'shop',
  model: shopModel,
  production: [shopMachine],
  simplePathBound: 200,
  start(inspect) {
    const harness: Harness = {
      actor: null,
      open: () => {
        harness.actor = createActor(machine, {
          input: { locale: 'de', b2b: false, session: null, cart: null, checkout: null },
          inspect,
        }).start();
      },
      checkoutReceived: [],
      offerReceived: [],
      answers: 0,
      thankYou: [],
      removedLines: [],
      cartChanges: 0,
      prefill: controllable<AccountPrefill, { email: string }>('loadPrefill'),
    };
    const machine = shopMachine.provide({
      actors: {
        // Stand-ins typed as the children they replace: they handle only what these paths send.
        session: recorder([]) as unknown as AuthMachine,
        offer: recorder(harness.offerReceived) as unknown as OfferMachine,
        checkout: checkoutStandIn(harness.checkoutReceived) as unknown as CheckoutMachine,
        loadPrefill: harness.prefill.logic,
      },
      actions: { showThankYou: () => void harness.thankYou.push(Date.now()) },
    });
    return harness;
  },
  events: {
    OPEN: (h) => h.open(),
    OPEN_DEVICE: (h) => send(h, { type: 'shop.openOffer', device }),
    ANSWER: (h) => answer(h, context(h).offerDeviceId === device.id ? device : OTHER_DEVICE),
    ANSWER_OTHER_DEVICE: (h) => answer(h, context(h).offerDeviceId === device.id ? OTHER_DEVICE : device),
    OPEN_SHARED: (h) =>
      send(h, { type: 'shop.openOffer', device: context(h).offerDeviceId === device.id ? device : OTHER_DEVICE, sharedToken: 'shared' }),
    ACCEPT: (h) =>
      send(h, {
        type: 'offer.accepted',
        offer: { ...offer, deviceId: context(h).offerDeviceId! },
        device: context(h).offerDeviceId === device.id ? device : OTHER_DEVICE,
        placement: 'replace',
      }),
    OPEN_CHECKOUT: (h) => send(h, { type: 'shop.openCheckout' }),
    // The real cart tells the shop its lines changed (a line removed, or put back); the shop tells the checkout.
    CART_CHANGES: (h) => {
      const cart = child(h, 'cart');
      const [line] = cart.getSnapshot().context.cart as { offerId: string }[];
      h.cartChanges++;
      if (line) {
        h.removedLines.push(line);
        cart.send({ type: 'cart.remove', offerId: line.offerId });
      } else cart.send({ type: 'cart.add', line: h.removedLines.pop() });
    },
    SIGN_IN: (h) => send(h, { type: 'session.changed', email: ERIKA }),
    SIGN_OUT: (h) => send(h, { type: 'session.changed', email: null }),
    SIGN_OUT_AGAIN: (h) => send(h, { type: 'session.changed', email: null }),
    SWITCH_CUSTOMER: (h) => send(h, { type: 'session.changed', email: context(h).accountEmail === MAX ? ERIKA : MAX }),
    SAME_CUSTOMER_AGAIN: (h) => send(h, { type: 'session.changed', email: context(h).accountEmail }),
    PREFILL_LOADED: (h) => h.prefill.resolve(accountPrefill),
    PREFILL_FAILED: (h) => h.prefill.reject(new Error('network')),
    TRADE_DONE: (h) => child(h, 'checkout').send({ type: 'test.finish', trade: sold(OTHER_DEVICE.id + 1) }),
    TRADE_SOLD_OPEN_OFFER: (h) => child(h, 'checkout').send({ type: 'test.finish', trade: sold(context(h).offerDeviceId!) }),
  },
  checks: {
    browsing: (h) => expect(context(h)).toMatchObject({ accountEmail: null, offerDeviceId: null }),
    device: (h) => {
      expect([device.id, OTHER_DEVICE.id]).toContain(context(h).offerDeviceId);
      // Every answer reached the offer flow of its device.
      expect(h.offerReceived.filter((type) => type === 'offer.answer')).toHaveLength(h.answers);
      expect(h.actor!.getSnapshot().children.offer).toBeDefined();
    },
    cartFilled: (h) => expect(child(h, 'cart').getSnapshot().context.cart).toHaveLength(1),
    signedIn: (h) => expect(context(h).accountEmail).toBe(ERIKA),
    guestWithCart: (h) => expect(h.checkoutReceived.filter((type) => type === 'checkout.cartChanged')).toHaveLength(h.cartChanges),
    loading: (h) => expect(h.prefill.inputs.at(-1)).toEqual({ email: context(h).accountEmail }),
    customer: (h) => expect(h.checkoutReceived.at(-1)).toBe('checkout.useAccount'),
    // Still the customer's checkout: the account's e-mail, nothing prefilled.
    accountFailed: (h) => expect(h.checkoutReceived.at(-1)).toBe('checkout.useAccount'),
    signedOutGuest: (h) => {
      expect(h.checkoutReceived.at(-1)).toBe('checkout.useGuest');
      expect(context(h).accountEmail).toBeNull();
    },
    thankYou: (h) => {
      expect(h.thankYou).toHaveLength(1);
      expect(child(h, 'checkout')).toBeUndefined();
    },
    thankYouOfferSold: (h) => {
      expect(h.thankYou).toHaveLength(1);
      expect(context(h).offerDeviceId).toBeNull();
      expect(h.actor!.getSnapshot().children.offer).toBeUndefined();
      expect(child(h, 'cart').getSnapshot().context.lastTrade).not.toBeNull();
    },
  },
});
