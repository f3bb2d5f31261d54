// The cart flow's model paths in the browser (German shop, production build): real offers from the
// product pages go into the cart, the cart page removes them, and a guest checkout creates the trade
// that leads to the thank-you page; the business landing page switches the cart to business trade-in,
// a pasted list brings lines with quantities (the server's matching), a quantity over the cap holds
// the checkout, and the cart switches back to a private sale. Everything goes to the real server.

import { expect, type Page } from '@playwright/test';
import { SAMPLE_DEVICE, hydrated, origin, pathOf, shopUrl, translate } from '../../e2e/support/shop';
import type { Offer } from '../../src/contracts/offers';
import { formatPrice } from '../../src/i18n/format';
import { buildPath } from '../../src/config/routes';
import { cartTotal, type CartContext } from '../../src/machines/cart';
import { cartModel } from '../cart.model';
import { patchStoredContext, storedContext } from '../../e2e/support/stored';
import { describeBrowserFlow } from './runner';

interface Line {
  readonly offerId: string;
  readonly deviceName: string;
  readonly price: number;
}

interface Context {
  readonly page: Page;
  /** The offers the path put into the cart, in order. */
  lines: Line[];
  tradeNumber: string | null;
}

const t = (english: string) => translate('de', english);
const CART_PATH = pathOf('checkout', 'de');
const THANK_YOU_PATH = pathOf('thankYou', 'de');
const B2B_LANDING = pathOf('b2bLanding', 'de');
/** The partner widget's host: the German shop in business trade-in (decision 034). */
const WIDGET = origin('b2bwidget.localhost');
/** A company's list: a header, then three units of one model and one of another. */
const BULK_LIST = ['Modell;Anzahl;Zustand', 'iPhone 11 64GB;3;B', 'Galaxy A52 128GB;1;B'];
/** The quantity field of the bulk list's first line (three iPhones 11). */
const bulkQuantity = (c: Context) => c.page.locator('.cart-line', { hasText: 'Apple iPhone 11 64 GB' }).getByRole('spinbutton');
/** The first and the second device the path sells. */
const DEVICES = [SAMPLE_DEVICE.url, 'sony-playstation-5-digital-edition'];

const pathname = (c: Context) => new URL(c.page.url()).pathname;
const cartCount = (page: Page) => page.locator('.cart-badge .cart-count');
const cartLines = (page: Page) => page.locator('.cart .cart-line');
/** Prices as the page shows them, spaces of any kind alike. */
const sameSpaces = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

/** The cart as the page stored it (STORAGE_KEYS.cart of src/services/storage-keys.ts). */
const storedCart = (page: Page) => storedContext<CartContext>(page, CART_KEY);

const CART_KEY = 'checkout-state';

/** Puts the offer on screen into the cart with `button`, then goes to the cart. */
async function addOfferAndOpenCart(c: Context, offer: Offer, button: string): Promise<void> {
  await expect(c.page.getByTestId('offer-price')).toBeVisible();
  await c.page.getByRole('button', { name: button }).click();
  await c.page.getByRole('link', { name: t('Go to cart') }).click();
  await expect(c.page).toHaveURL(shopUrl('de', CART_PATH));
  await expect(c.page.locator(`.cart .cart-line[data-offer-id="${offer.offerId}"]`)).toHaveCount(1);
}

/**
 * On the first device's page (kept answers restored): a new offer, for the same answers (one
 * answer changed and changed back) or for other ones (the second question's other answer).
 */
async function newOfferForFirstDevice(c: Context, { sameAnswers }: { sameAnswers: boolean }): Promise<Offer> {
  if (pathname(c) !== buildPath('productDetail', 'de', { pdp: DEVICES[0]! })) {
    await c.page.goto(shopUrl('de', buildPath('productDetail', 'de', { pdp: DEVICES[0]! })));
    await hydrated(c.page);
  }
  await expect(c.page.getByTestId('offer-price')).toBeVisible();
  const options = c.page.locator('fieldset.question').nth(1).locator('input[type=radio]');
  const chosen = await options.evaluateAll((inputs) => inputs.findIndex((input) => (input as HTMLInputElement).checked));
  const priced = () =>
    c.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/offers' && r.request().method() === 'POST' && r.status() === 201);
  let response = priced();
  await options.nth(chosen === 0 ? 1 : 0).check();
  let offer = (await (await response).json()) as Offer;
  if (sameAnswers) {
    response = priced();
    await options.nth(chosen).check();
    offer = (await (await response).json()) as Offer;
  }
  return offer;
}

