// The offer flow's model paths in the browser: the product detail page of the production build on
// de.localhost. The server's answer to the price request is held until the path says what it is
// (the real price, a refusal, a failure).

import { expect, type Page, type Route } from '@playwright/test';
import { SAMPLE_DEVICE, hydrated, shopUrl } from '../../e2e/support/shop';
import { storedValues } from '../../e2e/support/stored';
import { offerModel } from '../offer.model';
import { describeBrowserFlow } from './runner';

interface Context {
  readonly page: Page;
  /** Price requests waiting for the path to decide the server's answer. */
  readonly held: Route[];
}

const questions = (c: Context) => c.page.locator('.questions fieldset');
const answered = (c: Context) => c.page.locator('.questions input[type=radio]:checked');

/** A shared offer's page folds the answers below the offer (issue 32): the seller opens them to change one. */
async function revealAnswers(c: Context) {
  const fold = c.page.locator('details.shared-answers');
  if ((await fold.count()) > 0 && !(await fold.evaluate((details) => (details as HTMLDetailsElement).open)))
    await fold.locator('summary').click();
}

async function answerNext(c: Context) {
  await revealAnswers(c);
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

/** How many answers the device's stored offer flow holds (src/services/storage-keys.ts offerStorageKey). */
async function storedAnswerCount(page: Page): Promise<number> {
  const [stored] = await storedValues<{ answers?: Record<string, number> }>(page, 'offer:');
  return Object.keys(stored?.answers ?? {}).length;
}

/**
 * A shared link of a real offer: priced on the device page (the price request let through), its link
 * made with "Copy link"; then the page opens that link (as a seller would, from the mail). `expired`
 * answers the link's offer as expired (the server's clock cannot be moved from the browser).
 */
async function openSharedLink(c: Context, expired: boolean) {
  await c.page.goto(shopUrl('de', `/produkte/${SAMPLE_DEVICE.url}`));
  await hydrated(c.page);
  const total = await questions(c).count();
  while ((await answered(c).count()) < total) await answerNext(c);
  await (await heldRequest(c)).continue();
  await c.page.getByRole('button', { name: 'Link kopieren' }).click();
  const link = await c.page.getByTestId('offer-share-link').inputValue();
  if (expired) {
    // The server's answer for the link, fetched by the page (the shop's host names resolve in Chromium only), marked expired.
    const token = new URL(link).searchParams.get('offer')!;
    const answer = await c.page.evaluate(async (url) => (await fetch(url)).json(), `/api/shared-offers?token=${encodeURIComponent(token)}`);
    await c.page.route('**/api/shared-offers?*', (route) => route.fulfill({ json: { ...answer, expired: true } }));
  }
  await c.page.goto(link);
  await hydrated(c.page);
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
    OPEN_DEVICE_WITHOUT_QUESTIONS: 'every device of the catalogue has condition questions',
  },
  events: {
    OPEN: async (c) => {
      await c.page.goto(shopUrl('de', `/produkte/${SAMPLE_DEVICE.url}`));
      await hydrated(c.page);
    },
    // A browser whose IndexedDB refuses every database (as some private modes do): the flow starts empty.
    OPEN_WITHOUT_STORAGE: async (c) => {
      await c.page.addInitScript(() => {
        IDBFactory.prototype.open = () => {
          throw new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError');
        };
      });
      await c.page.goto(shopUrl('de', `/produkte/${SAMPLE_DEVICE.url}`));
      await hydrated(c.page);
    },
    // The first answer right after hydration: it reaches the offer flow while the page still loads its code.
    OPEN_AND_ANSWER: async (c) => {
      await c.page.goto(shopUrl('de', `/produkte/${SAMPLE_DEVICE.url}`));
      await hydrated(c.page);
      await answerNext(c);
    },
    ANSWER: async (c) => {
      // The model's "answer" of the second question stands for every question but the last one.
      const total = await questions(c).count();
      const before = await answered(c).count();
      await answerNext(c);
      if (before === 1) while ((await answered(c).count()) < total - 1) await answerNext(c);
    },
    // Another answer to the second question; the page prices again at once.
    CHANGE: async (c) => {
      await revealAnswers(c);
      const options = questions(c).nth(1).locator('input[type=radio]');
      const chosen = await options.evaluateAll((inputs) => inputs.findIndex((input) => (input as HTMLInputElement).checked));
      await options.nth(chosen === 0 ? 1 : 0).check();
    },
    RELOAD: async (c) => {
      const before = await answered(c).count();
      // What a reload restores is what the offer flow stored (it stores every change at once).
      await expect.poll(() => storedAnswerCount(c.page), { message: 'the stored answers' }).toBe(before);
      await c.page.reload();
      await hydrated(c.page);
      // The kept answers come back once the offer flow has restored them.
      await expect(answered(c)).toHaveCount(before);
    },
    PRICED: async (c) => (await heldRequest(c)).continue(),
    REFUSED: async (c) => {
      const route = await heldRequest(c);
      const body = route.request().postDataJSON() as { answers: Record<string, number> };
      const [questionId, answerId] = Object.entries(body.answers)[0]!;
      await route.fulfill({
        status: 422,
        json: {
          statusCode: 422,
          error: 'Offer Blocked',
          message: 'blocked',
          blockedBy: [{ questionId: Number(questionId), answerId, code: 'ACTIVATION_LOCK' }],
        },
      });
    },
    PRICE_FAILED: async (c) =>
      (await heldRequest(c)).fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: 'down' } }),
    RETRY: async (c) => c.page.locator('.offer-failed button').click(),
    OPEN_SHARED: async (c) => openSharedLink(c, false),
    OPEN_SHARED_EXPIRED: async (c) => openSharedLink(c, true),
    RENEW: async (c) => c.page.locator('.offer-expired button').click(),
    ADD_TO_CART: async (c) => c.page.locator('.offer-result button.primary').click(),
    // The device is in the cart with the earlier answers: the page asks; replace is the primary answer.
    REPLACE_IN_CART: async (c) => c.page.locator('.offer-correction button.primary').click(),
    ADD_SECOND: async (c) => c.page.locator('.offer-correction button.secondary').click(),
    // To the cart, remove the line, back to the device page through the header search (same tab, same
    // offer flow), add the offer again. (The back button would return to a shared link, which opens
    // the link's offer anew: a new offer flow, not this one.)
    REMOVE_AND_ADD_AGAIN: async (c) => {
      await c.page.locator('.offer-result .added a.primary').click();
      await c.page.locator('.cart .cart-line button.remove').click();
      await expect(c.page.locator('.cart-badge .cart-count')).toHaveCount(0);
      await c.page.getByRole('combobox').first().fill('iPhone 13 128');
      await c.page.getByRole('option', { name: SAMPLE_DEVICE.name }).click();
      await expect(c.page).toHaveURL(shopUrl('de', `/produkte/${SAMPLE_DEVICE.url}`));
      await c.page.locator('.offer-result button.primary').click();
    },
    // Back on the device page (not the shared link) once the kept offer has expired: the page's clock
    // is set past its validity; the kept answers are priced again.
    COME_BACK_AFTER_EXPIRY: async (c) => {
      let validUntil: string | undefined;
      await expect
        .poll(
          async () =>
            (validUntil = (await storedValues<{ offer?: { validUntil: string } | null }>(c.page, 'offer:'))[0]?.offer?.validUntil),
          {
            message: 'the kept offer',
          },
        )
        .toBeTruthy();
      await c.page.clock.setFixedTime(Date.parse(validUntil!) + 60_000);
      await c.page.goto(shopUrl('de', `/produkte/${SAMPLE_DEVICE.url}`));
      await hydrated(c.page);
      await expect(answered(c)).toHaveCount(await questions(c).count());
    },
  },
  checks: {
    answeringFirst: async (c) => {
      await expect(questions(c).first()).toBeVisible();
      await expect(answered(c)).toHaveCount(0);
    },
    answeringMiddle: async (c) => await expect(answered(c)).toHaveCount(1),
    answeringLast: async (c) => await expect(answered(c)).toHaveCount((await questions(c).count()) - 1),
    calculating: async (c) => await expect(c.page.locator('.offer-result .calculating')).toBeVisible(),
    offered: async (c) => {
      await expect(c.page.getByTestId('offer-price')).toHaveText(/\d/);
      expect(c.held, 'an offer on screen is never waiting for a price').toEqual([]);
    },
    offeredInCart: async (c) => {
      await expect(c.page.getByTestId('offer-price')).toHaveText(/\d/);
      await expect(c.page.locator('.offer-result .added')).toBeVisible();
      await expect(c.page.locator('.cart-badge')).toContainText('1');
    },
    blocked: async (c) => {
      await expect(c.page.locator('.offer-blocked')).toBeVisible();
      await expect(c.page.locator('.questions fieldset.blocking')).toHaveCount(1);
    },
    failed: async (c) => {
      await expect(c.page.locator('.offer-failed')).toBeVisible();
      await expect(answered(c)).toHaveCount(await questions(c).count());
    },
    expired: async (c) => {
      await expect(c.page.getByTestId('offer-expired')).toBeVisible();
      await expect(answered(c)).toHaveCount(await questions(c).count());
    },
    addedToCart: async (c) => {
      await expect(c.page.locator('.offer-result .added')).toBeVisible();
      await expect(c.page.locator('.cart-badge')).toContainText('1');
    },
    recalculatingInCart: async (c) => {
      await expect(c.page.locator('.offer-result .calculating')).toBeVisible();
      await expect(c.page.locator('.cart-badge')).toContainText('1');
    },
    reofferedInCart: async (c) => {
      await expect(c.page.getByTestId('offer-price')).toHaveText(/\d/);
      const question = c.page.locator('.offer-correction');
      await expect(question).toBeVisible();
      await expect(question.locator('button')).toHaveCount(2);
      await expect(c.page.locator('.cart-badge')).toContainText('1');
    },
    correctedInCart: async (c) => {
      await expect(c.page.locator('.offer-result .added')).toBeVisible();
      await expect(c.page.locator('.cart-badge')).toContainText('1');
    },
    secondInCart: async (c) => {
      await expect(c.page.locator('.offer-result .added')).toBeVisible();
      await expect(c.page.locator('.cart-badge')).toContainText('2');
    },
  },
});
