// Clarification end to end (product §10–11). On de and fr a customer registers and sells two phones
// through the checkout screens; the operator receives and inspects them with a worse display and a
// photo each (ops CLI); the seller opens the mail's link, sees the difference and the photos, accepts one
// device and declines the other (return label); the operator pays what is settled (split payout) and
// the account shows one device paid and one on its way back, and opens the clarification with the
// session alone. Further trades are checked out through the API: offered vs found and the note, the
// quick-answer link on a phone (one click decides, undo while another device waits; decision 069),
// the quick answer without JavaScript, and a link past its deadline (the expired 404 page).

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { Locale } from '../src/config/locales';
import { buildPath } from '../src/config/routes';
import { GALAXY, IPHONE, guestTrade as checkout, mailedLinks } from './support/clarification';
import { ops } from './support/ops';
import { HOSTS, hydrated, origin, sampleParams, shopUrl, translate, watchErrors } from './support/shop';
import { cartStored } from './support/stored';

const POSTAL: Partial<Record<Locale, string>> = { de: '51147', fr: '75001' };
const NOTE = 'Display cracked in the upper left corner.';

/** A 1×1 PNG: the inspector's photo. */
const PHOTO = join(mkdtempSync(join(tmpdir(), 'clarification-e2e-')), 'display.png');
writeFileSync(
  PHOTO,
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
);

test('de: the seller sees offered vs found and the note, accepts one device and declines another', async ({ page }) => {
  test.setTimeout(120_000);
  const noErrors = watchErrors(page);
  const t = (english: string) => translate('de', english);
  const { tradeNumber, email } = await checkout(page, 'de', [IPHONE, GALAXY, IPHONE]);

  await ops(['trades', 'receive', tradeNumber]);
  const inspected = await ops([
    'trades',
    'inspect',
    tradeNumber,
    '--item',
    '1',
    '--answer',
    'display=cracked',
    '--note',
    NOTE,
    '--item',
    '2',
    '--answer',
    'display=cracked',
    '--item',
    '3',
  ]);
  expect(inspected).toContain('→ clarification');

  const { full, quick } = await mailedLinks(page, 'de', email);
  expect(quick).toHaveLength(2);
  const response = await page.goto(full);
  expect(response?.status()).toBe(200);
  await hydrated(page);
  await expect(page.locator('main h1')).toHaveText(t('Clarification of your trade'));
  const items = page.locator('.clarification-item');
  await expect(items).toHaveCount(2);
  // The display row differs (marked), the others do not.
  await expect(items.first().locator('tr[data-differs]')).toHaveCount(1);
  await expect(items.first().locator('tr[data-differs] mark')).toBeVisible();
  await expect(items.first().locator('.clarification-note')).toContainText(NOTE);
  await expect(items.first().locator('del')).toBeVisible();
  await expect(page.locator('.clarification-deadline')).toContainText(t('Please answer by {date}.').split('{date}')[0]!);

  // A half-made decision survives a reload.
  await items.first().locator('input[value="accept"]').check();
  await page.waitForTimeout(300);
  await page.reload();
  await hydrated(page);
  await expect(page.locator('.clarification-item').first().locator('input[value="accept"]')).toBeChecked();

  await page.locator('.clarification-item').nth(1).locator('input[value="return"]').check();
  await page.getByRole('button', { name: t('Check my answers') }).click();
  await expect(page.locator('.clarification-summary li')).toHaveCount(2);
  await page.getByRole('button', { name: t('Send my answers') }).click();
  await expect(page.getByRole('heading', { name: t('Thank you, we have your answer.') })).toBeVisible();
  await expect(page.locator('[data-answer="accepted"]')).toHaveCount(1);
  await expect(page.locator('[data-answer="declined"]')).toHaveCount(1);

  // The operator sees the answers and the trade waiting for the return; the link now shows the summary.
  const shown = await ops(['trades', 'show', tradeNumber]);
  expect(shown).toMatch(/declined/);
  expect(await ops(['clarifications', 'list', '--status', 'declined'])).toContain(tradeNumber);
  await page.goto(full);
  await expect(page.getByRole('heading', { name: t('Thank you, we have your answer.') })).toBeVisible();
  noErrors();
});

