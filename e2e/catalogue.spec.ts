// The browse-to-offer flow on the production build: typo-tolerant search, keyboard navigation, the
// product detail questions, a binding offer, the cart surviving a reload (issue: catalogue & offers).

import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { Locale } from '../src/config/locales';
import { SAMPLE_DEVICE, hydrated, pathOf, shopUrl, translate, watchErrors } from './support/shop';
import { cartStored } from './support/stored';

async function answerBest(page: Page) {
  const questions = page.locator('fieldset.question');
  const count = await questions.count();
  expect(count).toBeGreaterThan(2);
  for (let i = 0; i < count; i++) await questions.nth(i).locator('input[type=radio]').first().check();
}

for (const locale of ['de', 'fr'] as const satisfies readonly Locale[]) {
  test(`${locale}: search with a typo → device → answers → offer → cart survives a reload`, async ({ page }) => {
    const noErrors = watchErrors(page);
    await page.goto(shopUrl(locale, '/'));
    await hydrated(page);

    await page.locator('#site-search').pressSequentially('iphnoe 13', { delay: 30 });
    const option = page.getByRole('option', { name: SAMPLE_DEVICE.name });
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(shopUrl(locale, pathOf('productDetail', locale)));
    await expect(page.locator('main h1')).toHaveText(SAMPLE_DEVICE.name);

    await answerBest(page);
    const price = page.getByTestId('offer-price');
    await expect(price).toContainText('€');
    const offered = (await price.textContent()) ?? '';
    await page.getByRole('button', { name: translate(locale, 'Add to cart') }).click();
    await expect(page.getByRole('link', { name: translate(locale, 'Go to cart') })).toBeVisible();
    await cartStored(page);

    await page.reload();
    await hydrated(page);
    await expect(page.locator('.cart-count')).toHaveText('1');
    await page.locator('.cart-badge').click();
    await expect(page).toHaveURL(shopUrl(locale, pathOf('checkout', locale)));
    await expect(page.locator('.cart-line')).toHaveCount(1);
    await expect(page.locator('.cart-line-name')).toHaveText(SAMPLE_DEVICE.name);
    await expect(page.getByTestId('cart-total')).toHaveText(offered);

    await page.getByRole('button', { name: translate(locale, 'Remove {0}').replace('{0}', SAMPLE_DEVICE.name) }).click();
    await expect(page.locator('.cart-empty')).toBeVisible();
    await page.reload();
    await expect(page.locator('.cart-empty')).toBeVisible();
    noErrors();
  });
}

test('the search is keyboard navigable and says when nothing matches', async ({ page }) => {
  await page.goto(shopUrl('de', '/'));
  await hydrated(page);
  const input = page.locator('#site-search');
  await input.pressSequentially('galxy s21', { delay: 30 });
  await expect(page.getByRole('listbox')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('option').first()).toContainText('Galaxy S21');
  await input.press('ArrowDown');
  await expect(input).toHaveAttribute('aria-activedescendant', /.+/);
  const active = page.locator('[role=option][aria-selected=true]');
  await expect(active).toContainText('Galaxy S21');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/produkte\/samsung-galaxy-s21/);

  await input.fill('qqqzzzxxx');
  await expect(page.locator('.search-empty')).toContainText('qqqzzzxxx');
  await page.locator('.search-empty a').click();
  await expect(page).toHaveURL(/\/kontakt\?subject=deviceNotListed&message=qqqzzzxxx$/);
});

test('an account lock blocks the offer until the answer changes', async ({ page }) => {
  await page.goto(shopUrl('it', pathOf('productDetail', 'it')));
  await hydrated(page);
  await answerBest(page);
  await expect(page.getByTestId('offer-price')).toBeVisible();
  await page.locator('fieldset[data-code="account-lock"] input[data-code="still-locked"]').check();
  await expect(page.locator('.offer-blocked')).toContainText(translate('it', 'We cannot buy the device with this answer.'));
  await expect(page.locator('fieldset[data-code="account-lock"]')).toHaveClass(/blocking/);
  await page.locator('fieldset[data-code="account-lock"] input[data-code="removed"]').check();
  await expect(page.getByTestId('offer-price')).toBeVisible();
});

test('the sell category and overview pages lead to a device, newest models first', async ({ page }) => {
  await page.goto(shopUrl('es', pathOf('sellCategory', 'es')));
  await hydrated(page);
  await page.locator('.entity-grid a', { hasText: 'Samsung' }).first().click();
  await expect(page.locator('main h1')).toContainText('Samsung');
  const years = await page.locator('.device-card').evaluateAll((cards) => cards.length);
  expect(years).toBeGreaterThan(5);
  const breadcrumbs = page.locator('.breadcrumbs li');
  await expect(breadcrumbs).toHaveCount(3);
  await page.locator('.device-card a').first().click();
  await expect(page.locator('fieldset.question').first()).toBeVisible();
  await expect(page.locator('meta[name=description]')).toHaveAttribute('content', /.+/);
});
