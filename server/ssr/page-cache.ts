// Rendered catalogue pages (home, category, overview, device) kept per shop and path: they depend only on the shop, the path and the catalogue, so every visitor gets
// the same HTML. URLs with a query string are not kept (no one fills the cache with made-up ones);
// the least recently used page goes first, and none is older than ten minutes (the footer's year,
// anything else that depends on the day). Cleared whenever the catalogue changes (an import reloads
// the store).

import type { ShopContext } from '../../src/config/hosts';

/**
 * A page is rendered with this in place of the CSP nonce of its scripts; every answer, from the cache
 * or fresh, replaces it by the request's own nonce (server/http/security-headers.ts). The compress
 * plugin therefore compresses each answer: a nonce used twice would let an injected script reuse it.
 */
export const NONCE_PLACEHOLDER = 'N0nce0f0this0answer00==';

export interface CachedPage {
  /** When it was rendered (Date.now()). */
  readonly renderedAt: number;
  readonly status: number;
  readonly headers: readonly (readonly [string, string])[];
  /** The HTML with NONCE_PLACEHOLDER where the nonce goes. */
  readonly body: string;
}

/** The page's HTML for one answer: with that answer's nonce. */
export const withNonce = (page: Pick<CachedPage, 'body'>, nonce: string): string => page.body.replaceAll(NONCE_PLACEHOLDER, nonce);

export class PageCache {
  private pages = new Map<string, CachedPage>();
  /** Pages stored since start, and answers given from the cache (for tests and logs). */
  stores = 0;
  hits = 0;

  constructor(
    private readonly maxPages = 1000,
    private readonly maxAgeMs = 10 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cache key of a request, or undefined when its URL has a query string. */
  static key(shop: ShopContext, url: string): string | undefined {
    if (url.includes('?')) return undefined;
    return `${shop.locale}|${shop.mode}|${shop.languageSwitchable}|${url}`;
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    this.pages.delete(key);
    if (this.now() - page.renderedAt > this.maxAgeMs) return undefined;
    // Most recently used last: a Map iterates in insertion order.
    this.pages.set(key, page);
    this.hits++;
    return page;
  }

  set(key: string, page: CachedPage): void {
    if (this.pages.size >= this.maxPages) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, page);
    this.stores++;
  }

  clear(): void {
    this.pages.clear();
  }

  get size(): number {
    return this.pages.size;
  }
}
