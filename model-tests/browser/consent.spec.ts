// The consent flow's model paths in the browser: the home page of the production build on
// de.localhost, without the consent every other test is given (playwright.config.ts). The banner's
// one-second wait runs on the page's clock (Playwright's clock, paused from the start and moved on
// only as far as hydration needs), so "no banner yet" is what the page shows until the path lets the
// second pass.

import { expect, type Page } from '@playwright/test';
import { test } from '../../e2e/support/test';
import { hydrated, shopUrl, translate } from '../../e2e/support/shop';
import { CONSENT_BANNER_VERSION, CONSENT_CHECK_DELAY_MS } from '../../src/config/constants';
import { COUNTRIES } from '../../src/config/countries';
import { consentModel } from '../consent.model';
import { describeBrowserFlow } from './runner';

test.use({ storageState: { cookies: [], origins: [] } });

interface Context {
  readonly page: Page;
}

const t = (english: string) => translate('de', english);
const banner = (c: Context) => c.page.getByTestId('consent-banner');
const consentCookie = async (c: Context) => (await c.page.context().cookies()).find((cookie) => cookie.name === 'consent')?.value;

/** Opens the home page with the clock paused: the banner check waits for SECOND_PASSES. */
async function open(c: Context, cookie?: 'all' | 'necessary') {
  if (cookie)
    await c.page
      .context()
      .addCookies([{ name: 'consent', value: `${CONSENT_BANNER_VERSION}.${cookie}`, domain: 'de.localhost', path: '/' }]);
  const start = Date.now();
  await c.page.clock.install({ time: start });
  // A moment ahead of the installed clock, which runs on until paused (no page is open yet).
  await c.page.clock.pauseAt(start + 5_000);
  await c.page.goto(shopUrl('de', '/'));
  // Hydration needs a few timer ticks: the clock runs in small steps until the page is hydrated, well
  // short of the banner's second (which starts with the shop actor, after hydration).
  const isHydrated = () => c.page.locator('html[data-hydrated="true"]').count();
  for (let step = 0; step < 10 && (await isHydrated()) === 0; step++) await c.page.clock.runFor(20);
  await hydrated(c.page);
}

/** The page is usable and the banner is not there. */
async function pageWithoutBanner(c: Context) {
  await expect(c.page.locator('main')).toBeVisible();
  await expect(banner(c)).toBeHidden();
}

describeBrowserFlow<Context>({
  name: 'consent',
  model: consentModel,
  simplePathBound: 20,
  async setup(page) {
    return { page };
  },
  unreachable: {
    'consent.noBanner': 'every shop of the configuration shows the consent banner (the test at the end of this file)',
    'consent.checking always#4': 'every shop of the configuration shows the consent banner (the test at the end of this file)',
  },
  unsupported: {
    // Checked below: the test fails when a shop without a banner is configured.
    OPEN_SHOP_WITHOUT_BANNER: 'every shop of the configuration (src/config/countries.ts) shows the consent banner',
  },
  events: {
    OPEN_FIRST_VISIT: async (c) => open(c),
    OPEN_ACCEPTED_BEFORE: async (c) => open(c, 'all'),
    OPEN_REFUSED_BEFORE: async (c) => open(c, 'necessary'),
    OPEN_WITH_PRIVACY_SIGNAL: async (c) => {
      await c.page.setExtraHTTPHeaders({ 'Sec-GPC': '1' });
      await c.page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
      await open(c);
    },
    // The consent actor starts once its code has loaded after hydration; its second counts from then.
    SECOND_PASSES: async (c) => {
      await expect
        .poll(() => c.page.evaluate(() => Boolean(window.__modelCoverage?.consent?.states['consent.starting'])), {
          message: 'the consent actor has started',
        })
        .toBe(true);
      await c.page.clock.runFor(CONSENT_CHECK_DELAY_MS + 50);
    },
    ACCEPT: async (c) =>
      banner(c)
        .getByRole('button', { name: t('Accept all') })
        .click(),
    REFUSE: async (c) =>
      banner(c)
        .getByRole('button', { name: t('Only necessary') })
        .click(),
    OPEN_SETTINGS: async (c) =>
      banner(c)
        .getByRole('button', { name: t('Settings') })
        .click(),
    SAVE_ALLOWING: async (c) => {
      await banner(c).getByRole('checkbox').check();
      await banner(c)
        .getByRole('button', { name: t('Save settings') })
        .click();
    },
    SAVE_REFUSING: async (c) => {
      await banner(c).getByRole('checkbox').uncheck();
      await banner(c)
        .getByRole('button', { name: t('Save settings') })
        .click();
    },
    REOPEN: async (c) => c.page.getByRole('button', { name: t('Cookie settings') }).click(),
  },
  checks: {
    waiting: pageWithoutBanner,
    waitingAccepted: pageWithoutBanner,
    waitingRefused: pageWithoutBanner,
    waitingSignal: pageWithoutBanner,
    banner: async (c) => {
      await expect(banner(c)).toBeVisible();
      await expect(banner(c).getByRole('button', { name: t('Accept all') })).toBeVisible();
      await expect(banner(c).getByRole('button', { name: t('Only necessary') })).toBeVisible();
      await expect(banner(c).getByRole('button', { name: t('Settings') })).toBeVisible();
    },
    settings: async (c) => {
      await expect(banner(c).getByRole('heading', { name: t('Cookie settings') })).toBeVisible();
      await expect(banner(c).getByRole('checkbox')).toHaveCount(1);
    },
    accepted: async (c) => {
      await pageWithoutBanner(c);
      // A decision taken here is kept; one kept before stays as it was.
      await expect.poll(() => consentCookie(c)).toBe(`${CONSENT_BANNER_VERSION}.all`);
    },
    refused: async (c) => {
      await pageWithoutBanner(c);
      // Refused by a privacy signal, nothing is stored; otherwise "only necessary" is kept.
      await expect.poll(async () => [undefined, `${CONSENT_BANNER_VERSION}.necessary`].includes(await consentCookie(c))).toBe(true);
    },
  },
});

test('the consent flow: every shop shows the banner, so no browser path reaches "no banner"', () => {
  // When a shop without a banner is configured, OPEN_SHOP_WITHOUT_BANNER becomes possible: run it here.
  expect(Object.values(COUNTRIES).filter((country) => !country.features.hasConsentBanner)).toEqual([]);
});
