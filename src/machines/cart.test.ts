import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Offer } from '../contracts/offers';
import {
  cartExpiry,
  cartLineFromOffer,
  cartMachine,
  cartTotal,
  exceedsB2BCap,
  expiredLines,
  initialCartContext,
  isOverB2BCap,
  lineTotal,
  lineToCorrect,
  lineToReplace,
  quantitiesOf,
  restoredCart,
  roomUnderB2BCap,
  type CartInput,
  type CartLine,
} from './cart';
import { trade } from './checkout.fixtures';

// Each offer id is its own device unless a test says otherwise.
const deviceIdOf = (offerId: string) => [...offerId].reduce((n, c) => n * 31 + c.charCodeAt(0), 7) % 100_000;
const line = (offerId: string, price: number, validUntil = '2030-01-22T10:00:00.000Z', quantity = 1): CartLine => ({
  offerId,
  deviceId: deviceIdOf(offerId),
  deviceName: 'iPhone 13 128 GB',
  deviceUrl: 'apple-iphone-13-128gb',
  thumbnail: '/img/iphone13-thumb.webp',
  price,
  quantity,
  conditionId: 2,
  kind: 'purchase',
  validUntil,
});

const start = (input: CartInput = {}) => createActor(cartMachine, { input }).start();

describe('cart money (product §4: each line truncated to two decimals)', () => {
  it('truncates, never rounds, and is immune to binary noise', () => {
    expect(lineTotal({ price: 0.29, quantity: 3 })).toBe(0.87); // 0.29*3 = 0.8699999999999999 in binary
    expect(lineTotal({ price: 10.999, quantity: 1 })).toBe(10.99);
    expect(lineTotal({ price: 1.005, quantity: 1 })).toBe(1); // 1.00 — 1.005 truncated
    expect(lineTotal({ price: 0.1, quantity: 3 })).toBe(0.3); // 0.30000000000000004
    expect(lineTotal({ price: 19.999, quantity: 2 })).toBe(39.99); // 39.998
    expect(lineTotal({ price: 4.35, quantity: 100 })).toBe(435); // 434.99999999999994
    expect(lineTotal({ price: 0, quantity: 1 })).toBe(0);
    expect(lineTotal({ price: 1.13, quantity: 1 })).toBe(1.13); // 112.99999999999999 cents in binary
  });

  it('sums line totals exactly to the cent', () => {
    expect(cartTotal([])).toBe(0);
    expect(cartTotal([line('a', 10.999), line('b', 0.29, undefined, 3)])).toBe(11.86);
    // 0.1 added ten times is 0.9999999999999999 in plain floating point.
    expect(cartTotal(Array.from({ length: 10 }, (_, i) => line(`x${i}`, 0.1)))).toBe(1);
    // 1000 lines of 0.01 … 0.07 (plus a truncated fraction) sum exactly.
    const many = Array.from({ length: 1000 }, (_, i) => line(`m${i}`, ((i % 7) + 1) / 100 + 0.009));
    const expectedCents = Array.from({ length: 1000 }, (_, i) => (i % 7) + 1).reduce((a, b) => a + b, 0);
    expect(cartTotal(many)).toBe(expectedCents / 100);
    expect(cartTotal(many)).toBe(39.97); // 142 × (1+…+7) + (1+…+6) = 3997 cents
  });
});

describe('cart expiry helpers', () => {
  const early = line('early', 10, '2030-01-10T00:00:00.000Z');
  const late = line('late', 10, '2030-01-20T00:00:00.000Z');
  it('cartExpiry is the earliest validUntil, 0 when empty', () => {
    expect(cartExpiry([])).toBe(0);
    expect(cartExpiry([late, early])).toBe(Date.UTC(2030, 0, 10));
  });
  it('expiredLines: validUntil ≤ now', () => {
    expect(expiredLines([early, late], Date.UTC(2030, 0, 9, 23, 59, 59, 999))).toEqual([]);
    expect(expiredLines([early, late], Date.UTC(2030, 0, 10))).toEqual([early]); // exactly at validUntil
    expect(expiredLines([early, late], new Date(Date.UTC(2030, 0, 25)))).toEqual([early, late]);
    expect(expiredLines([line('bad', 1, 'not a date')], 0)).toHaveLength(1);
  });
});

