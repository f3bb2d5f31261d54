// The newsletter end to end on de, es and it: sign up in the footer, open the confirmation link from
// the developer mailbox, add a first name and an interest, then unsubscribe from the link in the
// welcome mail (which carries List-Unsubscribe with one-click) and land on the success page. axe finds
// no serious or critical violation on the new screens. Austria has no newsletter: no form, 404 paths.
//
// The server must serve the developer mailbox (DEV_MAILBOX=1, as playwright.config.ts sets).

import { type Page } from '@playwright/test';
import { severeViolations } from './support/axe';
import { expect, test } from './support/test';
import { readFileSync } from 'node:fs';
import PO from 'pofile';
import { LANGUAGE_TAG, type Locale } from '../src/config/locales';
import { buildPath } from '../src/config/routes';
import { HOSTS, hydrated, origin, pathOf, shopUrl, translate, watchErrors } from './support/shop';

/** A text of the server's catalog (the mails), as the shop's language has it. */
function serverText(locale: Locale, id: string): string {
  const po = PO.parse(readFileSync(new URL(`../server/i18n/locales/${LANGUAGE_TAG[locale]}.po`, import.meta.url), 'utf8'));
  const text = po.items.find((item) => item.msgid === id)?.msgstr[0];
  if (!text) throw new Error(`no ${id} in the ${locale} server catalog`);
  return text;
}

/** Fetches a path of the shop through the page (the shop's host names resolve inside Chromium only). */
const read = (page: Page, path: string) =>
  page.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, text: await response.text() };
  }, path);