test('fr: the quick-answer link on a phone decides in one click, confirms it and undoes it while another device waits', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const noErrors = watchErrors(page);
  const t = (english: string) => translate('fr', english);
  const { tradeNumber, email } = await checkout(page, 'fr', [GALAXY, IPHONE]);
  await ops(['trades', 'receive', tradeNumber]);
  await ops(['trades', 'inspect', tradeNumber, '--item', '1', '--answer', 'display=cracked', '--item', '2', '--answer', 'display=cracked']);
  const { quick } = await mailedLinks(page, 'fr', email);
  expect(quick).toHaveLength(2);
  expect(new URL(quick[0]!).pathname).toMatch(/^\/clarificationQuickAnswer\//);

  // The server's HTML already shows the device and its one button (no loading text) and decides nothing.
  const response = await page.goto(quick[0]!);
  expect(response?.status()).toBe(200);
  const html = (await response?.text()) ?? '';
  expect(html).toContain('data-clarification="deciding"');
  expect(html).not.toContain(t('Loading your trade…'));
  // Following the link is the one click: the page accepts the offer once it runs, and says so.
  await hydrated(page);
  await expect(page.locator('main h1')).toHaveText(t('Your answer to our new offer'));
  await expect(page.getByRole('heading', { name: t('Thank you, we have your answer.') })).toBeVisible();
  await expect(page.locator('[data-answer="accepted"]')).toHaveCount(1);
  expect(await ops(['clarifications', 'list', '--status', 'accepted'])).toContain(tradeNumber);
  // Undo, while the other device still waits: big enough to tap and inside the screen.
  const undo = page.getByRole('button', { name: t('Undo my answer') });
  await expect(undo).toBeVisible();
  const box = (await undo.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('quick-answer-fr-390.png'), fullPage: true });

  await undo.tap();
  const accept = page.locator('.quick-answer-buttons .button.primary');
  await expect(accept).toBeVisible();
  expect(await ops(['clarifications', 'list', '--status', 'accepted'])).not.toContain(tradeNumber);
  // Decided again, with the confirmation of the full flow.
  await accept.tap();
  await page.getByRole('button', { name: t('Send my answers') }).tap();
  await expect(page.getByRole('heading', { name: t('Thank you, we have your answer.') })).toBeVisible();
  expect(await ops(['clarifications', 'list', '--status', 'accepted'])).toContain(tradeNumber);

  // The other device's quick link is the trade's last answer: the trade moves on and there is no undo.
  await page.goto(quick[1]!);
  await hydrated(page);
  await expect(page.locator('[data-answer="accepted"]')).toHaveCount(2);
  await expect(page.getByRole('button', { name: t('Undo my answer') })).toHaveCount(0);
  expect(await ops(['trades', 'show', tradeNumber])).toMatch(/accepted/);
  noErrors();
  await context.close();
});

test('de: without JavaScript the quick answer is one button that accepts, and undo takes it back', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const t = (english: string) => translate('de', english);
  // The trade is made through the API from a page with JavaScript.
  const setup = await browser.newPage();
  const { tradeNumber, email } = await checkout(setup, 'de', [IPHONE, GALAXY]);
  await ops(['trades', 'receive', tradeNumber]);
  await ops(['trades', 'inspect', tradeNumber, '--item', '1', '--answer', 'display=cracked', '--item', '2', '--answer', 'display=cracked']);
  const { quick } = await mailedLinks(setup, 'de', email);
  await setup.close();

  expect((await page.goto(quick[0]!))?.status()).toBe(200);
  // A visit alone (a mail scanner) decides nothing.
  expect(await ops(['clarifications', 'list', '--status', 'accepted'])).not.toContain(tradeNumber);
  const accept = page.locator('form.quick-answer-buttons button[type="submit"]');
  await expect(accept).toHaveText(/annehmen/);
  await accept.click();
  await expect(page.getByRole('heading', { name: t('Thank you, we have your answer.') })).toBeVisible();
  expect(page.url()).toBe(quick[0]);
  expect(await ops(['clarifications', 'list', '--status', 'accepted'])).toContain(tradeNumber);
  await page.getByRole('button', { name: t('Undo my answer') }).click();
  await expect(accept).toBeVisible();
  expect(await ops(['clarifications', 'list', '--status', 'accepted'])).not.toContain(tradeNumber);
  await context.close();
});

test('de: a link past its deadline shows the expired-link 404 page', async ({ page }) => {
  test.setTimeout(90_000);
  const { tradeNumber, email } = await checkout(page, 'de', [IPHONE]);
  // Received and inspected 20 days ago: the 14 days of the clarification have passed, so the link
  // the mail holds has expired as it is sent.
  const past = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
  await ops(['trades', 'receive', tradeNumber, '--at', past(21)]);
  await ops(['trades', 'inspect', tradeNumber, '--at', past(20), '--item', '1', '--answer', 'display=cracked']);
  const { full } = await mailedLinks(page, 'de', email);
  const response = await page.goto(full);
  expect(response?.status()).toBe(404);
  await expect(page.locator('main h1')).toHaveText(translate('de', 'ERRORPAGE_OOPS_EXPIRED_LINK'));
  // A tampered token is the same page.
  const tampered = full.replace(/token=(\d+)\./, (_m, s: string) => `token=${Number(s) + 86_400}.`);
  expect((await page.goto(tampered))?.status()).toBe(404);
  // The deadline default is applied by the operator: a lower price is accepted.
  expect(await ops(['clarifications', 'expire', '--trade', tradeNumber])).toContain(`${tradeNumber} clarification → accepted`);
});

