// Every indexable page carries a meta description in its shop's language (issue 15: the home page had
// none): the sitemap's pages, a category, a series and a device page, and the checkout of each shop.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/config/locales';
import { buildPath } from '../../src/config/routes';
import { render } from '../../src/entry-server';
import { sitemapPaths } from './sitemap';
import { renderingTestApp } from '../test-support/rendering-app';
import { SHOP_HOSTS } from '../test-support/sample-params';

let rendering: Awaited<ReturnType<typeof renderingTestApp>>;

beforeAll(async () => {
  rendering = await renderingTestApp(render);
}, 30_000);
afterAll(() => rendering.close());

async function descriptionOf(host: string, path: string): Promise<string | undefined> {
  const response = await rendering.app.inject({ method: 'GET', url: path, headers: { host } });
  expect(response.statusCode, `${host}${path}`).toBe(200);
  return /<meta name="description" content="([^"]*)"/.exec(response.body)?.[1];
}

describe('meta descriptions', () => {
  for (const locale of LOCALES) {
    it(`${locale}: every page of the sitemap and the catalogue pages have one`, async () => {
      const catalogue = [
        buildPath('sellCategory', locale, { category: 'smartphones' }),
        buildPath('productOverview', locale, { overview: 'iphone-13' }),
        buildPath('productDetail', locale, { pdp: 'apple-iphone-13-128-gb' }),
        // Not in the sitemap, but crawlable and measured by Lighthouse (decision 063).
        buildPath('checkout', locale),
      ];
      for (const path of [...sitemapPaths(locale), ...catalogue]) {
        const description = await descriptionOf(SHOP_HOSTS[locale], path);
        expect(description?.trim().length ?? 0, `${locale} ${path}`).toBeGreaterThan(0);
      }
      // The first renders of a shop load its catalogs: more than the default 5 s on a busy machine.
    }, 30_000);
  }

  it('are in the language of the shop', async () => {
    const home = await Promise.all(LOCALES.map((locale) => descriptionOf(SHOP_HOSTS[locale], '/')));
    // de and at share German; the others each have their own.
    expect(new Set(home).size).toBe(LOCALES.length - 1);
    expect(await descriptionOf('de.localhost', '/')).toMatch(/^Verkaufen Sie Ihr gebrauchtes Smartphone/);
  });
});
