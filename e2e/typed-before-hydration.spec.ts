// The page's script loads after its first paint (decision 062): what a seller types or chooses in the
// server-rendered page before it runs is kept, not reset by hydration (src/ui/typed-before-hydration.ts).
// The header search has its own test in e2e/search.spec.ts.

import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { hydrated, pathOf, shopUrl } from './support/shop';

/** Holds the entry script back until the returned function is called. */
async function holdScript(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/entry-client-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('de: the contact form keeps what was typed before the script ran', async ({ page }) => {
  const release = await holdScript(page);
  await page.goto(shopUrl('de', pathOf('contact', 'de')), { waitUntil: 'domcontentloaded' });
  const name = page.locator('input[name="name"]');
  const message = page.locator('textarea[name="message"]');
  await name.fill('Erika Muster');
  await message.fill('Vor dem Laden getippt');
  release();
  await hydrated(page);
  await expect(name).toHaveValue('Erika Muster');
  await expect(message).toHaveValue('Vor dem Laden getippt');
  // The form's state has it: typing on appends to it instead of starting from an empty field.
  await message.press('End');
  await message.pressSequentially('!');
  await expect(message).toHaveValue('Vor dem Laden getippt!');
  await expect(name).toHaveValue('Erika Muster');
  await expect(page.locator('[data-typed]')).toHaveCount(0);
});

test('de: answers chosen on the device page before the script ran are kept and priced', async ({ page }) => {
  const release = await holdScript(page);
  await page.goto(shopUrl('de', pathOf('productDetail', 'de')), { waitUntil: 'domcontentloaded' });
  const questions = page.locator('fieldset.question');
  // The first question answered twice (the second choice counts), the second once.
  await questions.nth(0).locator('input[type=radio]').nth(1).check();
  await questions.nth(0).locator('input[type=radio]').first().check();
  await questions.nth(1).locator('input[type=radio]').first().check();
  release();
  await hydrated(page);
  const count = await questions.count();
  await expect(page.locator('.questions .progress')).toHaveText(new RegExp(`^2\\D+${count}`));
  await expect(questions.nth(0).locator('input[type=radio]').first()).toBeChecked();
  await expect(questions.nth(1).locator('input[type=radio]').first()).toBeChecked();
  for (let i = 2; i < count; i++) await questions.nth(i).locator('input[type=radio]').first().check();
  await expect(page.getByTestId('offer-price')).toBeVisible();
  await expect(questions.nth(0).locator('input[type=radio]').first()).toBeChecked();
});
