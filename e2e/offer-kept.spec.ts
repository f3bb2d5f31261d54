// The offer flow keeps what the seller did (decision 020): the answers and the offer survive a reload
// of the device page, adding the same device with the same answers again updates its cart line
// instead of doubling it, and a new offer for an expired line takes that line's place.

import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { Locale } from '../src/config/locales';
import type { CartContext } from '../src/machines/cart';
import { patchStoredContext, storedContext } from './support/stored';
import { hydrated, pathOf, shopUrl, translate, watchErrors } from './support/shop';

const CART_KEY = 'checkout-state';
const questions = (page: Page) => page.locator('fieldset.question');
const checked = (page: Page) => page.locator('fieldset.question input:checked');

async function answerAll(page: Page) {
  const count = await questions(page).count();
  for (let i = 0; i < count; i++) await questions(page).nth(i).locator('input[type=radio]').first().check();
}

/** The second question's other answer and back: a new offer for the same answers. */
async function priceAgain(page: Page, { back }: { back: boolean }) {
  const options = questions(page).nth(1).locator('input[type=radio]');
  const priced = () =>
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/offers' && r.request().method() === 'POST' && r.status() === 201);
  let response = priced();
  await options.nth(1).check();
  await response;
  if (back) {
    response = priced();
    await options.nth(0).check();
    await response;
  }
}

for (const locale of ['de', 'es'] as const satisfies readonly Locale[]) {
  test(`${locale}: the answers and the offer survive a reload of the device page`, async ({ page }) => {
    const noErrors = watchErrors(page);
    await page.goto(shopUrl(locale, pathOf('productDetail', locale)));
    await hydrated(page);
    await answerAll(page);
    const price = page.getByTestId('offer-price');
    await expect(price).toContainText('€');
    const offered = await price.textContent();
    const count = await questions(page).count();

    const priceRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/offers' && request.method() === 'POST') priceRequests.push(request.url());
    });
    await page.reload();
    await hydrated(page);
    await expect(checked(page)).toHaveCount(count);
    await expect(price).toHaveText(offered!);
    expect(priceRequests, 'the kept offer is shown, not priced again').toEqual([]);

    // Back and forward also find them.
    await page.goto(shopUrl(locale, '/'));
    await hydrated(page);
    await page.goBack();
    await hydrated(page);
    await expect(checked(page)).toHaveCount(count);
    await expect(price).toHaveText(offered!);
    noErrors();
  });
}

test('de: the same device with the same answers again updates its line; a new offer for an expired line replaces it', async ({ page }) => {
  const device = shopUrl('de', pathOf('productDetail', 'de'));
  const cart = () => storedContext<CartContext>(page, CART_KEY);
  await page.goto(device);
  await hydrated(page);
  await answerAll(page);
  await page.getByRole('button', { name: translate('de', 'Add to cart') }).click();
  await expect(page.locator('.cart-count')).toHaveText('1');
  await expect.poll(async () => (await cart())?.offerIds.length).toBe(1);
  const first = (await cart())!.offerIds[0];

  // The same answers once more: the page says so, and the line gets the new offer.
  await page.reload();
  await hydrated(page);
  await expect(page.locator('.offer-result .added')).toBeVisible();
  await priceAgain(page, { back: true });
  await expect(page.getByRole('note')).toHaveText(
    translate('de', 'This device with these answers is already in your cart. Adding it again updates the offer there.'),
  );
  await page.getByRole('button', { name: translate('de', 'Update the offer in your cart') }).click();
  await expect.poll(async () => (await cart())?.offerIds).not.toEqual([first]);
  expect((await cart())!.offerIds).toHaveLength(1);
  await expect(page.locator('.cart-count')).toHaveText('1');

  // The line's offer expires; its link leads back, and the new offer (other answers) replaces it.
  const stored = (await cart())!;
  await patchStoredContext(page, CART_KEY, { cart: stored.cart.map((line) => ({ ...line, validUntil: '2020-01-01T00:00:00.000Z' })) });
  await page.goto(shopUrl('de', pathOf('checkout', 'de')));
  await hydrated(page);
  await expect(page.locator('.cart-line.expired')).toHaveCount(1);
  await page.getByRole('link', { name: translate('de', 'Get a new offer') }).click();
  await expect(page).toHaveURL(device);
  await expect(page.getByTestId('offer-price')).toBeVisible();
  await priceAgain(page, { back: false });
  await expect(page.getByRole('note')).toHaveText(translate('de', 'This new offer replaces the expired one in your cart.'));
  await page.getByRole('button', { name: translate('de', 'Add to cart') }).click();
  await page.getByRole('link', { name: translate('de', 'Go to cart') }).click();
  await expect(page.locator('.cart-line')).toHaveCount(1);
  await expect(page.locator('.cart-line.expired')).toHaveCount(0);
  await expect(page.locator('.cart-count')).toHaveText('1');
});
