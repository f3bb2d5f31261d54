// The checkout flow's model paths in the browser: one real offer in the cart (through the product
// page), the checkout on de.localhost (production build). The trade submission and the voucher
// check are held until the path says what the server answers (the real server for a created trade,
// a 503, a 409 with expired offers, a voucher answer). The executors first make a step's
// preconditions true through the UI (valid fields, accepted terms, a logged-in account) and then
// act; the test keeps what the seller typed so the checks can assert what the page must show. The
// cart changes while the checkout is open (a re-quote on the device page, reached and left by links),
// so the checkout hears it; a log-in goes through the account page and comes back with a page load,
// so the checkout resumes the step it was in. The model's tours (checkout.model.ts) walk what each
// step allows besides the one edit the generated paths take.

import { expect, type Page, type Route } from '@playwright/test';
import { SAMPLE_DEVICE, hydrated, shopUrl, translate } from '../../e2e/support/shop';
import { formatPrice } from '../../src/i18n/format';
import { STILL_WORKING_MS } from '../../src/machines/checkout';
import { checkoutModel } from '../checkout.model';
import { addOfferToCart, requoteOffer, createAccount, logIn, type Account } from './checkout-support';
import { test } from '../../e2e/support/test';
import { describeBrowserFlow } from './runner';

type Step = 'identity' | 'address' | 'payout' | 'review';
const STEPS: readonly Step[] = ['identity', 'address', 'payout', 'review'];
const STEP_LABELS: Record<Step, string> = { identity: 'Your e-mail', address: 'Address', payout: 'Payout', review: 'Review' };

const ADDRESS_FIELDS = [
  'address.firstName',
  'address.lastName',
  'address.street',
  'address.houseNumber',
  'address.postalCode',
  'address.city',
] as const;
const SEPA_FIELDS = ['payout.accountHolder', 'payout.iban', 'payout.bic'] as const;
type Field = 'identity.email' | (typeof ADDRESS_FIELDS)[number] | (typeof SEPA_FIELDS)[number] | 'payout.email';

/** What the seller types when a step must be complete. */
const VALID: Record<Exclude<Field, 'identity.email'>, string> = {
  'address.firstName': 'Erika',
  'address.lastName': 'Mustermann',
  'address.street': 'Heidestraße',
  'address.houseNumber': '17a',
  'address.postalCode': '51147',
  'address.city': 'Köln',
  'payout.accountHolder': 'Erika Mustermann',
  'payout.iban': 'DE89 3704 0044 0532 0130 00',
  'payout.bic': 'COBADEFFXXX',
  'payout.email': 'erika.paypal@example.org',
};
/** What the seller types to leave a step incomplete (besides leaving a field empty). */
const INVALID: Partial<Record<Field, string>> = {
  'identity.email': 'erika@',
  'address.postalCode': '1234',
  'payout.iban': 'DE00 3704 0044 0532 0130 00',
  'payout.email': 'paypal@',
};
const isValid = (field: Field, value: string) => value.trim() !== '' && INVALID[field] !== value;

type VoucherSeen =
  | { readonly kind: 'none' }
  | { readonly kind: 'accepted'; readonly value: number }
  | { readonly kind: 'refused' }
  | { readonly kind: 'failed' }
  /** "Apply" with an empty code: the machine refuses it without asking the server. */
  | { readonly kind: 'noCode' };

interface Context {
  readonly page: Page;
  /** POST /api/trades and POST /api/vouchers/check, waiting for the path to decide the answer. */
  readonly trades: Route[];
  readonly vouchers: Route[];
  /** PUT /api/cart-holds: the cart reported for price-drop warnings; answered 503, which the seller must never notice. */
  readonly cartHolds: { email: string; locale: string; offerIds: string[] }[];
  readonly guestEmail: string;
  /** What the form holds (the seller's input, the account's prefill). */
  readonly form: Record<Field, string>;
  method: 'sepa' | 'paypal';
  /** The identity choice on the identity step (page state: back to guest when the page loads again). */
  choice: 'guest' | 'login';
  /** The account session of the page, and the account the checkout trades as (null: a guest). */
  loggedIn: Account | null;
  customer: Account | null;
  /** Field errors the current step must show. */
  errors: Set<string>;
  terms: boolean;
  /** A logged-in seller's "save to my account" box (checked unless the path unticked it). */
  saveDetails: boolean;
  voucherCode: string;
  voucher: VoucherSeen;
  /** EUR, the cart total the voucher check was sent with. */
  cartTotal: number | null;
  offerIds: string[];
  /** Idempotency keys of the submissions so far, and whether the next one must repeat the last. */
  readonly keys: string[];
  sameKey: boolean;
  tradeNumber: string | null;
  edits: number;
}

