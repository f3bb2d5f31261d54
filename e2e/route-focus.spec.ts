// After a client-side navigation the focus is on the new page's h1 (issue 15), from the first
// navigation on: the route focus loads with that navigation (src/routes/root.tsx), and handles it
// also when the new page has rendered before its code arrived (a page module already loaded).

import { expect, test } from './support/test';
import { expectedPage, hydrated, pathOf, shopUrl, translate } from './support/shop';

test('de: every client-side navigation puts the focus on the new page heading', async ({ page }) => {
  await page.goto(shopUrl('de', '/'));
  await hydrated(page);
  const nav = page.locator('#main-navigation');
  const heading = page.locator('main h1');
  const contact = translate('de', 'Contact');

  // The first navigation (the route focus's code loads with it).
  await nav.getByRole('link', { name: contact }).click();
  await expect(page).toHaveURL(shopUrl('de', pathOf('contact', 'de')));
  await expect(heading).toBeFocused();

  // Back home by keyboard, then to the contact page again, whose page module is loaded already.
  await page.locator('header a[href="/"]').first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(shopUrl('de', '/'));
  await expect(heading).toBeFocused();
  await nav.getByRole('link', { name: contact }).click();
  await expect(page).toHaveURL(shopUrl('de', pathOf('contact', 'de')));
  await expect(heading).toBeFocused();
});

test('de: the first navigation is handled when the new page rendered before the route focus loaded', async ({ page }) => {
  // Hold the route focus's code back until the new page shows.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/route-focus-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(shopUrl('de', '/'));
  await hydrated(page);
  await page
    .locator('#main-navigation')
    .getByRole('link', { name: translate('de', 'Contact') })
    .click();
  await expect(page.locator('main h1')).toHaveText(expectedPage('contact', 'de').heading);
  await expect(page.locator('main h1')).not.toBeFocused();
  release();
  await expect(page.locator('main h1')).toBeFocused();
});