/** The text page of the newest mail to `email` with `subject` in the developer mailbox (it may take a moment). */
async function mailTo(page: Page, email: string, subject: string): Promise<string> {
  let message: string | undefined;
  await expect
    .poll(
      async () => {
        const list = await read(page, '/dev/mailbox');
        expect(list.status, 'the e2e server must serve /dev/mailbox (DEV_MAILBOX=1)').toBe(200);
        const row = list.text.split('<tr>').find((r) => r.includes(email) && r.includes(subject));
        message = row?.match(/href="(\/dev\/mailbox\/[^"]+)"/)?.[1];
        return message;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return (await read(page, message!)).text;
}

/** A link of the mail, moved to the test server (mail links use the shop's configured public origin). */
function linkIn(mail: string, pattern: RegExp, locale: Locale): string {
  const link = mail.match(pattern)?.[0];
  expect(link, `the mail holds a link like ${pattern}`).toBeTruthy();
  return link!.replace(/&amp;/g, '&').replace(/^https?:\/\/[^/]+/, origin(HOSTS[locale]));
}

const INTEREST: Record<'de' | 'es' | 'it', string> = { de: 'Kameras', es: 'Cámaras', it: 'Fotocamere' };

for (const locale of ['de', 'es', 'it'] as const) {
  test(`${locale}: sign up in the footer, confirm from the mail, choose interests, unsubscribe from the mail`, async ({ page }) => {
    const noErrors = watchErrors(page);
    const email = `nl-e2e-${locale}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const t = (english: string) => translate(locale, english);

    // The home page has its own form; every other page has it in the footer.
    await page.goto(shopUrl(locale, pathOf('sellCategory', locale)));
    await hydrated(page);
    const footer = page.locator('footer').getByTestId('newsletter-footer');
    await footer.getByLabel(t('Your e-mail address')).fill(email);
    await footer.getByRole('button', { name: t('Sign up') }).click();
    await expect(page.getByTestId('newsletter-footer-sent')).toContainText(email);

    // The double opt-in mail: its link confirms and opens the enrich page.
    const confirmation = await mailTo(page, email, serverText(locale, 'mail.newsletter.confirm.subject'));
    expect(confirmation).toContain('List-Unsubscribe-Post');
    const confirmLink = linkIn(confirmation, /https?:\/\/[^\s"<>/]+\/newsletter\/enrich\/[0-9a-f]{64}\?confirm=[0-9.a-f]+/, locale);
    await page.goto(confirmLink);
    await hydrated(page);
    await expect(page.getByTestId('newsletter-confirmed')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('Complete your newsletter profile'));
    expect(await severeViolations(page)).toEqual([]);
    await page.getByLabel(t('First name (optional)')).fill('Erika');
    await page.getByLabel(INTEREST[locale], { exact: true }).check();
    await page.getByRole('button', { name: t('Save preferences') }).click();
    await expect(page.getByText(t('Thank you! Your preferences are saved.'))).toBeVisible();

    // The welcome mail: the unsubscribe link and the one-click headers.
    const welcome = await mailTo(page, email, serverText(locale, 'mail.newsletter.welcome.subject'));
    expect(welcome).toMatch(/List-Unsubscribe<\/dt><dd>&lt;https?:\/\/[^/]+\/api\/newsletter\/unsubscribe\/[0-9a-f]{64}&gt;/);
    expect(welcome).toContain('List-Unsubscribe=One-Click');
    const unsubscribeLink = linkIn(welcome, /https?:\/\/[^\s"<>/]+\/newsletter\/unsubscribe\/[0-9a-f]{64}/, locale);
    await page.goto(unsubscribeLink);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('Unsubscribe from the newsletter'));
    expect(await severeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: t('Unsubscribe') }).click();
    await expect(page).toHaveURL(shopUrl(locale, buildPath('newsletterUnsubscribeSuccess', locale)));
    await expect(page.getByTestId('newsletter-unsubscribed')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('You have been unsubscribed'));
    expect(await severeViolations(page)).toEqual([]);

    // The enrich link of the welcome mail no longer works.
    await page.goto(linkIn(welcome, /https?:\/\/[^\s"<>/]+\/newsletter\/enrich\/[0-9a-f]{64}(?=["<\s])/, locale));
    await hydrated(page);
    await expect(page.getByTestId('newsletter-invalid-link')).toBeVisible();
    noErrors();
  });
}

test('a tampered unsubscribe link says so and unsubscribes nobody', async ({ page }) => {
  await page.goto(shopUrl('es', `/newsletter/unsubscribe/${'0'.repeat(63)}1`));
  await hydrated(page);
  await page.getByRole('button', { name: translate('es', 'Unsubscribe') }).click();
  await expect(page.getByTestId('newsletter-invalid-link')).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
});

test('the home page has its own sign-up form, and the footer does not repeat it there', async ({ page }) => {
  await page.goto(shopUrl('fr', '/'));
  await hydrated(page);
  await expect(page.getByTestId('newsletter-home')).toBeVisible();
  await expect(page.getByTestId('newsletter-footer')).toHaveCount(0);
  expect(await severeViolations(page)).toEqual([]);
});

test('at: no newsletter form, and every newsletter path is a 404', async ({ page }) => {
  for (const path of ['/', pathOf('sellCategory', 'at')]) {
    await page.goto(shopUrl('at', path));
    await hydrated(page);
    await expect(page.locator('.newsletter-signup')).toHaveCount(0);
  }
  for (const path of [
    '/newsletter/enrich',
    `/newsletter/enrich/${'a'.repeat(64)}`,
    `/newsletter/unsubscribe/${'a'.repeat(64)}`,
    '/newsletter/unsubscribe/success',
  ]) {
    const response = await page.goto(shopUrl('at', path));
    expect(response?.status(), path).toBe(404);
  }
});

test('es: a logged-in customer subscribes in the account, chooses interests, and unsubscribes there', async ({ page }) => {
  const t = (english: string) => translate('es', english);
  const email = `nl-account-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Calle Mayor 12, Madrid';
  await page.goto(shopUrl('es', '/'));
  await hydrated(page);
  const registered = await page.evaluate(
    async ({ email, password }) => {
      const response = await fetch('/api/account/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          enabled: true,
          firstName: 'Ana',
          lastName: 'García',
          username: email,
          email,
          credentials: [{ type: 'password', value: password, temporary: false }],
          requiredActions: [],
          groups: [],
          attributes: { locale: ['es'], privacyAccepted: ['true'] },
        }),
      });
      return response.status;
    },
    { email, password },
  );
  expect(registered).toBe(202);
  const activation = await mailTo(page, email, '');
  await page.goto(linkIn(activation, /https?:\/\/[^\s"<>/]+\/account\/register\?token=[A-Za-z0-9_-]+/, 'es'));
  await hydrated(page);
  await expect(page.getByRole('heading', { name: t('Your account is activated.') })).toBeVisible();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: t('Log in') }).click();
  await expect(page.getByTestId('header-logout')).toBeAttached();

  await page.goto(shopUrl('es', buildPath('accountOverview', 'es')));
  await hydrated(page);
  const box = page.getByTestId('account-newsletter');
  await expect(box.getByText(t('You do not receive our newsletter.'))).toBeVisible();
  await box.getByRole('button', { name: t('Subscribe to the newsletter') }).click();
  await expect(box.getByText(t("You receive our newsletter at your account's e-mail address."))).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
  // The welcome mail (no confirmation mail: the account's e-mail is verified).
  await mailTo(page, email, serverText('es', 'mail.newsletter.welcome.subject'));

  await box.getByRole('link', { name: t('Choose your interests') }).click();
  await expect(page).toHaveURL(shopUrl('es', buildPath('newsletterEnrich', 'es')));
  await page.getByLabel(t('First name (optional)')).fill('Ana');
  await page.getByLabel(INTEREST.es, { exact: true }).check();
  await page.getByRole('button', { name: t('Save preferences') }).click();
  await expect(page.getByText(t('Thank you! Your preferences are saved.'))).toBeVisible();

  await page.goto(shopUrl('es', buildPath('accountOverview', 'es')));
  await hydrated(page);
  await box.getByRole('button', { name: t('Unsubscribe') }).click();
  await expect(box.getByText(t('You do not receive our newsletter.'))).toBeVisible();
});
