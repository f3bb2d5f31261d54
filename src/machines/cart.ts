// The cart part of the checkout state (product §3, §4; product §11): offers collected for one trade
// (one line per device and answers; a new offer replaces the line it renews), money helpers (each
// line truncated to cents), the B2B cap and the transactionId navigation rule. One 'active' state
// without invoke/after, so xstate/graph can walk it; the shop actor (./shop.ts) owns and stores it.

import { assign, setup } from 'xstate';
import { z } from '../contracts/zod';
import { B2B_TRADE_CAP } from '../config/constants';
import { ConditionIdSchema, type Offer } from '../contracts/offers';
import type { Trade } from '../contracts/trades';
import type { Device } from '../services/catalogue/entities';

export interface CartLine {
  readonly offerId: string;
  readonly deviceId: number;
  readonly deviceName: string;
  readonly deviceUrl: string;
  /** Category name, for the trade event (product §3). */
  readonly category?: string;
  readonly thumbnail: string;
  /** EUR per unit as the server offered it. */
  readonly price: number;
  readonly quantity: number;
  readonly conditionId: Offer['conditionId'];
  readonly kind: Offer['kind'];
  /** ISO date-time after which the offer must be re-quoted. */
  readonly validUntil: string;
  /** The answers the offer was made for (lines stored before they were kept have none). */
  readonly answers?: Readonly<Record<string, number>>;
  /** A scheduled price drop inside the offer's validity, as the offer announced it (the line says "valid until …, then …"). */
  readonly priceChange?: Offer['priceChange'];
}

export interface CartContext {
  readonly cart: readonly CartLine[];
  /** Epoch ms of the earliest validUntil; 0 when the cart is empty. */
  readonly cartExpiry: number;
  readonly offerIds: readonly string[];
  /** 0 = none. Set by a finished checkout; product §4 resets it on navigation. */
  readonly transactionId: number;
  /** The trade of `transactionId`, for the thank-you page; null with transactionId 0. */
  readonly lastTrade: Trade | null;
  /** Business trade-in (the partner widget mode, product §6): the trade total is capped (B2B_TRADE_CAP). */
  readonly B2BMode: boolean;
  /**
   * Whether the seller may switch B2BMode (the cart shows the switch): in a shop with B2B (Germany,
   * the business landing page), not on the partner widget's hosts, where it is always on. Not stored:
   * the shop's input decides it on every start.
   */
  readonly B2BSwitchable: boolean;
}

export interface CartInput {
  /** The stored cart (restoredCart), none for a first visit. */
  readonly restored?: CartContext | null;
  readonly b2b?: boolean;
  /** The shop has business trade-in and may switch it (see CartContext.B2BSwitchable). */
  readonly b2bSwitchable?: boolean;
}

/** Most units of one device per cart line (business trade-in only; a consumer sells one per line). */
export const MAX_LINE_QUANTITY = 99;

export type CartEvent =
  /** A new line; ignored when the cart has the offer or the same device with the same answers (see lineToReplace). */
  | { readonly type: 'cart.add'; readonly line: CartLine }
  | { readonly type: 'cart.remove'; readonly offerId: string }
  /** A new offer for a line: the same device with the same answers again, or a re-quote of an expired line. */
  | { readonly type: 'cart.replace'; readonly offerId: string; readonly line: CartLine }
  /** The checkout created the trade: the lines are sold. */
  | { readonly type: 'cart.checkedOut'; readonly trade: Trade }
  | { readonly type: 'cart.navigated'; readonly routeName: string }
  /** Business trade-in on or off (where switchable); off sells one unit per line again. */
  | { readonly type: 'cart.businessMode'; readonly enabled: boolean }
  /** Units of a line's device, 1..MAX_LINE_QUANTITY, in business trade-in only. */
  | { readonly type: 'cart.setQuantity'; readonly offerId: string; readonly quantity: number }
  /** Lines of a bulk upload (each with its quantity), added in business trade-in; lines already there are skipped. */
  | { readonly type: 'cart.addMany'; readonly lines: readonly CartLine[] };

export const initialCartContext: CartContext = {
  cart: [],
  cartExpiry: 0,
  offerIds: [],
  transactionId: 0,
  lastTrade: null,
  B2BMode: false,
  B2BSwitchable: false,
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
    answers: offer.answers,
    ...(offer.priceChange && { priceChange: offer.priceChange }),
  };
}

// Money in integer cents. Rounding the product to 15 significant digits first removes binary noise
// (0.29 × 3 = 0.8699999999999999 → 87 cents) before product §4.2's truncation (10.999 → 1099 cents).
function truncatedCents(amount: number): number {
  if (!Number.isFinite(amount)) return 0;
  return Math.trunc(Number((amount * 100).toPrecision(15)));
}

/** price × quantity truncated (not rounded) to two decimals (product §4, §9). */
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

