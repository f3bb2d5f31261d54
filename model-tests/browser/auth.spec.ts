// The auth flow's model paths in the browser: logging in on the account page of the German shop
// (production build) with a real, activated account of the worker, the stored session restored on a
// later visit, the token refresh before authenticated calls, logging out, and a second tab of the
// same browser (BroadcastChannel). Log-in, refresh and customer-data requests are held where the
// path decides the server's answer; the rest goes to the real server.

import { expect, type Page, type Route } from '@playwright/test';
import { hydrated, pathOf, shopUrl, translate } from '../../e2e/support/shop';
import { authModel } from '../auth.model';
import {
  Held,
  accountOfWorker,
  patchStoredSession,
  storedSession,
  untilStored,
  type StoredSession,
  type TestAccount,
} from './account-support';
import { describeBrowserFlow } from './runner';

interface Context {
  readonly page: Page;
  readonly account: TestAccount;
  /** POST /api/account/login: held from the path's LOGIN until its answer event. */
  readonly login: Held;
  /** POST /api/account/loginRefresh: always held, the path answers. */
  readonly refresh: Held;
  /** GET /api/customers/customers: held once the path wants to see the customer data loading. */
  readonly customer: Held;
  /** The text the log-in form must show after the last event (a refused, locked or token-less login). */
  failure: string | null;
  /** A log-in request is waiting for its answer (model state loggingIn). */
  loggingIn: boolean;
  /** Refresh requests seen before the event that calls with the session. */
  refreshesBefore: number;
  /** The second try of an account call of a session that was ended meanwhile, held (LOGOUT_DURING_CALL). */
  oldCall: Route | null;
}

const t = (english: string) => translate('de', english);
const ACCOUNT_PATH = pathOf('accountOverview', 'de');
const ACCOUNT = shopUrl('de', ACCOUNT_PATH);
const HOME = shopUrl('de', '/');

const loginForm = (page: Page) => page.locator('form.login-form');
const headerLogin = (page: Page) => page.getByTestId('header-login');
const headerLogout = (page: Page) => page.getByTestId('header-logout');
const onAccountPage = (c: Context) => new URL(c.page.url()).pathname === ACCOUNT_PATH;

async function submitLogin(page: Page, account: TestAccount): Promise<void> {
  const form = loginForm(page);
  await form.locator('input[name="email"]').fill(account.email);
  await form.locator('input[name="password"]').fill(account.password);
  await form.getByRole('button', { name: t('Log in'), exact: true }).click();
}

/** A log-in on the account page that the real server answers, as the customer did it on an earlier visit. */
async function logInForReal(c: Context): Promise<void> {
  c.login.holding = false;
  await c.page.goto(ACCOUNT);
  await hydrated(c.page);
  await submitLogin(c.page, c.account);
  await expect(c.page.getByTestId('logged-in-as')).toContainText(c.account.email);
}

/** Comes back to the shop (home page) with whatever session is stored. */
async function returnToShop(c: Context): Promise<void> {
  c.customer.forget();
  await c.page.goto(HOME);
  await hydrated(c.page);
  await expect(headerLogin(c.page).or(headerLogout(c.page))).toBeVisible();
}

/** Opens the account page from the header: its customer-data calls are authenticated. */
async function openAccountPage(c: Context): Promise<void> {
  if (onAccountPage(c)) await returnToShop(c);
  await expect(headerLogout(c.page)).toBeVisible();
  await c.page.getByTestId('header-account').click();
  await expect(c.page).toHaveURL(ACCOUNT);
}

/** A second tab of the same browser (same storage, same BroadcastChannel), on `url`. */
async function otherTab(c: Context, url: string): Promise<Page> {
  const other = await c.page.context().newPage();
  await other.goto(url);
  await hydrated(other);
  return other;
}

const unauthorized = {
  status: 401,
  json: { statusCode: 401, error: 'Unauthorized', message: 'Your session has ended. Please log in again.' },
};
const tokenLess = { token_type: 'Bearer', refresh_token: 'no-access-token-here', expires_in: 300, refresh_expires_in: 43_200 };
const LOCKED_SECONDS = 120;

