// A guest sells devices end to end: offers into the cart, the checkout steps with field errors in the
// shop's language, SEPA and PayPal payouts, and the thank-you page with the trade number.

import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { addToCart } from './support/cart';
import { ops } from './support/ops';
import { expect, test } from './support/test';
import { hydrated, shopUrl, translate } from './support/shop';
import { expectNothingUnderHelpButton } from './support/layout';

const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);
const errorOf = (page: Page, name: string) => page.locator(`.field-error[data-field="${name}"]`);

test('de: a guest sells two devices by SEPA; wrong postal code and IBAN are explained in German', async ({ page }) => {
  await addToCart(page, 'de', '/produkte/apple-iphone-13-128-gb');
  await addToCart(page, 'de', '/produkte/sony-playstation-5-digital-edition');
  await page.goto(shopUrl('de', '/checkout'));
  await hydrated(page);
  await expect(page.locator('.cart-line')).toHaveCount(2);
  const cartTotal = (await page.getByTestId('cart-total').textContent()) ?? '';
  const next = page.getByRole('button', { name: translate('de', 'Continue') });
  // The help button covers no control, the total or the footer: on a phone (390 px) and at desk width (decision 078).
  const desk = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNothingUnderHelpButton(page, [page.getByTestId('cart-total'), next]);
  if (desk) await page.setViewportSize(desk);
  await expectNothingUnderHelpButton(page, [page.getByTestId('cart-total'), page.locator('footer a').last()]);

  // A fresh e-mail per run: the welcome voucher is single use per customer.
  await field(page, 'identity.email').fill(`seller+${Date.now()}@example.org`);
  await next.click();

  await field(page, 'address.firstName').fill('Erika');
  await field(page, 'address.lastName').fill('Mustermann');
  await field(page, 'address.street').fill('Heidestraße');
  await field(page, 'address.houseNumber').fill('17');
  await field(page, 'address.postalCode').fill('1234');
  await field(page, 'address.city').fill('Köln');
  await next.click();
  await expect(errorOf(page, 'address.postalCode')).toHaveText(
    translate('de', 'Please enter a valid postal code, for example {example}.').replace('{example}', '10115'),
  );
  await expect(field(page, 'address.postalCode')).toHaveAttribute('aria-invalid', 'true');
  await field(page, 'address.postalCode').fill('51147');
  await expect(errorOf(page, 'address.postalCode')).toHaveCount(0);
  await next.click();

  await field(page, 'payout.accountHolder').fill('Erika Mustermann');
  await field(page, 'payout.iban').fill('DE00 3704 0044 0532 0130 00');
  await field(page, 'payout.bic').fill('COBADEFFXXX');
  await next.click();
  await expect(errorOf(page, 'payout.iban')).toHaveText(translate('de', 'This IBAN is not valid. Please check it.'));
  await field(page, 'payout.iban').fill('de89 3704 0044 0532 0130 00');
  await next.click();

  // Back and forward keep what was typed.
  await page.getByRole('button', { name: translate('de', 'Back') }).click();
  await expect(field(page, 'payout.iban')).toHaveValue('de89 3704 0044 0532 0130 00');
  await next.click();

  await page.getByRole('button', { name: translate('de', 'Sell now') }).click();
  await expect(page.locator('.field-error[data-field="termsAccepted"]')).toHaveText(
    translate('de', 'Please accept the terms and conditions.'),
  );
  // The checkbox names the terms and the privacy policy and links both (in a new tab).
  const terms = page.locator('label', { has: page.locator('input[name="termsAccepted"]') });
  await expect(terms.getByRole('link', { name: 'Allgemeinen Geschäftsbedingungen' })).toHaveAttribute('href', '/content/agb');
  await expect(terms.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/content/datenschutz');
  await expect(terms.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('target', '_blank');
  await page.locator('input[name="termsAccepted"]').check();
  await expect(page.getByTestId('checkout-total')).toHaveText(cartTotal);

  // An empty code is refused before asking the server, and the seller sees why.
  await page.getByRole('button', { name: translate('de', 'Apply voucher') }).click();
  await expect(page.locator('.voucher .field-error')).toHaveText(
    translate('de', 'Enter a voucher code of 1 to 40 characters, or leave the field empty.'),
  );
  await field(page, 'voucherCode').fill('nosuchcode');
  await page.getByRole('button', { name: translate('de', 'Apply voucher') }).click();
  await expect(page.locator('.voucher .field-error')).toHaveText(translate('de', 'We do not know this voucher code.'));
  await field(page, 'voucherCode').fill('welcome10');
  await page.getByRole('button', { name: translate('de', 'Apply voucher') }).click();
  await expect(page.getByRole('button', { name: translate('de', 'Remove voucher') })).toBeVisible();
  await expect(page.getByTestId('checkout-total')).not.toHaveText(cartTotal);
  const withVoucher = (await page.getByTestId('checkout-total').textContent()) ?? '';
  const voucherEvents = await page.evaluate(() => (window.dataLayer ?? []).map((e) => e.event));
  expect(voucherEvents).toEqual(expect.arrayContaining(['voucher_fail', 'voucher_success']));
  await page.getByRole('button', { name: translate('de', 'Sell now') }).click();

  await expect(page).toHaveURL(shopUrl('de', '/thankYou'));
  await expect(page.getByTestId('trade-number')).toHaveText(/^TR-\d{4}-\d{6,}$/);
  await expect(page.locator('.thank-you .cart-line')).toHaveCount(2);
  await expect(page.getByTestId('trade-total')).toHaveText(withVoucher);
  await expect(page.locator('.thank-you')).toContainText('DE89');

  // The shipping label is a real PDF with the trade number.
  const tradeNumber = (await page.getByTestId('trade-number').textContent()) ?? '';
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('label-link').click()]);
  expect(download.suggestedFilename()).toBe(`label-${tradeNumber}.pdf`);
  const pdf = readFileSync((await download.path()) as string);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(1000);
  await expect(page.locator('.thank-you')).not.toContainText('0532 0130');
  const events = await page.evaluate(() => window.dataLayer ?? []);
  expect(events).toContainEqual(
    expect.objectContaining({
      event: 'trade_created',
      items: expect.arrayContaining([expect.objectContaining({ productName: 'Apple iPhone 13 128 GB', category: 'Smartphones' })]),
    }),
  );
  await expect(page.locator('.cart-count')).toHaveCount(0);

  // The operator sees the trade.
  const shown = await ops(['trades', 'show', tradeNumber]);
  expect(shown).toContain(tradeNumber);
  expect(shown).toContain('Apple iPhone 13 128 GB');

  // The thank-you page survives a reload; the cart stays empty.
  await page.reload();
  await expect(page.getByTestId('trade-number')).toHaveText(/^TR-/);
  await page.goto(shopUrl('de', '/checkout'));
  await expect(page.locator('.cart-empty')).toBeVisible();
});

