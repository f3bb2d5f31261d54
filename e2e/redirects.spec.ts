// Legacy URLs answer 301 to their new place with the query string kept (product §2, product §2).

import { expect, test } from './support/test';
import type { Locale } from '../src/config/locales';
import { redirectTable } from '../src/config/redirects';
import { shopUrl } from './support/shop';

const SAMPLES: [Locale, string, string][] = [
  ['de', '/agb', '/content/agb'],
  ['de', '/faq', '/kontakt'],
  ['de', '/warenkorb', '/'],
  ['de', '/de/datenschutz', '/content/datenschutz'],
  ['de', '/newsletter/abmelden/9f86d081884c7d65', '/newsletter/unsubscribe/9f86d081884c7d65'],
  ['at', '/impressum', '/content/impressum'],
  ['at', '/at/kontaktformular', '/kontakt'],
  ['fr', '/vendre-iphone', '/catalogue/smartphones'],
  ['fr', '/vendre-ps5', '/catalogue/consoles-de-jeux'],
  ['fr', '/vendre-airpods', '/'],
  ['default', '/faq', '/contact'],
];

// A few entries of each country's own table, so the tables themselves are exercised end to end.
for (const locale of ['es', 'at', 'fr'] as const) {
  for (const [from, to] of [...redirectTable(locale)].slice(0, 3)) SAMPLES.push([locale, from, to]);
}

for (const [locale, from, to] of SAMPLES) {
  test(`${locale}: ${from} → 301 ${to}, query kept`, async ({ page }) => {
    const response = await page.goto(shopUrl(locale, `${from}?utm_source=mail&x=1`));
    const first = response?.request().redirectedFrom();
    expect(first, 'the first response redirects').toBeTruthy();
    const redirect = await first?.response();
    expect(redirect?.status()).toBe(301);
    expect(redirect?.headers().location).toBe(`${to}?utm_source=mail&x=1`);
    expect(response?.status()).toBe(200);
    const url = new URL(page.url());
    expect(url.pathname).toBe(to);
    expect(url.search).toBe('?utm_source=mail&x=1');
  });
}

test('Italy has no redirects: an old German-style URL is simply not found', async ({ page }) => {
  const response = await page.goto(shopUrl('it', '/agb'));
  expect(response?.request().redirectedFrom()).toBeNull();
  expect(response?.status()).toBe(404);
});
