// The consent banner (product §4, decision 027): shown 1 s after start on a first visit of a shop with a
// banner, localized, not a wall, its code loaded only then; the choice kept in a cookie for a year;
// DNT / GPC count as a refusal and show no banner.

import { type Page } from '@playwright/test';
import { severeViolations } from './support/axe';
import { expect, test } from './support/test';
import { hydrated, shopUrl, translate, watchErrors } from './support/shop';

// These tests start without the consent every other test is given (playwright.config.ts).
test.use({ storageState: { cookies: [], origins: [] } });

const consentCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'consent');

test('de: the banner asks after a second, in German, keeps the page usable and remembers "accept" for a year', async ({ page }) => {
  const noErrors = watchErrors(page);
  const bannerScripts: string[] = [];
  page.on('request', (r) => {
    if (/consent-banner/.test(r.url())) bannerScripts.push(r.url());
  });
  await page.goto(shopUrl('de', '/'));
  await hydrated(page);
  const banner = page.getByTestId('consent-banner');
  await expect(banner).toBeVisible({ timeout: 5000 });
  expect(bannerScripts.length).toBeGreaterThan(0);
  await expect(banner.getByRole('heading')).toHaveText(translate('de', 'Your privacy at {domain}').replace('{domain}', 'tradein.de'));
  // Focus moves into the banner when nothing else had it.
  await expect(banner.getByRole('heading')).toBeFocused();
  expect(await severeViolations(page, { include: '[data-testid="consent-banner"]' }), 'de consent banner').toEqual([]);
  // Not a wall: the header search stays usable behind it.
  await page.getByRole('combobox').first().fill('iphone');
  await banner.getByRole('button', { name: translate('de', 'Accept all') }).click();
  await expect(banner).toBeHidden();
  const cookie = await consentCookie(page);
  expect(cookie?.value).toBe('1.all');
  const yearS = 365 * 24 * 60 * 60;
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(yearS - 120);
  await page.reload();
  await hydrated(page);
  await page.waitForTimeout(1500);
  await expect(banner).toBeHidden();
  noErrors();
});

test('fr: "only necessary" is kept; the footer link asks again and the settings switch accepts', async ({ page }) => {
  await page.goto(shopUrl('fr', '/'));
  await hydrated(page);
  const banner = page.getByTestId('consent-banner');
  await banner.getByRole('button', { name: translate('fr', 'Only necessary') }).click();
  await expect(banner).toBeHidden();
  expect((await consentCookie(page))?.value).toBe('1.necessary');
  await page.getByRole('button', { name: translate('fr', 'Cookie settings') }).click();
  await expect(banner.getByRole('heading', { name: translate('fr', 'Cookie settings') })).toBeFocused();
  await banner.getByRole('checkbox').check();
  await banner.getByRole('button', { name: translate('fr', 'Save settings') }).click();
  await expect(banner).toBeHidden();
  expect((await consentCookie(page))?.value).toBe('1.all');
});

test.describe('Global Privacy Control', () => {
  test.use({ extraHTTPHeaders: { 'Sec-GPC': '1' } });
  test('it: a browser that signals GPC sees no banner and stores nothing', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
    await page.goto(shopUrl('it', '/'));
    await hydrated(page);
    await page.waitForTimeout(2000);
    await expect(page.getByTestId('consent-banner')).toBeHidden();
    expect(await consentCookie(page)).toBeUndefined();
  });
});
