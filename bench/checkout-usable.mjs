// JavaScript the checkout fetches before it is usable (issue 34: ≤ 130 KB brotli): in Debian's Chromium,
// a first browser profile puts a device into the cart as a seller does (its device page, every question's
// first answer, "Add to cart", until the cart is stored), then a second profile that has that profile's
// storage (the stored cart) but an empty HTTP cache opens /checkout on de.localhost. Counted: every script
// response, with its transferred (brotli) body size, that arrived before the page is hydrated and the
// checkout's first field (the e-mail) is there to type in. Scripts that arrive later (the consent
// banner, tracking) are listed on their own, without a budget.
// Run alone: `node bench/checkout-usable.mjs`.

import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './after-hydration.mjs';
import { MeasureError, isMain, kb, printTable, runStandalone, startServer, verdict, writeResult } from './lib.mjs';

export const CHECKOUT_USABLE_BUDGET_KB = 130;

const DEVICE_PATH = '/produkte/apple-iphone-13-128-gb';
const CHECKOUT_PATH = '/checkout';
/** The checkout's first field: with it on a hydrated page, the seller can start. */
const FIRST_FIELD = 'input[name="identity.email"]';

/** The cart, as the shop actor stores it (src/services/persistence.ts): its offers, once stored. */
function storedOfferCount(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const open = globalThis.indexedDB.open('tradein-shop');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('snapshots')) return (db.close(), resolve(0));
          const read = db.transaction('snapshots', 'readonly').objectStore('snapshots').get('checkout-state');
          read.onerror = () => (db.close(), resolve(0));
          read.onsuccess = () => (db.close(), resolve(read.result?.context?.offerIds?.length ?? 0));
        };
      }),
  );
}

/** A device in the cart, in a profile of its own: its storage (cookies, IndexedDB) to start the checkout from. */
async function storageWithCart(browser, origin) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(origin + DEVICE_PATH);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    const questions = page.locator('fieldset.question');
    await questions.first().waitFor();
    const count = await questions.count();
    for (let i = 0; i < count; i++) await questions.nth(i).locator('input[type=radio]').first().check();
    await page.getByTestId('offer-price').waitFor();
    await page.locator('.offer-flow button.primary').click();
    await page.getByTestId('offer-added').waitFor();
    const deadline = Date.now() + 10_000;
    while ((await storedOfferCount(page)) < 1) {
      if (Date.now() > deadline) throw new MeasureError('the cart was not stored within 10 s of "Add to cart"');
      await page.waitForTimeout(100);
    }
    return await context.storageState({ indexedDB: true });
  } finally {
    await context.close();
  }
}

export async function measureCheckoutUsable() {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const origin = `http://de.localhost:${server.port}`;
    const storageState = await storageWithCart(browser, origin);
    const context = await browser.newContext({ storageState });
    const page = await context.newPage();
    const scripts = [];
    const pending = [];
    let usable = false;
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      const beforeUsable = !usable;
      pending.push(
        request.sizes().then((sizes) =>
          scripts.push({
            path: new URL(request.url()).pathname,
            bytes: sizes.responseBodySize,
            headers: sizes.responseHeadersSize,
            beforeUsable,
          }),
        ),
      );
    });
    const started = Date.now();
    const response = await page.goto(origin + CHECKOUT_PATH);
    if (!response?.ok()) throw new MeasureError(`${CHECKOUT_PATH} answered ${response?.status()}`);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.locator(FIRST_FIELD).waitFor();
    usable = true;
    const usableAfterMs = Date.now() - started;
    if ((await page.locator('.cart-line').count()) < 1) throw new MeasureError('the checkout opened without the stored cart');
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    await context.close();
    const before = scripts.filter((s) => s.beforeUsable);
    const after = scripts.filter((s) => !s.beforeUsable);
    const sum = (list) => list.reduce((total, s) => total + s.bytes, 0);
    return {
      path: CHECKOUT_PATH,
      budgetKB: CHECKOUT_USABLE_BUDGET_KB,
      usableAfterMs,
      beforeUsable: { files: before, bytes: sum(before), headerBytes: before.reduce((total, s) => total + s.headers, 0) },
      afterUsable: { files: after, bytes: sum(after) },
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export function printCheckoutUsable(result) {
  const { beforeUsable, afterUsable } = result;
  printTable(
    `Checkout (de.localhost ${result.path}, cart of one device, empty HTTP cache): JS before it is usable`,
    ['metric', 'value', 'budget', 'verdict'],
    [
      [
        `before usable, brotli (${beforeUsable.files.length} files)`,
        kb(beforeUsable.bytes),
        `≤ ${result.budgetKB} KB`,
        verdict(beforeUsable.bytes <= result.budgetKB * 1024),
      ],
      ['their response headers', kb(beforeUsable.headerBytes), '', ''],
      [`after usable (${afterUsable.files.length} files)`, kb(afterUsable.bytes), '', 'no budget'],
    ],
  );
}

/** The verdict counted by `npm run bench`: true within the budget. */
export const checkoutUsableWithinBudget = (result) => result.beforeUsable.bytes <= result.budgetKB * 1024;

if (isMain(import.meta.url)) {
  await runStandalone(async () => {
    const result = await measureCheckoutUsable();
    printCheckoutUsable(result);
    const rows = [...result.beforeUsable.files, ...result.afterUsable.files]
      .sort((a, b) => Number(b.beforeUsable) - Number(a.beforeUsable) || b.bytes - a.bytes)
      .map((s) => [s.path, kb(s.bytes), s.beforeUsable ? 'before usable' : 'after']);
    printTable('Checkout scripts (transferred, brotli)', ['file', 'brotli', 'when'], rows);
    writeResult('checkout-usable.json', result);
  });
}