/** Whether the trade total is above the B2B cap of 5000 (product §9). */
export function exceedsB2BCap(lines: readonly Pick<CartLine, 'price' | 'quantity'>[]): boolean {
  return cartTotal(lines) > B2B_TRADE_CAP;
}

/** A B2B cart over the cap cannot be checked out; the UI says why. */
export function isOverB2BCap(context: Pick<CartContext, 'B2BMode' | 'cart'>): boolean {
  return context.B2BMode && exceedsB2BCap(context.cart);
}

/** EUR left under the B2B cap (negative when over it), exact to the cent. */
export function roomUnderB2BCap(lines: readonly Pick<CartLine, 'price' | 'quantity'>[]): number {
  return (B2B_TRADE_CAP * 100 - Math.round(cartTotal(lines) * 100)) / 100;
}

/** A whole quantity in 1..MAX_LINE_QUANTITY. */
export const isLineQuantity = (quantity: number) => Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_LINE_QUANTITY;

/** The offer id → units of the lines with more than one unit (the trade request's `quantities`). */
export function quantitiesOf(lines: readonly Pick<CartLine, 'offerId' | 'quantity'>[]): Record<string, number> {
  return Object.fromEntries(lines.filter((line) => line.quantity > 1).map((line) => [line.offerId, line.quantity]));
}

/** Product §4: transactionId survives only a navigation to a route whose name contains 'thankYou'. */
export function keepsTransactionId(routeName: string): boolean {
  return routeName.includes('thankYou');
}