const executors: Record<string, (c: Context) => Promise<void>> = {
  FIRST_VISIT: async (c) => {
    await c.page.goto(ACCOUNT);
    await hydrated(c.page);
  },
  LOGIN: async (c) => {
    if (!onAccountPage(c)) await headerLogin(c.page).click();
    await expect(loginForm(c.page)).toBeVisible();
    c.login.holding = true;
    // The customer data that follows a log-in stays loading until the path answers it.
    c.customer.holding = true;
    await submitLogin(c.page, c.account);
    await expect.poll(() => c.login.queue.length, { message: 'the log-in request' }).toBe(1);
    c.loggingIn = true;
  },
  LOGIN_ACCEPTED: async (c) => {
    await (await c.login.next('the log-in')).continue();
    c.loggingIn = false;
  },
  LOGIN_REFUSED: async (c) => {
    // The real server refuses a wrong password (the form sent the right one: the path swaps it).
    const route = await c.login.next('the log-in');
    const body = route.request().postDataJSON() as { password: string };
    await route.continue({ postData: JSON.stringify({ ...body, password: `${body.password} falsch` }) });
    c.loggingIn = false;
    c.failure = t('The e-mail address or the password is not correct.');
  },
  LOGIN_LOCKED: async (c) => {
    // Locking needs five failed log-ins in a row, which would lock the worker's account for every later path.
    await (
      await c.login.next('the log-in')
    ).fulfill({
      status: 429,
      headers: { 'Retry-After': String(LOCKED_SECONDS) },
      json: {
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Too many failed attempts for this account. Please wait and try again.',
        retryAfterSeconds: LOCKED_SECONDS,
      },
    });
    c.loggingIn = false;
    // waitText: 120 s read as "2 minutes", in the catalog's plural form.
    const minutes = t('{minutes, plural, one {# minute} other {# minutes}}')
      .match(/other \{([^}]*)\}/)![1]!
      .replace('#', String(LOCKED_SECONDS / 60));
    c.failure = t('Too many failed attempts. For your security, logging in is paused. Please try again in {wait}.').replace(
      '{wait}',
      minutes,
    );
  },
  LOGIN_ANSWER_WITHOUT_TOKEN: async (c) => {
    await (await c.login.next('the log-in')).fulfill({ json: tokenLess });
    c.loggingIn = false;
    c.failure = t('We could not log you in. Please try again.');
  },
  LOGOUT: async (c) => {
    await headerLogout(c.page).click();
    await expect(headerLogin(c.page)).toBeFocused();
  },
  RETURN_WITH_SESSION: async (c) => {
    await logInForReal(c);
    await untilStored(c.page, 'logged in with the customer data', (s) => !!s?.isLoggedIn && s.customerData !== null);
    await returnToShop(c);
  },
  RETURN_WITH_SESSION_WITHOUT_CUSTOMER_DATA: async (c) => {
    // The customer left before the customer data arrived: the stored session has none.
    c.customer.holding = true;
    await logInForReal(c);
    await untilStored(c.page, 'logged in, no customer data yet', (s) => !!s?.isLoggedIn && s.customerData === null);
    await returnToShop(c);
  },
  RETURN_WITH_SESSION_WITHOUT_CUSTOMER_NUMBER: async (c) => {
    // An activated account always has a customer number: the stored session loses it here.
    await logInForReal(c);
    await untilStored(c.page, 'logged in with the customer data', (s) => !!s?.isLoggedIn && s.customerData !== null);
    await patchStoredSession(c.page, { customerNumber: null });
    await returnToShop(c);
  },
  CALL_WITH_FRESH_TOKEN: async (c) => {
    c.refreshesBefore = c.refresh.seen;
    await openAccountPage(c);
    await expect(c.page.getByTestId('customer-address')).toContainText(t('No address yet.'));
    expect(c.refresh.seen, 'a fresh access token is used as it is, without a refresh').toBe(c.refreshesBefore);
  },
  CALL_AFTER_EXPIRY: async (c) => {
    c.refreshesBefore = c.refresh.seen;
    await patchStoredSession(c.page, { tokenExpiry: Math.floor(Date.now() / 1000) - 60 });
    await returnToShop(c);
    await openAccountPage(c);
    await expect.poll(() => c.refresh.queue.length, { message: 'the refresh before the calls' }).toBeGreaterThan(0);
  },
  SERVER_REFUSES_TOKEN: async (c) => {
    // The real server refuses an access token whose signature it cannot verify (as after a key change).
    c.refreshesBefore = c.refresh.seen;
    const session = await storedSession(c.page);
    const [header, claims, signature] = session!.accessToken!.split('.') as [string, string, string];
    await patchStoredSession(c.page, { accessToken: `${header}.${claims}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}` });
    await returnToShop(c);
    await openAccountPage(c);
    await expect.poll(() => c.refresh.queue.length, { message: 'the refresh after the 401' }).toBeGreaterThan(0);
  },
  REFRESHED: async (c) => (await c.refresh.next('the refresh')).continue(),
  REFRESH_FAILED: async (c) => (await c.refresh.next('the refresh')).fulfill(unauthorized),
  REFRESH_ANSWER_WITHOUT_TOKEN: async (c) => (await c.refresh.next('the refresh')).fulfill({ json: tokenLess }),
  OTHER_TAB_LOGS_OUT: async (c) => {
    const other = await otherTab(c, HOME);
    await headerLogout(other).click();
    await expect(headerLogin(other)).toBeVisible();
    await other.close();
  },
  OTHER_TAB_LOGS_IN: async (c) => {
    // This page loads the customer data of the session it takes over as the other tab does.
    c.customer.holding = false;
    const other = await otherTab(c, ACCOUNT);
    await submitLogin(other, c.account);
    await expect(other.getByTestId('logged-in-as')).toContainText(c.account.email);
    await untilStored(other, 'logged in with the customer data', (s) => !!s?.isLoggedIn && s.customerData !== null);
    await other.close();
  },
  CUSTOMER_LOADED: async (c) => {
    await (await c.customer.next('GET /api/customers/customers')).continue();
    await untilStored(c.page, 'the customer data', (s) => !!s?.customerData);
  },
  CUSTOMER_LOAD_FAILED: async (c) => {
    // A GET is retried once on 503 (product §9): the retry fails alike.
    const failure = { status: 503, json: { statusCode: 503, error: 'Service Unavailable', message: 'down' } };
    await (await c.customer.next('GET /api/customers/customers')).fulfill(failure);
    await (await c.customer.next('GET /api/customers/customers again (one retry)')).fulfill(failure);
  },
  CUSTOMER_NUMBER_ASSIGNED: async (c) => {
    // Claiming earlier guest trades answers the customer number, which the session takes over. The
    // account page's calls go with the fresh token (the model's CALL_WITH_FRESH_TOKEN on the way).
    if (!onAccountPage(c)) await executors.CALL_WITH_FRESH_TOKEN!(c);
    await c.page.getByRole('button', { name: t('Add earlier guest trades') }).click();
    await expect(c.page.locator('.claim-result')).toHaveText(t('We found no earlier guest trades with your e-mail address.'));
  },
  LOGOUT_DURING_CALL: async (c) => {
    // The second try of the claim is still under way when the customer logs out.
    c.oldCall = await claimTriedAgain(c);
    await headerLogout(c.page).click();
    await expect(headerLogin(c.page)).toBeFocused();
  },
  OLD_CALL_REFUSED: async (c) => {
    // The ended session's call is refused again: it ends nothing, the log-in under way runs on (the
    // check of loggingIn that follows sees the button still busy with the log-in held).
    const answered = c.page.waitForResponse((response) => response.url().endsWith('/api/customers/guest_account_number'));
    await c.oldCall!.fulfill(unauthorized);
    c.oldCall = null;
    await answered;
  },
  CALL_REFUSED_TWICE: async (c) => {
    // The second try of the claim is refused as well: the session ends.
    await (await claimTriedAgain(c)).fulfill(unauthorized);
  },
};