describe('B2B cap (product §9: 5000)', () => {
  it('is exceeded only above 5000', () => {
    expect(exceedsB2BCap([line('a', 2500), line('b', 2500)])).toBe(false);
    expect(exceedsB2BCap([line('a', 2500), line('b', 2500.01)])).toBe(true);
    expect(exceedsB2BCap([line('a', 5000.009)])).toBe(false); // truncated to 5000.00
    expect(exceedsB2BCap([line('a', 1250.01, undefined, 4)])).toBe(true);
  });
  it('applies to the cart only in B2B mode (the partner widget starts the cart in it)', () => {
    const consumer = start();
    consumer.send({ type: 'cart.add', line: line('a', 3000) });
    consumer.send({ type: 'cart.add', line: line('b', 2500) });
    expect(isOverB2BCap(consumer.getSnapshot().context)).toBe(false);
    const business = start({ b2b: true });
    business.send({ type: 'cart.add', line: line('a', 3000) });
    business.send({ type: 'cart.add', line: line('b', 2500) });
    expect(business.getSnapshot().context.B2BMode).toBe(true);
    expect(isOverB2BCap(business.getSnapshot().context)).toBe(true);
    business.send({ type: 'cart.remove', offerId: 'a' });
    expect(isOverB2BCap(business.getSnapshot().context)).toBe(false);
  });
});