/** Both lines were offered for the same answers (a line without recorded answers matches none). */
export const sameAnswers = (a: Readonly<Record<string, number>> | undefined, b: Readonly<Record<string, number>> | undefined) => {
  if (!a || !b) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/**
 * Where the seller puts an offer for a device that is in the cart already with other answers (issue 32):
 * in the place of that line — a corrected answer, the default — or beside it, as another device.
 */
export type CartPlacement = 'replace' | 'another';

/** The lines of `line`'s device other than its own offer: in the cart with other answers (or the same). */
const otherLinesOf = (lines: readonly CartLine[], line: CartLine) =>
  lines.filter((l) => l.deviceId === line.deviceId && l.offerId !== line.offerId);

/**
 * The line that a new offer for `line` takes the place of: the same device with the same answers
 * (adding it again updates the offer), else an expired line of the device (a re-quote), else — unless
 * the seller adds it as another device — the device's last line with other answers (a corrected
 * answer); null for none.
 */
export function lineToReplace(
  lines: readonly CartLine[],
  line: CartLine,
  now: number,
  placement: CartPlacement = 'replace',
): CartLine | null {
  const ofDevice = otherLinesOf(lines, line);
  return (
    ofDevice.find((l) => sameAnswers(l.answers, line.answers)) ??
    expiredLines(ofDevice, now)[0] ??
    (placement === 'replace' ? (ofDevice.at(-1) ?? null) : null)
  );
}

/**
 * A line of the device with other answers and a valid offer: adding `line` asks whether it corrects
 * that line (replace) or is another device (another). Null when adding needs no question.
 */
export function lineToCorrect(lines: readonly CartLine[], line: CartLine, now: number): CartLine | null {
  const ofDevice = otherLinesOf(lines, line);
  if (ofDevice.some((l) => sameAnswers(l.answers, line.answers)) || expiredLines(ofDevice, now).length > 0) return null;
  return ofDevice.at(-1) ?? null;
}

const withLines = (cart: readonly CartLine[]) => ({
  cart,
  offerIds: cart.map((line) => line.offerId),
  cartExpiry: cartExpiry(cart),
});

const CartLineSchema = z.object({
  offerId: z.string(),
  deviceId: z.number(),
  deviceName: z.string(),
  deviceUrl: z.string(),
  category: z.optional(z.string()),
  thumbnail: z.string(),
  price: z.number(),
  quantity: z.number().check(z.int(), z.positive()),
  conditionId: ConditionIdSchema,
  kind: z.enum(['purchase', 'recycling']),
  validUntil: z.string(),
  answers: z.optional(z.record(z.string(), z.number())),
  priceChange: z.optional(z.object({ effectiveOn: z.string(), price: z.number() })),
});

/** The cart in a stored snapshot ({ context }), or null when it is not one (it is then dropped). */
export function restoredCart(stored: unknown): CartContext | null {
  const context =
    typeof stored === 'object' && stored !== null && 'context' in stored ? (stored as { context: unknown }).context : undefined;
  const parsed = z
    .object({
      cart: z.array(CartLineSchema),
      transactionId: z.number().check(z.int(), z.nonnegative()),
      B2BMode: z.boolean(),
      lastTrade: z.optional(z.unknown()),
    })
    .safeParse(context);
  if (!parsed.success) return null;
  const lines: CartLine[] = parsed.data.cart;
  const lastTrade = (parsed.data.lastTrade ?? null) as Trade | null;
  return {
    ...withLines(lines),
    transactionId: lastTrade ? parsed.data.transactionId : 0,
    lastTrade,
    B2BMode: parsed.data.B2BMode,
    B2BSwitchable: false,
  };
}

/** The stored cart in this shop: business mode only where the shop has it (a consumer's lines hold one unit). */
function startingCart(input: CartInput | undefined): CartContext {
  const fixed = input?.b2b ?? false;
  const switchable = !fixed && (input?.b2bSwitchable ?? false);
  const restored = input?.restored;
  if (!restored) return { ...initialCartContext, B2BMode: fixed, B2BSwitchable: switchable };
  const B2BMode = fixed || (switchable && restored.B2BMode);
  const cart = B2BMode ? restored.cart : restored.cart.map((line) => (line.quantity === 1 ? line : { ...line, quantity: 1 }));
  return { ...restored, ...withLines(cart), B2BMode, B2BSwitchable: switchable };
}

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    input: {} as CartInput,
  },
  guards: {
    isNewLine: ({ context, event }) =>
      event.type === 'cart.add' &&
      !context.offerIds.includes(event.line.offerId) &&
      // A line of its own: the shop decided it is not a correction (another device), so only the same answers or an expired line refuse it.
      lineToReplace(context.cart, event.line, Date.now(), 'another') === null,
    isInCart: ({ context, event }) => event.type === 'cart.remove' && context.offerIds.includes(event.offerId),
    /** The replaced line is in the cart and the new offer is not there already under another line. */
    canReplace: ({ context, event }) =>
      event.type === 'cart.replace' &&
      context.offerIds.includes(event.offerId) &&
      (event.line.offerId === event.offerId || !context.offerIds.includes(event.line.offerId)),
    switchesBusinessMode: ({ context, event }) =>
      event.type === 'cart.businessMode' && context.B2BSwitchable && event.enabled !== context.B2BMode,
    canSetQuantity: ({ context, event }) =>
      event.type === 'cart.setQuantity' &&
      context.B2BMode &&
      isLineQuantity(event.quantity) &&
      context.cart.some((line) => line.offerId === event.offerId && line.quantity !== event.quantity),
    hasNewBusinessLines: ({ context, event }) =>
      event.type === 'cart.addMany' &&
      context.B2BMode &&
      event.lines.some((line) => !context.offerIds.includes(line.offerId) && isLineQuantity(line.quantity)),
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
    checkOut: assign(({ event }) =>
      event.type === 'cart.checkedOut' ? { ...withLines([]), transactionId: event.trade.transactionId, lastTrade: event.trade } : {},
    ),
    resetTransactionId: assign({ transactionId: 0, lastTrade: null }),
    switchBusinessMode: assign(({ context, event }) => {
      if (event.type !== 'cart.businessMode') return {};
      // A consumer sells one unit per line: leaving business trade-in keeps the lines, one unit each.
      const cart = event.enabled ? context.cart : context.cart.map((line) => (line.quantity === 1 ? line : { ...line, quantity: 1 }));
      return { B2BMode: event.enabled, ...withLines(cart) };
    }),
    setQuantity: assign(({ context, event }) =>
      event.type === 'cart.setQuantity'
        ? withLines(context.cart.map((line) => (line.offerId === event.offerId ? { ...line, quantity: event.quantity } : line)))
        : {},
    ),
    addLines: assign(({ context, event }) => {
      if (event.type !== 'cart.addMany') return {};
      const added = event.lines.filter(
        (line, i) =>
          !context.offerIds.includes(line.offerId) &&
          isLineQuantity(line.quantity) &&
          event.lines.findIndex((other) => other.offerId === line.offerId) === i,
      );
      return withLines([...context.cart, ...added]);
    }),
    /** Tells the owner (the shop actor) that the lines changed; nothing without one. */
    linesChanged: () => undefined,
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => startingCart(input),
  initial: 'active',
  states: {
    active: {
      on: {
        'cart.add': { guard: 'isNewLine', actions: ['addLine', 'linesChanged'] },
        'cart.remove': { guard: 'isInCart', actions: ['removeLine', 'linesChanged'] },
        'cart.replace': { guard: 'canReplace', actions: ['replaceLine', 'linesChanged'] },
        'cart.checkedOut': { actions: ['checkOut', 'linesChanged'] },
        'cart.navigated': { guard: 'dropsTransactionId', actions: 'resetTransactionId' },
        'cart.businessMode': { guard: 'switchesBusinessMode', actions: ['switchBusinessMode', 'linesChanged'] },
        'cart.setQuantity': { guard: 'canSetQuantity', actions: ['setQuantity', 'linesChanged'] },
        'cart.addMany': { guard: 'hasNewBusinessLines', actions: ['addLines', 'linesChanged'] },
      },
    },
  },
});

export type CartMachine = typeof cartMachine;
