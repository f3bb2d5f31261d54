// Offers that travel and the payout promise (issue 18) end to end on the German shop: an offer mailed
// from the device page opens from the mail's link in a fresh browser (no IndexedDB, no cookies) with
// the same price and its countdown, and goes into that browser's cart, whose line counts down too;
// a trade paid late by the operator (ops CLI) shows its late-payout bonus in the account; a guest
// whose cart is known from the checkout's address step hears of a price drop the operator schedules,
// and the mail's stop link forgets the cart (decision 058).
//
// The server must serve the developer mailbox (DEV_MAILBOX=1, as playwright.config.ts sets); the
// payout and price-drop tests run operator commands through it (TEST_OPS_ENDPOINT=1).

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPath } from '../src/config/routes';
import { guestTrade } from './support/clarification';
import { ops } from './support/ops';
import { HOSTS, SAMPLE_DEVICE, hydrated, origin, shopUrl, translate, watchErrors } from './support/shop';
import { expect, test } from './support/test';
import { newestMail } from './support/mailbox';

const t = (english: string) => translate('de', english);

/** The text page of the newest mail to `email` whose subject contains `subject` (developer mailbox). */

test('de: e-mail an offer, open its link in a fresh browser with the same price, and see the countdown in the cart', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const noErrors = watchErrors(page);
  const email = `offer+${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`;

  await page.goto(shopUrl('de', `/produkte/${SAMPLE_DEVICE.url}`));
  await hydrated(page);
  const questions = page.locator('.questions fieldset');
  for (let i = 0; i < (await questions.count()); i++) await questions.nth(i).locator('input[type=radio]').first().check();
  const price = (await page.getByTestId('offer-price').textContent())!.trim();
  expect(price).toMatch(/\d,\d\d\s€/);
  await expect(page.getByTestId('offer-countdown')).toContainText(/noch 2[01] Tage/);

  await page.getByRole('button', { name: t('E-mail me this offer') }).click();
  await page.locator('.offer-share').getByLabel(t('Your e-mail address')).fill(email);
  await page.getByRole('button', { name: t('Send the offer') }).click();
  await expect(page.getByTestId('offer-mail-sent')).toContainText(email);

  const mail = await newestMail(page, email, 'Ihr Angebot für Apple iPhone 13 128 GB');
  expect(mail).toContain(price);
  expect(mail).toMatch(/noch 2[01] Tage/);
  const link = mail.match(/https?:\/\/[^\s"<>]+\/produkte\/apple-iphone-13-128-gb\?offer=[A-Za-z0-9._%-]+/)?.[0];
  expect(link, 'the mail links to the device page with the offer token').toBeTruthy();
  noErrors();

  // Another browser, a phone's: nothing stored, the link alone brings the offer back.
  const fresh = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const other = await fresh.newPage();
    const otherErrors = watchErrors(other);
    await other.goto(link!.replace(/&amp;/g, '&').replace(/^https?:\/\/[^/]+/, origin(HOSTS.de)));
    await hydrated(other);
    await expect(other.getByTestId('offer-price')).toHaveText(price);
    await expect(other.locator('.questions input[type=radio]:checked')).toHaveCount(await questions.count());
    await expect(other.getByTestId('offer-countdown')).toContainText(/noch 2[01] Tage/);
    // On the phone the price, its countdown and "Add to cart" come first; the answers are folded below (issue 32).
    await expect(other.getByTestId('offer-price')).toBeInViewport();
    await expect(other.getByTestId('offer-countdown')).toBeInViewport();
    await expect(other.getByRole('button', { name: t('Add to cart') })).toBeInViewport();
    await expect(other.locator('.questions')).toBeHidden();
    await other.getByText(t('The answers behind this offer')).click();
    await expect(other.locator('.questions fieldset').first()).toBeVisible();

    await other.getByRole('button', { name: t('Add to cart') }).click();
    await other.getByRole('link', { name: t('Go to cart') }).click();
    const line = other.locator('.cart .cart-line');
    await expect(line).toHaveCount(1);
    await expect(line.getByTestId('offer-countdown')).toContainText(/noch 2[01] Tage/);
    await expect(line).toHaveClass(/\bopen\b/);
    otherErrors();
  } finally {
    await fresh.close();
  }
});

