// The shop actor's model paths in the browser (production build, de.localhost): device pages and a
// shared offer link, the cart and its checkout, and who is logged in while the checkout is open. The
// account's saved details (GET addresses, bank and PayPal accounts) are held until the path says
// what the server answers: the real answer, or 503 for all three. Another customer signs in the way a
// real one would in the same browser: with the sign-in link of their mail, opened in a second tab
// (the tabs share the session, decision 020). Each path registers the accounts it logs in with.

import type { Page, Route } from '@playwright/test';
import { expect, test } from '../../e2e/support/test';
import { mailSubjects, newestMail } from '../../e2e/support/mailbox';
import { SAMPLE_DEVICE, hydrated, shopUrl, translate } from '../../e2e/support/shop';
import { shopModel } from '../shop.model';
import { addOfferToCart, createAccount, requoteOffer, type Account } from './checkout-support';
import { describeBrowserFlow } from './runner';

const OTHER_DEVICE = 'samsung-galaxy-s21-5g-128-gb';
const SIGN_IN_SUBJECT = 'Anmeldelink';
const ACCOUNT_DETAILS = ['addresses', 'bank_accounts', 'paypal_accounts'];
const unavailable = { status: 503, json: { statusCode: 503, error: 'Service Unavailable', message: 'Please try again in a moment.' } };

interface Context {
  readonly page: Page;
  /** The account details' requests held while `holding` (the prefill waits for all three). */
  readonly held: Route[];
  holding: boolean;
  /** Every account-details request answers 503 (GETs are retried once, so the retries too). */
  failing: boolean;
  /** Who the page is logged in as, and the account the path logs in with next. */
  loggedIn: Account | null;
  own: Account | null;
  /** The other customer who signs in elsewhere (a switch alternates between the two). */
  other: Account | null;
  /** The second tab of the last sign-in elsewhere: open until the next, as it tells this page its session a moment after it shows it. */
  elsewhere: Page | null;
  /** The device page whose offer flow the page runs (the shop's open offer). */
  deviceUrl: string | null;
}

const primary = (c: Context) => c.page.locator('.checkout-actions button[type="submit"]');
const steps = (c: Context) => c.page.locator('.checkout-steps li');
const questions = (c: Context) => c.page.locator('.questions fieldset');
const failedNote = (c: Context) => c.page.getByTestId('account-details-failed');
const loggedInAs = (c: Context) => c.page.getByTestId('checkout-customer');

async function ownAccount(c: Context): Promise<Account> {
  c.own ??= await createAccount(c.page);
  return c.own;
}

/** The customer who is not logged in now: the path's other account, or its own. */
async function otherCustomer(c: Context): Promise<Account> {
  if (c.loggedIn && c.loggedIn === c.other) return ownAccount(c);
  c.other ??= await createAccount(c.page);
  return c.other;
}

/** Answers the current device page's next unanswered question (revealing a shared offer's answers first). */
async function answerOne(c: Context) {
  const fold = c.page.locator('details.shared-answers');
  if ((await fold.count()) > 0 && !(await fold.evaluate((details) => (details as HTMLDetailsElement).open)))
    await fold.locator('summary').click();
  const count = await questions(c).count();
  for (let i = 0; i < count; i++) {
    const question = questions(c).nth(i);
    if ((await question.isVisible()) && (await question.locator('input:checked').count()) === 0)
      return question.locator('input[type=radio]').first().check();
  }
}

/** Answers every question left and waits for the price. */
async function priced(c: Context) {
  const price = c.page.getByTestId('offer-price');
  // A shared offer's page shows its price at once.
  if (!(await price.isVisible())) {
    const count = await questions(c).count();
    for (let i = 0; i < count; i++) await answerOne(c);
  }
  await expect(price).toBeVisible();
}

async function openDevice(c: Context, url: string) {
  await c.page.goto(shopUrl('de', `/produkte/${url}`));
  await hydrated(c.page);
  c.deviceUrl = url;
}

/** The checkout after a page load, with an offer in the cart and no offer flow running. */
async function openCheckoutFresh(c: Context) {
  await addOfferToCart(c.page, SAMPLE_DEVICE.url);
  await c.page.goto(shopUrl('de', '/checkout'));
  await hydrated(c.page);
  c.deviceUrl = null;
}