// ---------------------------------------------------------------------------------------------
// The page

const steps = (c: Context) => c.page.locator('.checkout-steps li');
const stepButton = (c: Context, step: Step) => c.page.locator(`.checkout-steps li:nth-child(${STEPS.indexOf(step) + 1}) button`);
const input = (c: Context, name: string) => c.page.locator(`.checkout-form input[name="${name}"]`);
const primary = (c: Context) => c.page.locator('.checkout-actions button[type="submit"]');
const back = (c: Context) => c.page.locator('.checkout-actions button.secondary');
const voucherBox = (c: Context) => c.page.locator('.checkout-form .voucher');
const applyVoucher = (c: Context) => voucherBox(c).getByRole('button', { name: translate('de', 'Apply voucher') });
const removeVoucher = (c: Context) => voucherBox(c).getByRole('button', { name: translate('de', 'Remove voucher') });
const submitError = (c: Context) => c.page.locator('.checkout-form .submit-error');
const NO_VOUCHER_CODE = 'Enter a voucher code of 1 to 40 characters, or leave the field empty.';
const STILL_WORKING = 'Still working… your sale is being sent. Please keep this page open.';
const PRICE_WARNING_NOTE = "We'll tell you if a price in your cart drops before it expires.";
const stillWorking = (c: Context) => c.page.locator('.checkout-form .still-working[role="status"]');
const cartLines = (c: Context) => c.page.locator('.cart-line');

/** The step the page shows now (the executors run after the previous check saw it). */
async function currentStep(c: Context): Promise<Step> {
  const index = await steps(c).evaluateAll((items) => items.findIndex((item) => item.getAttribute('aria-current') === 'step'));
  expect(index, 'the checkout marks the current step').toBeGreaterThanOrEqual(0);
  return STEPS[index]!;
}

async function held(queue: Route[], what: string): Promise<Route> {
  await expect.poll(() => queue.length, { message: `the page should send ${what}` }).toBeGreaterThan(0);
  return queue.shift()!;
}

// ---------------------------------------------------------------------------------------------
// What the seller does

function fieldsOf(c: Context, step: Step): readonly Field[] {
  if (step === 'identity') return c.customer ? [] : ['identity.email'];
  if (step === 'address') return ADDRESS_FIELDS;
  if (step === 'payout') return c.method === 'paypal' ? ['payout.email'] : SEPA_FIELDS;
  return [];
}
const invalidFields = (c: Context, step: Step) => fieldsOf(c, step).filter((field) => !isValid(field, c.form[field]));

async function chooseGuest(c: Context) {
  if (c.choice === 'guest') return;
  await c.page.locator('input[name="identity.choice"][value="guest"]').check();
  c.choice = 'guest';
}

async function type(c: Context, field: Field | 'voucherCode', value: string) {
  if (field === 'identity.email') await chooseGuest(c);
  await input(c, field).fill(value);
  if (field === 'voucherCode') {
    c.voucherCode = value;
    c.voucher = { kind: 'none' };
  } else {
    c.form[field] = value;
  }
  c.errors.delete(field);
}

/** Types a valid value into every incomplete field of the step shown now. */
async function complete(c: Context, step: Step) {
  for (const field of invalidFields(c, step)) await type(c, field, field === 'identity.email' ? c.guestEmail : VALID[field]);
}

/** Makes the step shown now and every step between it and `target` complete (visiting them if needed). */
async function completeUpTo(c: Context, target: Step) {
  const origin = await currentStep(c);
  await complete(c, origin);
  const between = STEPS.slice(STEPS.indexOf(origin) + 1, STEPS.indexOf(target)).filter((step) => invalidFields(c, step).length > 0);
  if (between.length === 0) return;
  for (const step of between) {
    await stepButton(c, step).click();
    await expect(steps(c).nth(STEPS.indexOf(step))).toHaveAttribute('aria-current', 'step');
    await complete(c, step);
  }
  await stepButton(c, origin).click();
}

async function goTo(c: Context, target: Step) {
  if (STEPS.indexOf(target) > STEPS.indexOf(await currentStep(c))) await completeUpTo(c, target);
  await stepButton(c, target).click();
  c.errors = new Set();
}

