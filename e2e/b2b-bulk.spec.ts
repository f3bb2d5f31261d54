// Business trade-in end to end on de.localhost: the landing page starts the business mode, a pasted
// list of 20 lines (typos, one ambiguous, one unknown device, one bad row) is matched by the server's
// search engine into real offers, an ambiguous line is fixed by picking a suggestion, the chosen
// lines go into the cart with their quantities, the cart shows the room under the 5,000 € cap, a
// quantity raised over the cap blocks the checkout, and lowered again the checkout sells the units.

import { fillGermanCheckout } from './support/checkout';
import { expect, test } from './support/test';
import { hydrated, shopUrl, translate, watchErrors } from './support/shop';

const t = (english: string) => translate('de', english);

/** Intended device of each line (null: the line must not match). Quantities keep the total under the cap. */
const LIST: readonly [string, string | null][] = [
  ['Modell;Anzahl;Zustand', null],
  ['iPhone 11 64GB;3;B', 'Apple iPhone 11 64 GB'],
  ['iphone 12 mini 64 GB;2;C', 'Apple iPhone 12 mini 64 GB'],
  ['Apple iPhone XR 64GB;1;D', 'Apple iPhone XR 64 GB'],
  ['Samsnug Galaxy S10 128GB;2;C', 'Samsung Galaxy S10 128 GB'],
  ['Galaxy A52 128GB;1;B', 'Samsung Galaxy A52 128 GB'],
  ['Pixle 6 128GB;1;C', 'Google Pixel 6 128 GB'],
  ['Huawei P30 128GB;1;D', 'Huawei P30 128 GB'],
  ['iPad Air 4 64 GB Wi-Fi;1;C', 'Apple iPad Air (4th generation) 64 GB Wi-Fi'],
  ['Galaxy Tab S7 128GB WiFi;1;D', 'Samsung Galaxy Tab S7 128 GB Wi-Fi'],
  ['Apple Watch SE 40mm GPS;2;C', 'Apple Watch SE 40 mm GPS'],
  ['Nintendo Swich Lite;1;C', 'Nintendo Switch Lite'],
  ['Playstaton 4 Slim 500GB;1;D', 'Sony PlayStation 4 Slim 500 GB'],
  ['Xbox One S 1TB;1;D', 'Microsoft Xbox One S 1 TB'],
  ['iPhnoe 8 64GB;2;D', 'Apple iPhone 8 64 GB'],
  ['Samsung Galaxy S9 64GB;1;C', 'Samsung Galaxy S9 64 GB'],
  ['Google Pixel 4a 128GB;1;D', 'Google Pixel 4a 128 GB'],
  ['iPhone SE 2020 64GB;1;C', 'Apple iPhone SE (2020) 64 GB'],
  // Ambiguous: the capacity is missing (fixed below by picking a suggestion).
  ['iPhone 12;1;C', null],
  // No such device.
  ['Toaster Deluxe 3000;1;A', null],
  // A bad row: the quantity is a word.
  ['OnePlus 8T 128GB;zwei;A', null],
];

