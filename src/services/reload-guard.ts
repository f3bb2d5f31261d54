// Stale-build guard (product §8): when a lazily loaded chunk of an older build is gone, reload the page,
// at most once per 10 seconds per path, so a broken deployment cannot cause a reload loop.

import { RELOAD_GUARD_MS } from '../config/constants';

const KEY = 'reload-guard:';

export function shouldReload(path: string, now: number, storage: Pick<Storage, 'getItem' | 'setItem'>): boolean {
  const stored = storage.getItem(KEY + path);
  const last = stored === null ? Number.NaN : Number(stored);
  if (Number.isFinite(last) && now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(KEY + path, String(now));
  return true;
}

/** Listens for Vite's failed-preload event; returns the function that stops listening. */
export function installReloadGuard(win: Window = window): () => void {
  const onPreloadError = (event: Event) => {
    let storage: Storage;
    try {
      storage = win.sessionStorage;
    } catch {
      return;
    }
    if (shouldReload(win.location.pathname, Date.now(), storage)) {
      event.preventDefault();
      win.location.reload();
    }
  };
  win.addEventListener('vite:preloadError', onPreloadError);
  return () => win.removeEventListener('vite:preloadError', onPreloadError);
}
