// The cart part of the checkout state (spec §3, §4; DESIGN.md §7): offers collected for one trade,
// money helpers (each line truncated to cents) and the transactionId navigation rule.
// One 'active' state without invoke/after, so xstate/graph can walk it; persistence lives outside.

import { assign, setup } from 'xstate';
import { B2B_TRADE_CAP } from '../config/constants';
import type { Offer } from '../contracts/offers';
import type { Device } from '../services/catalogue/entities';

export interface CartLine {
  readonly offerId: string;
  readonly deviceId: number;
  readonly deviceName: string;
  readonly deviceUrl: string;
  /** Category name, for the trade event (spec §3). */
  readonly category?: string;
  readonly thumbnail: string;
  /** EUR per unit as the server offered it. */
  readonly price: number;
  readonly quantity: number;
  readonly conditionId: Offer['conditionId'];
  readonly kind: Offer['kind'];
  /** ISO date-time after which the offer must be re-quoted. */
  readonly validUntil: string;
}

export interface CartContext {
  readonly cart: readonly CartLine[];
  /** Epoch ms of the earliest validUntil; 0 when the cart is empty. */
  readonly cartExpiry: number;
  readonly offerIds: readonly string[];
  /** 0 = none. */
  readonly transactionId: number;
  readonly voucher: string | null;
  readonly B2BMode: boolean;
  readonly b2bTradeCap: number;
  readonly priceCalculateDone: boolean;
  readonly paymentType: number;
  readonly isPayPalTransaction: boolean;
}

export type CartEvent =
  | { readonly type: 'cart.add'; readonly line: CartLine }
  | { readonly type: 'cart.remove'; readonly offerId: string }
  | { readonly type: 'cart.clear' }
  | { readonly type: 'cart.replace'; readonly offerId: string; readonly line: CartLine }
  | { readonly type: 'cart.setB2BMode'; readonly value: boolean }
  | { readonly type: 'cart.setPriceCalculated'; readonly value: boolean }
  | { readonly type: 'cart.setTransactionId'; readonly value: number }
  | { readonly type: 'cart.setVoucher'; readonly value: string | null }
  | { readonly type: 'cart.setPaymentType'; readonly value: number }
  | { readonly type: 'cart.setPayPalTransaction'; readonly value: boolean }
  | { readonly type: 'cart.navigated'; readonly routeName: string };

export const initialCartContext: CartContext = {
  cart: [],
  cartExpiry: 0,
  offerIds: [],
  transactionId: 0,
  voucher: null,
  B2BMode: false,
  b2bTradeCap: B2B_TRADE_CAP,
  priceCalculateDone: false,
  paymentType: 0,
  isPayPalTransaction: false,
};

/** The cart line of an offer the server made for a device (one unit). */
export function cartLineFromOffer(offer: Offer, device: Pick<Device, 'url' | 'thumbnail' | 'category'>): CartLine {
  return {
    offerId: offer.offerId,
    deviceId: offer.deviceId,
    deviceName: offer.deviceName,
    deviceUrl: device.url,
    category: device.category,
    thumbnail: device.thumbnail,
    price: offer.price,
    quantity: 1,
    conditionId: offer.conditionId,
    kind: offer.kind,
    validUntil: offer.validUntil,
  };
}

// Money in integer cents. Rounding the product to 15 significant digits first removes binary noise
// (0.29 × 3 = 0.8699999999999999 → 87 cents) before the spec's truncation (10.999 → 1099 cents).
function truncatedCents(amount: number): number {
  if (!Number.isFinite(amount)) return 0;
  return Math.trunc(Number((amount * 100).toPrecision(15)));
}

/** price × quantity truncated (not rounded) to two decimals (spec §4, §9). */
export function lineTotal(line: Pick<CartLine, 'price' | 'quantity'>): number {
  return truncatedCents(line.price * line.quantity) / 100;
}

/** Sum of the truncated line totals, exact to the cent. */
export function cartTotal(lines: readonly Pick<CartLine, 'price' | 'quantity'>[]): number {
  return lines.reduce((cents, line) => cents + truncatedCents(line.price * line.quantity), 0) / 100;
}

// An unreadable date counts as already expired, so the line gets re-quoted rather than trusted.
const expiryOf = (line: Pick<CartLine, 'validUntil'>): number => {
  const at = Date.parse(line.validUntil);
  return Number.isNaN(at) ? 0 : at;
};

/** Lines whose offer is no longer valid at `now` (validUntil ≤ now). */
export function expiredLines<L extends Pick<CartLine, 'validUntil'>>(lines: readonly L[], now: number | Date): L[] {
  const at = typeof now === 'number' ? now : now.getTime();
  return lines.filter((line) => expiryOf(line) <= at);
}

