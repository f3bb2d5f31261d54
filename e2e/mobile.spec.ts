// The shell works at 360 px: no horizontal scrolling, the menu button opens and closes the navigation.

import { expect, test } from './support/test';
import { LOCALES } from '../src/config/locales';
import { hydrated, pathOf, shopUrl, translate } from './support/shop';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

for (const locale of LOCALES) {
  test(`${locale}: home and contact fit 360 px`, async ({ page }) => {
    for (const screen of ['home', 'contact'] as const) {
      await page.goto(shopUrl(locale, pathOf(screen, locale)));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${screen} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
    }
  });
}

test('the mobile menu opens, navigates, closes, and Escape closes it with the focus back on its toggle', async ({ page }) => {
  await page.goto(shopUrl('it', '/'));
  await hydrated(page);
  // A <summary>: the browser tells assistive technology whether it is expanded.
  const toggle = page.locator('#mobile-menu-toggle');
  const menu = page.locator('details.main-menu');
  const nav = page.locator('#main-navigation');
  await expect(nav).toBeHidden();
  await toggle.click();
  await expect(menu).toHaveJSProperty('open', true);
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: translate('it', 'Contact') }).click();
  await expect(page).toHaveURL(/\/contatti$/);
  // The new page takes the focus to its heading (decision 048) before the seller goes on.
  await expect(page.locator('main h1').first()).toBeFocused();
  await expect(nav).toBeHidden();
  await expect(menu).toHaveJSProperty('open', false);

  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(nav).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(toggle).toBeFocused();
});
