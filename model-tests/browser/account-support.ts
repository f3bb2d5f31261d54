// Support for the browser-level runners of the auth and cart flows: a real, activated customer
// account per worker (registered through the account API, activated with the link of the developer
// mailbox), the stored account session in IndexedDB, held requests, and the page coverage kept
// across the page loads of one path.

import { expect, type Browser, type Page, type Route } from '@playwright/test';
import { shopUrl } from '../../e2e/support/shop';
import { patchStoredContext, storedContext } from '../../e2e/support/stored';

export interface TestAccount {
  readonly email: string;
  readonly password: string;
  readonly customerNumber: string;
}

/** The stored session as the AccountProvider persists it (src/machines/auth.ts, AccountSession). */
export interface StoredSession {
  readonly isLoggedIn: boolean;
  readonly email: string | null;
  readonly accessToken: string | null;
  readonly refreshToken: string | null;
  readonly customerId: string | null;
  readonly customerNumber: string | null;
  readonly customerData: { readonly id: string } | null;
  readonly tokenExpiry: number;
}

const PASSWORD = 'Lange Reise nach Konstanz 7';

type Answer = { status: number; text: string };

/** A call of the shop's API from a page of the German shop (its host names resolve inside Chromium only). */
async function call(
  page: Page,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  return page.evaluate(
    async ({ path, init }) => {
      const response = await fetch(path, {
        method: init.method ?? 'GET',
        headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      return { status: response.status, text: await response.text() };
    },
    { path, init },
  );
}

/** The activation token of the newest activation mail to `email` (the mail may take a moment). */
async function activationToken(page: Page, email: string): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const list = await call(page, '/dev/mailbox');
        expect(list.status, 'the e2e server must serve /dev/mailbox (DEV_MAILBOX=1)').toBe(200);
        const message = list.text
          .split('<tr>')
          .find((row) => row.includes(email))
          ?.match(/href="(\/dev\/mailbox\/[^"]+)"/)?.[1];
        if (!message) return undefined;
        token = (await call(page, message)).text.match(/\/account\/register\?token=([A-Za-z0-9_-]{43})/)?.[1];
        return token;
      },
      { message: `the activation mail to ${email}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return token!;
}

/**
 * Registers and activates a new account through the real API, in a browser context of its own (the
 * path's page and its storage stay untouched): register → activation mail → activateRegistration →
 * activateCustomerByIdentifier.
 */
export async function createAccount(browser: Browser): Promise<TestAccount> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // An app page: the mailbox pages forbid scripts from fetching (their CSP).
    await page.goto(shopUrl('de', '/'));
    const email = `model-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
    const registered = await call(page, '/api/account/register', {
      method: 'POST',
      body: {
        enabled: true,
        firstName: 'Erika',
        lastName: 'Modell',
        username: email,
        email,
        credentials: [{ type: 'password', value: PASSWORD, temporary: false }],
        requiredActions: [],
        groups: [],
        attributes: { locale: ['de'], privacyAccepted: ['true'] },
      },
    });
    expect(registered.status, `register: ${registered.text}`).toBe(202);
    const token = await activationToken(page, email);
    const activation = await call(page, '/api/account/activateRegistration', { method: 'POST', headers: { 'x-activation-token': token } });
    expect(activation.status, `activateRegistration: ${activation.text}`).toBe(200);
    const identifier = (JSON.parse(activation.text) as { activated: boolean; token?: string }).token;
    expect(identifier, 'activateRegistration answers the identifier').toBeTruthy();
    const customer = await call(page, '/api/activateCustomerByIdentifier', { headers: { 'x-customer-identifier': identifier! } });
    expect(customer.status, `activateCustomerByIdentifier: ${customer.text}`).toBe(200);
    const { customerNumber } = JSON.parse(customer.text) as { customerNumber: string };
    return { email, password: PASSWORD, customerNumber };
  } finally {
    await context.close();
  }
}

let workerAccount: Promise<TestAccount> | undefined;

/**
 * One account per worker process: the paths of a worker run one after the other, each in its own
 * browser context, so they share the account but never a session.
 */
export function accountOfWorker(browser: Browser): Promise<TestAccount> {
  workerAccount ??= createAccount(browser).catch((error: unknown) => {
    workerAccount = undefined;
    throw error;
  });
  return workerAccount;
}

const SESSION_KEY = 'account-session';

/** The account session stored in the page's origin, or null. */
export const storedSession = (page: Page) => storedContext<StoredSession>(page, SESSION_KEY);

/** Changes fields of the stored account session (the running page keeps its own until it loads again). */
export const patchStoredSession = (page: Page, patch: Partial<StoredSession>) => patchStoredContext(page, SESSION_KEY, patch);

/** Waits until the stored session satisfies `test` (the provider saves asynchronously). */
export async function untilStored(
  page: Page,
  what: string,
  holds: (session: StoredSession | null) => boolean,
): Promise<StoredSession | null> {
  let last: StoredSession | null = null;
  await expect.poll(async () => holds((last = await storedSession(page))), { message: `the stored account session: ${what}` }).toBe(true);
  return last;
}

/**
 * Requests of one kind that the path answers itself while `holding`; otherwise they go to the
 * server. Routes of a page that was left are dropped by `forget`.
 */
export class Held {
  readonly queue: Route[] = [];
  holding: boolean;
  /** Every request seen, held or not. */
  seen = 0;

  constructor(holding: boolean) {
    this.holding = holding;
  }

  static async on(page: Page, url: string, method: string, holding: boolean): Promise<Held> {
    const held = new Held(holding);
    await page.route(url, (route) => {
      if (route.request().method() !== method) return void route.fallback();
      held.seen++;
      if (held.holding) held.queue.push(route);
      else void route.continue().catch(() => undefined);
    });
    return held;
  }

  async next(what: string): Promise<Route> {
    await expect.poll(() => this.queue.length, { message: `the page should send ${what}` }).toBeGreaterThan(0);
    return this.queue.shift()!;
  }

  /**
   * Drops the held requests of a page about to be left: its navigation cancels them. (Aborting them
   * instead would fail their calls, and a failed GET is retried before the page is gone.)
   */
  forget(): void {
    this.queue.splice(0);
  }
}
