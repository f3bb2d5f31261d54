// Actor snapshots in IndexedDB (idb-keyval): the checkout state survives reloads (product §11).
// Storage is a convenience: without IndexedDB (SSR, old browsers) every call is a no-op, and storage
// failures (private mode, quota, uncloneable values) go to `onError` instead of breaking the app.

import { SHOP_DATABASE } from './storage-keys';
import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import type { AnyActorRef, AnyStateMachine, Snapshot } from 'xstate';

export type StorageOperation = 'load' | 'save' | 'clear' | 'restore';

export interface StorageOptions {
  readonly onError?: (error: unknown, operation: StorageOperation, key: string) => void;
}

const DB_NAME = SHOP_DATABASE;
const STORE_NAME = 'snapshots';

let store: UseStore | undefined;

// Created on first use only: the module is imported during SSR, where there is no IndexedDB.
function snapshotStore(): UseStore | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  store ??= createStore(DB_NAME, STORE_NAME);
  return store;
}

async function attempt<T>(
  operation: StorageOperation,
  key: string,
  options: StorageOptions | undefined,
  run: (db: UseStore) => Promise<T>,
): Promise<T | undefined> {
  try {
    const db = snapshotStore();
    return db ? await run(db) : undefined;
  } catch (error) {
    options?.onError?.(error, operation, key);
    return undefined;
  }
}

export function loadSnapshot<T>(key: string, options?: StorageOptions): Promise<T | undefined> {
  return attempt('load', key, options, (db) => get<T>(key, db));
}

/** Whether any of `wanted` is stored (false without IndexedDB or on a storage failure). */
export async function hasSnapshot(wanted: readonly string[], options?: StorageOptions): Promise<boolean> {
  const stored = await attempt('load', wanted.join(','), options, (db) => keys(db));
  return (stored ?? []).some((key) => wanted.includes(String(key)));
}

export async function saveSnapshot(key: string, value: unknown, options?: StorageOptions): Promise<void> {
  await attempt('save', key, options, (db) => set(key, value, db));
}

export async function clearSnapshot(key: string, options?: StorageOptions): Promise<void> {
  await attempt('clear', key, options, (db) => del(key, db));
}

/** What persistActor needs of an actor. */
export type PersistableActor = Pick<AnyActorRef, 'subscribe' | 'getPersistedSnapshot'>;

/** `actor` as persistActor sees it, storing `view(snapshot)` instead of the actor's own snapshot. */
export function persistableView<S>(
  actor: { subscribe: AnyActorRef['subscribe']; getSnapshot(): S },
  view: (snapshot: S) => unknown,
): PersistableActor {
  return { subscribe: actor.subscribe.bind(actor), getPersistedSnapshot: () => view(actor.getSnapshot()) } as PersistableActor;
}

export interface PersistOptions extends StorageOptions {
  /** Quiet time before a write; default 100 ms. */
  readonly debounceMs?: number;
}

export interface PersistHandle {
  /** Writes the current snapshot now if a write is pending; resolves when stored. */
  flush(): Promise<void>;
  /** Stops listening and writes a pending change. */
  stop(): Promise<void>;
}

/**
 * Saves `actor.getPersistedSnapshot()` under `key` after every change (debounced).
 * Also flushes when the actor finishes and on `pagehide`, so a closing tab keeps its last change.
 */
export function persistActor(actor: PersistableActor, key: string, options: PersistOptions = {}): PersistHandle {
  const debounceMs = options.debounceMs ?? 100;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = false;
  // Writes run one after another so an older snapshot never lands after a newer one.
  let writing: Promise<void> = Promise.resolve();

  const write = (): Promise<void> => {
    if (!pending) return writing;
    pending = false;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    let snapshot: Snapshot<unknown>;
    try {
      snapshot = actor.getPersistedSnapshot();
    } catch (error) {
      options.onError?.(error, 'save', key);
      return writing;
    }
    writing = writing.then(() => saveSnapshot(key, snapshot, options));
    return writing;
  };

  const schedule = () => {
    pending = true;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => void write(), debounceMs);
  };

  const onPageHide = () => void write();
  const hasWindow = typeof window !== 'undefined' && typeof window.addEventListener === 'function';
  if (hasWindow) window.addEventListener('pagehide', onPageHide);

  const subscription = actor.subscribe({
    next: schedule,
    // A failed actor keeps its last good snapshot in storage.
    error: () => undefined,
    complete: () => void write(),
  });

  return {
    flush: write,
    stop: () => {
      subscription.unsubscribe();
      if (hasWindow) window.removeEventListener('pagehide', onPageHide);
      return write();
    },
  };
}

export interface RestoreOptions extends StorageOptions {
  /** Extra check of a stored snapshot (e.g. its context shape); false discards it. */
  readonly validate?: (snapshot: Snapshot<unknown> & { value?: unknown; context?: unknown }) => boolean;
}

/**
 * The stored snapshot of `machine` under `key`, ready for `createActor(machine, { snapshot })`;
 * undefined when nothing usable is stored (a snapshot from an older machine whose states no
 * longer exist is dropped, so a deploy never breaks the start of the app).
 */
export async function restoreSnapshot(
  machine: AnyStateMachine,
  key: string,
  options: RestoreOptions = {},
): Promise<Snapshot<unknown> | undefined> {
  const stored = await loadSnapshot<Snapshot<unknown> & { value?: unknown; context?: unknown }>(key, options);
  if (stored === undefined || stored === null) return undefined;
  try {
    if (typeof stored !== 'object' || typeof stored.status !== 'string' || stored.value === undefined) {
      throw new Error(`stored snapshot '${key}' has no state`);
    }
    // Throws for a state value the machine does not have.
    machine.resolveState({ value: stored.value as never, context: stored.context as never });
    if (options.validate && !options.validate(stored)) throw new Error(`stored snapshot '${key}' failed validation`);
    return stored;
  } catch (error) {
    options.onError?.(error, 'restore', key);
    await clearSnapshot(key, options);
    return undefined;
  }
}
