// Every screen path of product §2 in every locale answers 200 with the right layout, lang and localized
// heading, server-rendered and then hydrated without errors. The clarification screens with the sample
// (unknown) link render their heading and, without a token, ask a visitor to log in; with a wrong token
// they are the expired-link page; their old /browser/… forms redirect (e2e/clarification.spec.ts
// opens real links). The review screen without its token says so and answers 404. axe (WCAG 2.2 AA)
// finds no serious or critical violation on any of them, as first shown and hydrated. The visits only
// look, so they share one browser context per worker (`lookingTest`): its cache keeps the scripts.

import { expect, lookingTest as test } from './support/test';
import { LANGUAGE_TAG, LOCALES } from '../src/config/locales';
import { findRedirect } from '../src/config/redirects';
import { screensOf, type ScreenId } from '../src/config/routes';
import { severeViolations } from './support/axe';
import { expectedPage, hydrated, pathOf, shopUrl, translate, watchErrors } from './support/shop';

const CLARIFICATION_SCREENS: ReadonlySet<ScreenId> = new Set(['clarification', 'quickAnswer', 'quickAnswerShort']);
/** The pages behind a mail's signed link that say on the page (404) what is wrong with a link without its token. */
const SIGNED_LINK_PROBLEMS: Partial<Record<ScreenId, string>> = {
  review: 'This review link is not valid. Please use the link from our e-mail.',
  tradeStatus: 'This trade link is not valid. Please use the link from our e-mail.',
};

for (const locale of LOCALES) {
  test.describe(`${locale} shop`, () => {
    for (const screen of screensOf(locale)) {
      const path = pathOf(screen, locale);
      const redirect = findRedirect(locale, path, '');
      if (redirect !== undefined) {
        test(`${screen} ${path} redirects`, async ({ page }) => {
          const response = await page.goto(shopUrl(locale, path));
          expect(response?.request().redirectedFrom()?.url()).toBe(shopUrl(locale, path));
          expect(new URL(page.url()).pathname).toBe(redirect);
        });
        continue;
      }
      const linkProblem = SIGNED_LINK_PROBLEMS[screen];
      if (linkProblem) {
        test(`${screen} ${path} (link without its token)`, async ({ page }) => {
          // The page says what is wrong with the link, under its heading, and answers 404.
          const noErrors = watchErrors(page);
          const response = await page.goto(shopUrl(locale, path));
          expect(response?.status()).toBe(404);
          expect(await response?.text()).toContain(`<h1>${expectedPage(screen, locale).heading}</h1>`);
          await hydrated(page);
          await expect(page.getByRole('alert')).toHaveText(translate(locale, linkProblem));
          expect(await severeViolations(page), `${locale} ${screen}`).toEqual([]);
          noErrors();
        });
        continue;
      }
      if (CLARIFICATION_SCREENS.has(screen)) {
        test(`${screen} ${path} (unknown link)`, async ({ page }) => {
          // Without the mail's token only the logged-in owner may open it: a visitor is asked to log in.
          const response = await page.goto(shopUrl(locale, path));
          expect(response?.status()).toBe(200);
          expect(await response?.text()).toContain(`<h1>${expectedPage(screen, locale).heading}</h1>`);
          await hydrated(page);
          await expect(page.getByRole('alert').getByRole('link')).toHaveAttribute('href', pathOf('accountOverview', locale));
          expect(await severeViolations(page), `${locale} ${screen}`).toEqual([]);
          // A token that is not the link's: the expired-link page (product §8), status 404.
          const expired = await page.goto(shopUrl(locale, `${path}?token=not-this-links-token`));
          expect(expired?.status()).toBe(404);
          await expect(page.locator('main h1')).toHaveText(translate(locale, 'ERRORPAGE_OOPS_EXPIRED_LINK'));
        });
        continue;
      }
      test(`${screen} ${path}`, async ({ page }) => {
        const noErrors = watchErrors(page);
        const response = await page.goto(shopUrl(locale, path));
        expect(response?.status()).toBe(200);
        expect(response?.request().redirectedFrom()).toBeNull();
        const { heading, title } = expectedPage(screen, locale);
        await expect(page.locator('html')).toHaveAttribute('lang', LANGUAGE_TAG[locale]);
        await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
        await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', screen === 'home' ? 'home' : 'default');
        await expect(page.locator('main h1')).toHaveText(heading);
        await expect(page).toHaveTitle(`${title} | trade-in`);
        await hydrated(page);
        expect(await severeViolations(page), `${locale} ${screen}`).toEqual([]);
        noErrors();
      });
    }
  });
}

// The head follows a client-side navigation: a screen whose description is in the account catalog
// (src/routes/account-text-descriptions.ts) gets it once that catalog has loaded, not its message id.
for (const locale of ['de', 'fr'] as const) {
  test(`${locale}: a client-side navigation to the contact page brings its title and description`, async ({ page }) => {
    await page.goto(shopUrl(locale, '/'));
    await hydrated(page);
    await page
      .locator('#main-navigation')
      .getByRole('link', { name: translate(locale, 'Contact') })
      .click();
    await expect(page).toHaveURL(shopUrl(locale, pathOf('contact', locale)));
    const { title } = expectedPage('contact', locale);
    await expect(page).toHaveTitle(`${title} | trade-in`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      translate(locale, 'Questions about your sale? Write to our customer service with the contact form, and we will get back to you.'),
    );
  });
}