/** Leaves `broken` incomplete on its own step, returns to the step shown now, and jumps to the review, which stops at `broken`. */
async function jumpStoppedBy(c: Context, broken: Exclude<Step, 'review'>) {
  const origin = await currentStep(c);
  await completeUpTo(c, broken);
  if (broken !== origin) {
    await stepButton(c, broken).click();
    await expect(steps(c).nth(STEPS.indexOf(broken))).toHaveAttribute('aria-current', 'step');
  }
  const field: Field =
    broken === 'identity'
      ? 'identity.email'
      : broken === 'address'
        ? 'address.street'
        : c.method === 'paypal'
          ? 'payout.email'
          : 'payout.iban';
  await type(c, field, '');
  if (broken !== origin) await stepButton(c, origin).click();
  await stepButton(c, 'review').click();
  c.errors = new Set(invalidFields(c, broken));
}

/** The account's data where the seller typed nothing (as the checkout prefills it); returns the fields it filled. */
function prefill(c: Context, account: Account): Field[] {
  const filled: Field[] = [];
  const blank = (fields: readonly Field[]) => fields.every((field) => c.form[field].trim() === '');
  if (blank(ADDRESS_FIELDS)) {
    for (const field of ADDRESS_FIELDS) c.form[field] = account.address[field.slice('address.'.length) as keyof Account['address']];
    filled.push(...ADDRESS_FIELDS);
  }
  const sepaBlank = blank(SEPA_FIELDS);
  if (sepaBlank && blank(['payout.email'])) c.method = 'sepa';
  if (sepaBlank) {
    for (const field of SEPA_FIELDS) c.form[field] = account.sepa[field.slice('payout.'.length) as keyof Account['sepa']];
    filled.push(...SEPA_FIELDS);
  }
  c.form['identity.email'] = account.email;
  c.customer = account;
  c.errors.delete('identity.email');
  return filled;
}

// One account per worker, registered and activated on first use.
let sharedAccount: Promise<Account> | undefined;
const account = (c: Context) => (sharedAccount ??= createAccount(c.page));

/** Back on the checkout after another page: the checkout resumes where it was. */
async function reopenCheckout(c: Context, { reload = false } = {}) {
  if (reload) await c.page.reload();
  else await c.page.goto(shopUrl('de', '/checkout'));
  await hydrated(c.page);
  await expect(steps(c).first()).toBeVisible();
  c.choice = 'guest';
}

/** Logs in through the header's log-in link (the account page) and comes back to the checkout. */
async function logInElsewhere(c: Context) {
  const customer = await account(c);
  await c.page.getByTestId('header-login').click();
  await logIn(c.page, customer);
  await reopenCheckout(c);
  c.loggedIn = customer;
  const filled = prefill(c, customer);
  // The page switches the checkout to the account once it has loaded the account's data: wait until
  // that shows, or a logout right after would come before it.
  const step = await currentStep(c);
  if (step === 'review') await expect(c.page.locator('.review-summary')).toContainText(customer.email);
  else if (step === 'identity') await expect(c.page.getByTestId('checkout-customer')).toBeVisible();
  else {
    const shown = fieldsOf(c, step).filter((field) => filled.includes(field));
    expect(shown, `on the ${step} step only the account's data in blank fields shows the log-in: log in with them blank`).not.toEqual([]);
    for (const field of shown) await expect(input(c, field)).toHaveValue(c.form[field]);
  }
}

async function logOut(c: Context) {
  await c.page.getByTestId('header-logout').click();
  await expect(c.page.getByTestId('header-login')).toBeVisible();
  c.loggedIn = null;
  // The checkout goes on as a guest with the same e-mail.
  c.customer = null;
}

async function submit(c: Context, sameKey: boolean) {
  c.sameKey = sameKey;
  await primary(c).click();
}

// ---------------------------------------------------------------------------------------------
// What the seller must see

async function seesStep(c: Context, step: Step) {
  const current = c.page.locator('.checkout-steps li[aria-current="step"]');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText(translate('de', STEP_LABELS[step]));
  await expect(steps(c).nth(STEPS.indexOf(step))).toHaveAttribute('aria-current', 'step');
  // The terms box is on the review only, the SEPA/PayPal choice on the payout step only: the machine takes
  // 'checkout.acceptTerms' and 'checkout.selectPayout' there only, and the model has TOGGLE_TERMS and
  // SWITCH_PAYOUT_METHOD there only.
  await expect(c.page.locator('input[name="termsAccepted"]')).toHaveCount(step === 'review' ? 1 : 0);
  await expect(c.page.locator('input[name="payout.method"]')).toHaveCount(step === 'payout' ? 2 : 0);
}

async function seesErrors(c: Context) {
  const shown = c.page.locator('.checkout-form .field-error[data-field]:not([data-field="voucherCode"])');
  await expect
    .poll(async () => (await shown.evaluateAll((errors) => errors.map((error) => error.getAttribute('data-field')))).sort(), {
      message: 'the field errors shown',
    })
    .toEqual([...c.errors].sort());
  for (const field of c.errors) if (field !== 'termsAccepted') await expect(input(c, field)).toHaveAttribute('aria-invalid', 'true');
}

