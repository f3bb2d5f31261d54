import { describe, expect, it } from 'vitest';
import { shouldReload } from './reload-guard';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe('stale-build reload guard (product §8)', () => {
  it('reloads once, then not again within 10 seconds on the same path', () => {
    const storage = memoryStorage();
    expect(shouldReload('/kontakt', 100_000, storage)).toBe(true);
    expect(shouldReload('/kontakt', 109_999, storage)).toBe(false);
    expect(shouldReload('/kontakt', 110_000, storage)).toBe(true);
  });
  it('counts each path on its own', () => {
    const storage = memoryStorage();
    expect(shouldReload('/a', 1_000, storage)).toBe(true);
    expect(shouldReload('/b', 1_001, storage)).toBe(true);
    expect(shouldReload('/a', 1_002, storage)).toBe(false);
  });
  it('treats an unreadable stored value as no earlier reload', () => {
    const storage = memoryStorage();
    storage.setItem('reload-guard:/x', 'garbage');
    expect(shouldReload('/x', 5, storage)).toBe(true);
  });
});
