// axe (WCAG 2.2 AA) on the states a seller reaches by acting, in every locale: the header search with
// its suggestions, the device page with its offer and the add-to-cart confirmation, the checkout with a
// cart line, and the phone menu open at 360 px. Every screen as first shown is checked in
// e2e/screens.spec.ts, the checkout steps in e2e/keyboard-sale.spec.ts.

import { expect, test } from './support/test';
import { LOCALES } from '../src/config/locales';
import { severeViolations } from './support/axe';
import { SAMPLE_DEVICE, hydrated, pathOf, shopUrl, translate } from './support/shop';

for (const locale of LOCALES) {
  test(`${locale}: search suggestions, the offer, the cart and the checkout`, async ({ page }) => {
    await page.goto(shopUrl(locale, '/'));
    await hydrated(page);
    await page.locator('#site-search').pressSequentially('iphone 13', { delay: 20 });
    await expect(page.getByRole('option', { name: SAMPLE_DEVICE.name })).toBeVisible();
    expect(await severeViolations(page), `${locale} search suggestions`).toEqual([]);

    await page.goto(shopUrl(locale, pathOf('productDetail', locale)));
    await hydrated(page);
    const questions = page.locator('fieldset.question');
    const count = await questions.count();
    for (let i = 0; i < count; i++) await questions.nth(i).locator('input[type=radio]').first().check();
    await expect(page.getByTestId('offer-price')).toBeVisible();
    expect(await severeViolations(page), `${locale} device with its offer`).toEqual([]);
    await page.getByRole('button', { name: translate(locale, 'Add to cart') }).click();
    await expect(page.getByTestId('offer-added')).toBeVisible();
    expect(await severeViolations(page), `${locale} offer added to the cart`).toEqual([]);

    await page.getByRole('link', { name: translate(locale, 'Go to cart') }).click();
    await expect(page).toHaveURL(shopUrl(locale, pathOf('checkout', locale)));
    await expect(page.locator('.cart-line')).toHaveCount(1);
    await expect(page.getByTestId('checkout-step-heading')).toBeVisible();
    expect(await severeViolations(page), `${locale} checkout with a cart line`).toEqual([]);
  });

  test(`${locale}: the phone menu, open`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(shopUrl(locale, '/'));
    await hydrated(page);
    await page.locator('#mobile-menu-toggle').click();
    await expect(page.locator('#main-navigation')).toBeVisible();
    expect(await severeViolations(page), `${locale} phone menu open`).toEqual([]);
  });
}
