// The offer flow's model paths in the browser: the product detail page of the production build on
// de.localhost. The server's answer to the price request is held until the path says what it is
// (the real price, a refusal, a failure).

import { expect, type Page, type Route } from '@playwright/test';
import { SAMPLE_DEVICE, hydrated, shopUrl } from '../../e2e/support/shop';
import { offerModel } from '../offer.model';
import { describeBrowserFlow } from './runner';

interface Context {
  readonly page: Page;
  /** Price requests waiting for the path to decide the server's answer. */
  readonly held: Route[];
}

const questions = (c: Context) => c.page.locator('.questions fieldset');
const answered = (c: Context) => c.page.locator('.questions input[type=radio]:checked');

async function answerNext(c: Context) {
  const count = await questions(c).count();
  for (let i = 0; i < count; i++) {
    const question = questions(c).nth(i);
    if ((await question.locator('input:checked').count()) === 0) {
      await question.locator('input[type=radio]').first().check();
      return;
    }
  }
  throw new Error('every question is answered already');
}

async function heldRequest(c: Context): Promise<Route> {
  await expect.poll(() => c.held.length, { message: 'the page should ask the server for a price' }).toBeGreaterThan(0);
  return c.held.shift()!;
}

describeBrowserFlow<Context>({
  name: 'offer',
  model: offerModel,
  simplePathBound: 0,
  transitionCover: true,
  async setup(page) {
    const held: Route[] = [];
    await page.route('**/api/offers', (route) => {
      if (route.request().method() === 'POST') held.push(route);
      else void route.continue();
    });
    return { page, held };
  },
  unsupported: {
    OPEN_BY_SLUG: 'the route loads the device before the page renders, so the machine never starts from a slug',
    DEVICE_LOADED: 'the route loads the device before the page renders',
    DEVICE_LOAD_FAILED: 'a device that fails to load is a 404 or error page of the route, not a machine state',
    OPEN_DEVICE_WITHOUT_QUESTIONS: 'every device of the catalogue has condition questions',
    BACK: 'the page shows every question at once; there is no back step',
    CHANGE: 'choosing another answer on the page changes and re-prices in one click (CHANGE and ANSWER together)',
  },
  events: {
    OPEN_WITH_DEVICE: async (c) => {
      await c.page.goto(shopUrl('de', `/produkte/${SAMPLE_DEVICE.url}`));
      await hydrated(c.page);
    },
    ANSWER: async (c) => {
      // The model's "answer" of the second question stands for every question but the last one.
      const total = await questions(c).count();
      const before = await answered(c).count();
      await answerNext(c);
      if (before === 1) while ((await answered(c).count()) < total - 1) await answerNext(c);
    },
    PRICED: async (c) => (await heldRequest(c)).continue(),
    REFUSED: async (c) => {
      const route = await heldRequest(c);
      const body = route.request().postDataJSON() as { answers: Record<string, number> };
      const [questionId, answerId] = Object.entries(body.answers)[0]!;
      await route.fulfill({
        status: 422,
        json: { statusCode: 422, error: 'Offer Blocked', message: 'blocked', blockedBy: [{ questionId: Number(questionId), answerId, code: 'ACTIVATION_LOCK' }] },
      });
    },
    PRICE_FAILED: async (c) => (await heldRequest(c)).fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: 'down' } }),
    RETRY: async (c) => c.page.locator('.offer-failed button').click(),
    ADD_TO_CART: async (c) => c.page.locator('.offer-result button.primary').click(),
  },
  checks: {
    answeringFirst: async (c) => {
      await expect(questions(c).first()).toBeVisible();
      await expect(answered(c)).toHaveCount(0);
    },
    answeringSecond: async (c) => await expect(answered(c)).toHaveCount(1),
    answeringLast: async (c) => await expect(answered(c)).toHaveCount((await questions(c).count()) - 1),
    calculating: async (c) => await expect(c.page.locator('.offer-result .calculating')).toBeVisible(),
    offered: async (c) => await expect(c.page.getByTestId('offer-price')).toHaveText(/\d/),
    blocked: async (c) => {
      await expect(c.page.locator('.offer-blocked')).toBeVisible();
      await expect(c.page.locator('.questions fieldset.blocking')).toHaveCount(1);
    },
    failed: async (c) => {
      await expect(c.page.locator('.offer-failed')).toBeVisible();
      await expect(answered(c)).toHaveCount(await questions(c).count());
    },
    addedToCart: async (c) => {
      await expect(c.page.locator('.offer-result .added')).toBeVisible();
      await expect(c.page.locator('.cart-badge')).toContainText('1');
    },
  },
});
