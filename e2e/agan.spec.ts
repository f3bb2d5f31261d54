// The sister brand agan (decision 033): on agan.localhost nothing a person can read or hear names the
// main brand — not the page text, the tab title, alt texts or accessible names — on the home page, a
// device page and the checkout, nor in the confirmation mail of a trade sold there. No "For
// businesses" entry, no link to the main brand's shops.

import type { Page } from '@playwright/test';
import { fillGermanCheckout } from './support/checkout';
import { expect, test } from './support/test';
import { SAMPLE_DEVICE, hydrated, origin, translate } from './support/shop';

const AGAN = origin('agan.localhost');
const MAIN_BRAND = /trade-?in/i;

/** Everything on the page a person reads or a screen reader says: text, title, alt texts, labels, titles. */
function readable(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = [...document.querySelectorAll('[alt], [aria-label], [title], [placeholder]')].flatMap((element) =>
      ['alt', 'aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
    );
    return [document.title, document.body.innerText, ...attributes].join('\n');
  });
}

async function expectAganOnly(page: Page) {
  await hydrated(page);
  await expect(page).toHaveTitle(/ \| agan$/);
  expect(await readable(page)).not.toMatch(MAIN_BRAND);
  await expect(page.getByRole('link', { name: translate('de', 'For businesses') })).toHaveCount(0);
  // No link leads to the main brand's shops.
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  expect(hrefs.filter((href) => /tradein|de\.localhost/.test(href))).toEqual([]);
}

test('agan: home, device page, checkout and the confirmation mail name agan, never trade-in', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${AGAN}/`);
  await expectAganOnly(page);
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'agan');
  // The logo's accessible name is the brand; the footer is agan's.
  await expect(page.locator('.site-header svg.logo')).toHaveAttribute('aria-label', 'agan');
  await expect(page.locator('.site-footer .copyright')).toHaveText(/^© \d{4} agan$/);
  // Its own colours: the accent token of the agan theme.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim())).toBe('#0f766e');

  await page.goto(`${AGAN}/produkte/${SAMPLE_DEVICE.url}`);
  await expectAganOnly(page);
  const questions = page.locator('fieldset.question');
  const count = await questions.count();
  for (let i = 0; i < count; i++) await questions.nth(i).locator('input[type=radio]').first().check();
  await expect(page.getByTestId('offer-price')).toBeVisible();
  await page.getByRole('button', { name: translate('de', 'Add to cart') }).click();
  await page.getByRole('link', { name: translate('de', 'Go to cart') }).click();
  await expect(page.locator('.cart-line')).toHaveCount(1);
  await expectAganOnly(page);

  const email = `agan+${Date.now()}@example.org`;
  await fillGermanCheckout(page, { email });
  await expectAganOnly(page);
  await page.locator('input[name="termsAccepted"]').check();
  await page.getByRole('button', { name: translate('de', 'Sell now') }).click();
  await expect(page.getByTestId('trade-number')).toHaveText(/^TR-\d{4}-\d{6,}$/);
  await expectAganOnly(page);

  // The confirmation mail (developer mailbox): from agan, signed by agan, the label on agan's shop.
  let mail = '';
  await expect
    .poll(
      async () => {
        mail = await page.evaluate(async (to) => {
          const list = await (await fetch('/dev/mailbox')).text();
          const row = list.split('<tr>').find((r) => r.includes(to) || r.includes(to.replace('+', '&#43;')));
          const message = row?.match(/href="(\/dev\/mailbox\/[^"]+)"/)?.[1];
          return message ? (await fetch(message)).text() : '';
        }, email);
        return mail;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  expect(mail).toContain('service@agan.de');
  expect(mail).toContain('agan-Team');
  expect(mail).toMatch(/http:\/\/agan\.localhost:\d+\/api\/trades\/[0-9a-f-]{36}\/label\.pdf/);
  expect(mail).not.toMatch(MAIN_BRAND);
});

test('aganwidget: the widget of agan is agan too, and offers no business entry', async ({ page }) => {
  await page.goto(`${origin('aganwidget.localhost')}/`);
  await hydrated(page);
  await expect(page).toHaveTitle(/ \| agan$/);
  expect(await readable(page)).not.toMatch(MAIN_BRAND);
  await expect(page.locator('#main-navigation')).toHaveCount(0);
  await expect(page.locator('.site-footer .copyright')).toHaveText(/^© \d{4} agan$/);
});
