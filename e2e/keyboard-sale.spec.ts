// A sale with the keyboard only (issue 15 part 6): answers, add to cart, the checkout's steps and the
// thank-you page, on de and fr. After every step the focus is on something that belongs to it — the
// answer just chosen, the confirmation, the new page's h1, the new step's heading — never on <body>.

import type { Page } from '@playwright/test';
import { severeViolations } from './support/axe';
import { expect, test } from './support/test';
import type { Locale } from '../src/config/locales';
import { hydrated, pathOf, shopUrl, translate } from './support/shop';

/** What has the focus: tag, type, name, test id and text, enough to recognise it in a failure. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? 'none',
      type: el?.getAttribute('type') ?? '',
      name: el?.getAttribute('name') ?? '',
      testId: el?.dataset.testid ?? '',
      text: (el?.textContent ?? '').trim().slice(0, 80),
    };
  });

async function expectFocus(page: Page, what: string, check: (el: Awaited<ReturnType<typeof focused>>) => boolean) {
  await expect.poll(async () => check(await focused(page)), { message: `focus on ${what}` }).toBe(true);
  expect((await focused(page)).tag, `focus is not on the page's body (${what})`).not.toBe('body');
}

/** Presses Tab until `check` holds for the focused element (at most `limit` times), never passing through <body>. */
async function tabTo(page: Page, what: string, check: (el: Awaited<ReturnType<typeof focused>>) => boolean, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const el = await focused(page);
    expect(el.tag, `Tab reached <body> on the way to ${what}`).not.toBe('body');
    if (check(el)) return;
  }
  throw new Error(`Tab never reached ${what}`);
}

