// Offers that travel and the payout promise (issue 18) end to end on the German shop: an offer mailed
// from the device page opens from the mail's link in a fresh browser (no IndexedDB, no cookies) with
// the same price and its countdown, and goes into that browser's cart, whose line counts down too;
// a trade paid late by the operator (ops CLI) shows its late-payout bonus in the account.
//
// The server must serve the developer mailbox (DEV_MAILBOX=1, as playwright.config.ts sets); the
// payout test needs the ops CLI, so the e2e server on PostgreSQL (TEST_DATABASE_URL).

import { buildPath } from '../src/config/routes';
import { databaseUrl, guestTrade, ops } from './support/clarification';
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

  // Another browser: nothing stored, the link alone brings the offer back.
  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    const otherErrors = watchErrors(other);
    await other.goto(link!.replace(/&amp;/g, '&').replace(/^https?:\/\/[^/]+/, origin(HOSTS.de)));
    await hydrated(other);
    await expect(other.getByTestId('offer-price')).toHaveText(price);
    await expect(other.locator('.questions input[type=radio]:checked')).toHaveCount(await questions.count());
    await expect(other.getByTestId('offer-countdown')).toContainText(/noch 2[01] Tage/);

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
  test.skip(!databaseUrl, 'The ops CLI needs the e2e server on PostgreSQL: set TEST_DATABASE_URL.');
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

  // A trade with the account's address, received and inspected now, paid ten days later: late.
  const { tradeNumber } = await guestTrade(page, 'de', [101800], email);
  ops(['trades', 'receive', tradeNumber]);
  ops(['trades', 'inspect', tradeNumber, '--item', '1']);
  const paidAt = new Date(Date.now() + 10 * 86_400_000).toISOString();
  const paid = ops(['trades', 'pay', tradeNumber, '--at', paidAt]);
  expect(paid).toMatch(/payout promise: due by \d{4}-\d\d-\d\d, paid late: late-payout bonus \d+\.\d\d EUR included/);
  const bonus = paid.match(/late-payout bonus (\d+)\.(\d\d) EUR/)!;

  await page.goto(shopUrl('de', buildPath('accountOverview', 'de')));
  await hydrated(page);
  await page.getByRole('button', { name: t('Add earlier guest trades') }).click();
  const card = page.locator(`.trade-card[data-trade-number="${tradeNumber}"]`);
  await expect(card.getByTestId('trade-late-bonus')).toContainText(`${bonus[1]},${bonus[2]}`);
  await expect(card.getByTestId('trade-payout-due')).toBeVisible();
});