/** Epoch ms of the earliest validUntil; 0 for an empty cart. */
export function cartExpiry(lines: readonly Pick<CartLine, 'validUntil'>[]): number {
  return lines.length === 0 ? 0 : Math.min(...lines.map(expiryOf));
}

/** Whether the trade total is above the B2B cap of 5000 (spec §9). */
export function exceedsB2BCap(lines: readonly Pick<CartLine, 'price' | 'quantity'>[]): boolean {
  return cartTotal(lines) > B2B_TRADE_CAP;
}

/** A B2B cart over the cap cannot be checked out; the UI says why. */
export function isOverB2BCap(context: Pick<CartContext, 'B2BMode' | 'cart'>): boolean {
  return context.B2BMode && exceedsB2BCap(context.cart);
}

/** Spec §4: transactionId survives only a navigation to a route whose name contains 'thankYou'. */
export function keepsTransactionId(routeName: string): boolean {
  return routeName.includes('thankYou');
}

const withLines = (cart: readonly CartLine[]) => ({
  cart,
  offerIds: cart.map((line) => line.offerId),
  cartExpiry: cartExpiry(cart),
});

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
  },
  guards: {
    isNewOffer: ({ context, event }) => event.type === 'cart.add' && !context.offerIds.includes(event.line.offerId),
    isInCart: ({ context, event }) => event.type === 'cart.remove' && context.offerIds.includes(event.offerId),
    /** The replaced line is in the cart and the new offer is not there already under another line. */
    canReplace: ({ context, event }) =>
      event.type === 'cart.replace' &&
      context.offerIds.includes(event.offerId) &&
      (event.line.offerId === event.offerId || !context.offerIds.includes(event.line.offerId)),
    dropsTransactionId: ({ context, event }) =>
      event.type === 'cart.navigated' && context.transactionId !== 0 && !keepsTransactionId(event.routeName),
  },
  actions: {
    addLine: assign(({ context, event }) => (event.type === 'cart.add' ? withLines([...context.cart, event.line]) : {})),
    removeLine: assign(({ context, event }) =>
      event.type === 'cart.remove' ? withLines(context.cart.filter((line) => line.offerId !== event.offerId)) : {},
    ),
    replaceLine: assign(({ context, event }) =>
      event.type === 'cart.replace' ? withLines(context.cart.map((line) => (line.offerId === event.offerId ? event.line : line))) : {},
    ),
    clearLines: assign(() => withLines([])),
    setB2BMode: assign({ B2BMode: ({ context, event }) => (event.type === 'cart.setB2BMode' ? event.value : context.B2BMode) }),
    setPriceCalculated: assign({
      priceCalculateDone: ({ context, event }) => (event.type === 'cart.setPriceCalculated' ? event.value : context.priceCalculateDone),
    }),
    setTransactionId: assign({
      transactionId: ({ context, event }) => (event.type === 'cart.setTransactionId' ? event.value : context.transactionId),
    }),
    resetTransactionId: assign({ transactionId: 0 }),
    setVoucher: assign({ voucher: ({ context, event }) => (event.type === 'cart.setVoucher' ? event.value : context.voucher) }),
    setPaymentType: assign({
      paymentType: ({ context, event }) => (event.type === 'cart.setPaymentType' ? event.value : context.paymentType),
    }),
    setPayPalTransaction: assign({
      isPayPalTransaction: ({ context, event }) =>
        event.type === 'cart.setPayPalTransaction' ? event.value : context.isPayPalTransaction,
    }),
  },
}).createMachine({
  id: 'cart',
  context: initialCartContext,
  initial: 'active',
  states: {
    active: {
      on: {
        'cart.add': { guard: 'isNewOffer', actions: 'addLine' },
        'cart.remove': { guard: 'isInCart', actions: 'removeLine' },
        'cart.clear': { actions: 'clearLines' },
        'cart.replace': { guard: 'canReplace', actions: 'replaceLine' },
        'cart.setB2BMode': { actions: 'setB2BMode' },
        'cart.setPriceCalculated': { actions: 'setPriceCalculated' },
        'cart.setTransactionId': { actions: 'setTransactionId' },
        'cart.setVoucher': { actions: 'setVoucher' },
        'cart.setPaymentType': { actions: 'setPaymentType' },
        'cart.setPayPalTransaction': { actions: 'setPayPalTransaction' },
        'cart.navigated': { guard: 'dropsTransactionId', actions: 'resetTransactionId' },
      },
    },
  },
});

export type CartMachine = typeof cartMachine;
