// Shop modes from the host choose the layouts (product §1); header and footer follow the country.

import { expect, test } from './support/test';
import type { Locale } from '../src/config/locales';
import { PORT, hydrated, shopUrl, translate, watchErrors } from './support/shop';

const MODES = [
  ['b2bwidget.localhost', '/', 'b2bwidget-home'],
  ['b2bwidget.localhost', '/kontakt', 'b2bwidget-default'],
  ['agan.localhost', '/', 'agan-default'],
  ['agan.localhost', '/kontakt', 'agan-default'],
  ['aganwidget.localhost', '/', 'aganwidget-default'],
  ['aganwidget.localhost', '/b2b/ankaufsportal', 'aganwidget-default'],
] as const;

for (const [host, path, layout] of MODES) {
  test(`${host}${path} uses the ${layout} layout in German`, async ({ page }) => {
    const noErrors = watchErrors(page);
    const response = await page.goto(`http://${host}:${PORT}${path}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', layout);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await hydrated(page);
    noErrors();
  });
}

const FOOTER: [Locale, { carrier: string; height: number; social: boolean; seal: boolean; logoHeight: number }][] = [
  ['de', { carrier: 'dhl', height: 20, social: true, seal: true, logoHeight: 30 }],
  ['at', { carrier: 'ups', height: 36, social: true, seal: false, logoHeight: 30 }],
  ['es', { carrier: 'ups', height: 36, social: false, seal: false, logoHeight: 25 }],
  ['fr', { carrier: 'ups', height: 36, social: false, seal: false, logoHeight: 44 }],
  ['it', { carrier: 'ups', height: 36, social: false, seal: false, logoHeight: 39 }],
  ['default', { carrier: 'dhl', height: 20, social: false, seal: false, logoHeight: 30 }],
];

for (const [locale, expected] of FOOTER) {
  test(`${locale}: logo, carrier, social buttons and rating seal follow the country`, async ({ page }) => {
    await page.goto(shopUrl(locale, '/'));
    const logo = page.locator('.site-header svg.logo');
    await expect(logo).toHaveAttribute('width', '200');
    await expect(logo).toHaveAttribute('height', String(expected.logoHeight));
    const carrier = page.locator('.site-footer svg.carrier-logo');
    await expect(carrier).toHaveAttribute('data-carrier', expected.carrier);
    await expect(carrier).toHaveAttribute('height', String(expected.height));
    await expect(page.locator('.site-footer .social a')).toHaveCount(expected.social ? 4 : 0);
    await expect(page.locator('.site-footer .ratings')).toHaveCount(expected.seal ? 1 : 0);
    await expect(page.locator('#main-navigation')).toContainText(translate(locale, 'Contact'));
  });
}

test('legal links in the footer lead to the localized content pages', async ({ page }) => {
  await page.goto(shopUrl('fr', '/'));
  await hydrated(page);
  await page.locator('#footer-links a', { hasText: translate('fr', 'Imprint') }).click();
  await expect(page).toHaveURL(/\/content\/mentions-legales$/);
  await expect(page.locator('main h1')).toHaveText(translate('fr', 'Imprint'));
  // Client-side navigation scrolls to the top.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('the German footer rates the shop only from stored reviews: none yet in a new shop', async ({ page }) => {
  await page.goto(shopUrl('de', '/'));
  await hydrated(page);
  // The slider's buttons, pause and reduced motion are covered by src/ui/layout/rating-slider.test.tsx.
  await expect(page.locator('.site-footer .no-reviews')).toHaveText(
    translate('de', 'No reviews yet: after their payout, our sellers can rate their trade here.'),
  );
  await expect(page.locator('.site-footer .rating-seal')).toHaveCount(0);
});

test('on the default host the language choice switches the shop and is remembered', async ({ page, context }) => {
  await page.goto(shopUrl('default', '/'));
  await hydrated(page);
  await page.getByLabel('Language').selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('main h1')).toHaveText(translate('es', 'Sell your used electronics'));
  const cookie = (await context.cookies()).find((c) => c.name === 'lang');
  expect(cookie?.value).toBe('es');
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
  // Spanish routes now apply on the default host.
  expect((await page.goto(shopUrl('default', '/contacto')))?.status()).toBe(200);
  // A country host ignores the cookie, and offers no language choice.
  await page.goto(shopUrl('fr', '/'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('.language-switch')).toHaveCount(0);
});

test('the contact form offers the ten help subjects in the shop language, with the country widget key', async ({ page }) => {
  await page.goto(shopUrl('it', '/contatti'));
  const subjects = page.locator('select[name="subject"] option:not([value=""])');
  await expect(subjects).toHaveCount(10);
  await expect(subjects.first()).toHaveText(translate('it', 'Data change or document request'));
  await expect(page.locator('.contact-page')).toHaveAttribute('data-widget-key', 'tradein-help-it');
  await expect(page.locator('main a[href^="mailto:"]')).toHaveText('servizio@tradein.it');
});

test('a #hash in the address scrolls to its target', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto(shopUrl('de', '/kontakt#footer-links'));
  await hydrated(page);
  await expect(page.locator('#footer-links')).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test("a page inlines the shell's styles and its own, and a navigation brings the next page's (decision 099)", async ({ page }) => {
  const noErrors = watchErrors(page);
  const fetchedSheets: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.css')) fetchedSheets.push(new URL(request.url()).pathname);
  });
  await page.goto(shopUrl('de', '/'));
  const inlined = (await page.locator('#page-css').textContent()) ?? '';
  // The shell (header) and the home page's catalogue tiles; not the account's or the clarification's rules.
  expect(inlined).toContain('.site-header');
  expect(inlined).toContain('.device-card');
  expect(inlined).not.toContain('.trade-card');
  expect(inlined).not.toContain('.clarification-deadline');
  expect(inlined).not.toContain('.contact-form');
  await hydrated(page);
  // The inlined sheets are named by disabled links, so no chunk loaded after hydration fetches them again.
  const named = await page.locator('link[rel="stylesheet"][disabled]').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  expect(named.length).toBeGreaterThan(1);
  expect(fetchedSheets.filter((sheet) => named.includes(sheet))).toEqual([]);
  await page
    .locator('header')
    .getByRole('link', { name: translate('de', 'Contact') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/kontakt$/);
  // The contact sheet came with the page's chunk: the form is as wide as on a direct visit.
  await expect(page.getByTestId('contact-form')).toHaveCSS('max-width', '640px');
  noErrors();
});