/**
 * "Add earlier guest trades" on the account page: the server refuses the token (401), the page renews
 * it (one refresh) and tries once more. That second try is held and returned.
 */
async function claimTriedAgain(c: Context): Promise<Route> {
  if (!onAccountPage(c)) await executors.CALL_WITH_FRESH_TOKEN!(c);
  const claims: Route[] = [];
  await c.page.route('**/api/customers/guest_account_number', (route) =>
    route.request().method() === 'POST' ? void claims.push(route) : route.fallback(),
  );
  await c.page.getByRole('button', { name: t('Add earlier guest trades') }).click();
  await expect.poll(() => claims.length, { message: 'the claim' }).toBe(1);
  await claims[0]!.fulfill(unauthorized);
  await (await c.refresh.next('the refresh after the 401')).continue();
  await expect.poll(() => claims.length, { message: 'the claim again, with the renewed token' }).toBe(2);
  return claims[1]!;
}

/** The stored session a reload would restore: logged in with a token that is not expired. */
async function expectStoredLogin(c: Context, what: string, holds: (session: StoredSession) => boolean) {
  await untilStored(c.page, what, (s) => !!s?.isLoggedIn && !!s.refreshToken && s.tokenExpiry > Date.now() / 1000 && holds(s));
}

/** The log-in form (on the account page) and a stored session a reload cannot log in with. */
async function loggedOutCheck(c: Context): Promise<void> {
  await expect(headerLogin(c.page)).toBeVisible();
  await expect(headerLogout(c.page)).toHaveCount(0);
  if (onAccountPage(c)) {
    await expect(loginForm(c.page)).toBeVisible();
    await expect(c.page.getByTestId('logged-in-as')).toHaveCount(0);
    const problem = loginForm(c.page).locator('.form-problem[role="alert"]');
    if (c.failure) await expect(problem).toHaveText(c.failure);
    else await expect(problem).toHaveCount(0);
  }
  // A reload must not bring the session back.
  await untilStored(c.page, 'logged out', (s) => !s?.isLoggedIn && !s?.accessToken && !s?.refreshToken);
}