async function seesFields(c: Context, step: Step) {
  for (const field of fieldsOf(c, step)) await expect(input(c, field)).toHaveValue(c.form[field]);
  await seesErrors(c);
}

async function seesIdentity(c: Context) {
  await seesStep(c, 'identity');
  await expect(back(c)).toHaveCount(0);
  if (c.customer) {
    await expect(c.page.getByTestId('checkout-customer')).toHaveText(
      translate('de', 'You are logged in as {email}.').replace('{email}', c.customer.email),
    );
    await expect(input(c, 'identity.email')).toHaveCount(0);
    await expect(c.page.getByTestId('price-warning-note')).toHaveText(translate('de', PRICE_WARNING_NOTE));
    return;
  }
  // A guest chooses between guest, log-in and registration.
  await expect(c.page.locator('input[name="identity.choice"]')).toHaveCount(3);
  await expect(c.page.locator(`input[name="identity.choice"][value="${c.choice}"]`)).toBeChecked();
  if (c.choice === 'guest') {
    await seesFields(c, 'identity');
    await expect(c.page.getByTestId('price-warning-note')).toHaveText(translate('de', PRICE_WARNING_NOTE));
  } else await expect(c.page.locator('form.login-form')).toBeVisible();
}

async function seesAddress(c: Context) {
  await seesStep(c, 'address');
  await seesFields(c, 'address');
}

/** Past the address step the cart was reported (decision 058) for the checkout's e-mail; its failure shows nothing. */
async function cartReported(c: Context) {
  const offerIds = await c.page.locator('.cart-line').evaluateAll((lines) => lines.map((line) => line.getAttribute('data-offer-id') ?? ''));
  await expect
    .poll(() => c.cartHolds.at(-1), { message: 'the checkout should report the cart for price-drop warnings' })
    .toEqual({ email: c.form['identity.email'].trim().toLowerCase(), locale: 'de', offerIds });
}

async function seesPayout(c: Context) {
  await seesStep(c, 'payout');
  await cartReported(c);
  await expect(c.page.locator(`input[name="payout.method"][value="${c.method}"]`)).toBeChecked();
  await seesFields(c, 'payout');
}

async function seesVoucher(c: Context) {
  await expect(input(c, 'voucherCode')).toHaveValue(c.voucherCode);
  const message = voucherBox(c).locator('.field-error');
  const applied = translate('de', 'Voucher applied: +{0}').split('{0}')[0]!;
  switch (c.voucher.kind) {
    case 'none':
      await expect(message).toHaveCount(0);
      await expect(voucherBox(c)).not.toContainText(applied);
      await expect(applyVoucher(c)).toBeEnabled();
      break;
    case 'accepted':
      await expect(voucherBox(c)).toContainText(
        translate('de', 'Voucher applied: +{0}').replace('{0}', formatPrice('de', c.voucher.value)),
      );
      await expect(removeVoucher(c)).toBeVisible();
      await expect(c.page.getByTestId('checkout-total')).toHaveText(formatPrice('de', c.cartTotal! + c.voucher.value));
      break;
    case 'refused':
      await expect(message).toHaveText(translate('de', 'This voucher has expired.'));
      await expect(applyVoucher(c)).toBeEnabled();
      break;
    case 'failed':
      await expect(message).toHaveText(translate('de', 'We could not check the voucher. Please try again.'));
      await expect(applyVoucher(c)).toBeEnabled();
      break;
    case 'noCode':
      await expect(message).toHaveText(translate('de', NO_VOUCHER_CODE));
      await expect(applyVoucher(c)).toBeEnabled();
      break;
  }
}

