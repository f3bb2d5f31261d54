// Rendered catalogue pages (home, category, overview, device) kept per shop and path, with their
// compressed forms: they depend only on the shop, the path and the catalogue, so every visitor gets
// the same HTML. URLs with a query string are not kept (no one fills the cache with made-up ones);
// the least recently used page goes first, and none is older than ten minutes (the footer's year,
// anything else that depends on the day). Cleared whenever the catalogue changes (an import reloads
// the store).

import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { ShopContext } from '../../src/config/hosts';

export interface CachedPage {
  /** When it was rendered (Date.now()). */
  readonly renderedAt: number;
  readonly status: number;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: Buffer;
  /** Compressed once, on the first request that accepts the encoding. */
  br?: Buffer;
  gzip?: Buffer;
}

export type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to answer with: brotli, else gzip, else none (q-values other than 0 count as accepted). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

export function encodedBody(page: CachedPage, encoding: Encoding): Buffer {
  if (encoding === 'br') return (page.br ??= brotliCompressSync(page.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  if (encoding === 'gzip') return (page.gzip ??= gzipSync(page.body));
  return page.body;
}

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
