import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { loadSnapshot, persistActor } from '../services/persistence';
import { cartMachine, cartTotal, restoredCart, type CartLine } from './cart';
import { trade } from './checkout.fixtures';

const line = (offerId: string, price: number, validUntil: string): CartLine => ({
  offerId,
  deviceId: offerId.charCodeAt(0),
  deviceName: 'iPhone 13 128 GB',
  deviceUrl: 'apple-iphone-13-128gb',
  thumbnail: '/img/iphone13-thumb.webp',
  price,
  quantity: 1,
  conditionId: 2,
  kind: 'purchase',
  validUntil,
});

describe('checkout state survives a reload (cart machine + IndexedDB)', () => {
  it('a cart actor restored from the persisted snapshot has the same context and keeps working', async () => {
    const actor = createActor(cartMachine, { input: { b2b: true } }).start();
    const handle = persistActor(actor, 'checkout', { debounceMs: 5 });
    actor.send({ type: 'cart.checkedOut', trade: { ...trade, transactionId: 12 } });
    actor.send({ type: 'cart.add', line: line('a', 100.5, '2030-01-20T00:00:00.000Z') });
    actor.send({ type: 'cart.add', line: line('b', 0.29, '2030-01-10T00:00:00.000Z') });
    await handle.flush();
    const before = actor.getSnapshot().context;
    expect((await loadSnapshot<{ context: { offerIds: string[] } }>('checkout'))?.context.offerIds).toEqual(['a', 'b']);

    // "Reload": a new actor from what is stored.
    // The same shop (the partner widget: business mode fixed) starts it again.
    const restored = createActor(cartMachine, { input: { restored: restoredCart(await loadSnapshot('checkout')), b2b: true } }).start();
    const after = restored.getSnapshot();
    expect(after.value).toBe('active');
    expect(after.context).toEqual(before);
    expect(after.context).toMatchObject({
      offerIds: ['a', 'b'],
      cartExpiry: Date.UTC(2030, 0, 10),
      B2BMode: true,
      transactionId: 12,
      lastTrade: { ...trade, transactionId: 12 },
    });
    expect(cartTotal(after.context.cart)).toBe(100.79);

    restored.send({ type: 'cart.add', line: line('a', 1, '2030-01-20T00:00:00.000Z') }); // duplicate: ignored
    restored.send({ type: 'cart.navigated', routeName: 'home' });
    restored.send({ type: 'cart.remove', offerId: 'b' });
    expect(restored.getSnapshot().context).toMatchObject({ offerIds: ['a'], transactionId: 0, cartExpiry: Date.UTC(2030, 0, 20) });
    await handle.stop();
  });
});