const SELLERS: Partial<Record<Locale, { city: string; path: (screen: Parameters<typeof buildPath>[0], pdp?: string) => string }>> = {
  de: { city: 'Köln', path: (screen, pdp) => buildPath(screen, 'de', { ...sampleParams('de'), ...(pdp ? { pdp } : {}) }) },
  fr: { city: 'Paris', path: (screen, pdp) => buildPath(screen, 'fr', { ...sampleParams('fr'), ...(pdp ? { pdp } : {}) }) },
};

/** The first link matching `pattern` in the newest mail to `email`, on the test server's origin. */
async function linkInMail(page: Page, locale: Locale, email: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = await page.evaluate(
          async ({ email, source }) => {
            const list = await (await fetch('/dev/mailbox')).text();
            const row = list.split('<tr>').find((r) => r.includes(email) || r.includes(email.replace('+', '&#43;')));
            const message = row?.match(/href="(\/dev\/mailbox\/[^"]+)"/)?.[1];
            if (!message) return undefined;
            return new RegExp(source).exec(await (await fetch(message)).text())?.[0];
          },
          { email, source: pattern.source },
        );
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link!.replace(/^https?:\/\/[^/]+/, origin(HOSTS[locale]));
}

/** Registers and activates an account, then logs in (the activation page's form). */
async function registerAndLogIn(page: Page, locale: Locale, email: string) {
  const t = (english: string) => translate(locale, english);
  const field = (name: string) => page.locator(`input[name="${name}"]`);
  const password = 'Lange Reise nach Konstanz 7';
  await page.goto(shopUrl(locale, SELLERS[locale]!.path('accountRegister')));
  await hydrated(page);
  await field('firstName').fill('Erika');
  await field('lastName').fill('Mustermann');
  await field('email').fill(email);
  await field('password').fill(password);
  await page.locator('input[name="privacyAccepted"]').check();
  await page.getByRole('button', { name: t('Create account') }).click();
  await expect(page.getByTestId('registration-sent')).toContainText(email);
  await page.goto(await linkInMail(page, locale, email, /https?:\/\/[^\s"<>]+\/account\/register\?token=[A-Za-z0-9_-]+/));
  await hydrated(page);
  await expect(page.getByRole('heading', { name: t('Your account is activated.') })).toBeVisible();
  await field('email').fill(email);
  await field('password').fill(password);
  await page.getByRole('button', { name: t('Log in') }).click();
  await expect(page.getByTestId('header-logout')).toBeAttached();
}

/** Two phones (best condition) through the device pages and the checkout screens; the trade number. */
async function sellThroughCheckout(page: Page, locale: Locale): Promise<string> {
  const t = (english: string) => translate(locale, english);
  const seller = SELLERS[locale]!;
  const field = (name: string) => page.locator(`input[name="${name}"]`);
  for (const slug of ['apple-iphone-13-128-gb', 'samsung-galaxy-s21-5g-128-gb']) {
    await page.goto(shopUrl(locale, seller.path('productDetail', slug)));
    await hydrated(page);
    const questions = page.locator('fieldset.question');
    const count = await questions.count();
    for (let i = 0; i < count; i++) await questions.nth(i).locator('input[type=radio]').first().check();
    await expect(page.getByTestId('offer-price')).toBeVisible();
    await page.getByRole('button', { name: t('Add to cart') }).click();
    await expect(page.getByRole('link', { name: t('Go to cart') })).toBeVisible();
    await cartStored(page);
  }
  await page.goto(shopUrl(locale, seller.path('checkout')));
  await hydrated(page);
  await expect(page.locator('.cart-line')).toHaveCount(2);
  const next = page.getByRole('button', { name: t('Continue') });
  await field('address.firstName').fill('Erika');
  await field('address.lastName').fill('Mustermann');
  await field('address.street').fill('Heidestraße');
  await field('address.houseNumber').fill('17');
  await field('address.postalCode').fill(POSTAL[locale]!);
  await field('address.city').fill(seller.city);
  await next.click();
  await page.getByLabel('PayPal', { exact: true }).check();
  await field('payout.email').fill('erika.paypal@example.com');
  await next.click();
  await page.locator('input[name="termsAccepted"]').check();
  await page.getByRole('button', { name: t('Sell now') }).click();
  await expect(page.getByTestId('trade-number')).toHaveText(/^TR-\d{4}-\d{6,}$/);
  return (await page.getByTestId('trade-number').textContent())!;
}

for (const locale of ['de', 'fr'] as const) {
  test(`${locale}: checkout → inspection with a photo → the mail's link → accept one, decline one → the account shows paid and return`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    const noErrors = watchErrors(page);
    const t = (english: string) => translate(locale, english);
    const email = `kundin+${locale}-${Date.now()}@example.org`;
    await page.goto(shopUrl(locale, '/'));
    await registerAndLogIn(page, locale, email);
    const tradeNumber = await sellThroughCheckout(page, locale);

    await ops(['trades', 'receive', tradeNumber]);
    const inspected = await ops([
      'trades',
      'inspect',
      tradeNumber,
      '--item',
      '1',
      '--answer',
      'display=cracked',
      '--note',
      NOTE,
      '--photo',
      PHOTO,
      '--item',
      '2',
      '--answer',
      'display=cracked',
      '--photo',
      PHOTO,
    ]);
    expect(inspected).toContain('→ clarification');
    expect(inspected).toContain('2 evidence photo(s) attached');

    const full = await linkInMail(
      page,
      locale,
      email,
      /https?:\/\/[^\s<>"]+\/clarification\/[0-9a-f-]{36}\/TR-[^\s<>"?]+\?token=[^\s<>"]+/,
    );
    expect((await page.goto(full))?.status()).toBe(200);
    await hydrated(page);
    const items = page.locator('.clarification-item');
    await expect(items).toHaveCount(2);
    // The difference is marked, the old price struck through, the inspector's note and photo shown.
    await expect(items.first().locator('tr[data-differs] mark')).toBeVisible();
    await expect(items.first().locator('del')).toBeVisible();
    await expect(items.first().locator('.clarification-note')).toContainText(NOTE);
    // Each device's evidence photo loads (status 200), through the one link the mail sent.
    for (const [index, device] of [
      [0, /Apple iPhone 13 128 GB/],
      [1, /Samsung Galaxy S21/],
    ] as const) {
      const photo = items.nth(index).locator('img[data-photo]');
      await expect(photo).toHaveCount(1);
      await expect(photo).toHaveAttribute('alt', device);
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
      const src = (await photo.getAttribute('src'))!;
      expect(await page.evaluate(async (url) => (await fetch(url)).status, src), `photo of device ${index + 1}`).toBe(200);
    }

    // On a 360 px phone the page fits the screen (no sideways scrolling).
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: testInfo.outputPath(`clarification-${locale}-360.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    await items.first().locator('input[value="accept"]').check();
    await items.nth(1).locator('input[value="return"]').check();
    await page.getByRole('button', { name: t('Check my answers') }).click();
    await page.getByRole('button', { name: t('Send my answers') }).click();
    await expect(page.getByRole('heading', { name: t('Thank you, we have your answer.') })).toBeVisible();
    const label = page.locator('[data-return-label]');
    await expect(label).toHaveText(t('Download the return label (PDF)'));
    const pdf = await page.evaluate(
      async (url) => {
        const response = await fetch(url);
        return { status: response.status, type: response.headers.get('content-type'), start: (await response.text()).slice(0, 5) };
      },
      (await label.getAttribute('href'))!,
    );
    expect(pdf).toEqual({ status: 200, type: 'application/pdf', start: '%PDF-' });

    // The accepted device is paid without waiting for the return (split payout).
    expect(await ops(['trades', 'pay', tradeNumber])).toContain('declined (split payout)');
    // The operator sees the payout and gets the return label of the declined device.
    const shown = await ops(['trades', 'show', tradeNumber]);
    expect(shown).toMatch(/Payouts\n.*\n.*EUR\s+1/);
    expect(shown).toMatch(/Return label \(warehouse → seller\): http\S+\/return-label\.pdf\?token=/);

    await page.goto(shopUrl(locale, SELLERS[locale]!.path('accountOverview')));
    await hydrated(page);
    const card = page.locator(`.trade-card[data-trade-number="${tradeNumber}"]`);
    await expect(card.locator('[data-item-status="paid"]')).toHaveCount(1);
    await expect(card.locator('[data-item-status="paid"]')).toContainText(t('Paid'));
    await expect(card.locator('[data-item-status="return_pending"]')).toContainText(t('Declined: on its way back to you'));
    const returnLabel = card.getByTestId('trade-return-label');
    await expect(returnLabel).toHaveText(t('Download the return label for {tradeNumber} (PDF)').replace('{tradeNumber}', tradeNumber));
    expect(await returnLabel.getAttribute('href')).toMatch(/\/return-label\.pdf\?token=/);
    // The account opens the clarification with the session alone (no token in the link).
    const fromAccount = card.locator('[data-clarification-link]').first();
    expect(await fromAccount.getAttribute('href')).not.toContain('token=');
    await fromAccount.click();
    await hydrated(page);
    await expect(page.getByRole('heading', { name: t('Thank you, we have your answer.') })).toBeVisible();
    await expect(page.locator('[data-answer="accepted"]')).toHaveCount(1);
    noErrors();
  });
}
