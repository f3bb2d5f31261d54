// A customer account end to end on the German shop: register, open the activation link from the
// developer mailbox, log in, change address and payout, sell a device as the logged-in customer with
// the checkout prefilled from the account, see the trade in the history, keep the session across a
// reload, refresh an expired access token without being noticed, log out, and get back in with a
// mailed sign-in link while strangers' failed logins pause logging in (decision 077).
// The server must serve the developer mailbox (GET /dev/mailbox: NODE_ENV other than production, or
// DEV_MAILBOX=1).

import { type Page } from '@playwright/test';
import { addToCart } from './support/cart';
import { expect, test } from './support/test';
import { hydrated, origin, HOSTS, shopUrl, translate, watchErrors } from './support/shop';
import { newestMail } from './support/mailbox';
import { patchStoredContext } from './support/stored';

const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

/**
 * The activation link of the newest mail to `email` in the developer mailbox (it may take a moment to
 * arrive). Read through the page: the shop's host names resolve inside Chromium, not in Node.
 */
async function activationLink(page: Page, email: string): Promise<string> {
  const text = await newestMail(page, email);
  const link = text.match(/https?:\/\/[^\s"<>]+\/account\/register\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(link, 'the activation mail holds a link to /account/register?token=…').toBeTruthy();
  // The mail links to the shop's configured public origin; the test server may listen elsewhere.
  return link!.replace(/^https?:\/\/[^/]+/, origin(HOSTS.de));
}

/** Moves the stored session's access-token expiry into the past (IndexedDB, as the app persists it). */
const expireStoredAccessToken = (page: Page) =>
  patchStoredContext(page, 'account-session', { tokenExpiry: Math.floor(Date.now() / 1000) - 60 });

test('de: register, activate, log in, change address and payout, sell as a customer, history, session refresh, log out', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const noErrors = watchErrors(page);
  const t = (english: string) => translate('de', english);
  const email = `kundin+${Date.now()}@example.org`;
  const password = 'Lange Reise nach Konstanz 7';

  // Register.
  await page.goto(shopUrl('de', '/account/register'));
  await hydrated(page);
  await page.getByRole('button', { name: t('Create account') }).click();
  await expect(page.locator('.field-error[data-field="firstName"]')).toBeVisible();
  await expect(field(page, 'firstName')).toBeFocused();
  await field(page, 'firstName').fill('Erika');
  await field(page, 'lastName').fill('Mustermann');
  await field(page, 'email').fill(email);
  await field(page, 'password').fill(password);
  await page.locator('input[name="privacyAccepted"]').check();
  await page.getByRole('button', { name: t('Create account') }).click();
  await expect(page.getByRole('heading', { name: t('Please check your e-mail') })).toBeVisible();
  await expect(page.getByTestId('registration-sent')).toContainText(email);
  // The event waits in the consent gate until the banner check (1 s after start) has decided.
  await expect.poll(() => page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === 'registration').length)).toBe(1);

  // Activate with the link from the mail; the log-in form follows.
  await page.goto(await activationLink(page, email));
  await hydrated(page);
  await expect(page.getByRole('heading', { name: t('Your account is activated.') })).toBeVisible();
  await field(page, 'email').fill(email);
  await field(page, 'password').fill(password);
  await page.getByRole('button', { name: t('Log in') }).click();
  await expect(page.getByTestId('header-logout')).toBeAttached();

  // The overview: e-mail and customer number, no trades yet.
  await page.goto(shopUrl('de', '/account'));
  await hydrated(page);
  await expect(page.getByTestId('customer-email')).toHaveText(email);
  await expect(page.getByTestId('customer-number')).not.toHaveText('—');
  await expect(page.locator('.trade-history-empty')).toBeVisible();

  // Address: a wrong postal code is explained, then saved.
  await page.goto(shopUrl('de', '/account/address-change'));
  await hydrated(page);
  await field(page, 'address.firstName').fill('Erika');
  await field(page, 'address.lastName').fill('Mustermann');
  await field(page, 'address.street').fill('Heidestraße');
  await field(page, 'address.houseNumber').fill('17');
  await field(page, 'address.postalCode').fill('1234');
  await field(page, 'address.city').fill('Köln');
  await page.getByRole('button', { name: t('Save address') }).click();
  await expect(page.locator('.field-error[data-field="address.postalCode"]')).toHaveText(
    t('Please enter a valid postal code, for example {example}.').replace('{example}', '10115'),
  );
  await expect(field(page, 'address.postalCode')).toBeFocused();
  await field(page, 'address.postalCode').fill('51147');
  await page.getByRole('button', { name: t('Save address') }).click();
  await expect(page.getByText(t('Your address has been saved.'))).toBeVisible();

  // Payout: a SEPA account is created.
  await page.goto(shopUrl('de', '/account/payment-change'));
  await hydrated(page);
  await field(page, 'payout.accountHolder').fill('Erika Mustermann');
  await field(page, 'payout.iban').fill('DE89 3704 0044 0532 0130 00');
  await field(page, 'payout.bic').fill('COBADEFFXXX');
  await page.getByRole('button', { name: t('Save payout details') }).click();
  await expect(page.getByText(t('Your payout details have been saved.'))).toBeVisible();

  // A reload keeps the session; the overview shows the new address and payout.
  await page.goto(shopUrl('de', '/account'));
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('customer-address')).toContainText('Heidestraße 17');
  await expect(page.getByTestId('customer-payout')).toContainText('Erika Mustermann');

  // Sell as the logged-in customer: no identity choice, address and payout prefilled.
  await addToCart(page, 'de', '/produkte/apple-iphone-13-128-gb');
  await page.goto(shopUrl('de', '/checkout'));
  await hydrated(page);
  await expect(field(page, 'address.city')).toHaveValue('Köln');
  await expect(field(page, 'address.postalCode')).toHaveValue('51147');
  await expect(field(page, 'identity.email')).toHaveCount(0);
  const next = page.getByRole('button', { name: t('Continue') });
  await next.click();
  await expect(field(page, 'payout.iban')).toHaveValue('DE89370400440532013000');
  await next.click();
  await expect(page.locator('.review-summary')).toContainText(email);
  await page.locator('input[name="termsAccepted"]').check();
  const submitted = page.waitForRequest((request) => request.url().endsWith('/api/trades') && request.method() === 'POST');
  await page.getByRole('button', { name: t('Sell now') }).click();
  const request = await submitted;
  expect((await request.allHeaders()).authorization).toMatch(/^Bearer /);
  expect(request.postDataJSON()).toMatchObject({ identity: { kind: 'customer' } });
  await expect(page).toHaveURL(shopUrl('de', '/thankYou'));
  const tradeNumber = (await page.getByTestId('trade-number').textContent()) ?? '';
  expect(tradeNumber).toMatch(/^TR-/);

  // The trade is in the history with its status and device.
  await page.goto(shopUrl('de', '/account'));
  await hydrated(page);
  const card = page.locator(`.trade-card[data-trade-number="${tradeNumber}"]`);
  await expect(card).toBeVisible();
  await expect(card).toContainText('Apple iPhone 13 128 GB');
  await expect(card).toContainText(t('Waiting for your parcel'));

  // An expired access token is refreshed on the next call, unnoticed.
  await expireStoredAccessToken(page);
  const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/account/loginRefresh'));
  await page.reload();
  await hydrated(page);
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByTestId('customer-address')).toContainText('Heidestraße 17');
  await expect(card).toBeVisible();

  // Log out in the header: the log-in link takes its place; the overview asks to log in.
  await page.getByTestId('header-logout').click();
  await expect(page.getByTestId('header-login')).toBeVisible();
  await expect(page.getByRole('button', { name: t('Log in') })).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('header-login')).toBeAttached();
  noErrors();

  // Someone else's wrong passwords pause logging in for every unknown browser (this one without its
  // device cookie, like a new phone): the form offers a sign-in link, which signs this browser in.
  await page.context().clearCookies();
  for (let attempt = 0; attempt < 5; attempt++) {
    await field(page, 'email').fill(email);
    await field(page, 'password').fill(`not the password ${attempt}`);
    await page.getByRole('button', { name: t('Log in') }).click();
    await expect(page.getByRole('button', { name: t('Log in') })).toBeEnabled();
  }
  await page.getByRole('button', { name: t('Send me a sign-in link') }).click();
  await expect(page.getByTestId('sign-in-link-sent')).toContainText(email);
  // The refused logins above are logged as failed loads (401, 429); from here on nothing may fail.
  const noErrorsAfterLockout = watchErrors(page);
  const mail = await newestMail(page, email, 'Anmeldelink');
  const signInLink = mail.match(/https?:\/\/[^\s"<>]+\/account\/sign-in-link\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(signInLink, 'the mail holds a link to /account/sign-in-link?token=…').toBeTruthy();
  await page.goto(signInLink!.replace(/^https?:\/\/[^/]+/, origin(HOSTS.de)));
  await hydrated(page);
  await expect(page.getByRole('heading', { name: t('You are signed in.') })).toBeVisible();
  await expect(page.getByTestId('header-logout')).toBeAttached();
  noErrorsAfterLockout();
});