/** The log-in button busy while the log-in request (held) waits for its answer. */
async function loggingInCheck(c: Context): Promise<void> {
  const button = loginForm(c.page).locator('button[type="submit"]');
  await expect(button).toHaveText(t('Logging in…'));
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute('aria-busy', 'true');
  // Why 'loggingIn LOGOUT' is left out: nothing logs out while a log-in runs (the header offers "Log in").
  await expect(headerLogout(c.page)).toHaveCount(0);
  await expect(headerLogin(c.page)).toBeVisible();
  expect(c.login.queue[0]!.request().postDataJSON()).toMatchObject({ username: c.account.email, password: c.account.password });
}

describeBrowserFlow<Context>({
  name: 'auth',
  model: authModel,
  simplePathBound: 0,
  async setup(page) {
    const account = await accountOfWorker(page.context().browser()!);
    const login = await Held.on(page, '**/api/account/login', 'POST', false);
    const refresh = await Held.on(page, '**/api/account/loginRefresh', 'POST', true);
    const customer = await Held.on(page, '**/api/customers/customers', 'GET', false);
    return { page, account, login, refresh, customer, failure: null, loggingIn: false, refreshesBefore: 0, oldCall: null };
  },
  unreachable: {
    'auth.loggingIn session.logout#0':
      'while the log-in request runs the header shows "Log in", not "Log out" (loggingInCheck in this file, after every step into a loggingIn state), and a call of an earlier session refused meanwhile ends nothing (OLD_CALL_REFUSED; src/machines/auth.test.ts)',
  },
  unsupported: {
    'loggingIn LOGOUT':
      'while the log-in request runs the header shows "Log in" (nobody is logged in yet; checked in every loggingIn state): no control sends session.logout in loggingIn',
  },
  events: Object.fromEntries(
    Object.entries(executors).map(([event, run]) => [
      event,
      async (c: Context) => {
        // A failure text belongs to the event that caused it.
        c.failure = null;
        await run(c);
      },
    ]),
  ),
  checks: {
    loggedOut: loggedOutCheck,
    loggedOutCallPending: loggedOutCheck,
    loginFailed: async (c) => {
      expect(c.failure, 'a failed log-in says why').not.toBeNull();
      await loggedOutCheck(c);
    },
    loggingIn: loggingInCheck,
    loggingInCallPending: loggingInCheck,
    loadingCustomer: async (c) => {
      await expect(headerLogout(c.page)).toBeVisible();
      if (onAccountPage(c)) await expect(c.page.getByTestId('logged-in-as')).toContainText(c.account.email);
      await expect.poll(() => c.customer.queue.length, { message: 'GET /api/customers/customers is under way' }).toBeGreaterThan(0);
      await expectStoredLogin(c, 'logged in, the customer data not yet loaded', (s) => s.customerData === null);
    },
    customerMissing: async (c) => {
      // The page shows the account (e-mail and customer number come from the token) and nothing of
      // the customer record, so its failed load shows nothing.
      await expect(headerLogout(c.page)).toBeVisible();
      if (onAccountPage(c)) await expect(c.page.getByTestId('customer-number')).toHaveText(c.account.customerNumber);
      await expectStoredLogin(c, 'logged in without customer data', (s) => s.customerData === null);
    },
    loggedIn: async (c) => {
      await expect(headerLogout(c.page)).toBeVisible();
      await expect(headerLogin(c.page)).toHaveCount(0);
      if (onAccountPage(c)) {
        await expect(c.page.getByTestId('logged-in-as')).toContainText(c.account.email);
        await expect(c.page.getByTestId('customer-number')).toHaveText(c.account.customerNumber);
        await expect(c.page.getByTestId('customer-address')).toContainText(t('No address yet.'));
      }
      await expectStoredLogin(
        c,
        'logged in with the customer data',
        (s) => s.customerNumber === c.account.customerNumber && s.customerData !== null,
      );
    },
    refreshing: async (c) => {
      // The account page waits for its data while the one refresh runs.
      await expect(c.page.getByTestId('logged-in-as')).toContainText(c.account.email);
      await expect(c.page.getByTestId('customer-address')).toContainText(t('Loading your address…'));
      await expect.poll(() => c.refresh.seen - c.refreshesBefore, { message: 'one refresh for every waiting call' }).toBe(1);
      const stored = await storedSession(c.page);
      expect(c.refresh.queue[0]!.request().headers()['x-refresh-token']).toBe(stored?.refreshToken);
    },
  },
});