/** The cart page from the header's cart link (a navigation inside the app). */
async function openCart(c: Context): Promise<void> {
  if (pathname(c) === CART_PATH) return;
  await c.page.locator('.cart-badge').click();
  await expect(c.page).toHaveURL(shopUrl('de', CART_PATH));
}

async function expectCartPage(c: Context): Promise<void> {
  await expect(cartLines(c.page)).toHaveCount(c.lines.length);
  for (const [index, line] of c.lines.entries()) {
    const shown = cartLines(c.page).nth(index);
    await expect(shown).toHaveAttribute('data-offer-id', line.offerId);
    await expect(shown.locator('.cart-line-name')).toHaveText(line.deviceName);
    expect(sameSpaces(await shown.locator('.cart-line-price').textContent())).toBe(sameSpaces(formatPrice('de', line.price)));
  }
  // Product §4: the sum of the lines, each truncated to two decimals.
  expect(sameSpaces(await c.page.getByTestId('cart-total').textContent())).toBe(
    sameSpaces(formatPrice('de', cartTotal(c.lines.map((l) => ({ price: l.price, quantity: 1 }))))),
  );
}

/** The badge and, on the cart page, the lines and their total. */
async function expectCart(c: Context): Promise<void> {
  const count = c.lines.length;
  if (count === 0) await expect(cartCount(c.page)).toHaveCount(0);
  else await expect(cartCount(c.page)).toHaveText(String(count));
  if (pathname(c) === CART_PATH) {
    if (count === 0) await expect(c.page.locator('.cart-empty')).toContainText(t('Your cart is empty.'));
    else await expectCartPage(c);
  }
  await expect
    .poll(async () => (await storedCart(c.page))?.offerIds ?? [], {
      message: 'the stored cart (a reload shows the same; nothing stored is empty)',
    })
    .toEqual(c.lines.map((l) => l.offerId));
}

