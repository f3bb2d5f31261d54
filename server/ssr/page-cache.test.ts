// The page cache's own rules: no URLs with a query string, least recently used out first, an age limit.

import { describe, expect, it } from 'vitest';
import { PageCache, type StoredPage } from './page-cache';

const shop = { locale: 'de', mode: 'default', languageSwitchable: false } as const;
const page = (body: string, renderedAt = 0): StoredPage => ({
  renderedAt,
  status: 200,
  headers: [['content-type', 'text/html']],
  body: Buffer.from(body),
  scriptSources: [],
  encoded: { br: Buffer.alloc(0), gzip: Buffer.alloc(0) },
  digest: body,
});

describe('PageCache', () => {
  it('keys by shop and path, and keeps no URL with a query string', () => {
    expect(PageCache.key(shop, '/')).not.toBe(PageCache.key({ ...shop, locale: 'at' }, '/'));
    expect(PageCache.key(shop, '/')).not.toBe(PageCache.key({ ...shop, mode: 'b2bWidget' }, '/'));
    expect(PageCache.key(shop, '/?utm=1')).toBeUndefined();
  });

  it('drops the least recently used page when full', () => {
    const cache = new PageCache(2, 60_000, () => 0);
    cache.set('a', page('a'));
    cache.set('b', page('b'));
    cache.get('a');
    cache.set('c', page('c'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.body.toString()).toBe('a');
    expect(cache.get('c')?.body.toString()).toBe('c');
  });

  it('forgets pages older than its age limit', () => {
    let now = 0;
    const cache = new PageCache(10, 1000, () => now);
    cache.set('a', page('a', 0));
    now = 1000;
    expect(cache.get('a')).toBeDefined();
    now = 1001;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
