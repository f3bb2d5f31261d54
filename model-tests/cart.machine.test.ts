// Model-based test of the cart against the production cart machine.

import { expect } from 'vitest';
import { createActor, type Actor } from 'xstate';
import {
  cartMachine,
  cartTotal,
  expiredLines,
  isOverB2BCap,
  lineToReplace,
  roomUnderB2BCap,
  type CartLine,
  type CartPlacement,
} from '../src/machines/cart';
import { trade } from '../src/machines/checkout.fixtures';
import { cartModel } from './cart.model';
import { describeMachineFlow } from './support/machine-runner';

interface Harness {
  actor: Actor<typeof cartMachine> | null;
  open(b2b: boolean, b2bSwitchable?: boolean): void;
}

const line = (offerId: string, price: number, deviceId = 42, validUntil = '2099-01-01T00:00:00.000Z'): CartLine => ({
  offerId,
  deviceId,
  deviceName: `Device ${offerId}`,
  deviceUrl: 'apple-iphone-13-128-gb',
  thumbnail: '/t.svg',
  price,
  quantity: 1,
  conditionId: 1,
  kind: 'purchase',
  validUntil,
  answers: { '10': 101 },
});
const FIRST = line('00000000-0000-4000-8000-000000000001', 167.35);
const SECOND = line('00000000-0000-4000-8000-000000000002', 80.2, 43);
const UPDATED = line('00000000-0000-4000-8000-000000000003', 150.99);
const EXPENSIVE = line('00000000-0000-4000-8000-000000000004', 5000.01, 44);

const context = (h: Harness) => h.actor!.getSnapshot().context;
const send = (h: Harness, event: Parameters<Actor<typeof cartMachine>['send']>[0]) => h.actor!.send(event);
/** What the shop actor sends for a new offer (src/machines/shop.ts putInCart). */
const put = (h: Harness, offered: CartLine, placement?: CartPlacement) => {
  const replaced = lineToReplace(context(h).cart, offered, Date.now(), placement);
  send(h, replaced ? { type: 'cart.replace', offerId: replaced.offerId, line: offered } : { type: 'cart.add', line: offered });
};
let fresh = 0;
const freshId = () => `00000000-0000-4000-9000-${String(++fresh).padStart(12, '0')}`;

