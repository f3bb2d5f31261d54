// The device search end to end (issue 17): the header box submits to the results page with and without
// JavaScript (de, it), the results lead to the device; a search without results offers the nearest
// brand or category names and the contact form with the text prefilled, and shows up in the
// zero-result report.

import { hydrated, shopUrl } from './support/shop';
import { ops } from './support/ops';
import { expect, test } from './support/test';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('de: "iphnoe 13" in the header box → results page → the device', async ({ page }) => {
    await page.goto(shopUrl('de', '/'));
    const box = page.getByRole('combobox');
    await box.fill('iphnoe 13');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/suche\?q=iphnoe\+13$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Suchergebnisse');
    await expect(page.locator('.results-count')).toContainText('Geräte für „iphnoe 13“');
    await page.getByRole('link', { name: /Apple iPhone 13 128 GB/ }).click();
    await expect(page).toHaveURL(/\/produkte\/apple-iphone-13-128-gb$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Apple iPhone 13 128 GB');
  });

  test('it: filters and pages are links', async ({ page }) => {
    await page.goto(shopUrl('it', '/ricerca?q=galaxy'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Risultati della ricerca');
    const filters = page.getByRole('navigation', { name: 'Filtra i risultati' });
    await filters.getByRole('link', { name: /^Tablet \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/\/ricerca\?q=galaxy&category=/);
    await expect(page.locator('.device-card').first()).toContainText('Galaxy Tab');
  });
});

test('it with JavaScript: Enter without a chosen suggestion opens the results page', async ({ page }) => {
  await page.goto(shopUrl('it', '/'));
  await hydrated(page);
  const box = page.getByRole('combobox');
  await box.fill('one plus 9');
  await expect(page.getByRole('option').first()).toContainText('OnePlus 9');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/ricerca\?q=one(\+|%20)plus(\+|%20)9$/);
  await expect(page.locator('.results-count')).toContainText('per “one plus 9”');
  await page.locator('.device-card').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('OnePlus 9');
});

test("de: words typed before the page's script arrived get their suggestions once it runs", async ({ page }) => {
  // The script loads after the first paint (decision 062): hold it back until the seller has typed.
  let release = () => {};
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/entry-client-*.js', async (route) => {
    await typed;
    await route.continue();
  });
  // Not until `load`: when the page's images are still loading, the held script is part of it.
  await page.goto(shopUrl('de', '/'), { waitUntil: 'domcontentloaded' });
  const box = page.getByRole('combobox');
  await box.fill('iphnoe 13');
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(0);
  release();
  await expect(page.getByRole('option').first()).toContainText('iPhone 13');
  await expect(box).toHaveValue('iphnoe 13');
});

test('de: a search without results suggests the brand, leads to the contact form and reaches the report', async ({ page }) => {
  const text = `nokia zzq${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;
  await page.goto(shopUrl('de', '/'));
  const box = page.getByRole('combobox');
  await box.fill(text);
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: `Kein Gerät für „${text}“ gefunden.` })).toBeVisible();
  await expect(page.locator('.results-suggestions li').first()).toContainText('Nokia');
  await page.getByRole('link', { name: 'Ihr Gerät ist nicht aufgeführt? Teilen Sie es uns mit.' }).click();
  await expect(page).toHaveURL(/\/kontakt\?subject=deviceNotListed&message=/);
  await expect(page.locator('textarea[name="message"]')).toHaveValue(`Mein Gerät ist nicht aufgeführt: ${text}`);

  const report = await ops(['report', 'searches', '--zero-results', '--country', 'de']);
  expect(report).toContain('[de]');
  expect(report).toMatch(new RegExp(`\\s1\\s+1\\s+${text}`));
});