describe('cart machine', () => {
  it('starts with the product §3 defaults', () => {
    expect(start().getSnapshot().context).toEqual({
      cart: [],
      cartExpiry: 0,
      offerIds: [],
      transactionId: 0,
      lastTrade: null,
      B2BMode: false,
      B2BSwitchable: false,
    });
    expect(start().getSnapshot().value).toBe('active');
  });

  it('adds, ignores a duplicate offer, removes and sells; offerIds and cartExpiry follow', () => {
    const actor = start();
    const a = line('a', 100, '2030-01-20T00:00:00.000Z');
    const b = line('b', 50, '2030-01-15T00:00:00.000Z');
    actor.send({ type: 'cart.add', line: a });
    actor.send({ type: 'cart.add', line: b });
    actor.send({ type: 'cart.add', line: { ...a, price: 1 } }); // same offerId
    let ctx = actor.getSnapshot().context;
    expect(ctx.cart).toEqual([a, b]);
    expect(ctx.offerIds).toEqual(['a', 'b']);
    expect(ctx.cartExpiry).toBe(Date.UTC(2030, 0, 15));
    expect(cartTotal(ctx.cart)).toBe(150);

    actor.send({ type: 'cart.remove', offerId: 'b' });
    actor.send({ type: 'cart.remove', offerId: 'zzz' });
    ctx = actor.getSnapshot().context;
    expect(ctx.offerIds).toEqual(['a']);
    expect(ctx.cartExpiry).toBe(Date.UTC(2030, 0, 20));

    actor.send({ type: 'cart.checkedOut', trade });
    ctx = actor.getSnapshot().context;
    expect(ctx.cart).toEqual([]);
    expect(ctx.offerIds).toEqual([]);
    expect(ctx.cartExpiry).toBe(0);
    expect(ctx).toMatchObject({ transactionId: trade.transactionId, lastTrade: trade });
  });

  it('never holds the same device with the same answers twice', () => {
    const actor = start();
    const first = { ...line('a', 100), deviceId: 7, answers: { '10': 101 } };
    actor.send({ type: 'cart.add', line: first });
    actor.send({ type: 'cart.add', line: { ...first, offerId: 'a-again', price: 120 } });
    expect(actor.getSnapshot().context.offerIds).toEqual(['a']);
    // Other answers are another device in the cart.
    actor.send({ type: 'cart.add', line: { ...first, offerId: 'b', answers: { '10': 102 } } });
    expect(actor.getSnapshot().context.offerIds).toEqual(['a', 'b']);
  });

  it('replaces an expired line with a new quote in place', () => {
    const actor = start();
    actor.send({ type: 'cart.add', line: line('a', 100, '2020-01-01T00:00:00.000Z') });
    actor.send({ type: 'cart.add', line: line('b', 50, '2030-01-15T00:00:00.000Z') });
    const fresh = line('a2', 110, '2030-02-01T00:00:00.000Z');
    actor.send({ type: 'cart.replace', offerId: 'a', line: fresh });
    let ctx = actor.getSnapshot().context;
    expect(ctx.offerIds).toEqual(['a2', 'b']);
    expect(ctx.cart[0]).toEqual(fresh);
    expect(ctx.cartExpiry).toBe(Date.UTC(2030, 0, 15));
    // Unknown line, or a new offer already in the cart: ignored.
    actor.send({ type: 'cart.replace', offerId: 'nope', line: line('c', 1) });
    actor.send({ type: 'cart.replace', offerId: 'a2', line: line('b', 1) });
    ctx = actor.getSnapshot().context;
    expect(ctx.offerIds).toEqual(['a2', 'b']);
    expect(cartTotal(ctx.cart)).toBe(160);
  });

  it('lineToReplace: the same device with the same answers, else an expired line of the device, else a corrected answer', () => {
    const now = Date.UTC(2030, 0, 1);
    const fresh = { ...line('new', 100), deviceId: 7, answers: { '10': 101 } };
    const same = { ...line('same', 90), deviceId: 7, answers: { '10': 101 } };
    const expired = { ...line('old', 80, '2029-12-31T00:00:00.000Z'), deviceId: 7, answers: { '10': 102 } };
    const valid = { ...line('other', 80), deviceId: 7, answers: { '10': 102 } };
    const third = { ...line('third', 70), deviceId: 7, answers: { '10': 103 } };
    expect(lineToReplace([valid, same], fresh, now)).toBe(same);
    expect(lineToReplace([expired, valid], fresh, now)).toBe(expired);
    // Valid, other answers: a corrected answer replaces the device's last line, unless it is another device.
    expect(lineToReplace([valid], fresh, now)).toBe(valid);
    expect(lineToReplace([valid, third], fresh, now, 'replace')).toBe(third);
    expect(lineToReplace([valid], fresh, now, 'another')).toBeNull();
    // The same answers stay one line even when the seller says "another": the offer is updated.
    expect(lineToReplace([same], fresh, now, 'another')).toBe(same);
    expect(lineToReplace([{ ...same, deviceId: 8 }], fresh, now)).toBeNull();
    expect(lineToReplace([fresh], fresh, now)).toBeNull(); // the offer itself is not a line to replace
    // A line kept from before answers were stored matches no answers, but is replaced once expired.
    const { answers: _, ...legacy } = { ...same, validUntil: '2029-12-31T00:00:00.000Z' };
    expect(lineToReplace([legacy], fresh, now, 'another')).toBe(legacy);
    expect(lineToReplace([{ ...legacy, validUntil: '2030-02-01T00:00:00.000Z' }], fresh, now, 'another')).toBeNull();
  });

  it('lineToCorrect: asks only for a valid line of the device with other answers', () => {
    const now = Date.UTC(2030, 0, 1);
    const fresh = { ...line('new', 100), deviceId: 7, answers: { '10': 101 } };
    const valid = { ...line('other', 80), deviceId: 7, answers: { '10': 102 } };
    expect(lineToCorrect([valid], fresh, now)).toBe(valid);
    expect(lineToCorrect([valid, { ...line('same', 90), deviceId: 7, answers: { '10': 101 } }], fresh, now)).toBeNull();
    expect(lineToCorrect([valid, { ...line('old', 80, '2029-12-31T00:00:00.000Z'), deviceId: 7 }], fresh, now)).toBeNull();
    expect(lineToCorrect([{ ...valid, deviceId: 8 }], fresh, now)).toBeNull();
    expect(lineToCorrect([fresh], fresh, now)).toBeNull();
  });

  it('restores a stored cart, drops the trade without a transactionId and refuses anything else', () => {
    const a = line('a', 100);
    expect(restoredCart({ context: { cart: [a], transactionId: 0, B2BMode: true, voucher: 'legacy field' } })).toEqual({
      cart: [a],
      offerIds: ['a'],
      cartExpiry: Date.parse(a.validUntil),
      transactionId: 0,
      lastTrade: null,
      B2BMode: true,
      B2BSwitchable: false,
    });
    expect(restoredCart({ context: { cart: [], transactionId: 42, lastTrade: trade, B2BMode: false } })).toMatchObject({
      transactionId: 42,
      lastTrade: trade,
    });
    expect(restoredCart({ context: { cart: [], transactionId: 42, B2BMode: false } })).toMatchObject({ transactionId: 0, lastTrade: null });
    expect(restoredCart({ context: { cart: [{ ...a, price: 'free' }], transactionId: 0, B2BMode: false } })).toBeNull();
    expect(restoredCart('garbage')).toBeNull();
    expect(restoredCart(null)).toBeNull();
  });

  it('transactionId survives only navigation to a route whose name contains thankYou (product §4)', () => {
    const actor = start();
    actor.send({ type: 'cart.checkedOut', trade: { ...trade, transactionId: 77 } });
    actor.send({ type: 'cart.navigated', routeName: 'thankYou' });
    expect(actor.getSnapshot().context.transactionId).toBe(77);
    actor.send({ type: 'cart.navigated', routeName: '/de/thankYou' });
    expect(actor.getSnapshot().context.transactionId).toBe(77);
    actor.send({ type: 'cart.navigated', routeName: 'checkout-thankYou-b2b' });
    expect(actor.getSnapshot().context.transactionId).toBe(77);
    actor.send({ type: 'cart.navigated', routeName: 'thankyou' }); // case matters
    expect(actor.getSnapshot().context).toMatchObject({ transactionId: 0, lastTrade: null });
    actor.send({ type: 'cart.checkedOut', trade: { ...trade, transactionId: 78 } });
    actor.send({ type: 'cart.navigated', routeName: 'cart' });
    expect(actor.getSnapshot().context.transactionId).toBe(0);
  });

  it('builds a line from an offer', () => {
    const offer: Offer = {
      offerId: '0b7c2f56-3a43-4c55-9d0e-1f1f8f3f0a11',
      deviceId: 42,
      deviceName: 'iPhone 13 128 GB',
      locale: 'de-DE',
      answers: { '10': 101 },
      price: 287.35,
      currency: 'EUR',
      conditionId: 1,
      kind: 'purchase',
      validUntil: '2030-01-22T10:00:00.000Z',
      createdAt: '2030-01-01T10:00:00.000Z',
    };
    expect(cartLineFromOffer(offer, { url: 'apple-iphone-13-128gb', thumbnail: '/t.webp', category: 'Smartphones' })).toEqual({
      offerId: offer.offerId,
      deviceId: 42,
      deviceName: 'iPhone 13 128 GB',
      deviceUrl: 'apple-iphone-13-128gb',
      category: 'Smartphones',
      thumbnail: '/t.webp',
      price: 287.35,
      quantity: 1,
      conditionId: 1,
      kind: 'purchase',
      validUntil: '2030-01-22T10:00:00.000Z',
      answers: { '10': 101 },
    });
    // An offer that announced a scheduled price drop keeps it on its line ("valid until …, then …"), also after a reload.
    const priceChange = { effectiveOn: '2030-01-15', price: 199.5 };
    const announced = cartLineFromOffer(
      { ...offer, priceChange },
      { url: 'apple-iphone-13-128gb', thumbnail: '/t.webp', category: 'Smartphones' },
    );
    expect(announced.priceChange).toEqual(priceChange);
    expect(restoredCart({ context: { cart: [announced], transactionId: 0, B2BMode: false } })?.cart[0]?.priceChange).toEqual(priceChange);
    expect(
      restoredCart({ context: { cart: [{ ...announced, priceChange: { effectiveOn: 'soon' } }], transactionId: 0, B2BMode: false } }),
    ).toBeNull();
  });

  it('does not share state between actors', () => {
    const a = start();
    a.send({ type: 'cart.add', line: line('a', 1) });
    expect(start().getSnapshot().context.cart).toEqual([]);
    expect(initialCartContext.cart).toEqual([]);
  });
});

