// Putting a device into the cart as a seller does: open its page, answer every question with its first
// choice, wait for the offer, add it, and wait until the cart is stored.

import { expect, type Page } from '@playwright/test';
import type { Locale } from '../../src/config/locales';
import { hydrated, shopUrl, translate } from './shop';
import { cartStored } from './stored';

export async function addToCart(page: Page, locale: Locale, path: string): Promise<void> {
  await page.goto(shopUrl(locale, path));
  await hydrated(page);
  await answerAndAdd(page, locale);
}

/** On an open device page: answers every question with its first choice, adds the offer, waits for the stored cart. */
export async function answerAndAdd(page: Page, locale: Locale): Promise<void> {
  const questions = page.locator('fieldset.question');
  await expect(questions.first()).toBeVisible();
  const count = await questions.count();
  for (let i = 0; i < count; i++) await questions.nth(i).locator('input[type=radio]').first().check();
  await expect(page.getByTestId('offer-price')).toBeVisible();
  await page.getByRole('button', { name: translate(locale, 'Add to cart') }).click();
  await expect(page.getByRole('link', { name: translate(locale, 'Go to cart') })).toBeVisible();
  await cartStored(page);
}