/** `bic`: the BIC of the IBAN's bank, which the checkout shows although the seller leaves the field empty. */
const SELLERS: Record<'de' | 'fr', { postalCode: string; city: string; iban: string; bic: string }> = {
  de: { postalCode: '51147', city: 'Köln', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
  fr: { postalCode: '75001', city: 'Paris', iban: 'FR14 2004 1010 0505 0001 3M02 606', bic: 'PSSTFRPPXXX' },
};

for (const locale of ['de', 'fr'] as const satisfies readonly Locale[]) {
  test(`${locale}: a keyboard-only sale keeps the focus on every step`, async ({ page }) => {
    const t = (english: string) => translate(locale, english);
    const seller = SELLERS[locale];
    await page.goto(shopUrl(locale, pathOf('productDetail', locale)));
    await hydrated(page);

    // Every question: Tab to its first answer, choose it with Space; the focus stays on the answer.
    const questions = page.locator('fieldset.question');
    const count = await questions.count();
    for (let i = 0; i < count; i++) {
      const group = `q-${await questions
        .nth(i)
        .locator('input[type=radio]')
        .first()
        .getAttribute('name')
        .then((n) => n?.slice(2))}`;
      await tabTo(page, `question ${i + 1}`, (el) => el.type === 'radio' && el.name === group);
      await page.keyboard.press('Space');
      await expect(questions.nth(i).locator('input[type=radio]:checked')).toHaveCount(1);
      await expectFocus(page, `the answer of question ${i + 1}`, (el) => el.type === 'radio' && el.name === group);
      // The first answer loads the offer machine, whose list replaces the first render's; the focus stays on the answer.
      if (i === 0) {
        await expect(page.locator('.offer-flow:not([data-loading])')).toBeVisible();
        await expectFocus(page, 'the first answer, after the offer machine took over', (el) => el.type === 'radio' && el.name === group);
      }
    }
    await expect(page.locator('.questions .progress')).toHaveText(new RegExp(`${count}\\D+${count}`));
    await expect(page.getByTestId('offer-price')).toBeVisible();
    await expectFocus(page, 'the last answer, once the offer is shown', (el) => el.type === 'radio');
    expect(await severeViolations(page), `${locale} the device page with its offer`).toEqual([]);

    // Add to cart: the focus moves to the confirmation.
    await tabTo(page, 'Add to cart', (el) => el.tag === 'button' && el.text === t('Add to cart'));
    await page.keyboard.press('Enter');
    await expectFocus(page, 'the add-to-cart confirmation', (el) => el.testId === 'offer-added');

    // To the checkout: the new page's h1 has the focus.
    await tabTo(page, 'Go to cart', (el) => el.tag === 'a' && el.text === t('Go to cart'));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === pathOf('checkout', locale));
    await expectFocus(page, 'the checkout page heading', (el) => el.tag === 'h1');

    const stepHeading = (n: number) => (el: Awaited<ReturnType<typeof focused>>) =>
      el.testId === 'checkout-step-heading' && el.text.match(/\d+/)?.[0] === String(n);
    await tabTo(page, 'the e-mail field', (el) => el.name === 'identity.email');
    await page.keyboard.type(`keyboard+${locale}${Date.now()}@example.org`);
    await page.keyboard.press('Enter');
    await expectFocus(page, 'the address step heading', stepHeading(2));

    for (const [name, value] of [
      ['address.firstName', 'Zoë'],
      ['address.lastName', 'Łukasiewicz-Ørsted'],
      ['address.street', locale === 'fr' ? 'Rue de Rivoli' : 'Heidestraße'],
      ['address.houseNumber', '17'],
      ['address.postalCode', seller.postalCode],
      ['address.city', seller.city],
    ] as const) {
      await tabTo(page, name, (el) => el.name === name);
      await page.keyboard.type(value);
    }
    await page.keyboard.press('Enter');
    await expectFocus(page, 'the payout step heading', stepHeading(3));
    expect(await severeViolations(page), `${locale} the payout step`).toEqual([]);

    // SEPA is preselected; the BIC stays empty: the IBAN alone is enough.
    await tabTo(page, 'the account holder', (el) => el.name === 'payout.accountHolder');
    await page.keyboard.type('Zoë Łukasiewicz-Ørsted');
    await tabTo(page, 'the IBAN', (el) => el.name === 'payout.iban');
    await page.keyboard.type(seller.iban);
    await expect(page.getByTestId('derived-bic')).toContainText(seller.bic);
    await page.keyboard.press('Enter');
    await expectFocus(page, 'the review step heading', stepHeading(4));
    await expect(page.getByTestId('review-derived-bic')).toContainText(seller.bic);
    expect(await severeViolations(page), `${locale} the review step`).toEqual([]);
    await expect(page.getByTestId('review-name')).toHaveText('Zoë Łukasiewicz-Ørsted');
    await expect(page.getByTestId('review-payout')).toContainText('Zoë Łukasiewicz-Ørsted');
    await expect(page.getByTestId('review-payout')).toContainText(
      `${seller.iban.slice(0, 4)} •••• •••• •••• ${seller.iban.replace(/\s/g, '').slice(-4)}`,
    );

    // A completed step is one Tab away in the step list and goes back; the focus follows to its heading.
    await page.getByTestId('checkout-step-heading').focus();
    await page.keyboard.press('Shift+Tab');
    await expectFocus(page, 'the payout step pill', (el) => el.tag === 'button' && el.text.includes(t('Payout')));
    await page.keyboard.press('Enter');
    await expectFocus(page, 'the payout step heading again', stepHeading(3));
    await tabTo(page, 'the IBAN', (el) => el.name === 'payout.iban');
    await page.keyboard.press('Enter');
    await expectFocus(page, 'the review step heading again', stepHeading(4));

    await tabTo(page, 'the terms checkbox', (el) => el.name === 'termsAccepted');
    await page.keyboard.press('Space');
    await tabTo(page, 'Sell now', (el) => el.tag === 'button' && el.text === t('Sell now'));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === pathOf('thankYou', locale));
    await expect(page.getByTestId('trade-number')).toBeVisible();
    await expectFocus(page, 'the thank-you page heading', (el) => el.tag === 'h1');
  });
}

// The first answer loads the offer machine, whose question list replaces the first render's while the
// seller goes on typing: no key pressed during that hand-over may be lost, nor the focus thrown past
// the questions (a disabled list used to drop it, and Tab then went on behind the questions).
test('answers typed straight through the hand-over to the offer machine are all kept', async ({ page }) => {
  await page.goto(shopUrl('fr', pathOf('productDetail', 'fr')));
  await hydrated(page);
  const questions = page.locator('fieldset.question');
  const count = await questions.count();
  await questions.first().locator('input[type=radio]').first().focus();
  for (let i = 0; i < count; i++) {
    if (i > 0) await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
  }
  await expect(page.locator('.questions .progress')).toHaveText(new RegExp(`${count}\\D+${count}`));
  for (let i = 0; i < count; i++) await expect(questions.nth(i).locator('input[type=radio]:checked')).toHaveCount(1);
  await expect(page.getByTestId('offer-price')).toBeVisible();
  await expectFocus(page, 'the last answer', (el) => el.type === 'radio');
});