describe('business trade-in: quantities and the cap (product §4, §9)', () => {
  it('totals each line as truncate2(price × quantity): 3 × 33.333 is 99.99, not 100', () => {
    expect(lineTotal({ price: 33.333, quantity: 3 })).toBe(99.99);
    expect(cartTotal([line('a', 33.333, undefined, 3), line('b', 0.29, undefined, 3)])).toBe(100.86);
    expect(roomUnderB2BCap([line('a', 33.333, undefined, 3)])).toBe(4900.01);
  });

  it('is at the cap at exactly 5,000 and over it a cent later; the room goes negative', () => {
    expect(exceedsB2BCap([line('a', 1000, undefined, 5)])).toBe(false);
    expect(roomUnderB2BCap([line('a', 1000, undefined, 5)])).toBe(0);
    expect(exceedsB2BCap([line('a', 1000, undefined, 5), line('b', 0.01)])).toBe(true);
    expect(roomUnderB2BCap([line('a', 250.01, undefined, 20)])).toBe(-0.2);
    // 99 units of 50.505 truncate to 4999.99: still under.
    expect(exceedsB2BCap([line('a', 50.505, undefined, 99)])).toBe(false);
  });

  it('lists only lines with more than one unit as quantities', () => {
    expect(quantitiesOf([line('a', 1), line('b', 1, undefined, 4)])).toEqual({ b: 4 });
  });
});