test('de: a company starts business trade-in, uploads a list, gets offers per line and sells quantities under the cap', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.19.${process.pid % 250}.${Date.now() % 250}` });

  await page.goto(shopUrl('de', '/b2b/ankaufsportal'));
  await hydrated(page);
  await expect(page.getByText('Rechnung')).toHaveCount(0); // no payment by invoice is promised
  await page.getByRole('button', { name: t('Start business trade-in') }).click();
  await expect(page).toHaveURL(shopUrl('de', '/'));
  await expect(page.locator('.cart-business-badge')).toHaveText(t('Business'));

  await page.goto(shopUrl('de', '/b2b/ankaufsportal'));
  await hydrated(page);
  await expect(page.getByText(t('Business trade-in is on.'))).toBeVisible();
  await page.getByLabel(t('Paste your list (model; quantity; grade)')).fill(LIST.map(([line]) => line).join('\n'));
  await page.getByRole('button', { name: t('Get offers for the list') }).click();

  // 20 lines after the header: 17 matched, one ambiguous, one unknown, one unreadable.
  await expect(page.getByRole('status').filter({ hasText: '17 von 20 Zeilen zugeordnet.' })).toBeVisible({ timeout: 30_000 });
  let intended = 0;
  for (const [index, [, device]] of LIST.entries()) {
    if (!device) continue;
    const line = page.locator(`.bulk-line[data-line="${index + 1}"]`);
    if ((await line.locator('strong').textContent()) === device) intended += 1;
  }
  expect(intended).toBe(17);
  await expect(page.locator('.bulk-line[data-line="20"]')).toContainText('Toaster Deluxe 3000');
  await expect(page.locator('.bulk-line[data-line="21"]')).toContainText(t('The quantity must be a whole number from 1 to 99.'));

  // The ambiguous line: pick the 64 GB model among the suggestions.
  const ambiguous = page.locator('.bulk-line[data-line="19"]');
  await expect(ambiguous).toContainText(t('Did you mean:'));
  await ambiguous.getByRole('button', { name: 'Apple iPhone 12 64 GB' }).click();
  await expect(page.locator('.bulk-line[data-line="19"] strong')).toHaveText('Apple iPhone 12 64 GB');
  await expect(page.getByRole('status').filter({ hasText: '18 von 20 Zeilen zugeordnet.' })).toBeVisible();

  // The bad row corrected inline and checked again.
  const bad = page.locator('.bulk-line[data-line="21"]');
  await bad.getByLabel('Menge').fill('1');
  await bad.getByRole('button', { name: t('Check again') }).click();
  await expect(page.locator('.bulk-line[data-line="21"] strong')).toHaveText('OnePlus 8T 128 GB');

  await page.getByRole('button', { name: '19 Zeilen in den Warenkorb legen' }).click();
  await expect(page.getByText('19 Zeilen liegen jetzt in Ihrem Warenkorb.')).toBeVisible();
  await page.getByRole('link', { name: t('Go to the cart') }).click();

  await expect(page.locator('.cart-line')).toHaveCount(19);
  await expect(page.locator('.cart-business')).toContainText(t('Business trade-in'));
  const iphone11 = page.locator('.cart-line', { hasText: 'Apple iPhone 11 64 GB' });
  await expect(iphone11.getByRole('spinbutton')).toHaveValue('3');
  await expect(page.getByTestId('cap-room')).toContainText('Noch');
  await expect(page.getByTestId('cap-room')).toContainText('5.000,00');

  // Over the cap: 99 iPhones 11 cannot be sold online in one trade; the checkout waits.
  await iphone11.getByRole('spinbutton').fill('99');
  await expect(page.locator('.cart-cap[role="alert"]')).toContainText('partner@tradein.de');
  await expect(page.locator('input[name="identity.email"]')).toHaveCount(0);
  await iphone11.getByRole('spinbutton').fill('3');
  await iphone11.getByRole('button', { name: t('One more') }).click();
  await expect(iphone11.getByRole('spinbutton')).toHaveValue('4');

  // The checkout opens in business mode and sells the quantities.
  await fillGermanCheckout(page, { email: `einkauf+${Date.now()}@example.org`, company: 'Muster GmbH' });
  await page.locator('input[name="termsAccepted"]').check();
  const total = (await page.getByTestId('cart-total').textContent()) ?? '';
  await page.getByRole('button', { name: t('Sell now') }).click();
  await expect(page).toHaveURL(/thank|danke/i, { timeout: 20_000 });
  await expect(page.getByText(total).first()).toBeVisible();
  await expect(page.getByTestId('trade-number')).toHaveText(/^TB-\d{4}-\d{6,}$/);
  // Each line shows its units and unit price, its amount is their product, and the amounts add up to the total (issue 32).
  const cents = (euros: string | null) => Math.round(Number((euros ?? '').replace(/[^\d,]/g, '').replace(',', '.')) * 100);
  const unitsText = /^(\d+) × (.+) pro Stück$/;
  await expect(page.getByTestId('trade-line').filter({ hasText: 'Apple iPhone 11 64 GB' }).getByTestId('line-units')).toHaveText(/^4 × /);
  let sum = 0;
  for (const line of await page.getByTestId('trade-line').all()) {
    const amount = cents(await line.getByTestId('line-total').textContent());
    const units = line.getByTestId('line-units');
    if ((await units.count()) > 0) {
      const [, quantity, unitPrice] = unitsText.exec(((await units.textContent()) ?? '').replace(/\s+/g, ' ')) ?? [];
      expect(amount).toBe(Number(quantity) * cents(unitPrice ?? null));
    }
    sum += amount;
  }
  expect(sum).toBe(cents(await page.getByTestId('trade-total').textContent()));
  await expect(page.getByTestId('payout-promise')).toContainText('SEPA');
  await expect(page.getByTestId('payout-promise')).not.toContainText('PayPal');
  // The credit note of the business trade, with its quantities.
  const creditNote = await page.evaluate(
    async (href) => {
      const response = await fetch(href);
      return { status: response.status, type: response.headers.get('content-type'), start: (await response.text()).slice(0, 5) };
    },
    (await page.getByTestId('credit-note-link').getAttribute('href'))!,
  );
  expect(creditNote).toEqual({ status: 200, type: 'application/pdf', start: '%PDF-' });
  errors();
});
