// Rendered catalogue pages (home, category, overview, device) kept per shop and path: they depend
// only on the shop, the path and the catalogue, so every visitor gets the same bytes, compressed
// once when kept (brotli and gzip) and revalidated by entity tag. URLs with a query string are not kept (no one fills the cache with made-up ones);
// the least recently used page goes first, and none is older than ten minutes (the footer's year,
// anything else that depends on the day). Cleared whenever the catalogue changes (an import reloads
// the store).

import type { ShopContext } from '../../src/config/hosts';

/** A page as the server sends it; kept, it is sent as these bytes to every visitor (decision 089). */
export interface CachedPage {
  /** When it was rendered (Date.now()). */
  readonly renderedAt: number;
  readonly status: number;
  readonly headers: readonly (readonly [string, string])[];
  /** The HTML as UTF-8. */
  readonly body: Buffer;
  /** The CSP sources of its inline scripts (server/ssr/script-hashes.ts). */
  readonly scriptSources: readonly string[];
}

/** A kept page: also stored compressed, and named by a strong entity tag per encoding. */
export interface StoredPage extends CachedPage {
  readonly encoded: { readonly br: Buffer; readonly gzip: Buffer };
  /** The SHA-256 of the HTML (base64url): the entity tags are it, `-br` and `-gz` quoted. */
  readonly digest: string;
}

export class PageCache {
  private pages = new Map<string, StoredPage>();
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

  get(key: string): StoredPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    this.pages.delete(key);
    if (this.now() - page.renderedAt > this.maxAgeMs) return undefined;
    // Most recently used last: a Map iterates in insertion order.
    this.pages.set(key, page);
    this.hits++;
    return page;
  }

  set(key: string, page: StoredPage): void {
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
