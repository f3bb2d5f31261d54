// The four skip links start every page and move keyboard focus to their targets (product §1).

import { expect, test } from './support/test';
import { hydrated, shopUrl } from './support/shop';

const TARGETS = [
  ['Skip to menu', 'mobile-menu-toggle', 'main-navigation'],
  ['Skip to search', 'site-search', 'site-search'],
  ['Skip to main content', 'main-content', 'main-content'],
  ['Skip to footer links', 'footer-links', 'footer-links'],
] as const;

for (const [width, label] of [
  [390, 'phone'],
  [1280, 'desktop'],
] as const) {
  test.describe(`${label} (${width}px)`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const [index, [name, mobileTarget, desktopTarget]] of TARGETS.entries()) {
      test(`"${name}" moves focus`, async ({ page }) => {
        await page.goto(shopUrl('default', '/contact'));
        await hydrated(page);
        for (let i = 0; i <= index; i++) await page.keyboard.press('Tab');
        const link = page.locator('.skip-link').nth(index);
        await expect(link).toBeFocused();
        await expect(link).toBeInViewport();
        await expect(link).toHaveText(name);
        await page.keyboard.press('Enter');
        const expected = width < 768 ? mobileTarget : desktopTarget;
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(expected);
      });
    }
  });
}

test('the skip links are the first focusable elements on every layout', async ({ page }) => {
  // A widget has no menu (decision 034): its skip links are search, main content and footer links.
  for (const [url, count] of [
    ['http://b2bwidget.localhost', 3],
    ['http://agan.localhost', 4],
    ['http://aganwidget.localhost', 3],
    ['http://de.localhost', 4],
  ] as const) {
    await page.goto(`${url}:${process.env.E2E_PORT}/`);
    await hydrated(page);
    await page.keyboard.press('Tab');
    await expect(page.locator('.skip-link').first()).toBeFocused();
    await expect(page.locator('.skip-link')).toHaveCount(count);
  }
});
