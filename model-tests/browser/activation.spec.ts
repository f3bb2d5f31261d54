// The activation flow's model paths in the browser: the e-mail link /account/register?token=… on
// de.localhost (production build). The two activation calls are held until the path says what the
// server answers.

import { expect, type Page, type Route } from '@playwright/test';
import { hydrated, shopUrl } from '../../e2e/support/shop';
import { activationModel } from '../activation.model';
import { describeBrowserFlow } from './runner';

interface Context {
  readonly page: Page;
  readonly registration: Route[];
  readonly customer: Route[];
}

const TOKEN = 'A'.repeat(43);
const IDENTIFIER = 'B'.repeat(43);

async function next(queue: Route[], what: string): Promise<Route> {
  await expect.poll(() => queue.length, { message: `the page should call ${what}` }).toBeGreaterThan(0);
  return queue.shift()!;
}
/** The step running now: the customer step once the registration step answered. */
const running = (c: Context) =>
  c.customer.length > 0 ? next(c.customer, 'activateCustomerByIdentifier') : next(c.registration, 'activateRegistration');
const fail = (status: number, error: string) => ({ status, json: { statusCode: status, error, message: error } });
const outcome = (c: Context, state: string) => c.page.locator(`[data-activation="${state}"]`);
/** Opens the mail's link as a seller does, and waits until the page runs (it asks the server only then). */
const open = async (c: Context, query: string) => {
  await c.page.goto(shopUrl('de', `/account/register${query}`));
  await hydrated(c.page);
};

describeBrowserFlow<Context>({
  name: 'activation',
  model: activationModel,
  simplePathBound: 50,
  async setup(page) {
    const registration: Route[] = [];
    const customer: Route[] = [];
    await page.route('**/api/account/activateRegistration', (route) => void registration.push(route));
    await page.route('**/api/activateCustomerByIdentifier', (route) => void customer.push(route));
    return { page, registration, customer };
  },
  unsupported: {},
  events: {
    OPEN_LINK: (c) => open(c, `?token=${TOKEN}`),
    OPEN_LINK_WITHOUT_TOKEN: (c) => open(c, '?token='),
    OPEN_GARBLED_LINK: (c) => open(c, '?token=abc%20def'),
    REGISTRATION_ACTIVATED: async (c) =>
      (await next(c.registration, 'activateRegistration')).fulfill({ json: { activated: true, token: IDENTIFIER } }),
    ACTIVATED_WITHOUT_IDENTIFIER: async (c) => (await next(c.registration, 'activateRegistration')).fulfill({ json: { activated: true } }),
    TOKEN_UNKNOWN_OR_USED: async (c) => (await next(c.registration, 'activateRegistration')).fulfill({ json: { activated: false } }),
    SERVER_SAYS_TOKEN_MISSING: async (c) => (await next(c.registration, 'activateRegistration')).fulfill(fail(400, 'Missing Token')),
    SERVER_REFUSES: async (c) => (await next(c.registration, 'activateRegistration')).fulfill(fail(404, 'Not Found')),
    // The customer step is a GET, which the client retries once on a 503 (product §9): answer the retry alike.
    SERVER_DOWN: async (c) => {
      const customerStep = c.customer.length > 0;
      await (await running(c)).fulfill(fail(503, 'Service Unavailable'));
      if (customerStep)
        await (await next(c.customer, 'activateCustomerByIdentifier again (one retry)')).fulfill(fail(503, 'Service Unavailable'));
    },
    CUSTOMER_ACTIVATED: async (c) =>
      (await next(c.customer, 'activateCustomerByIdentifier')).fulfill({ json: { activated: true, customerNumber: 'K-0000042' } }),
    IDENTIFIER_REFUSED: async (c) => (await next(c.customer, 'activateCustomerByIdentifier')).fulfill(fail(404, 'Not Found')),
    RETRY: (c) => outcome(c, 'failed').getByRole('button').click(),
  },
  checks: {
    activating: async (c) => {
      await expect(outcome(c, 'activating')).toBeVisible();
      await expect.poll(() => c.registration.length).toBe(1);
      expect(c.registration[0]!.request().headers()['x-activation-token']).toBe(TOKEN);
    },
    identifying: async (c) => {
      await expect(outcome(c, 'activating')).toBeVisible();
      await expect.poll(() => c.customer.length).toBe(1);
      expect(c.customer[0]!.request().headers()['x-customer-identifier']).toBe(IDENTIFIER);
    },
    registrationStepFailed: async (c) => await expect(outcome(c, 'failed')).toBeVisible(),
    customerStepFailed: async (c) => await expect(outcome(c, 'failed')).toBeVisible(),
    activated: async (c) => {
      await expect(outcome(c, 'activated')).toContainText('K-0000042');
      await expect(c.page.locator('[data-activation="activated"] form')).toBeVisible();
    },
    notActivated: async (c) => await expect(outcome(c, 'notActivated')).toBeVisible(),
    linkIncomplete: async (c) => await expect(outcome(c, 'missingToken')).toBeVisible(),
    answerIncomplete: async (c) => await expect(outcome(c, 'missingToken')).toBeVisible(),
  },
});