/** The review: the summary of what was entered, the voucher, the terms, and the button to sell. */
async function seesReview(c: Context, { submitting = false } = {}) {
  await seesStep(c, 'review');
  const summary = c.page.locator('.review-summary');
  const f = c.form;
  await expect(summary.getByTestId('review-email')).toHaveText(f['identity.email']);
  await expect(summary.getByTestId('review-name')).toHaveText(`${f['address.firstName']} ${f['address.lastName']}`);
  await expect(summary.getByTestId('review-address')).toContainText(`${f['address.street']} ${f['address.houseNumber']}`);
  await expect(summary.getByTestId('review-address')).toContainText(`${f['address.postalCode']} ${f['address.city']}`);
  if (c.method === 'paypal') await expect(summary.getByTestId('review-payout')).toHaveText(`PayPal · ${f['payout.email']}`);
  else {
    // Every SEPA value: the holder, the IBAN masked in groups of four as on the confirmation, the BIC when given.
    const iban = f['payout.iban'].replace(/\s/g, '').toUpperCase();
    await expect(summary.getByTestId('review-payout')).toContainText(f['payout.accountHolder']);
    await expect(summary.getByTestId('review-payout')).toContainText(`${iban.slice(0, 4)} •••• •••• •••• ${iban.slice(-4)}`);
    if (f['payout.bic'].trim() !== '') await expect(summary.getByTestId('review-payout')).toContainText(f['payout.bic']);
  }
  await expect(cartLines(c)).toHaveCount(c.offerIds.length);
  for (const id of c.offerIds) await expect(c.page.locator(`.cart-line[data-offer-id="${id}"]`)).toBeVisible();
  if (submitting) return;
  await expect(c.page.locator('input[name="termsAccepted"]')).toBeChecked({ checked: c.terms });
  // A logged-in seller's "save to my account" box; gone once the checkout is a guest's again.
  const saveBox = c.page.locator('input[name="saveToAccount"]');
  if (c.customer) await expect(saveBox).toBeChecked({ checked: c.saveDetails });
  else await expect(saveBox).toHaveCount(0);
  await seesVoucher(c);
  await seesErrors(c);
  await expect(primary(c)).toHaveText(translate('de', 'Sell now'));
  await expect(primary(c)).toBeEnabled();
}

async function seesReviewWithoutProblem(c: Context) {
  await seesReview(c);
  await expect(submitError(c)).toHaveCount(0);
}

/** The review while the sale is being sent: the form locked, the button saying so. */
async function seesSending(c: Context) {
  await seesReview(c, { submitting: true });
  await expect(primary(c)).toHaveText(translate('de', 'Sending…'));
  await expect(primary(c)).toBeDisabled();
  await expect(stepButton(c, 'identity')).toBeDisabled();
}

async function seesSubmitting(c: Context) {
  await seesSending(c);
  await expect.poll(() => c.trades.length, { message: 'the page should send the trade' }).toBe(1);
  const request = c.trades[0]!.request();
  const key = request.headers()['idempotency-key'];
  expect(key, 'every submission carries an Idempotency-Key').toBeTruthy();
  if (c.sameKey) expect(key, 'a retry repeats the failed request with its key').toBe(c.keys.at(-1));
  else expect(c.keys, 'a new submission has a new key').not.toContain(key);
  c.keys.push(key!);
  const body = request.postDataJSON() as {
    offerIds: string[];
    identity: { kind: string };
    termsAccepted: boolean;
    payout: { method: string };
    saveToAccount?: boolean;
  };
  expect(body).toMatchObject({
    offerIds: c.offerIds,
    identity: { kind: c.customer ? 'customer' : 'guest' },
    termsAccepted: true,
    payout: { method: c.method },
  });
  // Only a customer's checkout says whether the details go into the account.
  expect(body.saveToAccount).toBe(c.customer ? c.saveDetails : undefined);
}

async function seesSubmitProblem(c: Context, text: string, retry: boolean) {
  await seesReview(c);
  await expect(submitError(c)).toBeVisible();
  await expect(submitError(c).locator('p')).toHaveText(text);
  await expect(submitError(c).getByRole('button', { name: translate('de', 'Try again') })).toHaveCount(retry ? 1 : 0);
  // The failed POST is not sent again behind the seller's back.
  expect(c.trades).toHaveLength(0);
}

// ---------------------------------------------------------------------------------------------

