import { describe, expect, it } from 'vitest';
import { loadedOnce } from './api-context';

describe('loadedOnce (the page API client is created on first use)', () => {
  it('loads once and hands every caller the same result', async () => {
    let loads = 0;
    const client = loadedOnce(async () => ({ id: ++loads }));
    const [a, b] = await Promise.all([client(), client()]);
    expect(a).toBe(b);
    expect(await client()).toBe(a);
    expect(loads).toBe(1);
  });

  it('tries again after a failed load (a chunk lost to the network) instead of failing for good', async () => {
    let loads = 0;
    const client = loadedOnce(async () => {
      loads++;
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { id: loads };
    });
    await expect(client()).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(await client()).toEqual({ id: 2 });
    expect(await client()).toEqual({ id: 2 });
    expect(loads).toBe(2);
  });
});
