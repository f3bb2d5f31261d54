// The cart flow's model paths in the browser (German shop, production build): real offers from the
// product pages go into the cart, the cart page removes them, and a guest checkout creates the trade
// that leads to the thank-you page. Everything goes to the real server.

import { expect, type Page } from '@playwright/test';
import { SAMPLE_DEVICE, hydrated, pathOf, shopUrl, translate } from '../../e2e/support/shop';
import type { Offer } from '../../src/contracts/offers';
import { formatPrice } from '../../src/i18n/format';
import { buildPath } from '../../src/config/routes';
import { cartTotal, type CartContext } from '../../src/machines/cart';
import { cartModel } from '../cart.model';
import { storedContext } from './account-support';
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
/** The first and the second device the path sells. */
const DEVICES = [SAMPLE_DEVICE.url, 'sony-playstation-5-digital-edition'];

const pathname = (c: Context) => new URL(c.page.url()).pathname;
const cartCount = (page: Page) => page.locator('.cart-badge .cart-count');
const cartLines = (page: Page) => page.locator('.cart .cart-line');
/** Prices as the page shows them, spaces of any kind alike. */
const sameSpaces = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

/** The cart as the page stored it (CART_STORAGE_KEY of src/ui/cart/cart-provider.tsx). */
const storedCart = (page: Page) => storedContext<CartContext>(page, 'checkout-state');

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
  // Spec §4: the sum of the lines, each truncated to two decimals.
  expect(sameSpaces(await c.page.getByTestId('cart-total').textContent())).toBe(sameSpaces(formatPrice('de', cartTotal(c.lines.map((l) => ({ price: l.price, quantity: 1 }))))));
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
    .poll(async () => (await storedCart(c.page))?.offerIds, { message: 'the stored cart (a reload shows the same)' })
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
  unsupported: {
    ADD_SAME_AGAIN:
      'an offer goes into the cart once: after "Add to cart" the offer page shows "The offer is in your cart" instead of the button, and a new visit asks the server for a new offer (a new offerId)',
    REQUOTE: 'no control sends cart.replace: an expired line links to the product page, whose new offer is added as another line next to the expired one',
    CHOOSE_PAYPAL:
      "the model event sets the cart's paymentType and isPayPalTransaction (cart.setPaymentType, cart.setPayPalTransaction); the page writes them only when a trade is done — choosing PayPal in the checkout's payout step changes the checkout machine, not the cart",
    APPLY_VOUCHER: "no control sends cart.setVoucher: the voucher of the checkout's review step lives in the checkout machine, the cart's voucher stays null",
    MARK_PRICED: 'no control sends cart.setPriceCalculated (priceCalculateDone is never set by the page)',
    CLEAR: 'the cart page has no "empty the cart" control; cart.clear is sent only after a created trade (TRADE_CREATED)',
    SWITCH_TO_B2B_WITH_EXPENSIVE_DEVICE:
      "no page sets the cart's B2BMode: cart.setB2BMode is never sent, also not on the business widget host b2bwidget.localhost (only its layout differs), so the B2B cap of 5000 is out of the UI's reach",
    REMOVE_EXPENSIVE: 'follows SWITCH_TO_B2B_WITH_EXPENSIVE_DEVICE, which the UI cannot produce',
    LEAVE_B2B: 'no control sends cart.setB2BMode (see SWITCH_TO_B2B_WITH_EXPENSIVE_DEVICE)',
  },
  events: {
    ADD: async (c) => {
      const device = DEVICES[c.lines.length];
      expect(device, 'the path adds at most two devices').toBeDefined();
      await c.page.goto(shopUrl('de', buildPath('productDetail', 'de', { pdp: device! })));
      await hydrated(c.page);
      const priced = c.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/offers' && r.request().method() === 'POST' && r.status() === 201);
      const questions = c.page.locator('fieldset.question');
      const count = await questions.count();
      for (let i = 0; i < count; i++) await questions.nth(i).locator('input[type=radio]').first().check();
      const offer = (await (await priced).json()) as Offer;
      await expect(c.page.getByTestId('offer-price')).toBeVisible();
      await c.page.getByRole('button', { name: t('Add to cart') }).click();
      await c.page.getByRole('link', { name: t('Go to cart') }).click();
      await expect(c.page).toHaveURL(shopUrl('de', CART_PATH));
      c.lines.push({ offerId: offer.offerId, deviceName: offer.deviceName, price: offer.price });
    },
    REMOVE: async (c) => {
      await openCart(c);
      const last = c.lines.at(-1)!;
      await c.page.getByRole('button', { name: t('Remove {0}').replace('{0}', last.deviceName) }).click();
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
    empty: async (c) => {
      await expectCart(c);
      // Spec §4: any navigation but to the thank-you page drops the trade's transactionId.
      await expect.poll(async () => (await storedCart(c.page))?.transactionId, { message: 'the stored transactionId' }).toBe(0);
    },
    one: (c) => expectCart(c),
    two: (c) => expectCart(c),
    tradeDone: async (c) => {
      await expect(c.page).toHaveURL(shopUrl('de', THANK_YOU_PATH));
      expect(c.tradeNumber).toMatch(/^TR-\d{4}-\d{6,}$/);
      await expect(c.page.getByTestId('trade-number')).toHaveText(c.tradeNumber!);
      await expectCart(c);
      await expect.poll(async () => (await storedCart(c.page))?.transactionId, { message: 'the stored transactionId' }).toBeGreaterThan(0);
    },
  },
});
