// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchBuilds } from './build-check';

const answering = (buildId: string, urls: string[]) =>
  (async (url: RequestInfo | URL) => {
    urls.push(String(url));
    return new Response(JSON.stringify({ buildId, builtAt: '2026-11-24T09:00:00Z' }), { status: 200 });
  }) as typeof globalThis.fetch;

const setHidden = (hidden: boolean) => Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });

describe('build check', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setHidden(false);
  });
  afterEach(() => vi.useRealTimers());

  it('asks every interval with a timestamp query and reports another build id once', async () => {
    const urls: string[] = [];
    const found: string[] = [];
    let id = 'build-1';
    const stop = watchBuilds({
      currentBuildId: 'build-1',
      intervalMs: 300_000,
      onNewBuild: (b) => found.push(b),
      fetch: (url) => answering(id, urls)(url),
    });
    await vi.advanceTimersByTimeAsync(299_000);
    expect(urls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/^\/builds\/latest\.json\?t=\d+$/);
    id = 'build-2';
    await vi.advanceTimersByTimeAsync(300_000);
    expect(found).toEqual(['build-2']);
    await vi.advanceTimersByTimeAsync(900_000);
    expect(urls).toHaveLength(2);
    stop();
  });

  it('pauses while the tab is in the background and asks when it returns after the interval', async () => {
    const urls: string[] = [];
    const stop = watchBuilds({ currentBuildId: 'b', intervalMs: 300_000, onNewBuild: () => undefined, fetch: answering('b', urls) });
    setHidden(true);
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(urls).toEqual([]);
    setHidden(false);
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(urls).toHaveLength(1);
    stop();
  });

  it('asks at once when told the first check is due now (the watch starts one interval after the page)', async () => {
    const urls: string[] = [];
    const found: string[] = [];
    const stop = watchBuilds({
      currentBuildId: 'b',
      intervalMs: 300_000,
      firstCheckInMs: 0,
      onNewBuild: (id) => found.push(id),
      fetch: answering('c', urls),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(urls).toHaveLength(1);
    expect(found).toEqual(['c']);
    stop();
  });
});
