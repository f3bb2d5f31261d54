// Model-based test of the cart against the production cart machine.

import { expect } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { cartMachine, cartTotal, isOverB2BCap, type CartLine } from '../src/machines/cart';
import { cartModel } from './cart.model';
import { describeMachineFlow } from './support/machine-runner';

interface Harness {
  actor: Actor<typeof cartMachine> | null;
}

const line = (offerId: string, price: number): CartLine => ({
  offerId,
  deviceId: 42,
  deviceName: `Device ${offerId}`,
  deviceUrl: 'apple-iphone-13-128-gb',
  thumbnail: '/t.svg',
  price,
  quantity: 1,
  conditionId: 1,
  kind: 'purchase',
  validUntil: '2099-01-01T00:00:00.000Z',
});
const FIRST = line('00000000-0000-4000-8000-000000000001', 167.35);
const SECOND = line('00000000-0000-4000-8000-000000000002', 80.2);
const REQUOTED = line('00000000-0000-4000-8000-000000000003', 150.99);
const EXPENSIVE = line('00000000-0000-4000-8000-000000000004', 4999.99);

const context = (h: Harness) => h.actor!.getSnapshot().context;
const send = (h: Harness, event: Parameters<Actor<typeof cartMachine>['send']>[0]) => h.actor!.send(event);

describeMachineFlow<Harness>({
  name: 'cart',
  model: cartModel,
  production: [cartMachine],
  simplePathBound: 500,
  start(inspect) {
    return { actor: createActor(cartMachine, { inspect }).start() };
  },
  events: {
    ADD: (h) => send(h, { type: 'cart.add', line: context(h).cart.length === 0 ? FIRST : SECOND }),
    ADD_SAME_AGAIN: (h) => send(h, { type: 'cart.add', line: context(h).cart[0]! }),
    REQUOTE: (h) => send(h, { type: 'cart.replace', offerId: context(h).cart[0]!.offerId, line: { ...REQUOTED } }),
    CHOOSE_PAYPAL: (h) => {
      send(h, { type: 'cart.setPaymentType', value: 2 });
      send(h, { type: 'cart.setPayPalTransaction', value: true });
    },
    APPLY_VOUCHER: (h) => send(h, { type: 'cart.setVoucher', value: 'BONUS10' }),
    MARK_PRICED: (h) => send(h, { type: 'cart.setPriceCalculated', value: true }),
    REMOVE: (h) => send(h, { type: 'cart.remove', offerId: context(h).cart.at(-1)!.offerId }),
    CLEAR: (h) => send(h, { type: 'cart.clear' }),
    SWITCH_TO_B2B_WITH_EXPENSIVE_DEVICE: (h) => {
      send(h, { type: 'cart.setB2BMode', value: true });
      send(h, { type: 'cart.add', line: EXPENSIVE });
    },
    REMOVE_EXPENSIVE: (h) => send(h, { type: 'cart.remove', offerId: EXPENSIVE.offerId }),
    LEAVE_B2B: (h) => send(h, { type: 'cart.setB2BMode', value: false }),
    TRADE_CREATED: (h) => {
      send(h, { type: 'cart.setTransactionId', value: 17 });
      send(h, { type: 'cart.clear' });
    },
    NAVIGATE_TO_THANK_YOU: (h) => send(h, { type: 'cart.navigated', routeName: 'thankYou' }),
    NAVIGATE_ELSEWHERE: (h) => send(h, { type: 'cart.navigated', routeName: 'home' }),
  },
  checks: {
    empty: (h) => {
      expect(context(h).cart).toEqual([]);
      expect(context(h).transactionId).toBe(0);
      expect(context(h).cartExpiry).toBe(0);
    },
    one: (h) => {
      expect(context(h).cart).toHaveLength(1);
      expect(context(h).offerIds).toEqual([context(h).cart[0]!.offerId]);
    },
    two: (h) => {
      expect(context(h).offerIds).toHaveLength(2);
      // Spec §4: the sum of price × quantity, each line truncated to two decimals.
      expect(cartTotal(context(h).cart)).toBe(Math.round((context(h).cart[0]!.price + SECOND.price) * 100) / 100);
    },
    overB2BCap: (h) => expect(isOverB2BCap(context(h))).toBe(true),
    b2bUnderCap: (h) => {
      expect(context(h).B2BMode).toBe(true);
      expect(isOverB2BCap(context(h))).toBe(false);
    },
    tradeDone: (h) => {
      expect(context(h).transactionId).toBe(17);
      expect(context(h).cart).toEqual([]);
    },
  },
});
