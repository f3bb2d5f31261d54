// Unknown paths: the 404 page with HTTP 404, the expired-link variant for clarification links, and the
// 404 page-type event in the data layer (product §2, §8).

import { expect, test } from './support/test';
import { hydrated, shopUrl, translate, watchErrors } from './support/shop';

test('a path of another country is not found (status 404, path shown, generic texts)', async ({ page }) => {
  const noErrors = watchErrors(page);
  const response = await page.goto(shopUrl('es', '/kontakt'));
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle('Page Not Found');
  await expect(page.locator('main h1')).toHaveText(translate('es', 'ERRORPAGE_OOPS'));
  await expect(page.locator('main .subtitle')).toHaveText(translate('es', 'ERRORPAGE_SUBTITLE'));
  await expect(page.locator('main')).toContainText(translate('es', 'ERRORPAGE_MSG'));
  await expect(page.locator('.not-found-path')).toHaveText('/kontakt');
  await expect(page.locator('[data-error]')).toHaveAttribute('data-error', 'Page Not Found: /kontakt');
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'default');
  await hydrated(page);
  // The page view reaches the data layer after the consent check (1 s after start, decision 027).
  await expect
    .poll(() => page.evaluate(() => window.dataLayer ?? []))
    .toContainEqual(expect.objectContaining({ event: 'page_view', pageType: '404', pagePath: '/kontakt' }));
  noErrors();
});

test('a clarification link that matches no route shows the expired-link variant', async ({ page }) => {
  const response = await page.goto(shopUrl('de', '/clarification/only-one-segment'));
  expect(response?.status()).toBe(404);
  await expect(page.locator('main h1')).toHaveText(translate('de', 'ERRORPAGE_OOPS_EXPIRED_LINK'));
  await expect(page.locator('main')).toContainText(translate('de', 'ERRORPAGE_EXPIRED_LINK'));
  await expect(page.locator('.not-found-path')).toHaveText('/clarification/only-one-segment');
});

test('the Austrian shop has no business landing page and an unknown content slug is not found', async ({ page }) => {
  // The Austrian redirect table sends the German landing page path home; an unknown slug stays 404.
  expect((await page.goto(shopUrl('at', '/content/gibt-es-nicht')))?.status()).toBe(404);
  expect((await page.goto(shopUrl('it', '/content/agb')))?.status()).toBe(404);
  await expect(page.locator('main h1')).toHaveText(translate('it', 'ERRORPAGE_OOPS'));
});

test('client-side navigation to an unknown path shows the 404 page too', async ({ page }) => {
  await page.goto(shopUrl('fr', '/'));
  await hydrated(page);
  await page.evaluate(() => {
    history.pushState({}, '', '/nulle-part');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.locator('main h1')).toHaveText(translate('fr', 'ERRORPAGE_OOPS'));
  await expect(page.locator('.not-found-path')).toHaveText('/nulle-part');
});

test('an unknown device is a 404 page view (not a device page), and the message shows the full path with its query', async ({ page }) => {
  const noErrors = watchErrors(page);
  const path = '/produkte/apple-iphone-99-gibt-es-nicht?ref=newsletter';
  const response = await page.goto(shopUrl('de', path));
  expect(response?.status()).toBe(404);
  await expect(page.locator('.not-found-path')).toHaveText(path);
  await expect(page.locator('[data-error]')).toHaveAttribute('data-error', `Page Not Found: ${path}`);
  await hydrated(page);
  const pageViews = () =>
    page.evaluate(() => (window.dataLayer ?? []).filter((entry) => (entry as { event?: string }).event === 'page_view'));
  await expect
    .poll(pageViews)
    .toContainEqual(expect.objectContaining({ pageType: '404', pagePath: '/produkte/apple-iphone-99-gibt-es-nicht' }));
  expect(await pageViews()).not.toContainEqual(expect.objectContaining({ pageType: 'productDetail' }));
  noErrors();
});
