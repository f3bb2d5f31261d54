// The build check (issue 12): the build writes builds/latest.json; a running page that learns of a
// new build id offers a reload, but not while the seller types in the checkout form, which survives.

import { expect, test } from './support/test';
import { PORT, hydrated, shopUrl, translate } from './support/shop';
import { cartStored } from './support/stored';

test('builds/latest.json names the build, never from a cache', async ({ request }) => {
  const answer = await request.get(`http://127.0.0.1:${PORT}/builds/latest.json?t=${Date.now()}`);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['cache-control']).toBe('no-cache');
  const body = (await answer.json()) as { buildId: string; builtAt: string };
  // A hash of the sources (vite.config.ts): the same sources build to the same script names.
  expect(body.buildId).toMatch(/^[0-9a-f]{12}$/);
  expect(Number.isNaN(Date.parse(body.builtAt))).toBe(false);
});

test('de: a new build is offered after the checkout form loses the focus and the seller leaves the checkout', async ({ page }) => {
  await page.clock.install();
  await page.clock.resume();
  let buildId: string | null = null;
  await page.route('**/builds/latest.json*', async (route) => {
    const real = await route.fetch({ url: `http://127.0.0.1:${PORT}/builds/latest.json` });
    const body = (await real.json()) as { buildId: string; builtAt: string };
    await route.fulfill({ json: buildId ? { ...body, buildId } : body });
  });
  test.setTimeout(60_000);
  await page.goto(shopUrl('de', '/produkte/apple-iphone-13-128-gb'));
  await hydrated(page);
  const questions = page.locator('fieldset.question');
  await expect(questions.first()).toBeVisible();
  for (let i = 0; i < (await questions.count()); i++) await questions.nth(i).locator('input[type=radio]').first().check();
  await page.getByRole('button', { name: translate('de', 'Add to cart') }).click();
  await expect(page.getByRole('link', { name: translate('de', 'Go to cart') })).toBeVisible();
  await cartStored(page);
  await page.goto(shopUrl('de', '/checkout'));
  await hydrated(page);
  const email = page.locator('input[name="identity.email"]');
  await email.fill('half-typed@exam');
  // A new deployment goes live while the seller types; five minutes later the page asks.
  buildId = 'a-newer-build';
  await page.clock.fastForward('05:01');
  await page.waitForTimeout(500);
  await expect(page.getByTestId('build-notice')).toHaveCount(0);
  await email.blur();
  await page.waitForTimeout(300);
  // Still on the checkout: it waits.
  await expect(page.getByTestId('build-notice')).toHaveCount(0);
  await page.getByRole('link', { name: 'Startseite' }).first().click();
  const notice = page.getByTestId('build-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(translate('de', 'A new version of the shop is available.'));
  buildId = null;
  await notice.getByRole('button', { name: translate('de', 'Reload') }).click();
  await hydrated(page);
  await page.goto(shopUrl('de', '/checkout'));
  await hydrated(page);
  await expect(page.locator('input[name="identity.email"]')).toHaveValue('half-typed@exam');
});

// Decisions 090 and 092: the scripts a page loads before it is usable carry neither zod nor XState
// (they arrive with the first flow or actor that needs them). The markers are the libraries' own
// names, which minification keeps: zod's `$ZodType`, XState's `xstate.done.actor.` event prefix.
test('the first scripts of the home and a device page carry neither zod nor XState', async ({ page }) => {
  for (const path of ['/', '/produkte/apple-iphone-13-128-gb']) {
    await page.goto(shopUrl('de', path));
    const json = await page.locator('script#page-assets').textContent();
    const assets = JSON.parse(json ?? 'null') as { entry: string; preloads: string[] };
    const scripts = [assets.entry, ...assets.preloads].filter((file) => file.endsWith('.js'));
    expect(scripts.length, `${path} loads an entry and its chunks`).toBeGreaterThan(1);
    for (const script of scripts) {
      const code = await page.evaluate(async (url) => (await fetch(url)).text(), script);
      expect(code, `${script} is served`).toMatch(/\S/);
      expect(code, `${script} of ${path}`).not.toContain('$ZodType');
      expect(code, `${script} of ${path}`).not.toContain('xstate.done.actor.');
    }
  }
});
