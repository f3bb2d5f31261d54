// Saved details in the Spanish shop (issue 32 part 2): a guest sells, and the thank-you page offers an
// account made of the sale's details — only a password to choose; the activation mail's link opens
// it, and the account shows the sale's address and the IBAN masked. The next sale, logged in, starts
// with them; its review offers "save to my account" (checked), and a new address given there is the
// account's address afterwards. No page error on the way.

import type { Page } from '@playwright/test';
import { addToCart } from './support/cart';
import { expect, test } from './support/test';
import { newestMail } from './support/mailbox';
import { HOSTS, hydrated, origin, pathOf, shopUrl, translate, watchErrors } from './support/shop';

const t = (english: string) => translate('es', english);
const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);
const PASSWORD = 'Calle Mayor 5 en Madrid';

const addIphone = (page: Page) => addToCart(page, 'es', '/productos/apple-iphone-13-128-gb');

test('es: a guest sale becomes an account with one password; the next sale starts with its details and saves a new address', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const noErrors = watchErrors(page);
  const email = `vendedora+${Date.now()}@example.org`;
  const next = page.getByRole('button', { name: t('Continue') });

  // A guest sale.
  await addIphone(page);
  await page.goto(shopUrl('es', pathOf('checkout', 'es')));
  await hydrated(page);
  await field(page, 'identity.email').fill(email);
  await next.click();
  await field(page, 'address.firstName').fill('Lucía');
  await field(page, 'address.lastName').fill('García');
  await field(page, 'address.street').fill('Calle Mayor');
  await field(page, 'address.houseNumber').fill('5');
  await field(page, 'address.postalCode').fill('28013');
  await field(page, 'address.city').fill('Madrid');
  await next.click();
  await field(page, 'payout.accountHolder').fill('Lucía García');
  await field(page, 'payout.iban').fill('ES91 2100 0418 4502 0005 1332');
  await next.click();
  // A guest has no account to save to: no such box.
  await expect(field(page, 'saveToAccount')).toHaveCount(0);
  await page.locator('input[name="termsAccepted"]').check();
  await page.getByRole('button', { name: t('Sell now') }).click();
  await expect(page.getByTestId('trade-number')).toHaveText(/^TR-/);

  // The thank-you page links the trade page and offers the account: a weak password is explained.
  await expect(page.getByTestId('trade-page-link')).toHaveAttribute('href', /^\/venta\/TR-\d{4}-\d+\?token=/);
  const offer = page.getByTestId('guest-account-offer');
  await expect(offer.getByRole('heading', { name: t('Keep your details for your next sale') })).toBeVisible();
  await offer.locator('input[name="password"]').fill('corta');
  await offer.getByRole('button', { name: t('Create account') }).click();
  await expect(offer.locator('.field-error[data-field="password"]')).toBeVisible();
  await expect(offer.locator('input[name="password"]')).toBeFocused();
  await offer.locator('input[name="password"]').fill(PASSWORD);
  await offer.locator('input[name="privacyAccepted"]').check();
  await offer.getByRole('button', { name: t('Create account') }).click();
  await expect(page.getByTestId('guest-account-sent')).toBeVisible();

  // The activation link from the mail, then the log-in.
  const mail = await newestMail(page, email, 'Confirma tu dirección de correo electrónico');
  const link = mail.match(/https?:\/\/[^\s"<>]+\/account\/register\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(link, 'the activation mail links to /account/register?token=…').toBeTruthy();
  await page.goto(link!.replace(/^https?:\/\/[^/]+/, origin(HOSTS.es)));
  await hydrated(page);
  await expect(page.getByRole('heading', { name: t('Your account is activated.') })).toBeVisible();
  await field(page, 'email').fill(email);
  await field(page, 'password').fill(PASSWORD);
  await page.getByRole('button', { name: t('Log in') }).click();
  await expect(page.getByTestId('header-logout')).toBeAttached();

  // The account holds the sale's address and the IBAN masked.
  await page.goto(shopUrl('es', pathOf('accountOverview', 'es')));
  await hydrated(page);
  await expect(page.getByTestId('customer-address')).toContainText('Calle Mayor 5');
  await expect(page.getByTestId('customer-payout')).toContainText('ES91 •••• •••• •••• 1332');
  await expect(page.getByTestId('customer-payout')).not.toContainText('2100 0418');

  // The next sale (a second phone like the first: the sold offer is not kept for the device page)
  // starts with them; the review's box is checked; a new address is given.
  await addIphone(page);
  await page.goto(shopUrl('es', pathOf('checkout', 'es')));
  await hydrated(page);
  await expect(field(page, 'address.city')).toHaveValue('Madrid');
  await field(page, 'address.street').fill('Gran Vía');
  await field(page, 'address.houseNumber').fill('28');
  await next.click();
  await expect(field(page, 'payout.iban')).toHaveValue('ES9121000418450200051332');
  await next.click();
  const save = page.getByLabel(t('Save this address and payout account in my customer account for my next sale'));
  await expect(save).toBeChecked();
  await page.locator('input[name="termsAccepted"]').check();
  const submitted = page.waitForRequest((request) => request.url().endsWith('/api/trades') && request.method() === 'POST');
  await page.getByRole('button', { name: t('Sell now') }).click();
  expect((await submitted).postDataJSON()).toMatchObject({ identity: { kind: 'customer' }, saveToAccount: true });
  await expect(page.getByTestId('trade-number')).toHaveText(/^TR-/);
  // A customer is not offered an account.
  await expect(page.getByTestId('guest-account-offer')).toHaveCount(0);

  await page.goto(shopUrl('es', pathOf('accountOverview', 'es')));
  await hydrated(page);
  await expect(page.getByTestId('customer-address')).toContainText('Gran Vía 28');
  noErrors();
});
