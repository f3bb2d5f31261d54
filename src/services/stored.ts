// Whether the browser keeps anything of the shop, asked without loading IndexedDB's client when the
// shop's database does not even exist (a first visit, decision 007).

import { SHOP_DATABASE } from './storage-keys';

/** Whether this browser has the shop's database at all (true where the browser cannot tell): asking costs no code. */
async function hasShopDatabase(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((database) => database.name === SHOP_DATABASE);
  } catch {
    return true;
  }
}

/**
 * Whether any of `keys` is stored. IndexedDB's client (./persistence.ts) loads only when the shop's
 * database exists, so a first visit loads none of it (decision 007).
 */
export async function hasStored(keys: readonly string[]): Promise<boolean> {
  if (!(await hasShopDatabase())) return false;
  const { hasSnapshot } = await import('./persistence');
  return hasSnapshot(keys);
}