describeBrowserFlow<Context>({
  name: 'cart',
  model: cartModel,
  simplePathBound: 0,
  // 18 paths with one per transition (most skipped, see below); the few that run take seconds each.
  transitionCover: true,
  async setup(page) {
    return { page, lines: [], tradeNumber: null };
  },
  unsupported: {},
  events: {
    // The German shop's business trade-in (issue 14): the landing page switches the cart, a pasted list
    // brings lines with quantities, a quantity over the cap holds the checkout, and the cart switches back.
    OPEN_GERMAN: async (c) => {
      await c.page.goto(shopUrl('de', CART_PATH));
      await hydrated(c.page);
    },
    SWITCH_TO_BUSINESS: async (c) => {
      await c.page.goto(shopUrl('de', B2B_LANDING));
      await hydrated(c.page);
      await c.page.getByRole('button', { name: t('Start business trade-in') }).click();
      await expect(c.page.locator('.cart-business-badge')).toHaveText(t('Business'));
      await openCart(c);
    },
    TAKE_BULK_LINES: async (c) => {
      await c.page.goto(shopUrl('de', B2B_LANDING));
      await hydrated(c.page);
      await c.page.getByLabel(t('Paste your list (model; quantity; grade)')).fill(BULK_LIST.join('\n'));
      await c.page.getByRole('button', { name: t('Get offers for the list') }).click();
      await expect(c.page.getByRole('status').filter({ hasText: '2 von 2 Zeilen zugeordnet.' })).toBeVisible({ timeout: 30_000 });
      await c.page.getByRole('button', { name: '2 Zeilen in den Warenkorb legen' }).click();
      await c.page.getByRole('link', { name: t('Go to the cart') }).click();
      await expect(c.page).toHaveURL(shopUrl('de', CART_PATH));
    },
    // The partner widget's cart (business trade-in from the start): one device, 99 units of it, is over the cap.
    OPEN_BUSINESS: async (c) => {
      await c.page.goto(`${WIDGET}${CART_PATH}`);
      await hydrated(c.page);
    },
    ADD_EXPENSIVE: async (c) => {
      await c.page.goto(`${WIDGET}${buildPath('productDetail', 'de', { pdp: DEVICES[0]! })}`);
      await hydrated(c.page);
      const questions = c.page.locator('fieldset.question');
      for (let i = 0; i < (await questions.count()); i++) await questions.nth(i).locator('input[type=radio]').first().check();
      await expect(c.page.getByTestId('offer-price')).toBeVisible();
      await c.page.getByRole('button', { name: t('Add to cart') }).click();
      await c.page.getByRole('link', { name: t('Go to cart') }).click();
      await expect(cartLines(c.page)).toHaveCount(1);
      await cartLines(c.page).getByRole('spinbutton').fill('99');
    },
    REMOVE_EXPENSIVE: async (c) => cartLines(c.page).locator('button.remove').click(),
    RAISE_OVER_CAP: async (c) => bulkQuantity(c).fill('99'),
    LOWER_QUANTITY: async (c) => bulkQuantity(c).fill('3'),
    SWITCH_TO_PRIVATE: async (c) => {
      const banner = c.page.locator('.cart-business');
      await banner.getByRole('button', { name: t('Switch to private sale') }).click();
      // Lines with several units ask first: a private sale has one of each.
      const confirm = banner.locator('.cart-business-confirm').getByRole('button', { name: t('Switch to private sale') });
      if ((await cartLines(c.page).count()) > 0) await confirm.click();
    },
    OPEN: async (c) => {
      await c.page.goto(shopUrl('de', '/'));
      await hydrated(c.page);
    },
    ADD: async (c) => {
      const device = DEVICES[c.lines.length];
      expect(device, 'the path adds at most two devices').toBeDefined();
      await c.page.goto(shopUrl('de', buildPath('productDetail', 'de', { pdp: device! })));
      await hydrated(c.page);
      // A device seen before shows its kept answers and offer; a new one gets its answers now.
      const questions = c.page.locator('fieldset.question');
      const count = await questions.count();
      for (let i = 0; i < count; i++)
        if ((await questions.nth(i).locator('input:checked').count()) === 0)
          await questions.nth(i).locator('input[type=radio]').first().check();
      await expect(c.page.getByTestId('offer-price')).toBeVisible();
      await c.page.getByRole('button', { name: t('Add to cart') }).click();
      await c.page.getByRole('link', { name: t('Go to cart') }).click();
      await expect(c.page).toHaveURL(shopUrl('de', CART_PATH));
      await expect(cartLines(c.page)).toHaveCount(c.lines.length + 1);
      const known = new Set(c.lines.map((l) => l.offerId));
      await expect.poll(async () => (await storedCart(c.page))?.cart.length).toBe(c.lines.length + 1);
      const added = (await storedCart(c.page))!.cart.find((line) => !known.has(line.offerId))!;
      c.lines.push({ offerId: added.offerId, deviceName: added.deviceName, price: added.price });
    },
    // Back to the first device, the same answers once more: a new offer that updates the line.
    ADD_SAME_ANSWERS_AGAIN: async (c) => {
      const offer = await newOfferForFirstDevice(c, { sameAnswers: true });
      await expect(c.page.getByRole('note')).toContainText(
        t('This device with these answers is already in your cart. Adding it again updates the offer there.'),
      );
      await addOfferAndOpenCart(c, offer, t('Update the offer in your cart'));
      c.lines[0] = { offerId: offer.offerId, deviceName: offer.deviceName, price: offer.price };
    },
    // The first line's offer expires; its "Get a new offer" link leads to the device, whose new offer takes its place.
    REQUOTE_EXPIRED: async (c) => {
      const stored = await storedCart(c.page);
      await patchStoredContext(c.page, CART_KEY, {
        cart: stored!.cart.map((line, i) => (i === 0 ? { ...line, validUntil: '2020-01-01T00:00:00.000Z' } : line)),
      });
      await c.page.goto(shopUrl('de', CART_PATH));
      await hydrated(c.page);
      const expired = cartLines(c.page).first();
      await expect(expired).toHaveClass(/expired/);
      await expired.getByRole('link', { name: t('Get a new offer') }).click();
      const offer = await newOfferForFirstDevice(c, { sameAnswers: false });
      await expect(c.page.getByRole('note')).toContainText(t('This new offer replaces the expired one in your cart.'));
      await addOfferAndOpenCart(c, offer, t('Add to cart'));
      c.lines[0] = { offerId: offer.offerId, deviceName: offer.deviceName, price: offer.price };
    },
    // The first device with another answer: the page asks; the primary answer replaces its line.
    ADD_CORRECTED_ANSWERS: async (c) => {
      const offer = await newOfferForFirstDevice(c, { sameAnswers: false });
      await expect(c.page.locator('.offer-correction')).toBeVisible();
      await addOfferAndOpenCart(c, offer, t('Replace the one in your cart'));
      c.lines[0] = { offerId: offer.offerId, deviceName: offer.deviceName, price: offer.price };
    },
    ADD_SECOND_OF_SAME: async (c) => {
      const offer = await newOfferForFirstDevice(c, { sameAnswers: false });
      await addOfferAndOpenCart(c, offer, t('Add as a second device'));
      c.lines.push({ offerId: offer.offerId, deviceName: offer.deviceName, price: offer.price });
    },
    REMOVE: async (c) => {
      await openCart(c);
      const last = c.lines.at(-1)!;
      // The last line's button (two lines of one model share the name).
      await c.page
        .getByRole('button', { name: t('Remove {0}').replace('{0}', last.deviceName) })
        .last()
        .click();
      c.lines.pop();
    },
    TRADE_CREATED: async (c) => {
      // A guest checkout of the cart (SEPA payout): the server creates the trade.
      await openCart(c);
      const next = c.page.getByRole('button', { name: t('Continue') });
      await field(c.page, 'identity.email').fill(`cart-model-${Date.now()}@example.org`);
      await next.click();
      await field(c.page, 'address.firstName').fill('Erika');
      await field(c.page, 'address.lastName').fill('Mustermann');
      await field(c.page, 'address.street').fill('Heidestraße');
      await field(c.page, 'address.houseNumber').fill('17');
      await field(c.page, 'address.postalCode').fill('51147');
      await field(c.page, 'address.city').fill('Köln');
      await next.click();
      await field(c.page, 'payout.accountHolder').fill('Erika Mustermann');
      await field(c.page, 'payout.iban').fill('DE89 3704 0044 0532 0130 00');
      await field(c.page, 'payout.bic').fill('COBADEFFXXX');
      await next.click();
      await c.page.locator('input[name="termsAccepted"]').check();
      await c.page.getByRole('button', { name: t('Sell now') }).click();
      await expect(c.page).toHaveURL(shopUrl('de', THANK_YOU_PATH));
      c.tradeNumber = sameSpaces(await c.page.getByTestId('trade-number').textContent());
      c.lines = [];
    },
    NAVIGATE_TO_THANK_YOU: async (c) => {
      await c.page.goto(shopUrl('de', THANK_YOU_PATH));
      await hydrated(c.page);
    },
    NAVIGATE_ELSEWHERE: (c) => openCart(c),
  },
  checks: {
    // The widget's empty cart looks like any other; what makes it a business cart is its host.
    businessEmpty: async (c) => {
      await expect(c.page.locator('.cart-empty')).toContainText(t('Your cart is empty.'));
      expect(new URL(c.page.url()).origin).toBe(WIDGET);
    },
    overB2BCap: async (c) => {
      await expect(c.page.locator('.cart-cap[role="alert"]')).toContainText('partner@tradein.de');
      await expect(field(c.page, 'identity.email')).toHaveCount(0);
    },
    germanEmpty: async (c) => {
      await expect(c.page.locator('.cart-empty')).toContainText(t('Your cart is empty.'));
      await expect(c.page.locator('.cart-business')).toHaveCount(0);
      await expect(c.page.locator('.cart-business-badge')).toHaveCount(0);
    },
    switchedBusiness: async (c) => {
      await expect(c.page.locator('.cart-business')).toContainText(t('Business trade-in'));
      await expect(c.page.locator('.cart-business').getByRole('button', { name: t('Switch to private sale') })).toBeVisible();
    },
    bulkLines: async (c) => {
      await expect(cartLines(c.page)).toHaveCount(2);
      await expect(bulkQuantity(c)).toHaveValue('3');
      await expect(c.page.getByTestId('cap-room')).toContainText('5.000,00');
      await expect(c.page.locator('.cart-cap[role="alert"]')).toHaveCount(0);
    },
    bulkOverCap: async (c) => {
      await expect(c.page.locator('.cart-cap[role="alert"]')).toContainText('partner@tradein.de');
      await expect(field(c.page, 'identity.email')).toHaveCount(0);
    },
    privateLines: async (c) => {
      await expect(cartLines(c.page)).toHaveCount(2);
      await expect(c.page.locator('.quantity-stepper')).toHaveCount(0);
      await expect(c.page.locator('.cart-business')).toHaveCount(0);
    },
    empty: async (c) => {
      await expectCart(c);
      // Product §4: any navigation but to the thank-you page drops the trade's transactionId.
      await expect
        .poll(async () => (await storedCart(c.page))?.transactionId ?? 0, {
          message: 'the stored transactionId (none when nothing is stored)',
        })
        .toBe(0);
    },
    one: (c) => expectCart(c),
    two: (c) => expectCart(c),
    twoOfSame: (c) => expectCart(c),
    tradeDone: async (c) => {
      await expect(c.page).toHaveURL(shopUrl('de', THANK_YOU_PATH));
      expect(c.tradeNumber).toMatch(/^TR-\d{4}-\d{6,}$/);
      await expect(c.page.getByTestId('trade-number')).toHaveText(c.tradeNumber!);
      await expectCart(c);
      await expect.poll(async () => (await storedCart(c.page))?.transactionId, { message: 'the stored transactionId' }).toBeGreaterThan(0);
    },
  },
});
