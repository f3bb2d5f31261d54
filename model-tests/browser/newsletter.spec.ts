// The newsletter flow's model paths in the browser (production build, de.localhost): the footer's
// sign-up form on a category page, then the links of the mails — the confirmation, the profile and
// the unsubscribe link, a broken one of each, and the enrich page logged in (the worker's account)
// or out. Every newsletter call is held until the path says what the server answers: its real
// status codes and bodies (202, the profile, 400 with fields, 401, 404), or no answer at all (the
// connection fails). The server's own answers are e2e/newsletter.spec.ts's subject.

import { expect, type Page, type Route } from '@playwright/test';
import { hydrated, pathOf, shopUrl, translate } from '../../e2e/support/shop';
import { test } from '../../e2e/support/test';
import { FIRST_NAME_MAX } from '../../src/contracts/newsletter';
import { newsletterModel } from '../newsletter.model';
import { accountOfWorker, type TestAccount } from './account-support';
import { logIn } from './checkout-support';
import { describeBrowserFlow } from './runner';

interface Context {
  readonly page: Page;
  readonly account: () => Promise<TestAccount>;
  /** Newsletter calls waiting for the path's answer (one at a time), with the page that made them. */
  readonly held: { readonly route: Route; readonly page: string }[];
  /** No answer: every newsletter call fails to connect (the client's one retry of a GET or PUT too) until the next step. */
  down: boolean;
}

const t = (english: string) => translate('de', english);
const HASH = 'ab'.repeat(32);
const CONFIRM = `1900000000.${'cd'.repeat(32)}`;
const EMAIL = 'erika.newsletter@example.org';
const PROFILE = { emailHash: HASH, status: 'subscribed', firstName: '', interests: [] };

const footer = (c: Context) => c.page.locator('footer').getByTestId('newsletter-footer');
const emailField = (c: Context) => footer(c).getByLabel(t('Your e-mail address'));
const enrichForm = (c: Context) => c.page.locator('.newsletter-enrich form');

/** The oldest call of the page now open; calls of pages left meanwhile (a log-in's account page) go through. */
async function held(c: Context, what: string): Promise<Route> {
  const current = () => {
    for (const stale of c.held.filter((call) => call.page !== c.page.url())) void stale.route.continue().catch(() => undefined);
    c.held.splice(0, c.held.length, ...c.held.filter((call) => call.page === c.page.url()));
    return c.held.length;
  };
  await expect.poll(current, { message: `the page should call ${what}` }).toBeGreaterThan(0);
  return c.held.shift()!.route;
}
const answer = (c: Context, status: number, json: unknown) => async () => (await held(c, 'the newsletter API')).fulfill({ status, json });
const failure = (status: number, error: string, extra: Record<string, unknown> = {}) => ({
  statusCode: status,
  error,
  message: error,
  ...extra,
});

async function openLink(c: Context, path: string) {
  await c.page.goto(shopUrl('de', path));
  await hydrated(c.page);
}