describe('cart machine: business mode and quantities', () => {
  it('switches business mode only where the shop has it; leaving it sells one unit per line again', () => {
    const consumerShop = start();
    consumerShop.send({ type: 'cart.businessMode', enabled: true });
    expect(consumerShop.getSnapshot().context.B2BMode).toBe(false);

    const german = start({ b2bSwitchable: true });
    german.send({ type: 'cart.add', line: line('a', 100) });
    german.send({ type: 'cart.businessMode', enabled: true });
    expect(german.getSnapshot().context).toMatchObject({ B2BMode: true, B2BSwitchable: true });
    german.send({ type: 'cart.setQuantity', offerId: 'a', quantity: 7 });
    expect(german.getSnapshot().context.cart[0]!.quantity).toBe(7);
    german.send({ type: 'cart.businessMode', enabled: false });
    expect(german.getSnapshot().context.B2BMode).toBe(false);
    expect(german.getSnapshot().context.cart[0]!.quantity).toBe(1);
  });

  it('keeps the partner widget in business mode: it cannot be switched off', () => {
    const widget = start({ b2b: true, b2bSwitchable: true });
    expect(widget.getSnapshot().context).toMatchObject({ B2BMode: true, B2BSwitchable: false });
    widget.send({ type: 'cart.businessMode', enabled: false });
    expect(widget.getSnapshot().context.B2BMode).toBe(true);
  });

  it('sets quantities 1..99 in business mode only; a consumer keeps one unit per line', () => {
    const consumer = start({ b2bSwitchable: true });
    consumer.send({ type: 'cart.add', line: line('a', 100) });
    consumer.send({ type: 'cart.setQuantity', offerId: 'a', quantity: 2 });
    expect(consumer.getSnapshot().context.cart[0]!.quantity).toBe(1);

    const business = start({ b2b: true });
    business.send({ type: 'cart.add', line: line('a', 100) });
    for (const refused of [0, 100, 2.5, -1, Number.NaN]) {
      business.send({ type: 'cart.setQuantity', offerId: 'a', quantity: refused });
      expect(business.getSnapshot().context.cart[0]!.quantity).toBe(1);
    }
    business.send({ type: 'cart.setQuantity', offerId: 'a', quantity: 99 });
    business.send({ type: 'cart.setQuantity', offerId: 'unknown', quantity: 3 });
    expect(business.getSnapshot().context.cart.map((l) => l.quantity)).toEqual([99]);
  });

  it('marks a cart raised over the cap (checkout is blocked) and clears the mark when lowered', () => {
    const business = start({ b2b: true });
    business.send({ type: 'cart.add', line: line('a', 1000) });
    business.send({ type: 'cart.setQuantity', offerId: 'a', quantity: 5 });
    expect(isOverB2BCap(business.getSnapshot().context)).toBe(false);
    business.send({ type: 'cart.setQuantity', offerId: 'a', quantity: 6 });
    expect(isOverB2BCap(business.getSnapshot().context)).toBe(true);
    business.send({ type: 'cart.setQuantity', offerId: 'a', quantity: 4 });
    expect(isOverB2BCap(business.getSnapshot().context)).toBe(false);
  });

  it('adds the lines of a bulk upload with their quantities, once, in business mode only', () => {
    const consumer = start({ b2bSwitchable: true });
    consumer.send({ type: 'cart.addMany', lines: [line('a', 10, undefined, 3)] });
    expect(consumer.getSnapshot().context.cart).toEqual([]);

    const business = start({ b2b: true });
    business.send({ type: 'cart.add', line: line('a', 10) });
    business.send({
      type: 'cart.addMany',
      lines: [line('a', 10, undefined, 5), line('b', 20, undefined, 3), line('b', 20), line('c', 1, undefined, 0)],
    });
    expect(business.getSnapshot().context.cart.map((l) => [l.offerId, l.quantity])).toEqual([
      ['a', 1],
      ['b', 3],
    ]);
    expect(business.getSnapshot().context.offerIds).toEqual(['a', 'b']);
  });

  it('restores business mode only in a shop that has it, with one unit per line otherwise', () => {
    const stored = restoredCart({ context: { cart: [line('a', 10, undefined, 4)], transactionId: 0, B2BMode: true } });
    const german = start({ restored: stored, b2bSwitchable: true });
    expect(german.getSnapshot().context).toMatchObject({ B2BMode: true, cart: [{ quantity: 4 }] });
    const elsewhere = start({ restored: stored });
    expect(elsewhere.getSnapshot().context).toMatchObject({ B2BMode: false, B2BSwitchable: false, cart: [{ quantity: 1 }] });
  });
});
