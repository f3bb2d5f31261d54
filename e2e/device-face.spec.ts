// The device page fits the device (issue 15): an Android phone is never asked about Face ID, an iPhone
// is; each shows its own generated picture (a long-cached, hashed file, named by the device) under the
// full trail category › brand › series › device.

import { buildPath } from '../src/config/routes';
import { expect, test } from './support/test';
import { shopUrl } from './support/shop';

const devicePath = (slug: string) => buildPath('productDetail', 'de', { pdp: slug });

test('Android device page contains no Face ID; the iPhone page does, each with its own picture', async ({ page }) => {
  await page.goto(shopUrl('de', devicePath('samsung-galaxy-s24-128-gb')));
  const questions = page.locator('fieldset.question');
  await expect(questions.first()).toBeVisible();
  await expect(page.locator('main')).not.toContainText('Face ID');
  await expect(page.locator('main')).not.toContainText('iPhone');
  await expect(page.locator('fieldset[data-code="account-lock"]')).toContainText('Google');
  await expect(page.locator('.breadcrumbs li')).toHaveText([
    'Startseite',
    'Smartphones',
    'Samsung',
    'Galaxy S24',
    'Samsung Galaxy S24 128 GB',
  ]);
  const android = page.getByRole('img', { name: 'Samsung Galaxy S24 128 GB' });
  const androidSrc = await android.getAttribute('src');
  expect(androidSrc).toMatch(/^\/pictures\/galaxy-s24\.[0-9a-f]{10}\.svg$/);
  const headers = await page.evaluate(async (src) => {
    const answer = await fetch(src);
    return [answer.headers.get('cache-control'), answer.headers.get('content-type')];
  }, androidSrc!);
  expect(headers).toEqual(['public, max-age=31536000, immutable', 'image/svg+xml']);

  await page.goto(shopUrl('de', devicePath('apple-iphone-15-pro-128-gb')));
  await expect(page.locator('fieldset.question').first()).toContainText('Face ID');
  await expect(page.locator('fieldset[data-code="account-lock"]')).not.toContainText('Google');
  const iphoneSrc = await page.getByRole('img', { name: 'Apple iPhone 15 Pro 128 GB' }).getAttribute('src');
  expect(iphoneSrc).toMatch(/^\/pictures\/iphone-15-pro\./);
  expect(iphoneSrc).not.toBe(androidSrc);
});