describeBrowserFlow<Context>({
  name: 'newsletter',
  model: newsletterModel,
  simplePathBound: 0,
  transitionCover: true,
  async setup(page) {
    const context: Context = { page, held: [], down: false, account: () => accountOfWorker(page.context().browser()!) };
    await page.route(/\/api\/newsletter\//, (route) => {
      if (context.down) void route.abort('connectionrefused');
      else context.held.push({ route, page: page.url() });
    });
    return context;
  },
  unreachable: {
    'newsletterEnrich.editing enrich.submit#1': `the first-name field takes at most ${FIRST_NAME_MAX} characters (maxlength), so a saved profile is never refused by the page (the test after this flow)`,
  },
  unsupported: {
    // Checked by the test below this flow: the field takes no more than the limit.
    SAVE_INVALID: `the first-name field takes at most ${FIRST_NAME_MAX} characters (maxlength), so the page never holds one the profile refuses`,
  },
  events: {
    OPEN_PAGE: async (c) => {
      await openLink(c, pathOf('sellCategory', 'de'));
      // The form's code loads when the seller turns to it.
      await emailField(c).focus();
      await expect(c.page.locator('footer .newsletter-sign-up-frame')).toHaveCount(0);
    },
    SUBMIT: async (c) => {
      await emailField(c).fill(EMAIL);
      await footer(c)
        .getByRole('button', { name: t('Sign up') })
        .click();
    },
    SUBMIT_INVALID: async (c) => {
      await emailField(c).fill('erika@example');
      await footer(c)
        .getByRole('button', { name: t('Sign up') })
        .click();
    },
    TYPE: async (c) => {
      c.down = false;
      await emailField(c).fill('erika.neu@example.org');
    },
    ACCEPTED: async (c) => answer(c, 202, { status: 'accepted' })(),
    FIELD_REFUSED: async (c) => {
      const route = await held(c, 'the newsletter API');
      const field = route.request().method() === 'PUT' ? 'firstName' : 'email';
      await route.fulfill({ status: 400, json: failure(400, 'Bad Request', { fields: [{ path: field, code: 'invalid', message: 'x' }] }) });
    },
    NO_ANSWER: async (c) => {
      const route = await held(c, 'the newsletter API');
      c.down = true;
      await route.abort('connectionrefused');
    },
    RETRY: async (c) => {
      c.down = false;
      await c.page.getByRole('button', { name: t('Try again') }).click();
    },
    OPEN_CONFIRMATION_LINK: async (c) => openLink(c, `/newsletter/enrich/${HASH}?confirm=${CONFIRM}`),
    OPEN_PROFILE_LINK: async (c) => openLink(c, `/newsletter/enrich/${HASH}`),
    OPEN_BROKEN_PROFILE_LINK: async (c) => openLink(c, '/newsletter/enrich/not-a-hash'),
    OPEN_ENRICH_LOGGED_IN: async (c) => {
      const account = await c.account();
      await c.page.getByTestId('header-login').click();
      await logIn(c.page, account);
      await expect(c.page.getByTestId('header-logout')).toBeVisible();
      await openLink(c, '/newsletter/enrich');
    },
    OPEN_ENRICH_LOGGED_OUT: async (c) => openLink(c, '/newsletter/enrich'),
    OPEN_UNSUBSCRIBE_LINK: async (c) => openLink(c, `/newsletter/unsubscribe/${HASH}`),
    OPEN_BROKEN_UNSUBSCRIBE_LINK: async (c) => openLink(c, '/newsletter/unsubscribe/not-a-hash'),
    CONFIRMED: async (c) => answer(c, 200, PROFILE)(),
    PROFILE_LOADED: async (c) => answer(c, 200, PROFILE)(),
    LINK_REFUSED: async (c) => answer(c, 404, failure(404, 'Not Found'))(),
    SUBSCRIBED: async (c) => answer(c, 200, { status: 'subscribed', emailHash: HASH })(),
    NOT_SUBSCRIBED: async (c) => answer(c, 200, { status: 'none', emailHash: null })(),
    SESSION_ENDED: async (c) => answer(c, 401, failure(401, 'Unauthorized'))(),
    SAVE: async (c) => {
      c.down = false;
      await enrichForm(c).getByLabel(t('First name (optional)')).fill('Erika');
      await enrichForm(c).locator('input[name="interests"]').first().check();
      await enrichForm(c)
        .getByRole('button', { name: t('Save preferences') })
        .click();
    },
    SAVED: async (c) => answer(c, 200, { ...PROFILE, firstName: 'Erika' })(),
    EDIT: async (c) => c.page.getByRole('button', { name: t('Change preferences') }).click(),
    CONFIRM_UNSUBSCRIBE: async (c) => c.page.getByRole('button', { name: t('Unsubscribe') }).click(),
    UNSUBSCRIBED: async (c) => answer(c, 200, { status: 'unsubscribed' })(),
  },
  checks: {
    form: async (c) => await expect(footer(c).getByRole('button', { name: t('Sign up') })).toBeEnabled(),
    formRefused: async (c) => await expect(footer(c).locator('.field-error[data-field="email"]')).toBeVisible(),
    sending: async (c) => await expect(footer(c).getByRole('button', { name: t('Signing up…') })).toBeDisabled(),
    signUpFailed: async (c) => await expect(footer(c).getByRole('button', { name: t('Try again') })).toBeVisible(),
    sent: async (c) => await expect(c.page.getByTestId('newsletter-footer-sent')).toContainText('@example.org'),
    confirming: async (c) => await expect(c.page.getByText(t('Confirming your subscription…'))).toBeVisible(),
    confirmFailed: async (c) => await expect(c.page.getByRole('button', { name: t('Try again') })).toBeVisible(),
    loading: async (c) => await expect(c.page.locator('main [role="status"][aria-busy="true"]')).toBeVisible(),
    loadFailed: async (c) => await expect(c.page.getByRole('button', { name: t('Try again') })).toBeVisible(),
    finding: async (c) => await expect(c.page.locator('main [role="status"][aria-busy="true"]')).toBeVisible(),
    findFailed: async (c) => await expect(c.page.getByRole('button', { name: t('Try again') })).toBeVisible(),
    profile: async (c) => {
      await expect(enrichForm(c).getByLabel(t('First name (optional)'))).toBeVisible();
      await expect(enrichForm(c).getByRole('button', { name: t('Save preferences') })).toBeEnabled();
    },
    profileRefused: async (c) => await expect(enrichForm(c).locator('.field-error[data-field="firstName"]')).toBeVisible(),
    profileKept: async (c) => {
      await expect(enrichForm(c).locator('.form-problem')).toBeVisible();
      await expect(enrichForm(c).getByLabel(t('First name (optional)'))).toHaveValue('Erika');
    },
    saving: async (c) => await expect(enrichForm(c).getByRole('button', { name: t('Saving…') })).toBeDisabled(),
    saved: async (c) => await expect(c.page.getByText(t('Thank you! Your preferences are saved.'))).toBeVisible(),
    enrichInvalid: async (c) => await expect(c.page.getByTestId('newsletter-invalid-link')).toBeVisible(),
    notSubscribed: async (c) => await expect(c.page.getByTestId('newsletter-not-subscribed')).toBeVisible(),
    unsubscribeReady: async (c) => await expect(c.page.getByRole('button', { name: t('Unsubscribe') })).toBeEnabled(),
    unsubscribing: async (c) => await expect(c.page.getByRole('button', { name: t('Unsubscribing…') })).toBeDisabled(),
    unsubscribeFailed: async (c) => await expect(c.page.getByRole('button', { name: t('Try again') })).toBeVisible(),
    unsubscribed: async (c) => await expect(c.page.getByTestId('newsletter-unsubscribed')).toBeVisible(),
    unsubscribeInvalid: async (c) => await expect(c.page.getByTestId('newsletter-invalid-link')).toBeVisible(),
  },
});

test('the newsletter flow: the first-name field holds no more than the profile takes, so SAVE_INVALID cannot happen', async ({ page }) => {
  await page.route(/\/api\/newsletter\/profile\//, (route) => route.fulfill({ status: 200, json: PROFILE }));
  await openLink({ page, held: [], down: false, account: () => Promise.reject(new Error('no account')) }, `/newsletter/enrich/${HASH}`);
  const field = page.locator('.newsletter-enrich form').getByLabel(t('First name (optional)'));
  await field.fill('E'.repeat(FIRST_NAME_MAX + 5));
  await expect(field).toHaveValue('E'.repeat(FIRST_NAME_MAX));
});