describeBrowserFlow<Context>({
  name: 'checkout',
  model: checkoutModel,
  simplePathBound: 0,
  // A path sets up a cart and fills three steps before it does what it is for: the tours walk the
  // model, the generated paths only add the steps no tour takes.
  toursSuffice: true,
  async setup(page, path) {
    // The long tours take up to twenty steps, several with a log-in or a re-quote.
    if (path.kind === 'tour' && path.events.length > 12) test.setTimeout(180_000);
    const trades: Route[] = [];
    const vouchers: Route[] = [];
    const hold = (queue: Route[]) => (route: Route) => {
      if (route.request().method() === 'POST') queue.push(route);
      else void route.continue();
    };
    await page.route('**/api/trades', hold(trades));
    await page.route('**/api/vouchers/check', hold(vouchers));
    const cartHolds: Context['cartHolds'] = [];
    await page.route('**/api/cart-holds', async (route) => {
      cartHolds.push(route.request().postDataJSON() as Context['cartHolds'][number]);
      await route.fulfill({ status: 503, json: { statusCode: 503, error: 'Service Unavailable', message: 'down' } });
    });
    await addOfferToCart(page, SAMPLE_DEVICE.url);
    await page.goto(shopUrl('de', '/checkout'));
    await hydrated(page);
    await expect(page.locator('input[name="identity.choice"][value="guest"]')).toBeChecked();
    const offerIds = await page.locator('.cart-line').evaluateAll((lines) => lines.map((line) => line.getAttribute('data-offer-id') ?? ''));
    expect(offerIds).toHaveLength(1);
    const form = Object.fromEntries(
      ['identity.email', ...ADDRESS_FIELDS, ...SEPA_FIELDS, 'payout.email'].map((field) => [field, '']),
    ) as Record<Field, string>;
    return {
      page,
      trades,
      vouchers,
      cartHolds,
      guestEmail: `modell.verkauf+${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`,
      form,
      method: 'sepa',
      choice: 'guest',
      loggedIn: null,
      customer: null,
      errors: new Set(),
      terms: false,
      saveDetails: true,
      voucherCode: '',
      voucher: { kind: 'none' },
      cartTotal: null,
      offerIds,
      keys: [],
      sameKey: false,
      tradeNumber: null,
      edits: 0,
    };
  },
  // The terms box (TOGGLE_TERMS) and the SEPA/PayPal choice (SWITCH_PAYOUT_METHOD) are in the model
  // only where the page shows them, as the machine takes them only there; seesStep checks on every
  // step that the page shows them nowhere else.
  unsupported: {},
  inEndToEnd: {
    START_AS_BUSINESS:
      'e2e/b2b-checkout.spec.ts and e2e/widget.spec.ts: a company checks out with its data (a wrong VAT id explained with the typing kept, SEPA only, a TB- number, the credit note); the over-cap answer at machine level',
  },
  events: {
    EDIT: async (c) => {
      const variant = c.edits++ % 2 === 0;
      const step = await currentStep(c);
      if (step === 'identity')
        await type(c, 'identity.email', c.guestEmail.replace('modell.verkauf', variant ? 'modell.verkauf.a' : 'modell.verkauf.b'));
      else if (step === 'address') await type(c, 'address.city', variant ? 'Bonn' : 'Köln');
      else if (step === 'payout')
        await type(
          c,
          c.method === 'paypal' ? 'payout.email' : 'payout.accountHolder',
          c.method === 'paypal' ? (variant ? 'erika.b@example.org' : 'erika.c@example.org') : variant ? 'Erika M.' : 'Erika Mustermann',
        );
      else await type(c, 'voucherCode', variant ? 'SOMMER10' : 'SOMMER20');
    },
    CART_CHANGES: async (c) => {
      // The seller gets a new offer for the device (a re-quote): it takes the old line's place. The
      // checkout stays open meanwhile (no page load) and follows the cart.
      const old = c.offerIds;
      const { price } = await requoteOffer(c.page);
      await expect(steps(c).first()).toBeVisible();
      c.choice = 'guest';
      await expect(cartLines(c)).toHaveCount(1);
      c.offerIds = await cartLines(c).evaluateAll((lines) => lines.map((line) => line.getAttribute('data-offer-id') ?? ''));
      expect(old).not.toContain(c.offerIds[0]);
      // A voucher depends on the total: when it changed, the voucher is checked again.
      if (c.cartTotal === null || price !== c.cartTotal) c.voucher = { kind: 'none' };
    },
    SWITCH_PAYOUT_METHOD: async (c) => {
      const method = c.method === 'sepa' ? 'paypal' : 'sepa';
      await c.page.locator(`input[name="payout.method"][value="${method}"]`).check();
      c.method = method;
      // The other method's fields start without errors.
      c.errors = new Set();
    },
    TOGGLE_TERMS: async (c) => {
      await c.page.locator('input[name="termsAccepted"]').setChecked(!c.terms);
      c.terms = !c.terms;
      c.errors.delete('termsAccepted');
    },
    TOGGLE_SAVE_DETAILS: async (c) => {
      if (!c.customer) await logInElsewhere(c);
      const box = c.page.locator('input[name="saveToAccount"]');
      await expect(box).toBeChecked({ checked: c.saveDetails });
      await box.setChecked(!c.saveDetails);
      c.saveDetails = !c.saveDetails;
    },
    LOG_IN_HERE: async (c) => {
      if (c.loggedIn) await logOut(c);
      await logInElsewhere(c);
    },
    LOG_OUT_HERE: async (c) => {
      if (!c.loggedIn) await logInElsewhere(c);
      await logOut(c);
    },
    USE_ACCOUNT: async (c) => {
      const customer = await account(c);
      await c.page.locator('input[name="identity.choice"][value="login"]').check();
      c.choice = 'login';
      await logIn(c.page, customer);
      c.loggedIn = customer;
      prefill(c, customer);
      c.errors = new Set();
    },
    NEXT: async (c) => {
      await complete(c, await currentStep(c));
      await primary(c).click();
      c.errors = new Set();
    },
    NEXT_INCOMPLETE: async (c) => {
      const step = await currentStep(c);
      if (step === 'identity') await type(c, 'identity.email', '');
      if (step === 'address') await type(c, 'address.postalCode', INVALID['address.postalCode']!);
      if (step === 'payout')
        await type(
          c,
          c.method === 'paypal' ? 'payout.email' : 'payout.iban',
          INVALID[c.method === 'paypal' ? 'payout.email' : 'payout.iban']!,
        );
      await primary(c).click();
      c.errors = new Set(invalidFields(c, step));
    },
    // A reload goes on in the same step; while sending, the same request with the same key is sent again.
    RELOAD: async (c) => {
      const sending = c.trades.length > 0;
      // The held requests belong to the page that goes away.
      c.trades.length = 0;
      c.vouchers.length = 0;
      await reopenCheckout(c, { reload: true });
      if (sending) c.sameKey = true;
    },
    BACK: async (c) => {
      await back(c).click();
      c.errors = new Set();
    },
    GO_TO_IDENTITY: (c) => goTo(c, 'identity'),
    GO_TO_IDENTITY_AS_CUSTOMER: async (c) => {
      if (!c.loggedIn) await logInElsewhere(c);
      await goTo(c, 'identity');
    },
    GO_TO_ADDRESS: (c) => goTo(c, 'address'),
    GO_TO_PAYOUT: (c) => goTo(c, 'payout'),
    GO_TO_REVIEW: (c) => goTo(c, 'review'),
    JUMP_STOPS_HERE: async (c) => jumpStoppedBy(c, (await currentStep(c)) as Exclude<Step, 'review'>),
    JUMP_STOPS_AT_ADDRESS: (c) => jumpStoppedBy(c, 'address'),
    JUMP_STOPS_AT_PAYOUT: (c) => jumpStoppedBy(c, 'payout'),
    APPLY_VOUCHER: async (c) => {
      // "Apply" is offered only while no voucher is applied: a new code first.
      if (c.voucher.kind === 'accepted') await type(c, 'voucherCode', `${c.voucherCode}X`);
      if (c.voucherCode.trim() === '') await type(c, 'voucherCode', 'SOMMER10');
      await applyVoucher(c).click();
      c.voucher = { kind: 'none' };
      c.errors.delete('voucherCode');
    },
    APPLY_EMPTY_VOUCHER: async (c) => {
      if (c.voucherCode !== '') await type(c, 'voucherCode', '');
      await applyVoucher(c).click();
      // The machine refuses the empty code; the seller must see why (seesVoucher).
      c.voucher = { kind: 'noCode' };
    },
    REMOVE_VOUCHER: async (c) => {
      // "Remove" is offered only for an applied voucher: apply one first.
      if (c.voucher.kind !== 'accepted') {
        if (c.voucherCode.trim() === '') await type(c, 'voucherCode', 'SOMMER10');
        await applyVoucher(c).click();
        const route = await held(c.vouchers, 'the voucher check');
        const { code, cartTotal } = route.request().postDataJSON() as { code: string; cartTotal: number };
        c.cartTotal = cartTotal;
        await route.fulfill({ json: { valid: true, code, kind: 'fixed', value: 10 } });
        await expect(removeVoucher(c)).toBeVisible();
      }
      await removeVoucher(c).click();
      c.voucherCode = '';
      c.voucher = { kind: 'none' };
    },
    VOUCHER_ACCEPTED: async (c) => {
      const route = await held(c.vouchers, 'the voucher check');
      const { code, cartTotal } = route.request().postDataJSON() as { code: string; cartTotal: number };
      c.cartTotal = cartTotal;
      await route.fulfill({ json: { valid: true, code, kind: 'fixed', value: 10 } });
      c.voucher = { kind: 'accepted', value: 10 };
    },
    VOUCHER_REFUSED: async (c) => {
      await (await held(c.vouchers, 'the voucher check')).fulfill({ json: { valid: false, reason: 'expired' } });
      c.voucher = { kind: 'refused' };
    },
    VOUCHER_CHECK_FAILED: async (c) => {
      await (
        await held(c.vouchers, 'the voucher check')
      ).fulfill({ status: 503, json: { statusCode: 503, error: 'Service Unavailable', message: 'down' } });
      c.voucher = { kind: 'failed' };
    },
    TYPE_ANOTHER_CODE: async (c) => {
      const stale = await held(c.vouchers, 'the voucher check');
      await type(c, 'voucherCode', `${c.voucherCode}X`);
      // The check of the old code answers late: the page must ignore it.
      const { code } = stale.request().postDataJSON() as { code: string };
      const finished = c.page.waitForEvent('requestfinished', (request) => request === stale.request());
      await stale.fulfill({ json: { valid: true, code, kind: 'fixed', value: 10 } });
      await finished;
      await c.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    },
    SUBMIT: async (c) => {
      await completeUpTo(c, 'review');
      if (!c.terms) {
        await c.page.locator('input[name="termsAccepted"]').check();
        c.terms = true;
        c.errors.delete('termsAccepted');
      }
      await submit(c, false);
    },
    SUBMIT_INCOMPLETE: async (c) => {
      if (c.terms) {
        await c.page.locator('input[name="termsAccepted"]').uncheck();
        c.terms = false;
      }
      await submit(c, false);
      c.errors = new Set(['termsAccepted']);
    },
    SUBMIT_AGAIN: (c) => submit(c, true),
    RETRY: async (c) => {
      c.sameKey = true;
      await submitError(c)
        .getByRole('button', { name: translate('de', 'Try again') })
        .click();
    },
    TRADE_CREATED: async (c) => {
      // The real server creates the trade (the browser reaches de.localhost, Node does not: no route.fetch()).
      const route = await held(c.trades, 'the trade');
      const answered = c.page.waitForResponse((response) => response.request() === route.request());
      await route.continue();
      const response = await answered;
      expect(response.status(), await response.text()).toBe(201);
      c.tradeNumber = ((await response.json()) as { tradeNumber: string }).tradeNumber;
    },
    // The trade request stays held: the page waits for its answer until it says so.
    STILL_NO_ANSWER: async (c) => {
      await expect.poll(() => c.trades.length, { message: 'the page should send the trade' }).toBeGreaterThan(0);
      await expect(stillWorking(c)).toHaveText(translate('de', STILL_WORKING), { timeout: STILL_WORKING_MS + 5000 });
    },
    NETWORK_FAILURE: async (c) =>
      (await held(c.trades, 'the trade')).fulfill({
        status: 503,
        json: { statusCode: 503, error: 'Service Unavailable', message: 'down' },
      }),
    OFFERS_EXPIRED: async (c) => {
      const route = await held(c.trades, 'the trade');
      const { offerIds } = route.request().postDataJSON() as { offerIds: string[] };
      await route.fulfill({
        status: 409,
        json: { statusCode: 409, error: 'Conflict', message: 'Some offers have expired.', expiredOfferIds: offerIds },
      });
    },
  },
  checks: {
    identity: seesIdentity,
    identityAgain: async (c) => {
      expect(c.customer, 'the path trades as a guest here').toBeNull();
      await seesIdentity(c);
    },
    identityAgainAsCustomer: async (c) => {
      expect(c.customer, 'the path trades as the logged-in customer here').not.toBeNull();
      await seesIdentity(c);
    },
    address: seesAddress,
    addressAgain: seesAddress,
    payout: seesPayout,
    payoutAgain: seesPayout,
    review: seesReviewWithoutProblem,
    requoted: seesReviewWithoutProblem,
    checkingVoucher: async (c) => {
      await seesStep(c, 'review');
      await expect(applyVoucher(c)).toBeDisabled();
      await expect.poll(() => c.vouchers.length, { message: 'the page should check the voucher' }).toBe(1);
      const request = c.vouchers[0]!.request().postDataJSON() as { code: string; email?: string };
      expect(request.code).toBe(c.voucherCode.trim().toUpperCase());
      expect(request.email).toBe(c.form['identity.email']);
    },
    submitting: seesSubmitting,
    submittingSlow: async (c) => {
      // Still the one request seen in submitting: the page does not send another.
      await seesSending(c);
      expect(c.trades).toHaveLength(1);
      await expect(stillWorking(c)).toHaveText(translate('de', STILL_WORKING));
    },
    failedNetwork: (c) => seesSubmitProblem(c, translate('de', 'We could not send your trade. Nothing is lost: please try again.'), true),
    failedRejected: (c) =>
      seesSubmitProblem(c, translate('de', 'Some offers in your cart have expired. Please get a new offer for them.'), false),
    done: async (c) => {
      await expect(c.page).toHaveURL(shopUrl('de', '/thankYou'));
      await expect(c.page.getByTestId('trade-number')).toHaveText(c.tradeNumber!);
      await expect(c.page.locator('.thank-you .cart-line')).toHaveCount(c.offerIds.length);
    },
  },
});