test('de: a trade paid late by the operator shows its late-payout bonus in the account', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `late+${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`;
  const password = 'Spät gezahlt ist doppelt gezahlt 9';

  // A customer account (registered through the API, activated with the mail's link, logged in).
  await page.goto(shopUrl('de', '/'));
  await hydrated(page);
  const registered = await page.evaluate(
    async ({ email, password }) =>
      (
        await fetch('/api/account/register', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            enabled: true,
            firstName: 'Erika',
            lastName: 'Mustermann',
            username: email,
            email,
            credentials: [{ type: 'password', value: password, temporary: false }],
            requiredActions: [],
            groups: [],
            attributes: { locale: ['de'], privacyAccepted: ['true'] },
          }),
        })
      ).status,
    { email, password },
  );
  expect(registered).toBe(202);
  const activation = (await newestMail(page, email, '')).match(/https?:\/\/[^\s"<>/]+\/account\/register\?token=[A-Za-z0-9_-]+/)?.[0];
  await page.goto(activation!.replace(/^https?:\/\/[^/]+/, origin(HOSTS.de)));
  await hydrated(page);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: t('Log in') }).click();
  await expect(page.getByTestId('header-logout')).toBeAttached();

  // A trade with the account's address, received and inspected 20 days ago, paid now: late. (A payout
  // dated in the future is refused: it would book a bonus nobody was owed.)
  const { tradeNumber } = await guestTrade(page, 'de', [101800], email);
  const past = new Date(Date.now() - 20 * 86_400_000).toISOString();
  await ops(['trades', 'receive', tradeNumber, '--at', past]);
  await ops(['trades', 'inspect', tradeNumber, '--at', past, '--item', '1']);
  const paid = await ops(['trades', 'pay', tradeNumber]);
  expect(paid).toMatch(/payout promise: due by \d{4}-\d\d-\d\d, paid late: late-payout bonus \d+\.\d\d EUR included/);
  const bonus = paid.match(/late-payout bonus (\d+)\.(\d\d) EUR/)!;
  // The payout mail states the bonus among the amounts it adds up.
  expect(await newestMail(page, email, 'ausgezahlt')).toMatch(new RegExp(`Bonus für späte Auszahlung[^:]*:\\s*\\+${bonus[1]},${bonus[2]}`));

  await page.goto(shopUrl('de', buildPath('accountOverview', 'de')));
  await hydrated(page);
  await page.getByRole('button', { name: t('Add earlier guest trades') }).click();
  const card = page.locator(`.trade-card[data-trade-number="${tradeNumber}"]`);
  await expect(card.getByTestId('trade-late-bonus')).toContainText(`${bonus[1]},${bonus[2]}`);
  // Paid in full: the card says what was paid (the bonus included), not a due day.
  const [, euros, cents] = paid.match(/paid (\d+)\.(\d\d) EUR/)!;
  await expect(card.getByTestId('trade-paid-total')).toContainText(`${euros},${cents}`);
  await expect(card.getByTestId('trade-payout-due')).toHaveCount(0);
});

test('de: a guest whose cart is known from the address step gets the price-drop warning, with a link that stops it', async ({ page }) => {
  // The server's price schedule runs once a minute: the warning comes with its next run.
  test.setTimeout(180_000);
  const noErrors = watchErrors(page);
  const email = `cart+${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`;
  // A device no other spec uses: its scheduled price must not change what they see.
  const device = { name: 'Apple iPhone XR 64 GB', url: 'apple-iphone-xr-64-gb' };

  await page.goto(shopUrl('de', `/produkte/${device.url}`));
  await hydrated(page);
  const questions = page.locator('.questions fieldset');
  for (let i = 0; i < (await questions.count()); i++) await questions.nth(i).locator('input[type=radio]').first().check();
  await expect(page.getByTestId('offer-price')).toHaveText(/\d,\d\d\s€/);
  await page.getByRole('button', { name: t('Add to cart') }).click();
  await page.getByRole('link', { name: t('Go to cart') }).click();
  await expect(page.locator('.cart .cart-line')).toHaveCount(1);

  // The e-mail step says what the address is used for; completing the address step tells the shop the cart.
  await page.locator('input[name="identity.email"]').fill(email);
  await expect(page.getByTestId('price-warning-note')).toHaveText(t("We'll tell you if a price in your cart drops before it expires."));
  const reported = page.waitForResponse((response) => response.url().endsWith('/api/cart-holds') && response.request().method() === 'PUT');
  const next = page.getByRole('button', { name: t('Continue') });
  await next.click();
  for (const [name, value] of Object.entries({
    firstName: 'Erika',
    lastName: 'Mustermann',
    street: 'Heidestraße',
    houseNumber: '17',
    postalCode: '51147',
    city: 'Köln',
  }))
    await page.locator(`input[name="address.${name}"]`).fill(value);
  await next.click();
  expect((await reported).status()).toBe(202);
  await expect(page.locator('input[name="payout.iban"]')).toBeVisible();
  noErrors();

  // The operator schedules a lower base price for tomorrow (in Germany): within the warning days.
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(Date.now() + 86_400_000));
  const csv = join(mkdtempSync(join(tmpdir(), 'prices-')), 'prices.csv');
  writeFileSync(csv, `device,locale,basePrice\n${device.url},de,1.00\n`);
  expect(await ops(['catalogue', 'prices', 'import', csv, '--effective', tomorrow])).toContain(`scheduled 1 base price(s) for ${tomorrow}`);

  const subject = `Preise für ${device.name} sinken am`;
  let mail = '';
  await expect
    .poll(async () => (mail = await newestMail(page, email, subject).catch(() => '')), {
      message: 'the price-drop warning in the outbox',
      timeout: 150_000,
      intervals: [5_000],
    })
    .not.toBe('');
  expect(mail).toContain('Das Angebot in Ihrem Warenkorb');
  const stop = mail.match(/https?:\/\/[^\s"<>]+\/cart-holds\/stop\?token=[A-Za-z0-9._%-]+/)?.[0];
  expect(stop, 'the warning carries the stop link').toBeTruthy();

  // The stop link asks first; its button forgets the cart.
  await page.goto(stop!.replace(/&amp;/g, '&').replace(/^https?:\/\/[^/]+/, origin(HOSTS.de)));
  await page.getByRole('button', { name: 'Preiswarnungen beenden' }).click();
  await expect(page.getByRole('status')).toContainText('Erledigt');
});
