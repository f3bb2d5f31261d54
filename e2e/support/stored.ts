// What the page stored in IndexedDB, read and changed the way src/services/persistence.ts keeps
// it: database 'tradein-shop', store 'snapshots'.
//
// A test never creates that database: opening a database that does not exist yet creates it
// empty, and if a test did so before the app, the app's store would be missing. A read before
// the app stored anything therefore finds nothing, and the upgrade is aborted.

import { expect, type Page } from '@playwright/test';

type Operation =
  | { readonly kind: 'get'; readonly key: string }
  | { readonly kind: 'prefix'; readonly prefix: string }
  | { readonly kind: 'patch'; readonly key: string; readonly patch: Record<string, unknown> };

/** Runs `operation` in the page; a missing database or store reads as nothing (and refuses a patch). */
function inPage(page: Page, operation: Operation): Promise<unknown> {
  return page.evaluate(
    (op) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('tradein-shop');
        let created = false;
        open.onupgradeneeded = () => {
          created = true;
          open.transaction?.abort();
        };
        open.onerror = () => {
          if (!created) reject(open.error);
          else if (op.kind === 'patch') reject(new Error('nothing stored yet'));
          else resolve(null);
        };
        open.onsuccess = () => {
          const db = open.result;
          const done = (value: unknown) => {
            db.close();
            resolve(value);
          };
          const fail = (error: unknown) => {
            db.close();
            reject(error instanceof Error ? error : new Error(String(error)));
          };
          if (!db.objectStoreNames.contains('snapshots')) return op.kind === 'patch' ? fail('nothing stored yet') : done(null);
          const store = db.transaction('snapshots', op.kind === 'patch' ? 'readwrite' : 'readonly').objectStore('snapshots');
          if (op.kind === 'prefix') {
            const all = store.getAll(IDBKeyRange.bound(op.prefix, `${op.prefix}\uffff`));
            all.onerror = () => fail(all.error);
            all.onsuccess = () => done(all.result);
            return;
          }
          const read = store.get(op.key);
          read.onerror = () => fail(read.error);
          read.onsuccess = () => {
            const value = read.result as { context?: Record<string, unknown> } | undefined;
            if (op.kind === 'get') return done(value ?? null);
            if (!value?.context) return fail(`nothing stored under ${op.key}`);
            Object.assign(value.context, op.patch);
            const write = store.put(value, op.key);
            write.onerror = () => fail(write.error);
            write.onsuccess = () => done(null);
          };
        };
      }),
    operation,
  );
}

/** The value stored under `key`, or null. */
export const storedValue = <T>(page: Page, key: string) => inPage(page, { kind: 'get', key }) as Promise<T | null>;

/** Every value stored under a key that starts with `prefix`. */
export const storedValues = async <T>(page: Page, prefix: string) => ((await inPage(page, { kind: 'prefix', prefix })) ?? []) as T[];

/** The context of the actor snapshot stored under `key`, or null. */
export async function storedContext<T>(page: Page, key: string): Promise<T | null> {
  return ((await storedValue<{ context?: T }>(page, key))?.context ?? null) as T | null;
}

/** Changes fields of a stored snapshot's context (the running page keeps its own until it loads again). */
export async function patchStoredContext(page: Page, key: string, patch: Record<string, unknown>): Promise<void> {
  await inPage(page, { kind: 'patch', key, patch });
}

/**
 * After "Add to cart": waits until the cart the header counts is stored (src/services/persistence.ts),
 * so a page load right after it — a test's goto, faster than any seller — finds the whole cart.
 */
export async function cartStored(page: Page): Promise<void> {
  const shown = Number(await page.locator('.cart-count').first().textContent());
  await expect
    .poll(async () => (await storedContext<{ offerIds: readonly string[] }>(page, 'checkout-state'))?.offerIds.length ?? 0, {
      message: 'the cart is stored',
    })
    .toBe(shown);
}
