// The contact form and the help widget end to end on de, es and it: a message with an attachment
// from the contact page reaches the outbox addressed to the country's desk (and the sender gets the
// acknowledgment); the help widget opens from its button, keeps Tab inside, closes with Escape
// (focus back on the button), and sends; axe finds no serious or critical violation on the contact
// page and in the open widget. Mails are read from the developer mailbox (DEV_MAILBOX=1).

import { type Page } from '@playwright/test';
import { severeViolations } from './support/axe';
import { ONE_PIXEL_PNG } from './support/files';
import { expect, test } from './support/test';
import { COUNTRIES } from '../src/config/countries';
import type { Locale } from '../src/config/locales';
import { afterFillTime, formTicketed, hydrated, pathOf, shopUrl, translate, watchErrors } from './support/shop';

const LOCALES = ['de', 'es', 'it'] as const satisfies readonly Locale[];

/** Every test writes from its own client address: the contact form limits messages per address. */
let client = 0;
async function ownClientAddress(page: Page) {
  client++;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.18.${process.pid % 250}.${(Date.now() + client) % 250}` });
}

interface MailboxRow {
  readonly href: string;
  readonly to: string;
  readonly subject: string;
}

/** The developer mailbox's rows that mention `needle` (read through the page: the shop hosts resolve in Chromium only). */
async function mailsMentioning(page: Page, needle: string, count: number): Promise<MailboxRow[]> {
  let rows: MailboxRow[] = [];
  await expect
    .poll(
      async () => {
        rows = await page.evaluate(async (wanted) => {
          const html = await (await fetch('/dev/mailbox')).text();
          const doc = new DOMParser().parseFromString(html, 'text/html');
          return [...doc.querySelectorAll('tr')]
            .filter((tr) => tr.textContent?.includes(wanted))
            .map((tr) => {
              const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '');
              return { href: tr.querySelector('a')?.getAttribute('href') ?? '', to: cells[1] ?? '', subject: cells[2] ?? '' };
            });
        }, needle);
        return rows.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return rows;
}

const readMail = (page: Page, href: string) => page.evaluate(async (url) => (await fetch(url)).text(), href);

async function fillForm(page: Page, scope: string, locale: Locale, stamp: string) {
  const form = page.locator(scope).getByTestId('contact-form');
  await form.locator('select[name="subject"]').selectOption('payment');
  await form.locator('input[name="name"]').fill(`Erika ${stamp}`);
  await form.locator('input[name="email"]').fill(`kontakt+${stamp}@example.org`);
  await form.locator('input[name="tradeNumber"]').fill('tr-2026-000123');
  await form.locator('textarea[name="message"]').fill(`Wann kommt meine Auszahlung? (${locale})`);
  return form;
}

for (const locale of LOCALES) {
  const t = (english: string) => translate(locale, english);
  const desk = COUNTRIES[locale].contact.toAddress;

  test(`${locale}: the contact form sends a message with an attachment to ${desk} and acknowledges it`, async ({ page }) => {
    const noErrors = watchErrors(page);
    await ownClientAddress(page);
    const stamp = `${locale}-page-${Date.now()}`;
    const ticketed = formTicketed(page);
    await page.goto(shopUrl(locale, pathOf('contact', locale)));
    await hydrated(page);
    const form = await fillForm(page, 'main', locale, stamp);
    await form.locator('input[type="file"]').setInputFiles({ name: 'display.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await expect(form.getByTestId('attachment')).toContainText('display.png');
    // The server refuses forms sent faster than a person types (3 s after the form opened).
    await afterFillTime(page, ticketed);
    await form.getByRole('button', { name: t('Send message') }).click();
    const sent = page.getByTestId('contact-sent');
    await expect(sent.getByRole('heading', { name: t('Thank you, your message is on its way') })).toBeFocused();
    const reference = (await sent.textContent())?.match(/KM-\d{4}-[0-9A-F]{8}/)?.[0];
    expect(reference).toBeTruthy();

    const rows = await mailsMentioning(page, reference!, 2);
    const staff = rows.find((row) => row.to.includes(desk));
    const ack = rows.find((row) => row.to.includes(`kontakt+${stamp}@example.org`));
    expect(staff, `a mail to ${desk}`).toBeTruthy();
    expect(ack, 'the acknowledgment to the sender').toBeTruthy();
    const staffText = await readMail(page, staff!.href);
    expect(staffText).toContain('display.png');
    expect(staffText).toContain('TR-2026-000123');
    expect(staffText).toContain(`Wann kommt meine Auszahlung? (${locale})`);
    console.log(`mail to ${staff!.to}: ${staff!.subject}`);
    console.log(`mail to ${ack!.to}: ${ack!.subject}`);
    noErrors();
  });

  test(`${locale}: the help widget opens, keeps Tab inside, closes with Escape, and sends`, async ({ page }) => {
    const noErrors = watchErrors(page);
    await ownClientAddress(page);
    const stamp = `${locale}-widget-${Date.now()}`;
    await page.goto(shopUrl(locale, pathOf('home', locale)));
    await hydrated(page);
    const button = page.getByTestId('help-button');
    await expect(button).toHaveText(new RegExp(t('Help')));

    // Keyboard: focus the button, open with Enter.
    await button.focus();
    const ticketed = formTicketed(page);
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('help-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: t('How can we help?') })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: t('Frequent questions') })).toBeVisible();
    await expect(dialog).toHaveAttribute('data-widget-key', `tradein-help-${locale}`);

    // Tab (and Shift+Tab) never leave the dialog.
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(i % 7 === 6 ? 'Shift+Tab' : 'Tab');
      expect(
        await page.evaluate(() => document.activeElement?.closest('dialog') !== null),
        `focus inside the dialog after ${i + 1} Tabs`,
      ).toBe(true);
    }
    // axe on the open widget.
    expect(await severeViolations(page, { include: '[data-testid="help-dialog"]' }), `${locale} help dialog`).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    // Open again: what was there is still there. The close button closes it too; Escape and Enter at
    // once close it and open it again. Then send a message from the widget.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: t('Close help') }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await button.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    const form = await fillForm(page, '[data-testid="help-dialog"]', locale, stamp);
    await afterFillTime(page, ticketed);
    await form.locator('textarea[name="message"]').focus();
    await page.keyboard.press('Tab');
    await form.getByRole('button', { name: t('Send message') }).press('Enter');
    await expect(dialog.getByTestId('contact-sent')).toBeVisible();
    const reference = (await dialog.getByTestId('contact-sent').textContent())?.match(/KM-\d{4}-[0-9A-F]{8}/)?.[0];
    const rows = await mailsMentioning(page, reference!, 2);
    const staff = rows.find((row) => row.to.includes(desk));
    expect(staff, `a mail to ${desk}`).toBeTruthy();
    console.log(`mail to ${staff!.to}: ${staff!.subject}`);
    const ack = rows.find((row) => row !== staff)!;
    console.log(`mail to ${ack.to}: ${ack.subject}`);
    noErrors();
  });

  test(`${locale}: axe finds no serious or critical violation on the contact page`, async ({ page }) => {
    await page.goto(shopUrl(locale, pathOf('contact', locale)));
    await hydrated(page);
    expect(await severeViolations(page), `${locale} contact`).toEqual([]);
  });
}

test('de: when the help dialog cannot load (its script lost to the network), the page reloads once, then the help button opens the contact page', async ({
  page,
}) => {
  await page.route(/\/assets\/help-dialog-[\w-]+\.js$/, (route) => route.abort('connectionreset'));
  await page.goto(shopUrl('de', pathOf('home', 'de')));
  await hydrated(page);
  // The first failure counts as a chunk of an older build: the stale-build guard reloads the page.
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('help-button').click();
  await reloaded;
  await hydrated(page);
  await page.getByTestId('help-button').click();
  await expect(page).toHaveURL(shopUrl('de', pathOf('contact', 'de')));
  await hydrated(page);
  await expect(page.getByTestId('contact-form')).toBeVisible();
  await expect(page.getByTestId('help-dialog')).toHaveCount(0);
});