describeMachineFlow<Harness>({
  name: 'cart',
  model: cartModel,
  production: [cartMachine],
  simplePathBound: 500,
  start(inspect) {
    const harness: Harness = {
      actor: null,
      open: (b2b, b2bSwitchable = false) => (harness.actor = createActor(cartMachine, { input: { b2b, b2bSwitchable }, inspect }).start()),
    };
    return harness;
  },
  events: {
    OPEN: (h) => h.open(false),
    OPEN_BUSINESS: (h) => h.open(true),
    OPEN_GERMAN: (h) => h.open(false, true),
    SWITCH_TO_BUSINESS: (h) => send(h, { type: 'cart.businessMode', enabled: true }),
    SWITCH_TO_PRIVATE: (h) => send(h, { type: 'cart.businessMode', enabled: false }),
    TAKE_BULK_LINES: (h) =>
      send(h, {
        type: 'cart.addMany',
        lines: [
          { ...FIRST, quantity: 3 },
          { ...SECOND, quantity: 5 },
        ],
      }),
    RAISE_OVER_CAP: (h) => send(h, { type: 'cart.setQuantity', offerId: FIRST.offerId, quantity: 30 }),
    LOWER_QUANTITY: (h) => send(h, { type: 'cart.setQuantity', offerId: FIRST.offerId, quantity: 3 }),
    ADD: (h) => put(h, context(h).cart.length === 0 ? FIRST : SECOND),
    // The same device and answers again: the shop replaces the line; a plain add would be refused.
    ADD_SAME_ANSWERS_AGAIN: (h) => {
      send(h, { type: 'cart.add', line: { ...context(h).cart[0]!, offerId: freshId() } });
      put(h, { ...UPDATED, deviceId: context(h).cart[0]!.deviceId, offerId: freshId() });
    },
    REQUOTE_EXPIRED: (h) => {
      const current = context(h).cart[0]!;
      send(h, {
        type: 'cart.replace',
        offerId: current.offerId,
        line: { ...current, offerId: freshId(), validUntil: '2000-01-01T00:00:00.000Z' },
      });
      put(h, { ...UPDATED, deviceId: current.deviceId, offerId: freshId(), answers: { '10': 102 } });
    },
    // The first device with another answer: a correction of its line (the default), or a second device.
    ADD_CORRECTED_ANSWERS: (h) =>
      put(h, { ...UPDATED, deviceId: context(h).cart[0]!.deviceId, offerId: freshId(), answers: { '10': 103 } }),
    ADD_SECOND_OF_SAME: (h) =>
      put(h, { ...UPDATED, deviceId: context(h).cart[0]!.deviceId, offerId: freshId(), answers: { '10': 104 } }, 'another'),
    REMOVE: (h) => send(h, { type: 'cart.remove', offerId: context(h).cart.at(-1)!.offerId }),
    ADD_EXPENSIVE: (h) => put(h, EXPENSIVE),
    REMOVE_EXPENSIVE: (h) => send(h, { type: 'cart.remove', offerId: EXPENSIVE.offerId }),
    TRADE_CREATED: (h) => send(h, { type: 'cart.checkedOut', trade: { ...trade, transactionId: 17 } }),
    NAVIGATE_TO_THANK_YOU: (h) => send(h, { type: 'cart.navigated', routeName: 'thankYou' }),
    NAVIGATE_ELSEWHERE: (h) => send(h, { type: 'cart.navigated', routeName: 'home' }),
  },
  checks: {
    empty: (h) => {
      expect(context(h).cart).toEqual([]);
      expect(context(h).transactionId).toBe(0);
      expect(context(h).lastTrade).toBeNull();
      expect(context(h).cartExpiry).toBe(0);
    },
    one: (h) => {
      expect(context(h).cart).toHaveLength(1);
      expect(context(h).offerIds).toEqual([context(h).cart[0]!.offerId]);
      expect(expiredLines(context(h).cart, Date.now())).toEqual([]);
    },
    two: (h) => {
      expect(context(h).offerIds).toHaveLength(2);
      // Product §4: the sum of price × quantity, each line truncated to two decimals.
      expect(cartTotal(context(h).cart)).toBe(Math.round((context(h).cart[0]!.price + SECOND.price) * 100) / 100);
    },
    twoOfSame: (h) => {
      const [a, b] = context(h).cart;
      expect(context(h).offerIds).toHaveLength(2);
      expect(b!.deviceId).toBe(a!.deviceId);
      expect(b!.answers).not.toEqual(a!.answers);
    },
    businessEmpty: (h) => {
      expect(context(h).B2BMode).toBe(true);
      expect(isOverB2BCap(context(h))).toBe(false);
    },
    overB2BCap: (h) => expect(isOverB2BCap(context(h))).toBe(true),
    germanEmpty: (h) => expect(context(h)).toMatchObject({ B2BMode: false, B2BSwitchable: true }),
    switchedBusiness: (h) => expect(context(h)).toMatchObject({ B2BMode: true, B2BSwitchable: true }),
    // 3 × 167.35 + 5 × 80.20 = 903.05: 4,096.95 left under the cap; 30 × 167.35 + 401 = 5,421.50 is 421.50 over.
    bulkLines: (h) => {
      expect(context(h).cart.map((l) => l.quantity)).toEqual([3, 5]);
      expect(roomUnderB2BCap(context(h).cart)).toBe(4096.95);
    },
    bulkOverCap: (h) => {
      expect(isOverB2BCap(context(h))).toBe(true);
      expect(roomUnderB2BCap(context(h).cart)).toBe(-421.5);
    },
    privateLines: (h) => expect(context(h)).toMatchObject({ B2BMode: false, cart: [{ quantity: 1 }, { quantity: 1 }] }),
    tradeDone: (h) => {
      expect(context(h)).toMatchObject({ transactionId: 17, cart: [], lastTrade: { transactionId: 17 } });
    },
  },
});
