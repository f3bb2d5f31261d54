// Every screen path of spec §2 in every locale answers 200 with the right layout, lang and localized
// heading, server-rendered and then hydrated without errors.

import { expect, test } from '@playwright/test';
import { LANGUAGE_TAG, LOCALES } from '../src/config/locales';
import { screensOf } from '../src/config/routes';
import { expectedPage, hydrated, pathOf, shopUrl, watchErrors } from './support/shop';

for (const locale of LOCALES) {
  test.describe(`${locale} shop`, () => {
    for (const screen of screensOf(locale)) {
      const path = pathOf(screen, locale);
      test(`${screen} ${path}`, async ({ page }) => {
        const noErrors = watchErrors(page);
        const response = await page.goto(shopUrl(locale, path));
        expect(response?.status()).toBe(200);
        expect(response?.request().redirectedFrom()).toBeNull();
        const { heading, title } = expectedPage(screen, locale);
        await expect(page.locator('html')).toHaveAttribute('lang', LANGUAGE_TAG[locale]);
        await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
        await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', screen === 'home' ? 'home' : 'default');
        await expect(page.locator('main h1')).toHaveText(heading);
        await expect(page).toHaveTitle(`${title} | trade-in`);
        await hydrated(page);
        noErrors();
      });
    }
  });
}
