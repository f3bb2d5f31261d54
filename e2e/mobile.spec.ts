// The shell works at 360 px: no horizontal scrolling, the menu button opens and closes the navigation;
// at 390 px the help button covers nothing on the checkout, a field error included (decision 078).

import { expect, test } from './support/test';
import { LOCALES } from '../src/config/locales';
import { hydrated, pathOf, shopUrl, translate } from './support/shop';
import { expectNothingUnderHelpButton } from './support/layout';
import { cartStored } from './support/stored';

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

  // Escape at once after Enter (before the page has heard that the menu opened) closes it as well.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menu).toHaveJSProperty('open', false);
  await expect(toggle).toBeFocused();
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('fr: the help button covers neither the checkout total, its controls nor a field error', async ({ page }) => {
    await page.goto(shopUrl('fr', '/produits/apple-iphone-13-128-gb'));
    await hydrated(page);
    const questions = page.locator('fieldset.question');
    const count = await questions.count();
    for (let i = 0; i < count; i++) await questions.nth(i).locator('input[type=radio]').first().check();
    await page.getByRole('button', { name: translate('fr', 'Add to cart') }).click();
    await cartStored(page);
    await page.goto(shopUrl('fr', '/checkout'));
    await hydrated(page);
    const next = page.getByRole('button', { name: translate('fr', 'Continue') });
    await next.click();
    const error = page.locator('.field-error[data-field="identity.email"]');
    await expect(error).toBeVisible();
    await expectNothingUnderHelpButton(page, [page.getByTestId('cart-total'), error, next]);
  });
});