test('it: a guest sells one device by PayPal, and a reload in the middle resumes the checkout', async ({ page }) => {
  await addToCart(page, 'it', '/prodotti/apple-iphone-13-128-gb');
  await page.goto(shopUrl('it', '/guardare'));
  await hydrated(page);
  const next = page.getByRole('button', { name: translate('it', 'Continue') });
  await field(page, 'identity.email').fill('venditore@example.org');
  await next.click();
  await field(page, 'address.firstName').fill('Mario');
  await field(page, 'address.lastName').fill('Rossi');
  await field(page, 'address.street').fill('Via Roma');
  await field(page, 'address.houseNumber').fill('1');
  await field(page, 'address.postalCode').fill('0018');
  await field(page, 'address.city').fill('Roma');
  await next.click();
  await expect(errorOf(page, 'address.postalCode')).toHaveText(
    translate('it', 'Please enter a valid postal code, for example {example}.').replace('{example}', '00184'),
  );
  await field(page, 'address.postalCode').fill('00184');
  await next.click();

  await page.getByLabel('PayPal', { exact: true }).check();
  await field(page, 'payout.email').fill('mario.rossi@example.org');

  await page.reload();
  await hydrated(page);
  await expect(field(page, 'payout.email')).toHaveValue('mario.rossi@example.org');
  await page.getByRole('button', { name: translate('it', 'Continue') }).click();
  await expect(page.locator('.review-summary')).toContainText('PayPal');
  await page.locator('input[name="termsAccepted"]').check();
  await page.getByRole('button', { name: translate('it', 'Sell now') }).click();
  await expect(page).toHaveURL(shopUrl('it', '/grazie'));
  await expect(page.getByTestId('trade-number')).toHaveText(/^TR-/);
  await expect(page.locator('.thank-you')).toContainText('mario.rossi@example.org');
});