/** The identity step's log-in, with `password` (the path's own account's unless given). */
async function logInAtCheckout(c: Context, account: Account, password = account.password) {
  if ((await steps(c).first().getAttribute('aria-current')) !== 'step') await steps(c).first().locator('button').click();
  await c.page.locator('input[name="identity.choice"][value="login"]').check();
  const form = c.page.locator('form.login-form');
  await form.locator('input[name="email"]').fill(account.email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}

/**
 * `account` signs in with its mailed sign-in link in a second tab of this browser; this page takes
 * the session over from it.
 */
async function signInElsewhere(c: Context, account: Account) {
  const links = async () => (await mailSubjects(c.page, account.email)).filter((subject) => subject.includes(SIGN_IN_SUBJECT)).length;
  const before = await links();
  const asked = await c.page.evaluate(
    async (email) =>
      (
        await fetch('/api/account/signInLinkMail', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, lang: 'de' }),
        })
      ).status,
    account.email,
  );
  expect(asked).toBe(202);
  // The new mail, not the link this account used before.
  await expect.poll(links, { message: `a new sign-in link mail to ${account.email}`, timeout: 15_000 }).toBeGreaterThan(before);
  const mail = await newestMail(c.page, account.email, SIGN_IN_SUBJECT);
  const link = mail.match(/https?:\/\/[^\s"<>]+\/account\/sign-in-link\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(link, 'the mail holds a sign-in link').toBeTruthy();
  await c.elsewhere?.close();
  const other = await c.page.context().newPage();
  c.elsewhere = other;
  // Another client address (TEST-NET-1) than the path's, so the sign-in limits count this browser alone.
  await other.setExtraHTTPHeaders({ 'x-forwarded-for': `192.0.2.${1 + Math.floor(Math.random() * 254)}` });
  await other.goto(shopUrl('de', new URL(link!).pathname + new URL(link!).search));
  await hydrated(other);
  await expect(other.getByRole('heading', { name: translate('de', 'You are signed in.') })).toBeVisible();
  c.loggedIn = account;
}

/** Fills every step as a guest (or the prefilled customer) and sends the sale. */
async function sell(c: Context) {
  const fill = async (name: string, value: string) => {
    const field = c.page.locator(`.checkout-form input[name="${name}"]`);
    if ((await field.inputValue()) === '') await field.fill(value);
  };
  const step = async (index: number) => expect(steps(c).nth(index)).toHaveAttribute('aria-current', 'step');
  if ((await steps(c).first().getAttribute('aria-current')) === 'step') {
    await fill('identity.email', `verkauf+${Date.now()}@example.org`);
    await primary(c).click();
  }
  await step(1);
  for (const [name, value] of [
    ['address.firstName', 'Erika'],
    ['address.lastName', 'Mustermann'],
    ['address.street', 'Heidestraße'],
    ['address.houseNumber', '17a'],
    ['address.postalCode', '51147'],
    ['address.city', 'Köln'],
  ] as const)
    await fill(name, value);
  await primary(c).click();
  await step(2);
  await fill('payout.accountHolder', 'Erika Mustermann');
  await fill('payout.iban', 'DE89 3704 0044 0532 0130 00');
  await fill('payout.bic', 'COBADEFFXXX');
  await primary(c).click();
  await step(3);
  await c.page.locator('input[name="termsAccepted"]').check();
  await primary(c).click();
  await expect(c.page).toHaveURL(shopUrl('de', '/thankYou'));
}

async function signOut(c: Context) {
  await c.page.getByTestId('header-logout').click();
  await expect(c.page.getByTestId('header-login')).toBeVisible();
  c.loggedIn = null;
  // The held calls of the ended log-in answer now (their loader has stopped); the next log-in's are held again.
  c.failing = false;
  c.holding = true;
  for (const route of c.held.splice(0)) await route.continue().catch(() => undefined);
}

async function seesCheckout(c: Context) {
  await expect(c.page).toHaveURL(shopUrl('de', '/checkout'));
  await expect(steps(c)).toHaveCount(4);
  await expect(c.page.locator('.cart-line')).toHaveCount(1);
}

/** A guest's checkout: logged out, the identity step offers guest, log-in and registration. */
async function seesGuest(c: Context) {
  await seesCheckout(c);
  await expect(c.page.getByTestId('header-login')).toBeVisible();
  await expect(failedNote(c)).toHaveCount(0);
  if ((await steps(c).first().getAttribute('aria-current')) === 'step')
    await expect(c.page.locator('input[name="identity.choice"]')).toHaveCount(3);
  else await expect(loggedInAs(c)).toHaveCount(0);
}

/**
 * The customer's checkout: the identity step (reached back through its button) names the account.
 * The checkout takes the account when its details have loaded or failed, and then leaves the identity
 * step for the address: the look is tried again until it holds.
 */
async function seesCustomer(c: Context) {
  await seesCheckout(c);
  await expect(c.page.getByTestId('header-logout')).toBeAttached();
  const current = () => steps(c).evaluateAll((items) => items.findIndex((item) => item.getAttribute('aria-current') === 'step'));
  const was = await current();
  await expect(async () => {
    if ((await current()) !== 0) await steps(c).first().locator('button').click();
    await expect(loggedInAs(c)).toContainText(c.loggedIn!.email, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  if (was > 0) await steps(c).nth(was).locator('button').click();
}

describeBrowserFlow<Context>({
  name: 'shop',
  model: shopModel,
  simplePathBound: 0,
  // Each path registers accounts and reads mails: the tours walk the model, the generated paths only add what they miss.
  toursSuffice: true,
  async setup(page, path) {
    // A switch of customer registers an account and reads two mails.
    if (path.events.length > 6) test.setTimeout(150_000);
    const c: Context = {
      page,
      held: [],
      holding: true,
      failing: false,
      loggedIn: null,
      own: null,
      other: null,
      elsewhere: null,
      deviceUrl: null,
    };
    for (const resource of ACCOUNT_DETAILS)
      await page.route(`**/api/customers/${resource}`, (route) => {
        if (route.request().method() !== 'GET') return void route.fallback();
        if (c.failing) return void route.fulfill(unavailable);
        if (c.holding) return void c.held.push(route);
        void route.continue().catch(() => undefined);
      });
    return c;
  },
  unsupported: {},
  events: {
    OPEN: async (c) => {
      await c.page.goto(shopUrl('de', '/'));
      await hydrated(c.page);
    },
    OPEN_DEVICE: async (c) => openDevice(c, SAMPLE_DEVICE.url),
    ANSWER: async (c) => answerOne(c),
    ANSWER_OTHER_DEVICE: async (c) => {
      await openDevice(c, c.deviceUrl === SAMPLE_DEVICE.url ? OTHER_DEVICE : SAMPLE_DEVICE.url);
      await answerOne(c);
    },
    // The offer's "Copy link", opened as a seller opens it from the mail.
    OPEN_SHARED: async (c) => {
      await priced(c);
      await c.page.getByRole('button', { name: 'Link kopieren' }).click();
      const link = await c.page.getByTestId('offer-share-link').inputValue();
      await c.page.goto(link);
      await hydrated(c.page);
      // The shared offer loads after hydration: until its price shows, the page still offers the
      // questions, which then fold away under the offer (an answer clicked meanwhile never lands).
      await expect(c.page.getByTestId('offer-price')).toBeVisible();
    },
    ACCEPT: async (c) => {
      await priced(c);
      await c.page.getByRole('button', { name: translate('de', 'Add to cart') }).click();
    },
    OPEN_CHECKOUT: async (c) => {
      const toCart = c.page.getByRole('link', { name: translate('de', 'Go to cart') });
      if (c.deviceUrl && (await toCart.count()) > 0) {
        // From the device page, without a page load: its offer flow stays open.
        await toCart.click();
        await hydrated(c.page);
      } else await openCheckoutFresh(c);
    },
    CART_CHANGES: async (c) => {
      await requoteOffer(c.page);
    },
    TRADE_DONE: async (c) => sell(c),
    TRADE_SOLD_OPEN_OFFER: async (c) => sell(c),
    SIGN_IN: async (c) => {
      const account = await ownAccount(c);
      if (c.page.url().endsWith('/checkout')) await logInAtCheckout(c, account);
      else {
        await c.page.getByTestId('header-login').click();
        const form = c.page.locator('form.login-form');
        await form.locator('input[name="email"]').fill(account.email);
        await form.locator('input[name="password"]').fill(account.password);
        await form.locator('button[type="submit"]').click();
      }
      await expect(c.page.getByTestId('header-logout')).toBeAttached();
      c.loggedIn = account;
    },
    // A wrong password at the checkout: the session stays logged out and says so.
    SIGN_OUT_AGAIN: async (c) => {
      await logInAtCheckout(c, await ownAccount(c), 'not the password');
      await expect(c.page.locator('form.login-form [role="alert"]')).toBeVisible();
    },
    SIGN_OUT: async (c) => signOut(c),
    SAME_CUSTOMER_AGAIN: async (c) => signInElsewhere(c, c.loggedIn!),
    SWITCH_CUSTOMER: async (c) => {
      const before = c.held.splice(0);
      c.holding = true;
      c.failing = false;
      await signInElsewhere(c, await otherCustomer(c));
      // The details of the customer before answer now: their loader has stopped.
      for (const route of before) await route.continue().catch(() => undefined);
    },
    PREFILL_LOADED: async (c) => {
      c.holding = false;
      await expect.poll(() => c.held.length, { message: "the page should load the account's saved details" }).toBeGreaterThan(0);
      for (const route of c.held.splice(0)) await route.continue();
    },
    PREFILL_FAILED: async (c) => {
      c.failing = true;
      await expect.poll(() => c.held.length, { message: "the page should load the account's saved details" }).toBeGreaterThan(0);
      for (const route of c.held.splice(0)) await route.fulfill(unavailable);
    },
  },
  checks: {
    closed: async () => undefined,
    browsing: async (c) => {
      await expect(c.page.getByTestId('header-login')).toBeVisible();
    },
    device: async (c) => {
      await expect(c.page).toHaveURL(/\/produkte\//);
      // A shared offer's page folds its answered questions below the offer.
      await expect(questions(c).first()).toBeAttached();
    },
    cartFilled: async (c) => {
      await expect(c.page.getByRole('link', { name: translate('de', 'Go to cart') })).toBeVisible();
    },
    signedIn: async (c) => {
      await expect(c.page.getByTestId('header-logout')).toBeAttached();
    },
    guest: async (c) => seesGuest(c),
    guestWithCart: async (c) => seesGuest(c),
    signedOutGuest: async (c) => seesGuest(c),
    loading: async (c) => {
      await seesCheckout(c);
      await expect.poll(() => c.held.length, { message: "the page loads the account's saved details" }).toBeGreaterThan(0);
      if ((await steps(c).first().getAttribute('aria-current')) === 'step')
        await expect(c.page.locator('.checkout .loading-note')).toContainText(translate('de', 'Loading your details…'));
    },
    // The saved details fill the form and the checkout moves on to the address step. Waited for
    // first: seesCustomer looks at the identity step and returns to the step it found, so reading
    // that step before the move would leave the page on the identity step.
    customer: async (c) => {
      const city = c.page.locator('.checkout-form input[name="address.city"]');
      await expect(city).toHaveValue(c.loggedIn!.address.city);
      await seesCustomer(c);
      await expect(failedNote(c)).toHaveCount(0);
      await expect(city).toHaveValue(c.loggedIn!.address.city);
    },
    // The customer's checkout without the saved details: the note says why the form is to fill in.
    accountFailed: async (c) => {
      const note = translate(
        'de',
        'We could not load the address and payout details saved in your account. Please enter them here: the sale is still made in your account.',
      );
      await expect(failedNote(c)).toHaveText(note);
      await seesCustomer(c);
      await expect(failedNote(c)).toHaveText(note);
    },
    thankYou: async (c) => {
      await expect(c.page.getByTestId('trade-number')).toBeVisible();
    },
    // The sold device's page asks again: no offer kept, nothing answered.
    thankYouOfferSold: async (c) => {
      await expect(c.page.getByTestId('trade-number')).toBeVisible();
      await openDevice(c, c.deviceUrl ?? SAMPLE_DEVICE.url);
      await expect(questions(c).first()).toBeVisible();
      await expect(c.page.locator('.questions input:checked')).toHaveCount(0);
      await expect(c.page.getByTestId('offer-price')).toHaveCount(0);
    },
  },
});
