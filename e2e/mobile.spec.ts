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

test('the mobile menu opens, navigates and closes', async ({ page }) => {
  await page.goto(shopUrl('it', '/'));
  await hydrated(page);
  const toggle = page.locator('#mobile-menu-toggle');
  const nav = page.locator('#main-navigation');
  await expect(nav).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: translate('it', 'Contact') }).click();
  await expect(page).toHaveURL(/\/contatti$/);
  await expect(nav).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});
