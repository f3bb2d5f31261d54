import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, createMachine, setup } from 'xstate';
import { clearSnapshot, loadSnapshot, persistActor, restoreSnapshot, saveSnapshot, type StorageOperation } from './persistence';

// Services may not import machines (lint), so a small list machine stands in here; the cart round
// trip lives in src/machines/cart-persistence.test.ts.
type ListEvent = { type: 'list.add'; id: string } | { type: 'list.remove'; id: string } | { type: 'list.clear' } | { type: 'list.lock' };
const listMachine = setup({
  types: { context: {} as { ids: string[] }, events: {} as ListEvent },
  actions: {
    add: assign({
      ids: ({ context, event }) =>
        event.type === 'list.add' && !context.ids.includes(event.id) ? [...context.ids, event.id] : context.ids,
    }),
    remove: assign({ ids: ({ context, event }) => context.ids.filter((id) => event.type !== 'list.remove' || id !== event.id) }),
    clear: assign({ ids: () => [] }),
  },
}).createMachine({
  id: 'list',
  context: { ids: [] },
  initial: 'open',
  states: {
    open: {
      on: {
        'list.add': { actions: 'add' },
        'list.remove': { actions: 'remove' },
        'list.clear': { actions: 'clear' },
        'list.lock': 'locked',
      },
    },
    locked: { on: { 'list.clear': { target: 'open', actions: 'clear' } } },
  },
});
const item = (id: string) => ({ type: 'list.add' as const, id });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function errors() {
  const seen: Array<{ operation: StorageOperation; key: string; error: unknown }> = [];
  return { seen, onError: (error: unknown, operation: StorageOperation, key: string) => void seen.push({ error, operation, key }) };
}

describe('snapshot store', () => {
  it('saves, loads and clears a value', async () => {
    expect(await loadSnapshot('t-basic')).toBeUndefined();
    await saveSnapshot('t-basic', { a: 1, list: ['x'] });
    expect(await loadSnapshot('t-basic')).toEqual({ a: 1, list: ['x'] });
    await clearSnapshot('t-basic');
    expect(await loadSnapshot('t-basic')).toBeUndefined();
  });

  it('reports a storage failure through onError instead of throwing', async () => {
    const { seen, onError } = errors();
    await expect(saveSnapshot('t-bad', { fn: () => 1 }, { onError })).resolves.toBeUndefined();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.operation).toBe('save');
    expect(seen[0]?.key).toBe('t-bad');
    expect((seen[0]?.error as Error).name).toBe('DataCloneError');
    expect(await loadSnapshot('t-bad')).toBeUndefined();
  });
});

describe('persistActor / restoreSnapshot', () => {
  it('round trip: a new actor restored from storage has the same state and context', async () => {
    const actor = createActor(listMachine).start();
    const handle = persistActor(actor, 't-list', { debounceMs: 5 });
    actor.send(item('a'));
    actor.send(item('b'));
    actor.send({ type: 'list.lock' });
    await handle.flush();

    const snapshot = await restoreSnapshot(listMachine, 't-list');
    const restored = createActor(listMachine, { snapshot }).start();
    expect(restored.getSnapshot().value).toBe('locked');
    expect(restored.getSnapshot().context).toEqual({ ids: ['a', 'b'] });
    restored.send({ type: 'list.clear' });
    expect(restored.getSnapshot().value).toBe('open');
    await handle.stop();
  });

  it('debounces writes and stop() writes what is pending', async () => {
    type Stored = { context: { ids: string[] } };
    const actor = createActor(listMachine).start();
    const handle = persistActor(actor, 't-debounce', { debounceMs: 30 });
    actor.send(item('a'));
    await sleep(5);
    expect(await loadSnapshot('t-debounce')).toBeUndefined(); // not yet written
    await sleep(60);
    expect((await loadSnapshot<Stored>('t-debounce'))?.context.ids).toEqual(['a']);

    actor.send(item('b'));
    await handle.stop();
    expect((await loadSnapshot<Stored>('t-debounce'))?.context.ids).toEqual(['a', 'b']);
    // Stopped: later changes are not written.
    actor.send({ type: 'list.clear' });
    await sleep(60);
    expect((await loadSnapshot<Stored>('t-debounce'))?.context.ids).toEqual(['a', 'b']);
  });

  it('drops a stored snapshot whose state the machine no longer has', async () => {
    const old = createMachine({ id: 'list', initial: 'legacy', states: { legacy: {} } });
    await saveSnapshot('t-stale', createActor(old).start().getPersistedSnapshot());
    const { seen, onError } = errors();
    expect(await restoreSnapshot(listMachine, 't-stale', { onError })).toBeUndefined();
    expect(seen.map((e) => e.operation)).toEqual(['restore']);
    expect(await loadSnapshot('t-stale')).toBeUndefined(); // cleared
  });

  it('drops a snapshot that fails the caller’s validation', async () => {
    await saveSnapshot('t-invalid', createActor(listMachine).start().getPersistedSnapshot());
    const snapshot = await restoreSnapshot(listMachine, 't-invalid', { validate: () => false });
    expect(snapshot).toBeUndefined();
  });

  it('gives undefined when nothing is stored', async () => {
    expect(await restoreSnapshot(listMachine, 't-nothing')).toBeUndefined();
  });
});

describe('without IndexedDB (SSR, old browsers)', () => {
  const original = Object.getOwnPropertyDescriptor(globalThis, 'indexedDB');
  afterEach(() => {
    if (original) Object.defineProperty(globalThis, 'indexedDB', original);
  });

  it('every call is a quiet no-op', async () => {
    Reflect.deleteProperty(globalThis, 'indexedDB');
    expect(typeof indexedDB).toBe('undefined');
    const { seen, onError } = errors();
    await expect(saveSnapshot('t-none', { a: 1 }, { onError })).resolves.toBeUndefined();
    await expect(loadSnapshot('t-none', { onError })).resolves.toBeUndefined();
    await expect(clearSnapshot('t-none', { onError })).resolves.toBeUndefined();
    await expect(restoreSnapshot(listMachine, 't-none', { onError })).resolves.toBeUndefined();
    const actor = createActor(listMachine).start();
    const handle = persistActor(actor, 't-none', { debounceMs: 1, onError });
    actor.send(item('a'));
    await expect(handle.flush()).resolves.toBeUndefined();
    await handle.stop();
    expect(seen).toEqual([]);
  });

  it('an IndexedDB that throws on open is reported, not thrown', async () => {
    // A fresh module so its lazily created store meets the broken IndexedDB (as in some private modes).
    vi.resetModules();
    Object.defineProperty(globalThis, 'indexedDB', {
      configurable: true,
      value: {
        open: () => {
          throw new DOMException('denied', 'SecurityError');
        },
      },
    });
    const fresh = await import('./persistence');
    const { seen, onError } = errors();
    await expect(fresh.saveSnapshot('t-broken', { a: 1 }, { onError })).resolves.toBeUndefined();
    await expect(fresh.loadSnapshot('t-broken', { onError })).resolves.toBeUndefined();
    expect(seen.map((e) => [e.operation, (e.error as DOMException).name])).toEqual([
      ['save', 'SecurityError'],
      ['load', 'SecurityError'],
    ]);
  });
});
