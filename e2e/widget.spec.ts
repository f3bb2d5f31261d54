// The embeddable widget (decision 034): a partner page on another origin frames b2bwidget.localhost,
// the seller runs the whole flow inside the frame (search → offer → cart → checkout → thank you), and
// the frame follows the widget's height messages. A partner not on the list gets no widget at all.
// Both partner pages are docs/partner-widget/partner.html, served by a tiny server in this test.

import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { FrameLocator, Page } from '@playwright/test';
import { fillGermanCheckout } from './support/checkout';
import { expect, test } from './support/test';
import { PORT, SAMPLE_DEVICE, origin, translate } from './support/shop';

/** The partner on the widget's list (playwright.config.ts WIDGET_FRAME_ANCESTORS) and one that is not. */
const ALLOWED_PORT = PORT + 1;
const BLOCKED_PORT = PORT + 2;
const WIDGET = `${origin('b2bwidget.localhost')}/`;

const partnerPage = readFileSync(new URL('../docs/partner-widget/partner.html', import.meta.url), 'utf8').replace(
  'src="https://b2bwidget.tradein.de/"',
  `src="${WIDGET}"`,
);

function servePartner(port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.url === '/partner.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(partnerPage);
    } else {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

// One worker for both tests: the partner servers listen on fixed ports.
test.describe.configure({ mode: 'serial' });

const servers: Server[] = [];
test.beforeAll(async () => {
  servers.push(await servePartner(ALLOWED_PORT), await servePartner(BLOCKED_PORT));
});
test.afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

const frameHeight = (page: Page) => page.locator('#sell-widget').evaluate((frame: HTMLIFrameElement) => frame.style.height);

async function fillCheckout(widget: FrameLocator) {
  // The partner widget trades as a business (product §6): the company comes with the address.
  await fillGermanCheckout(widget, { email: `widget+${Date.now()}@example.org`, company: 'Muster Handel GmbH' });
  await widget.locator('input[name="termsAccepted"]').check();
}

test('a partner on the list shows the widget; the seller sells inside the frame, which follows its height', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`http://127.0.0.1:${ALLOWED_PORT}/partner.html`);
  const widget = page.frameLocator('#sell-widget');
  await expect(widget.locator('html[data-hydrated="true"]')).toHaveCount(1);
  // The partner's page is another site: the frame does not get the shop's cookies, so the widget asks for consent itself.
  await widget.getByRole('button', { name: translate('de', 'Only necessary') }).click();

  // Only the flow: no shop navigation, account entry, social buttons, ratings or help button.
  await expect(widget.locator('html')).toHaveAttribute('data-mode', 'b2bWidget');
  await expect(widget.locator('#main-navigation, .menu-toggle, .social, .ratings, .help-button')).toHaveCount(0);
  await expect(widget.locator('body')).not.toContainText(/Rechnung/i);
  // The legal links leave the frame: the full shop, in a new tab.
  const terms = widget.locator('#footer-links a', { hasText: translate('de', 'Terms and conditions') });
  await expect(terms).toHaveAttribute('href', `${origin('de.localhost')}/content/agb`);
  await expect(terms).toHaveAttribute('target', '_blank');

  // The widget reported its height, and the partner page sized the frame with it.
  await expect.poll(() => frameHeight(page)).toMatch(/^\d+px$/);
  const homeHeight = await frameHeight(page);

  // Search → offer.
  await widget.locator('#site-search').pressSequentially('iphone 13 128', { delay: 30 });
  await widget.getByRole('option', { name: SAMPLE_DEVICE.name }).click();
  await expect(widget.locator('main h1')).toHaveText(SAMPLE_DEVICE.name);
  const questions = widget.locator('fieldset.question');
  await expect(questions.first()).toBeVisible();
  const count = await questions.count();
  for (let i = 0; i < count; i++) await questions.nth(i).locator('input[type=radio]').first().check();
  await expect(widget.getByTestId('offer-price')).toBeVisible();
  await widget.getByRole('button', { name: translate('de', 'Add to cart') }).click();

  // → cart and checkout.
  await widget.getByRole('link', { name: translate('de', 'Go to cart') }).click();
  await expect(widget.locator('.cart-line')).toHaveCount(1);
  await expect.poll(() => frameHeight(page)).not.toBe(homeHeight);
  // The account is not part of the partner's frame: registering opens the full shop in a new tab.
  await widget.locator('input[name="identity.choice"][value="register"]').check();
  const register = widget.locator('.register-invite a');
  await expect(register).toHaveAttribute('target', '_blank');
  await expect(register).toHaveAttribute('href', `${origin('de.localhost')}/account/register`);
  await widget.locator('input[name="identity.choice"][value="guest"]').check();
  await fillCheckout(widget);
  await widget.getByRole('button', { name: translate('de', 'Sell now') }).click();

  // → thank you, still inside the partner's page.
  // A business trade: its own number range.
  await expect(widget.getByTestId('trade-number')).toHaveText(/^TB-\d{4}-\d{6,}$/);
  expect(page.url()).toBe(`http://127.0.0.1:${ALLOWED_PORT}/partner.html`);
  // The frame is as tall as the widget's page: no second scroll bar.
  const documentHeight = () => widget.locator('html').evaluate((html) => `${Math.ceil(html.getBoundingClientRect().height)}px`);
  await expect.poll(async () => (await frameHeight(page)) === (await documentHeight())).toBe(true);
});

test('a partner not on the list gets no widget: the browser refuses the frame', async ({ page, cspViolations }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('frame-ancestors')) refused.push(message.text());
  });
  await page.goto(`http://127.0.0.1:${BLOCKED_PORT}/partner.html`);
  // Chromium logs the refusal of the frame-ancestors directive; the frame shows no page of the shop.
  await expect.poll(() => refused.length).toBeGreaterThan(0);
  const frame = page.frame({ url: (url) => url.hostname === 'b2bwidget.localhost' });
  const shopRendered = frame
    ? await frame
        .locator('html[data-mode]')
        .count()
        .catch(() => 0)
    : 0;
  expect(shopRendered).toBe(0);
  // No height ever arrived: the partner page kept its own default.
  expect(await frameHeight(page)).toBe('');
  // The refusal is this test's expected outcome; any other CSP violation still fails it (e2e/support/test.ts).
  const expected = cspViolations.filter((violation) => violation.startsWith('frame-ancestors'));
  cspViolations.splice(0, cspViolations.length, ...cspViolations.filter((violation) => !expected.includes(violation)));
});
