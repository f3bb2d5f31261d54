// The shop with JavaScript turned off (de): the device page's questions post to the server, which
// answers with a real offer; the checkout and the account say why they need JavaScript instead of
// loading forever; the main navigation opens from the phone menu.

import { expect, test } from './support/test';
import { pathOf, shopUrl, translate } from './support/shop';

test.use({ javaScriptEnabled: false });

test('device page: the answers go to the server, which shows the offer or what is missing', async ({ page }) => {
  const devicePath = pathOf('productDetail', 'de');
  await page.goto(shopUrl('de', devicePath));
  const submit = page.getByRole('button', { name: translate('de', 'Show my offer') });

  // Nothing answered: the page comes back with the message and every question marked.
  await submit.click();
  await expect(page.getByTestId('offer-form-error')).toContainText(
    translate('de', 'Please answer every question to get your offer. The questions without an answer are marked.'),
  );
  const questions = page.locator('fieldset.question');
  const count = await questions.count();
  expect(count).toBeGreaterThan(2);
  await expect(page.locator('fieldset.question.blocking')).toHaveCount(count);

  // Every question answered with its first answer (the best condition): the offer, priced by the server.
  for (let i = 0; i < count; i++) await questions.nth(i).getByRole('radio').first().check();
  await submit.click();
  // The answer opens at the offer, on the device's own address.
  await expect(page).toHaveURL(shopUrl('de', `${devicePath}#offer-heading`));
  await expect(page.locator('#offer-heading')).toBeInViewport();
  await expect(page.getByTestId('offer-price')).toHaveText(/^\d{1,4},\d\d\s€$/);
  await expect(page.getByTestId('offer-needs-javascript')).toBeVisible();
  // The answers are still chosen, so a changed answer can be posted again.
  await expect(page.locator('fieldset.question input[type=radio]:checked')).toHaveCount(count);
});

test('checkout and account explain that they need JavaScript instead of loading forever', async ({ page }) => {
  await page.goto(shopUrl('de', pathOf('checkout', 'de')));
  await expect(page.getByTestId('noscript-note')).toContainText(
    translate(
      'de',
      'The checkout needs JavaScript: your cart is kept in this browser and the checkout runs in it. Please turn on JavaScript in your browser settings and reload this page.',
    ),
  );
  await expect(page.getByText(translate('de', 'Loading your cart…'))).toBeHidden();

  await page.goto(shopUrl('de', pathOf('accountOverview', 'de')));
  await expect(page.getByTestId('noscript-note')).toBeVisible();
  await expect(page.getByText(translate('de', 'Loading your account…'))).toBeHidden();
});

test.describe('phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the menu opens the main navigation', async ({ page }) => {
    await page.goto(shopUrl('de', '/'));
    const nav = page.locator('#main-navigation');
    await expect(nav).toBeHidden();
    await page.locator('#mobile-menu-toggle').click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: translate('de', 'Contact') }).click();
    await expect(page).toHaveURL(shopUrl('de', pathOf('contact', 'de')));
  });
});
