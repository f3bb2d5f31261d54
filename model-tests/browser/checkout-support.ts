// Helpers of the checkout's browser-level model paths: an offer into the cart through the product
// page, and a customer account (registered with an address and a SEPA account, activated through
// the developer mailbox) for the paths where the seller logs in. The account calls run inside the
// page: the shop's host names resolve in Chromium, not in Node.

import { expect, type Page } from '@playwright/test';
import { hydrated, shopUrl, translate } from '../../e2e/support/shop';
import { ACTIVATION_TOKEN_HEADER, IDENTIFIER_HEADER } from '../../src/contracts/account';
import { cartStored } from '../../e2e/support/stored';

/** Answers every condition question with its first answer and adds the offer to the cart. */
export async function addOfferToCart(page: Page, deviceUrl: string): Promise<void> {
  await page.goto(shopUrl('de', `/produkte/${deviceUrl}`));
  await hydrated(page);
  const questions = page.locator('fieldset.question');
  const count = await questions.count();
  for (let i = 0; i < count; i++) await questions.nth(i).locator('input[type=radio]').first().check();
  await expect(page.getByTestId('offer-price')).toBeVisible();
  await page.getByRole('button', { name: translate('de', 'Add to cart') }).click();
  await expect(page.getByRole('link', { name: translate('de', 'Go to cart') })).toBeVisible();
  await cartStored(page);
}

/**
 * A new offer for a device already in the cart, with the same answers (a re-quote), from the
 * checkout and back without loading a page (the checkout stays open and hears the cart change): the
 * cart line's link opens the device page with the kept offer; one answer changed and changed back
 * asks for a new price, and the new offer takes the line's place ("Update the offer in your cart");
 * "Go to cart" leads back to the checkout.
 */
export async function requoteOffer(page: Page): Promise<{ price: number }> {
  await page.locator('.cart-line .cart-line-name').first().click();
  await expect(page).toHaveURL(/\/produkte\//);
  await expect(page.getByTestId('offer-price')).toBeVisible();
  const options = page.locator('fieldset.question').first().locator('input[type=radio]');
  const chosen = await options.evaluateAll((inputs) => inputs.findIndex((input) => (input as HTMLInputElement).checked));
  const priced = () =>
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/offers' && r.request().method() === 'POST' && r.status() === 201);
  let offer: { price: number } = { price: 0 };
  for (const index of [chosen === 0 ? 1 : 0, chosen]) {
    const answer = priced();
    await options.nth(index).check();
    offer = (await (await answer).json()) as { price: number };
  }
  await page.getByRole('button', { name: translate('de', 'Update the offer in your cart') }).click();
  await page.getByRole('link', { name: translate('de', 'Go to cart') }).click();
  await expect(page).toHaveURL(shopUrl('de', '/checkout'));
  return offer;
}

export interface Account {
  readonly email: string;
  readonly password: string;
  readonly address: {
    readonly firstName: string;
    readonly lastName: string;
    readonly street: string;
    readonly houseNumber: string;
    readonly postalCode: string;
    readonly city: string;
  };
  readonly sepa: { readonly accountHolder: string; readonly iban: string; readonly bic: string };
}

const inPage = (page: Page, path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) =>
  page.evaluate(
    async ({ path, init }) => {
      const response = await fetch(path, {
        method: init.method ?? 'GET',
        headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      return { status: response.status, text: await response.text() };
    },
    { path, init },
  );

/** Registers and activates a German account with an address and a SEPA account (the page must be on de.localhost). */
export async function createAccount(page: Page): Promise<Account> {
  const account: Account = {
    email: `modell.kundin+${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`,
    password: 'Lange Reise nach Konstanz 7',
    address: { firstName: 'Karla', lastName: 'Kundin', street: 'Kundenweg', houseNumber: '3', postalCode: '53111', city: 'Bonn' },
    sepa: { accountHolder: 'Karla Kundin', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  };
  const registered = await inPage(page, '/api/account/register', {
    method: 'POST',
    body: {
      enabled: true,
      firstName: account.address.firstName,
      lastName: account.address.lastName,
      username: account.email,
      email: account.email,
      credentials: [{ type: 'password', value: account.password, temporary: false }],
      requiredActions: [],
      groups: [],
      attributes: { locale: ['de'], privacyAccepted: ['true'] },
      Address: account.address,
      Payment: { method: 'sepa', ...account.sepa },
    },
  });
  expect(registered.status, registered.text).toBe(202);

  // The activation mail may take a moment to arrive in the developer mailbox.
  let message: string | undefined;
  await expect
    .poll(
      async () => {
        const list = await inPage(page, '/dev/mailbox');
        expect(list.status, 'the e2e server must serve /dev/mailbox (DEV_MAILBOX=1)').toBe(200);
        message = list.text
          .split('<tr>')
          .find((row) => row.includes(account.email))
          ?.match(/href="(\/dev\/mailbox\/[^"]+)"/)?.[1];
        return message;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  const mail = await inPage(page, message!);
  const token = mail.text.match(/\/account\/register\?token=([A-Za-z0-9_-]+)/)?.[1];
  expect(token, 'the activation mail holds a link to /account/register?token=…').toBeTruthy();

  const activated = await inPage(page, '/api/account/activateRegistration', {
    method: 'POST',
    headers: { [ACTIVATION_TOKEN_HEADER]: token! },
  });
  const identifier = (JSON.parse(activated.text) as { activated: boolean; token?: string }).token;
  expect(identifier, activated.text).toBeTruthy();
  const customer = await inPage(page, '/api/activateCustomerByIdentifier', { headers: { [IDENTIFIER_HEADER]: identifier! } });
  expect(customer.status, customer.text).toBe(200);
  return account;
}

/** Fills and sends a log-in form shown on the page; waits until the header shows the session. */
export async function logIn(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  const form = page.locator('form.login-form');
  await form.locator('input[name="email"]').fill(account.email);
  await form.locator('input[name="password"]').fill(account.password);
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId('header-logout')).toBeAttached();
}
