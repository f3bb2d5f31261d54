import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ApiCallError } from '../services/api-failure';
import { assign, createActor, fromPromise, SimulatedClock, waitFor, type SnapshotFrom } from 'xstate';
import type { Locale } from '../config/locales';
import type { CartHoldsRequest } from '../contracts/offers';
import type { Trade, VoucherCheckRequest, VoucherCheckResult } from '../contracts/trades';
import { loadSnapshot, persistActor, persistableView } from '../services/persistence';
import {
  CHECKOUT_SNAPSHOT_VERSION,
  STILL_WORKING_MS,
  checkoutMachine,
  resumableCheckout,
  storedCheckoutOf,
  type StoredCheckout,
  type AccountPrefill,
  type CheckoutField,
  type CheckoutInput,
  type SubmitTradeInput,
} from './checkout';
import { OFFER_A, OFFER_B, trade } from './checkout.fixtures';
import { SELLER_ADDRESS, SELLER_SEPA } from '../contracts/seller.fixtures';

const IDENTITY = { 'identity.email': 'erika@example.com' } as const;
const ADDRESS = {
  'address.firstName': 'Erika',
  'address.lastName': 'Mustermann',
  'address.street': 'Heidestraße',
  'address.houseNumber': '17a',
  'address.postalCode': '51147',
  'address.city': 'Köln',
} as const;
/** A business seller's company (B2B mode) and the phone number it must give. */
const COMPANY = {
  'company.name': 'Muster Handel GmbH',
  'company.legalForm': 'gmbh',
  'company.vatId': 'de 136 695 976',
  'address.phone': '0221 123456',
} as const;
const SEPA = {
  'payout.accountHolder': 'Erika Mustermann',
  // As typed: spaces and lower case; the contract normalizes it.
  'payout.iban': 'de89 3704 0044 0532 0130 00',
  'payout.bic': 'COBADEFFXXX',
} as const;

const validVoucher: VoucherCheckResult = { valid: true, code: 'SUMMER10', kind: 'fixed', value: 10 };

type Script<T> = Array<T | Error | 'hang'>;

/** A fromPromise fake that records its inputs and answers from a script (the last answer repeats). */
function scripted<T, I>(script: Script<T>) {
  const inputs: I[] = [];
  const logic = fromPromise<T, I>(({ input }) => {
    inputs.push(input);
    const next = script.length > 1 ? script.shift() : script[0];
    if (next === undefined) return Promise.reject(new Error('script exhausted'));
    if (next === 'hang') return new Promise<T>(() => undefined);
    if (next instanceof Error) return Promise.reject(next);
    return Promise.resolve(next);
  });
  return { logic, inputs };
}

function fakes(options: { submit?: Script<Trade>; voucher?: Script<VoucherCheckResult> } = {}) {
  const submit = scripted<Trade, SubmitTradeInput>(options.submit ?? [trade]);
  const voucher = scripted<VoucherCheckResult, VoucherCheckRequest>(options.voucher ?? [validVoucher]);
  let keys = 0;
  const machine = checkoutMachine.provide({
    actors: { submitTrade: submit.logic, checkVoucher: voucher.logic },
    actions: { makeKey: assign({ idempotencyKey: () => `key-${++keys}` }) },
  });
  return { machine, submits: submit.inputs, voucherChecks: voucher.inputs };
}

const input = (overrides: Partial<CheckoutInput> = {}): CheckoutInput => ({
  locale: 'de',
  cartOfferIds: [OFFER_A],
  cartTotal: 287.35,
  ...overrides,
});

function start(options: Parameters<typeof fakes>[0] & { input?: Partial<CheckoutInput> } = {}) {
  const { machine, submits, voucherChecks } = fakes(options);
  const actor = createActor(machine, { input: input(options.input) }).start();
  return { actor, machine, submits, voucherChecks };
}

type Actor = ReturnType<typeof start>['actor'];

const fill = (actor: Actor, fields: Partial<Record<CheckoutField, string>>) => {
  for (const [field, value] of Object.entries(fields)) actor.send({ type: 'checkout.change', field: field as CheckoutField, value });
};

/** Fills and passes identity, address and payout (SEPA unless told otherwise); ends in review. */
function toReview(actor: Actor, payout: 'sepa' | 'paypal' = 'sepa') {
  fill(actor, IDENTITY);
  actor.send({ type: 'checkout.next' });
  fill(actor, ADDRESS);
  if (actor.getSnapshot().context.b2b) fill(actor, COMPANY);
  actor.send({ type: 'checkout.next' });
  if (payout === 'paypal') {
    actor.send({ type: 'checkout.selectPayout', method: 'paypal' });
    fill(actor, { 'payout.email': 'erika.paypal@example.com' });
  } else {
    fill(actor, SEPA);
  }
  actor.send({ type: 'checkout.next' });
  expect(actor.getSnapshot().value).toEqual({ review: 'idle' });
}

const settled = (actor: Actor) => waitFor(actor, (s) => !s.matches('submitting') && !s.matches({ review: 'checkingVoucher' }));

describe('checkout machine: the path to a trade', () => {
  it('guest → address → SEPA payout → review → submit → done with the transactionId', async () => {
    const { actor, submits } = start();
    const s0 = actor.getSnapshot();
    expect(s0.value).toBe('identity');
    expect(s0.context).toMatchObject({ paymentType: 13, isPayPalTransaction: false, transactionId: 0, idempotencyKey: null, trade: null });

    fill(actor, IDENTITY);
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toBe('address');
    fill(actor, ADDRESS);
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toBe('payout');
    fill(actor, SEPA);
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toEqual({ review: 'idle' });

    actor.send({ type: 'checkout.acceptTerms', value: true });
    actor.send({ type: 'checkout.submit' });
    expect(actor.getSnapshot().value).toEqual({ submitting: 'waiting' });
    expect(actor.getSnapshot().context.idempotencyKey).toBe('key-1');

    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.value).toBe('done');
    expect(done.context.transactionId).toBe(42);
    expect(done.context.trade).toEqual(trade);
    expect(done.output).toEqual({ trade });
    expect(submits).toEqual([
      {
        idempotencyKey: 'key-1',
        request: {
          offerIds: [OFFER_A],
          identity: { kind: 'guest', email: 'erika@example.com' },
          address: {
            ...SELLER_ADDRESS,
          },
          // Normalized by the contract: electronic format, no PayPal e-mail.
          payout: { method: 'sepa', ...SELLER_SEPA },
          voucherCode: undefined,
          termsAccepted: true,
        },
      },
    ]);
  });

  it('PayPal: paymentType 2 and isPayPalTransaction; only the e-mail is sent; SEPA fields survive a switch', async () => {
    const { actor, submits } = start();
    fill(actor, IDENTITY);
    actor.send({ type: 'checkout.next' });
    fill(actor, ADDRESS);
    actor.send({ type: 'checkout.next' });
    fill(actor, SEPA);

    actor.send({ type: 'checkout.selectPayout', method: 'paypal' });
    expect(actor.getSnapshot().context).toMatchObject({ paymentType: 2, isPayPalTransaction: true, payout: { method: 'paypal' } });
    actor.send({ type: 'checkout.next' }); // no PayPal e-mail yet
    expect(actor.getSnapshot().value).toBe('payout');
    expect(actor.getSnapshot().context.errors).toEqual({ 'payout.email': 'email' });

    actor.send({ type: 'checkout.selectPayout', method: 'sepa' });
    expect(actor.getSnapshot().context).toMatchObject({ paymentType: 13, isPayPalTransaction: false, errors: {} });
    expect(actor.getSnapshot().context.payout).toMatchObject({
      accountHolder: 'Erika Mustermann',
      iban: SEPA['payout.iban'],
      bic: 'COBADEFFXXX',
    });

    actor.send({ type: 'checkout.selectPayout', method: 'paypal' });
    fill(actor, { 'payout.email': ' erika.paypal@example.com ' });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.acceptTerms', value: true });
    actor.send({ type: 'checkout.submit' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.context).toMatchObject({ paymentType: 2, isPayPalTransaction: true, transactionId: 42 });
    expect(submits[0]?.request.payout).toEqual({ method: 'paypal', email: 'erika.paypal@example.com' });
  });

  it('back and forward keep every input; next passes again without retyping', () => {
    const { actor } = start();
    toReview(actor);
    fill(actor, { voucherCode: 'SUMMER10' });
    actor.send({ type: 'checkout.acceptTerms', value: true });
    const filled = actor.getSnapshot().context;

    actor.send({ type: 'checkout.back' });
    expect(actor.getSnapshot().value).toBe('payout');
    actor.send({ type: 'checkout.back' });
    expect(actor.getSnapshot().value).toBe('address');
    actor.send({ type: 'checkout.back' });
    expect(actor.getSnapshot().value).toBe('identity');
    actor.send({ type: 'checkout.back' }); // the first step: nowhere to go
    expect(actor.getSnapshot().value).toBe('identity');
    expect(actor.getSnapshot().context).toEqual({ ...filled, step: 'identity' });

    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toEqual({ review: 'idle' });
    expect(actor.getSnapshot().context).toEqual(filled);
  });
});

describe('checkout machine: the payout choice and the terms box on their own steps', () => {
  const paypal = { type: 'checkout.selectPayout', method: 'paypal' } as const;
  const sepa = { type: 'checkout.selectPayout', method: 'sepa' } as const;
  const accept = { type: 'checkout.acceptTerms', value: true } as const;
  const decline = { type: 'checkout.acceptTerms', value: false } as const;

  /** The event changes nothing: the same step, the same context (no new key, no errors dropped). */
  function ignores(actor: Actor, event: typeof paypal | typeof sepa | typeof accept | typeof decline) {
    const before = actor.getSnapshot();
    expect(before.can(event)).toBe(false);
    actor.send(event);
    expect(actor.getSnapshot().value).toEqual(before.value);
    expect(actor.getSnapshot().context).toEqual(before.context);
  }

  it('the SEPA/PayPal choice is taken on the payout step only, the terms box on the review only', () => {
    const { actor } = start();
    ignores(actor, paypal);
    ignores(actor, accept);
    fill(actor, IDENTITY);
    actor.send({ type: 'checkout.next' });
    ignores(actor, paypal);
    ignores(actor, accept);
    fill(actor, ADDRESS);
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toBe('payout');
    ignores(actor, accept);
    actor.send(paypal);
    expect(actor.getSnapshot().context).toMatchObject({ payout: { method: 'paypal' }, paymentType: 2, isPayPalTransaction: true });
    fill(actor, { 'payout.email': 'erika.paypal@example.com' });
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toEqual({ review: 'idle' });
    ignores(actor, sepa);
    actor.send(accept);
    expect(actor.getSnapshot().context.termsAccepted).toBe(true);

    // The same on the steps revisited after the review: an ignored event leaves the terms ticked and the method as it was.
    actor.send({ type: 'checkout.goTo', step: 'identity' });
    ignores(actor, sepa);
    ignores(actor, decline);
    actor.send({ type: 'checkout.goTo', step: 'address' });
    ignores(actor, sepa);
    ignores(actor, decline);
    actor.send({ type: 'checkout.goTo', step: 'payout' });
    ignores(actor, decline);
    actor.send(sepa);
    expect(actor.getSnapshot().context).toMatchObject({ payout: { method: 'sepa' }, paymentType: 13, termsAccepted: true });
  });

  it('the terms box is taken while a voucher is checked, the PayPal switch is not', () => {
    const { actor } = start({ voucher: ['hang'] });
    toReview(actor);
    fill(actor, { voucherCode: 'SUMMER10' });
    actor.send({ type: 'checkout.applyVoucher' });
    expect(actor.getSnapshot().value).toEqual({ review: 'checkingVoucher' });
    ignores(actor, paypal);
    actor.send(accept);
    expect(actor.getSnapshot().value).toEqual({ review: 'checkingVoucher' });
    expect(actor.getSnapshot().context.termsAccepted).toBe(true);
  });

  it('an ignored PayPal switch in the review keeps the failed request and its key for the retry', async () => {
    const { actor, submits } = start({ submit: [new ApiCallError({ status: 503 }), trade] });
    toReview(actor);
    actor.send(accept);
    actor.send({ type: 'checkout.submit' });
    expect((await settled(actor)).context).toMatchObject({ submitError: { kind: 'network' }, idempotencyKey: 'key-1' });
    ignores(actor, paypal);
    actor.send({ type: 'checkout.retry' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(submits.map((r) => r.idempotencyKey)).toEqual(['key-1', 'key-1']);
    expect(submits[1]?.request.payout.method).toBe('sepa');
  });
});

describe('checkout machine: field errors with the contract messages', () => {
  it('identity: an invalid e-mail stays on the step; a change clears only that field error', () => {
    const { actor } = start();
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toBe('identity');
    expect(actor.getSnapshot().context.errors).toEqual({ 'identity.email': 'email' });
    fill(actor, { 'identity.email': 'erika@' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().context.errors).toEqual({ 'identity.email': 'email' });
    fill(actor, IDENTITY);
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toBe('address');
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('address: required fields and the phone rule', () => {
    const { actor } = start();
    fill(actor, IDENTITY);
    actor.send({ type: 'checkout.next' });
    fill(actor, { ...ADDRESS, 'address.firstName': '  ', 'address.city': '', 'address.phone': '12345' });
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toBe('address');
    expect(actor.getSnapshot().context.errors).toEqual({
      'address.firstName': 'required',
      'address.city': 'required',
      'address.phone': 'phone',
    });
    fill(actor, { 'address.city': 'Köln' });
    expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual(['address.firstName', 'address.phone']);
  });

  it.each<[Locale, string, boolean]>([
    ['de', '1010', false],
    ['at', '1010', true],
    ['de', '51147', true],
    ['fr', '99000', false],
    ['fr', '75001', true],
    ['it', '00184', true],
  ])('address in %s: postal code %s valid: %s', (locale, postalCode, valid) => {
    const { actor } = start({ input: { locale } });
    fill(actor, IDENTITY);
    actor.send({ type: 'checkout.next' });
    fill(actor, { ...ADDRESS, 'address.postalCode': postalCode });
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toBe(valid ? 'payout' : 'address');
    expect(actor.getSnapshot().context.errors).toEqual(valid ? {} : { 'address.postalCode': 'postalCode' });
  });

  it.each([
    ['an IBAN with wrong check digits', { 'payout.iban': 'DE88370400440532013000' }, { 'payout.iban': 'iban' }],
    ['an IBAN outside SEPA', { 'payout.iban': 'BR1800360305000010009795493C1' }, { 'payout.iban': 'ibanNotSepa' }],
    ['a BIC of seven characters', { 'payout.bic': 'COBADEF' }, { 'payout.bic': 'bic' }],
    ['no account holder', { 'payout.accountHolder': '' }, { 'payout.accountHolder': 'required' }],
  ])('payout: %s', (_name, override, errors) => {
    const { actor } = start();
    fill(actor, IDENTITY);
    actor.send({ type: 'checkout.next' });
    fill(actor, ADDRESS);
    actor.send({ type: 'checkout.next' });
    fill(actor, { ...SEPA, ...override });
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toBe('payout');
    expect(actor.getSnapshot().context.errors).toEqual(errors);
  });

  it('leaving a step drops its errors; coming back does not show them again', () => {
    const { actor } = start();
    fill(actor, IDENTITY);
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.next' });
    expect(Object.keys(actor.getSnapshot().context.errors)).toHaveLength(6);
    actor.send({ type: 'checkout.back' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });
});

describe('checkout machine: goTo', () => {
  it('only to steps already reached', () => {
    const { actor } = start();
    actor.send({ type: 'checkout.goTo', step: 'address' });
    expect(actor.getSnapshot().value).toBe('identity');
    fill(actor, IDENTITY);
    actor.send({ type: 'checkout.goTo', step: 'address' }); // valid, but address was never reached
    expect(actor.getSnapshot().value).toBe('identity');
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.goTo', step: 'review' });
    expect(actor.getSnapshot().value).toBe('address');
    actor.send({ type: 'checkout.goTo', step: 'identity' });
    expect(actor.getSnapshot().value).toBe('identity');
    actor.send({ type: 'checkout.goTo', step: 'address' });
    expect(actor.getSnapshot().value).toBe('address');
  });

  it('from review back to any step and forward again to review', () => {
    const { actor } = start();
    toReview(actor);
    actor.send({ type: 'checkout.goTo', step: 'identity' });
    expect(actor.getSnapshot().value).toBe('identity');
    actor.send({ type: 'checkout.goTo', step: 'payout' });
    expect(actor.getSnapshot().value).toBe('payout');
    actor.send({ type: 'checkout.goTo', step: 'review' });
    expect(actor.getSnapshot().value).toEqual({ review: 'idle' });
  });

  it('forward stops at the first incomplete step on the way and shows its errors', () => {
    const { actor } = start();
    toReview(actor);
    actor.send({ type: 'checkout.goTo', step: 'identity' });
    fill(actor, { 'identity.email': 'not an e-mail' });
    actor.send({ type: 'checkout.goTo', step: 'review' });
    expect(actor.getSnapshot().value).toBe('identity');
    expect(actor.getSnapshot().context.errors).toEqual({ 'identity.email': 'email' });

    fill(actor, { ...IDENTITY, 'address.postalCode': '1010' }); // an earlier edit of another step
    actor.send({ type: 'checkout.goTo', step: 'review' });
    expect(actor.getSnapshot().value).toBe('address');
    expect(actor.getSnapshot().context.errors).toEqual({ 'address.postalCode': 'postalCode' });
  });
});

describe('checkout machine: voucher', () => {
  it('valid: checks the code with the cart total and e-mail, stores the result; remove clears it', async () => {
    const { actor, voucherChecks } = start();
    toReview(actor);
    fill(actor, { voucherCode: ' summer10 ' });
    actor.send({ type: 'checkout.applyVoucher' });
    expect(actor.getSnapshot().value).toEqual({ review: 'checkingVoucher' });
    actor.send({ type: 'checkout.submit' }); // not while checking
    const checked = await settled(actor);
    expect(voucherChecks).toEqual([{ code: 'SUMMER10', cartTotal: 287.35, email: 'erika@example.com' }]);
    expect(checked.context.voucher).toEqual(validVoucher);
    expect(checked.context.voucherError).toBeNull();

    actor.send({ type: 'checkout.removeVoucher' });
    expect(actor.getSnapshot().context).toMatchObject({ voucherCode: '', voucher: null, voucherError: null });
  });

  it('invalid: the reason is stored; a new code clears it', async () => {
    const { actor } = start({ voucher: [{ valid: false, reason: 'minimum_total', minTotal: 500 }] });
    toReview(actor);
    fill(actor, { voucherCode: 'BIG50' });
    actor.send({ type: 'checkout.applyVoucher' });
    const checked = await settled(actor);
    expect(checked.context).toMatchObject({ voucher: null, voucherError: 'minimum_total' });
    fill(actor, { voucherCode: 'BIG5' });
    expect(actor.getSnapshot().context.voucherError).toBeNull();
  });

  it('a failed check reads as network; a blank code is not checked', async () => {
    const { actor, voucherChecks } = start({ voucher: [new Error('offline')] });
    toReview(actor);
    actor.send({ type: 'checkout.applyVoucher' });
    expect(actor.getSnapshot().value).toEqual({ review: 'idle' });
    expect(actor.getSnapshot().context.errors).toEqual({ voucherCode: 'required' });
    expect(voucherChecks).toEqual([]);
    fill(actor, { voucherCode: 'SUMMER10' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'checkout.applyVoucher' });
    expect((await settled(actor)).context.voucherError).toBe('network');
  });

  it('changing the code while it is being checked drops the stale answer', async () => {
    const { actor, voucherChecks } = start({ voucher: ['hang'] });
    toReview(actor);
    fill(actor, { voucherCode: 'SUMMER10' });
    actor.send({ type: 'checkout.applyVoucher' });
    fill(actor, { 'address.phone': '0221 123456' }); // another field: the check goes on
    expect(actor.getSnapshot().value).toEqual({ review: 'checkingVoucher' });
    fill(actor, { voucherCode: 'WINTER' });
    expect(actor.getSnapshot().value).toEqual({ review: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ voucherCode: 'WINTER', voucher: null, voucherError: null });
    expect(voucherChecks).toHaveLength(1);
  });
});

describe('checkout machine: submission', () => {
  it('terms not accepted: an error, no submit call', () => {
    const { actor, submits } = start();
    toReview(actor);
    actor.send({ type: 'checkout.submit' });
    expect(actor.getSnapshot().value).toEqual({ review: 'idle' });
    expect(actor.getSnapshot().context.errors).toEqual({ termsAccepted: 'mustAccept' });
    expect(actor.getSnapshot().context.idempotencyKey).toBeNull();
    expect(submits).toEqual([]);
    actor.send({ type: 'checkout.acceptTerms', value: true });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('an empty cart is not submitted', () => {
    const { actor, submits } = start({ input: { cartOfferIds: [] } });
    toReview(actor);
    actor.send({ type: 'checkout.acceptTerms', value: true });
    actor.send({ type: 'checkout.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ offerIds: 'required' });
    expect(submits).toEqual([]);
  });

  it('network failure → review; retry and an unchanged submit use the SAME key; a change makes a NEW one', async () => {
    const network = new ApiCallError({}, { cause: new TypeError('Failed to fetch') });
    const { actor, submits } = start({
      submit: [network, new ApiCallError({ status: 503 }), new ApiCallError({ status: 502 }), trade],
    });
    toReview(actor);
    actor.send({ type: 'checkout.acceptTerms', value: true });
    actor.send({ type: 'checkout.submit' });
    let s = await settled(actor);
    expect(s.value).toEqual({ review: 'idle' });
    expect(s.context.submitError).toEqual({ kind: 'network' });
    expect(s.context.idempotencyKey).toBe('key-1');
    expect(s.can({ type: 'checkout.retry' })).toBe(true);

    actor.send({ type: 'checkout.retry' });
    s = await settled(actor);
    expect(s.context.submitError).toEqual({ kind: 'network' }); // 503
    fill(actor, { 'address.city': 'Köln' }); // the same value: nothing changed
    actor.send({ type: 'checkout.submit' });
    s = await settled(actor);
    expect(s.context.submitError).toEqual({ kind: 'network' }); // 502
    expect(submits.map((r) => r.idempotencyKey)).toEqual(['key-1', 'key-1', 'key-1']);
    expect(submits[1]?.request).toEqual(submits[0]?.request);

    fill(actor, { 'address.city': 'Bonn' });
    expect(actor.getSnapshot().context.idempotencyKey).toBeNull();
    expect(actor.getSnapshot().can({ type: 'checkout.retry' })).toBe(false);
    actor.send({ type: 'checkout.retry' });
    expect(actor.getSnapshot().value).toEqual({ review: 'idle' });
    actor.send({ type: 'checkout.submit' });
    const done = await waitFor(actor, (snap) => snap.status === 'done');
    expect(submits.map((r) => r.idempotencyKey)).toEqual(['key-1', 'key-1', 'key-1', 'key-2']);
    expect(submits[3]?.request.address.city).toBe('Bonn');
    expect(done.context.transactionId).toBe(42);
    expect(done.context.submitError).toBeNull();
  });

  it('a plain rejection (no status) counts as a network failure', async () => {
    const { actor } = start({ submit: [new TypeError('Failed to fetch')] });
    toReview(actor);
    actor.send({ type: 'checkout.acceptTerms', value: true });
    actor.send({ type: 'checkout.submit' });
    expect((await settled(actor)).context).toMatchObject({ submitError: { kind: 'network' }, idempotencyKey: 'key-1' });
  });

  it('409 expired → the offer ids; the answer is stored on the key, so the next submit gets a new key', async () => {
    const body = {
      statusCode: 409,
      error: 'Conflict',
      message: 'Some offers have expired; get a new offer for these devices.',
      expiredOfferIds: [OFFER_A],
    };
    const { actor, submits } = start({ submit: [new ApiCallError({ status: 409, body }), trade] });
    toReview(actor);
    actor.send({ type: 'checkout.acceptTerms', value: true });
    actor.send({ type: 'checkout.submit' });
    const failed = await settled(actor);
    expect(failed.context.submitError).toEqual({ kind: 'expired', offerIds: [OFFER_A] });
    expect(failed.context.idempotencyKey).toBeNull();
    expect(failed.can({ type: 'checkout.retry' })).toBe(false);

    // The page re-quotes the device and hands over the new cart.
    actor.send({ type: 'checkout.cartChanged', offerIds: [OFFER_B], cartTotal: 280 });
    expect(actor.getSnapshot().context).toMatchObject({ cartOfferIds: [OFFER_B], cartTotal: 280, submitError: null });
    actor.send({ type: 'checkout.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(submits.map((r) => [r.idempotencyKey, r.request.offerIds])).toEqual([
      ['key-1', [OFFER_A]],
      ['key-2', [OFFER_B]],
    ]);
  });

  it('cartChanged: the same cart changes nothing (the key survives); a new total drops the checked voucher', async () => {
    const { actor } = start({ submit: [new ApiCallError({ status: 502 })] });
    toReview(actor);
    fill(actor, { voucherCode: 'SUMMER10' });
    actor.send({ type: 'checkout.applyVoucher' });
    await settled(actor);
    actor.send({ type: 'checkout.acceptTerms', value: true });
    actor.send({ type: 'checkout.submit' });
    await settled(actor);
    actor.send({ type: 'checkout.cartChanged', offerIds: [OFFER_A], cartTotal: 287.35 }); // the page syncing on mount
    expect(actor.getSnapshot().context).toMatchObject({ idempotencyKey: 'key-1', submitError: { kind: 'network' }, voucher: validVoucher });

    actor.send({ type: 'checkout.cartChanged', offerIds: [OFFER_A, OFFER_B], cartTotal: 400 });
    expect(actor.getSnapshot().context).toMatchObject({
      cartOfferIds: [OFFER_A, OFFER_B],
      cartTotal: 400,
      idempotencyKey: null,
      submitError: null,
      voucherCode: 'SUMMER10',
      voucher: null,
    });
  });

  it('409 used → the offer ids to remove', async () => {
    const body = { statusCode: 409, error: 'Conflict', message: 'Some offers already belong to a trade.', usedOfferIds: [OFFER_B] };
    const { actor } = start({ submit: [new ApiCallError({ status: 409, body })], input: { cartOfferIds: [OFFER_A, OFFER_B] } });
    toReview(actor);
    actor.send({ type: 'checkout.acceptTerms', value: true });
    actor.send({ type: 'checkout.submit' });
    expect((await settled(actor)).context.submitError).toEqual({ kind: 'used', offerIds: [OFFER_B] });
  });

  it('422 voucher → voucher error with its reason; 422 cap → b2bCap', async () => {
    const voucherBody = {
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: 'This voucher was already used with this e-mail address.',
      reason: 'already_used',
      fields: [{ path: 'voucherCode', message: 'This voucher was already used with this e-mail address.' }],
    };
    const capBody = {
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: 'Business trade-ins are capped at 5000 EUR.',
      cap: 5000,
      total: 5120.5,
      overBy: 120.5,
      fields: [{ path: 'offerIds', code: 'b2bTradeCap', message: 'Business trade-ins are capped at 5000 EUR.' }],
    };
    const { actor, submits } = start({
      submit: [new ApiCallError({ status: 422, body: voucherBody }), new ApiCallError({ status: 422, body: capBody })],
      input: { b2b: true },
    });
    toReview(actor);
    fill(actor, { voucherCode: 'SUMMER10' });
    actor.send({ type: 'checkout.applyVoucher' });
    await settled(actor);
    actor.send({ type: 'checkout.acceptTerms', value: true });
    actor.send({ type: 'checkout.submit' });
    const refused = await settled(actor);
    expect(refused.context).toMatchObject({
      submitError: { kind: 'voucher', reason: 'already_used' },
      voucher: null,
      voucherError: 'already_used',
    });
    expect(submits[0]?.request).toMatchObject({ voucherCode: 'SUMMER10', b2b: true });

    actor.send({ type: 'checkout.removeVoucher' });
    actor.send({ type: 'checkout.submit' });
    const capped = await settled(actor);
    expect(capped.context.submitError).toEqual({ kind: 'b2bCap', cap: 5000, overBy: 120.5 });
    expect(submits.map((r) => r.idempotencyKey)).toEqual(['key-1', 'key-2']);
    expect(submits[1]?.request.voucherCode).toBeUndefined();
  });

  it('400 → invalid, the answer fields land on their fields and on the step that owns them', async () => {
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'The checkout is not complete or not valid.',
      fields: [
        { path: 'address.postalCode', code: 'postalCode', message: 'This is not a valid postal code for this country.' },
        { path: 'payout.iban', code: 'iban', message: 'This IBAN is not valid.' },
      ],
    };
    const { actor } = start({ submit: [new ApiCallError({ status: 400, body })] });
    toReview(actor);
    actor.send({ type: 'checkout.acceptTerms', value: true });
    actor.send({ type: 'checkout.submit' });
    const failed = await settled(actor);
    expect(failed.context.submitError).toEqual({ kind: 'invalid' });
    expect(failed.context.errors).toEqual({
      'address.postalCode': 'postalCode',
      'payout.iban': 'iban',
    });

    actor.send({ type: 'checkout.goTo', step: 'address' });
    expect(actor.getSnapshot().context.errors).toEqual({ 'address.postalCode': 'postalCode' });
    fill(actor, { 'address.postalCode': '51143' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('b2b is refused by the contract outside the German shop, before any call', () => {
    const { actor, submits } = start({ input: { locale: 'at', b2b: true } });
    fill(actor, IDENTITY);
    actor.send({ type: 'checkout.next' });
    fill(actor, { ...ADDRESS, ...COMPANY, 'address.postalCode': '1010', 'address.city': 'Wien' });
    actor.send({ type: 'checkout.next' });
    fill(actor, SEPA);
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.acceptTerms', value: true });
    actor.send({ type: 'checkout.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ b2b: 'invalid' });
    expect(submits).toEqual([]);
  });

  it('without provided actors nothing is called: the submission fails as network', async () => {
    const actor = createActor(checkoutMachine, { input: input() }).start();
    toReview(actor as unknown as Actor);
    actor.send({ type: 'checkout.acceptTerms', value: true });
    actor.send({ type: 'checkout.submit' });
    const failed = await waitFor(actor, (s) => !s.matches('submitting'));
    expect(failed.context.submitError).toEqual({ kind: 'network' });
    expect(failed.context.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

const ACCOUNT: AccountPrefill = {
  email: 'erika@example.com',
  address: {
    ...SELLER_ADDRESS,
    phone: '',
  },
  sepa: { ...SELLER_SEPA },
  paypal: { email: 'erika.paypal@example.com' },
};

describe('checkout machine: a logged-in customer', () => {
  it('useAccount in the identity step: customer identity, address and payout prefilled, on to the address step', () => {
    const { actor } = start();
    actor.send({ type: 'checkout.useAccount', prefill: ACCOUNT });
    const s = actor.getSnapshot();
    expect(s.value).toBe('address');
    expect(s.context.identity).toEqual({ kind: 'customer', email: 'erika@example.com' });
    expect(s.context.address).toEqual(ACCOUNT.address);
    expect(s.context.payout).toEqual({ method: 'sepa', ...ACCOUNT.sepa, email: 'erika.paypal@example.com' });
    expect(s.context).toMatchObject({ paymentType: 13, isPayPalTransaction: false });
  });

  it('the submitted request has identity {kind: customer} without an e-mail; the prefill stays editable', async () => {
    const { actor, submits } = start();
    actor.send({ type: 'checkout.useAccount', prefill: ACCOUNT });
    fill(actor, { 'address.city': 'Bonn', 'address.postalCode': '53111' });
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toBe('payout');
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toEqual({ review: 'idle' });
    actor.send({ type: 'checkout.acceptTerms', value: true });
    actor.send({ type: 'checkout.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(submits).toHaveLength(1);
    expect(submits[0]?.request.identity).toEqual({ kind: 'customer' });
    expect(submits[0]?.request.address).toMatchObject({ city: 'Bonn', postalCode: '53111', street: 'Heidestraße' });
    expect(submits[0]?.request.payout).toEqual({
      method: 'sepa',
      accountHolder: 'Erika Mustermann',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    });
  });

  it('saves the details to the account by default; unchecking the box sends false with a new key (issue 32 part 2)', async () => {
    const { actor, submits } = start();
    actor.send({ type: 'checkout.useAccount', prefill: ACCOUNT });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.acceptTerms', value: true });
    expect(actor.getSnapshot().context.saveToAccount).toBe(true);
    actor.send({ type: 'checkout.saveToAccount', value: false });
    expect(actor.getSnapshot().context).toMatchObject({ saveToAccount: false, idempotencyKey: null });
    // The same value again is no change.
    const before = actor.getSnapshot().context;
    actor.send({ type: 'checkout.saveToAccount', value: false });
    expect(actor.getSnapshot().context).toBe(before);
    actor.send({ type: 'checkout.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(submits[0]?.request.saveToAccount).toBe(false);
  });

  it('a customer checkout sends saveToAccount: true unless unchecked; a guest checkout never sends it and ignores the box', async () => {
    const customer = start();
    customer.actor.send({ type: 'checkout.useAccount', prefill: ACCOUNT });
    customer.actor.send({ type: 'checkout.next' });
    customer.actor.send({ type: 'checkout.next' });
    customer.actor.send({ type: 'checkout.acceptTerms', value: true });
    customer.actor.send({ type: 'checkout.submit' });
    await waitFor(customer.actor, (s) => s.status === 'done');
    expect(customer.submits[0]?.request.saveToAccount).toBe(true);

    const guest = start();
    const before = guest.actor.getSnapshot().context;
    guest.actor.send({ type: 'checkout.saveToAccount', value: false });
    expect(guest.actor.getSnapshot().context).toBe(before);
    toReview(guest.actor);
    guest.actor.send({ type: 'checkout.acceptTerms', value: true });
    guest.actor.send({ type: 'checkout.submit' });
    await waitFor(guest.actor, (s) => s.status === 'done');
    expect(guest.submits[0]?.request).not.toHaveProperty('saveToAccount');
  });

  it('an account with only PayPal selects PayPal (paymentType 2); a customer e-mail cannot be edited', () => {
    const { actor } = start();
    actor.send({ type: 'checkout.useAccount', prefill: { ...ACCOUNT, sepa: null } });
    expect(actor.getSnapshot().context).toMatchObject({
      payout: { method: 'paypal', email: 'erika.paypal@example.com', iban: '' },
      paymentType: 2,
      isPayPalTransaction: true,
    });
    actor.send({ type: 'checkout.change', field: 'identity.email', value: 'someone@example.com' });
    expect(actor.getSnapshot().context.identity).toEqual({ kind: 'customer', email: 'erika@example.com' });
  });

  it('what the seller typed as a guest is kept; only untouched parts are prefilled', () => {
    const { actor } = start();
    fill(actor, IDENTITY);
    actor.send({ type: 'checkout.next' });
    fill(actor, { 'address.firstName': 'Max' });
    actor.send({ type: 'checkout.useAccount', prefill: ACCOUNT });
    const s = actor.getSnapshot();
    // Logging in later does not move the seller away from the step they are in.
    expect(s.value).toBe('address');
    expect(s.context.identity.kind).toBe('customer');
    expect(s.context.address).toMatchObject({ firstName: 'Max', street: '' });
    expect(s.context.payout).toMatchObject({ method: 'sepa', iban: 'DE89370400440532013000' });
  });

  it('an account without address or payout account prefills nothing; the same account again changes nothing', () => {
    const { actor } = start();
    actor.send({ type: 'checkout.useAccount', prefill: { email: 'new@example.com', address: null, sepa: null, paypal: null } });
    const before = actor.getSnapshot();
    expect(before.value).toBe('address');
    expect(before.context.address).toEqual({
      firstName: '',
      lastName: '',
      street: '',
      houseNumber: '',
      postalCode: '',
      city: '',
      phone: '',
    });
    actor.send({ type: 'checkout.useAccount', prefill: { email: 'new@example.com', address: null, sepa: null, paypal: null } });
    expect(actor.getSnapshot().context).toBe(before.context);
  });

  it('useGuest after a logout: a guest with the same e-mail, a new idempotency key on the next submit', async () => {
    const { actor, submits } = start({ submit: [new Error('offline'), trade] });
    actor.send({ type: 'checkout.useAccount', prefill: ACCOUNT });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.acceptTerms', value: true });
    actor.send({ type: 'checkout.submit' });
    await settled(actor);
    expect(actor.getSnapshot().context.idempotencyKey).toBe('key-1');

    actor.send({ type: 'checkout.useGuest' });
    expect(actor.getSnapshot().context).toMatchObject({ identity: { kind: 'guest', email: 'erika@example.com' }, idempotencyKey: null });
    // A guest already: nothing changes.
    const guest = actor.getSnapshot().context;
    actor.send({ type: 'checkout.useGuest' });
    expect(actor.getSnapshot().context).toBe(guest);

    actor.send({ type: 'checkout.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(submits.map((s) => [s.idempotencyKey, s.request.identity])).toEqual([
      ['key-1', { kind: 'customer' }],
      ['key-2', { kind: 'guest', email: 'erika@example.com' }],
    ]);
  });

  it('the voucher check sends the account e-mail', async () => {
    const { actor, voucherChecks } = start();
    actor.send({ type: 'checkout.useAccount', prefill: ACCOUNT });
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.next' });
    fill(actor, { voucherCode: 'summer10' });
    actor.send({ type: 'checkout.applyVoucher' });
    await settled(actor);
    expect(voucherChecks).toEqual([{ code: 'SUMMER10', cartTotal: 287.35, email: 'erika@example.com' }]);
  });
});

describe('checkout machine: persistence', () => {
  type Snap = SnapshotFrom<typeof checkoutMachine>;

  /** What the shop stores of a running checkout, through the structured clone IndexedDB uses. */
  const stored = (actor: Actor) => structuredClone(storedCheckoutOf(actor.getSnapshot().context));

  /** A "reload": a new checkout of the same cart that resumes the stored one (as the shop actor opens it). */
  function reload(snapshot: StoredCheckout, machine = fakes().machine, cart: Partial<CheckoutInput> = {}) {
    return createActor(machine, { input: input({ ...cart, resume: resumableCheckout(snapshot) }) }).start();
  }

  const steps: Array<[string, (actor: Actor) => void]> = [
    ['identity', (actor) => fill(actor, { 'identity.email': 'erika@exa' })],
    [
      'address',
      (actor) => {
        fill(actor, IDENTITY);
        actor.send({ type: 'checkout.next' });
        fill(actor, { 'address.firstName': 'Erika', 'address.postalCode': '1010' });
        actor.send({ type: 'checkout.next' }); // with errors
      },
    ],
    [
      'payout',
      (actor) => {
        fill(actor, IDENTITY);
        actor.send({ type: 'checkout.next' });
        fill(actor, ADDRESS);
        actor.send({ type: 'checkout.next' });
        actor.send({ type: 'checkout.selectPayout', method: 'paypal' });
        fill(actor, { 'payout.email': 'erika.paypal@example.com' });
      },
    ],
    [
      'review',
      (actor) => {
        toReview(actor);
        fill(actor, { voucherCode: 'SUMMER10' });
        actor.send({ type: 'checkout.acceptTerms', value: true });
      },
    ],
  ];

  it.each(steps)('a reload in %s resumes there with every input', (step, drive) => {
    const { actor } = start();
    drive(actor);
    const before = actor.getSnapshot();
    expect(before.matches(step as 'identity')).toBe(true);

    const restored = reload(stored(actor));
    const after: Snap = restored.getSnapshot();
    expect(after.value).toEqual(before.value);
    expect(after.context).toEqual(before.context);
    // …and it keeps working: back goes one step further back (or stays at the first).
    restored.send({ type: 'checkout.back' });
    expect(restored.getSnapshot().context.identity).toEqual(before.context.identity);
  });

  it('through IndexedDB: a reload in review, then submit', async () => {
    const { actor } = start();
    const handle = persistActor(
      persistableView(actor, (snapshot) => storedCheckoutOf(snapshot.context)),
      'checkout-flow',
      { debounceMs: 1 },
    );
    toReview(actor);
    fill(actor, { voucherCode: 'SUMMER10' });
    actor.send({ type: 'checkout.applyVoucher' });
    await settled(actor);
    actor.send({ type: 'checkout.acceptTerms', value: true });
    await handle.stop();

    const snapshot = await loadSnapshot<StoredCheckout>('checkout-flow');
    expect(snapshot).toBeDefined();
    const { machine, submits } = fakes();
    const restored = reload(snapshot!, machine);
    expect(restored.getSnapshot().value).toEqual({ review: 'idle' });
    expect(restored.getSnapshot().context).toEqual(actor.getSnapshot().context);
    expect(restored.getSnapshot().context.voucher).toEqual(validVoucher);
    restored.send({ type: 'checkout.submit' });
    await waitFor(restored, (s) => s.status === 'done');
    expect(submits[0]?.request.voucherCode).toBe('SUMMER10');
  });

  it('says "still working" after STILL_WORKING_MS without an answer, not before', () => {
    const { machine } = fakes({ submit: ['hang'] });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { input: input(), clock }).start();
    toReview(actor);
    actor.send({ type: 'checkout.acceptTerms', value: true });
    actor.send({ type: 'checkout.submit' });
    clock.increment(STILL_WORKING_MS - 1);
    expect(actor.getSnapshot().value).toEqual({ submitting: 'waiting' });
    clock.increment(1);
    expect(actor.getSnapshot().value).toEqual({ submitting: 'slow' });
    actor.stop();
  });

  it('a reload in submitting re-sends the same request with the same key (the server replays)', async () => {
    const first = start({ submit: ['hang'] });
    toReview(first.actor);
    first.actor.send({ type: 'checkout.acceptTerms', value: true });
    first.actor.send({ type: 'checkout.submit' });
    expect(first.actor.getSnapshot().value).toEqual({ submitting: 'waiting' });
    const persisted = stored(first.actor);
    first.actor.stop();

    const second = fakes();
    const restored = reload(persisted, second.machine);
    const done = await waitFor(restored, (s) => s.status === 'done');
    expect(done.context.transactionId).toBe(42);
    expect(second.submits).toEqual(first.submits);
    expect(second.submits[0]?.idempotencyKey).toBe('key-1');
  });

  it('a reload in submitting whose re-send fails lands in review with a network error and the key to retry', async () => {
    const first = start({ submit: ['hang'] });
    toReview(first.actor);
    first.actor.send({ type: 'checkout.acceptTerms', value: true });
    first.actor.send({ type: 'checkout.submit' });
    const persisted = stored(first.actor);
    first.actor.stop();

    const second = fakes({ submit: [new ApiCallError({ status: 504 }), trade] });
    const restored = reload(persisted, second.machine);
    const failed = await settled(restored);
    expect(failed.value).toEqual({ review: 'idle' });
    expect(failed.context).toMatchObject({ submitError: { kind: 'network' }, idempotencyKey: 'key-1' });
    restored.send({ type: 'checkout.retry' });
    await waitFor(restored, (s) => s.status === 'done');
    expect(second.submits.map((r) => r.idempotencyKey)).toEqual(['key-1', 'key-1']);
  });

  it('a reload in submitting with another cart does not re-send: it is another request', async () => {
    const first = start({ submit: ['hang'] });
    toReview(first.actor);
    first.actor.send({ type: 'checkout.acceptTerms', value: true });
    first.actor.send({ type: 'checkout.submit' });
    const persisted = stored(first.actor);
    first.actor.stop();

    const second = fakes();
    const restored = reload(persisted, second.machine, { cartOfferIds: [OFFER_A, OFFER_B], cartTotal: 400 });
    expect(restored.getSnapshot().value).toEqual({ review: 'idle' });
    expect(restored.getSnapshot().context).toMatchObject({ cartOfferIds: [OFFER_A, OFFER_B], cartTotal: 400, idempotencyKey: null });
    expect(second.submits).toEqual([]);
  });

  it('a reload during a voucher check resumes in review with the code, to be checked again', async () => {
    const first = start({ voucher: ['hang'] });
    toReview(first.actor);
    fill(first.actor, { voucherCode: 'SUMMER10' });
    first.actor.send({ type: 'checkout.applyVoucher' });
    const persisted = stored(first.actor);
    first.actor.stop();

    const second = fakes();
    const restored = reload(persisted, second.machine);
    expect(restored.getSnapshot().value).toEqual({ review: 'idle' });
    expect(restored.getSnapshot().context).toMatchObject({ voucherCode: 'SUMMER10', voucher: null });
    restored.send({ type: 'checkout.applyVoucher' });
    const checked = await settled(restored);
    expect(checked.context.voucher).toEqual(validVoucher);
    expect(second.voucherChecks).toEqual([{ code: 'SUMMER10', cartTotal: 287.35, email: 'erika@example.com' }]);
  });

  it('resumes only a running checkout of this version', async () => {
    const { actor } = start();
    toReview(actor);
    actor.send({ type: 'checkout.acceptTerms', value: true });
    const running = stored(actor);
    expect(resumableCheckout(running)).toEqual(actor.getSnapshot().context);
    expect(resumableCheckout({ ...running, version: CHECKOUT_SNAPSHOT_VERSION - 1 })).toBeNull();
    expect(resumableCheckout({ version: CHECKOUT_SNAPSHOT_VERSION, context: { ...running.context, reachedStep: 'cart' } })).toBeNull();
    expect(resumableCheckout({ status: 'active', value: 'review', context: running.context })).toBeNull(); // the earlier snapshot form
    actor.send({ type: 'checkout.submit' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(resumableCheckout(storedCheckoutOf(done.context))).toBeNull(); // a finished one is never resumed
  });
});

describe('checkout machine: a business trade-in (B2B mode)', () => {
  it('the address step asks for the company and a phone number; without them it stays', () => {
    const { actor } = start({ input: { b2b: true } });
    fill(actor, IDENTITY);
    actor.send({ type: 'checkout.next' });
    fill(actor, ADDRESS);
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toBe('address');
    expect(actor.getSnapshot().context.errors).toEqual({
      'company.name': 'required',
      'company.legalForm': 'required',
      'address.phone': 'required',
    });
    fill(actor, COMPANY);
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toBe('payout');
  });

  it('an invalid VAT id stays on the address step with its code and keeps every typed value', () => {
    const { actor } = start({ input: { b2b: true } });
    fill(actor, IDENTITY);
    actor.send({ type: 'checkout.next' });
    fill(actor, { ...ADDRESS, ...COMPANY, 'company.vatId': 'DE136695977' });
    actor.send({ type: 'checkout.next' });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('address');
    expect(context.errors).toEqual({ 'company.vatId': 'vatId' });
    expect(context.company).toEqual({ name: 'Muster Handel GmbH', legalForm: 'gmbh', vatId: 'DE136695977' });
    expect(context.address.phone).toBe('0221 123456');
    // A small business without VAT id leaves it empty.
    fill(actor, { 'company.vatId': '' });
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toBe('payout');
  });

  it('pays to the company bank account only: PayPal cannot be chosen', () => {
    const { actor } = start({ input: { b2b: true } });
    fill(actor, IDENTITY);
    actor.send({ type: 'checkout.next' });
    fill(actor, { ...ADDRESS, ...COMPANY });
    actor.send({ type: 'checkout.next' });
    // On the payout step, where a consumer's checkout takes the choice.
    expect(actor.getSnapshot().value).toBe('payout');
    actor.send({ type: 'checkout.selectPayout', method: 'paypal' });
    expect(actor.getSnapshot().context).toMatchObject({ payout: { method: 'sepa' }, isPayPalTransaction: false, paymentType: 13 });
  });

  it('a consumer checkout paying by PayPal is paid by SEPA once its cart becomes a business cart', () => {
    const { actor } = start();
    fill(actor, IDENTITY);
    actor.send({ type: 'checkout.next' });
    fill(actor, ADDRESS);
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.selectPayout', method: 'paypal' });
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().context.errors).toHaveProperty(['payout.email']);
    const { cartOfferIds: offerIds, cartTotal } = actor.getSnapshot().context;
    actor.send({ type: 'checkout.cartChanged', offerIds: [...offerIds], cartTotal, b2b: true });
    expect(actor.getSnapshot().context).toMatchObject({
      b2b: true,
      payout: { method: 'sepa' },
      isPayPalTransaction: false,
      paymentType: 13,
      errors: {},
    });
    // Back to a consumer cart, the SEPA choice stays until the seller changes it.
    actor.send({ type: 'checkout.cartChanged', offerIds: [...offerIds], cartTotal, b2b: false });
    expect(actor.getSnapshot().context.payout.method).toBe('sepa');
  });

  it('sends the company with b2b: true (VAT id normalized); a consumer checkout sends none', async () => {
    const business = start({ input: { b2b: true } });
    toReview(business.actor);
    business.actor.send({ type: 'checkout.acceptTerms', value: true });
    business.actor.send({ type: 'checkout.submit' });
    await settled(business.actor);
    expect(business.submits[0]?.request).toMatchObject({
      b2b: true,
      company: { name: 'Muster Handel GmbH', legalForm: 'gmbh', vatId: 'DE136695976' },
      address: { phone: '0221 123456' },
    });

    const consumer = start();
    toReview(consumer.actor);
    fill(consumer.actor, COMPANY);
    consumer.actor.send({ type: 'checkout.acceptTerms', value: true });
    consumer.actor.send({ type: 'checkout.submit' });
    await settled(consumer.actor);
    expect(consumer.submits[0]?.request).not.toHaveProperty('company');
    expect(consumer.submits[0]?.request).not.toHaveProperty('b2b');
  });
});

describe('checkout machine: the cart reported for price-drop warnings (decision 058)', () => {
  function withHolds(script: Script<void>) {
    const reports = scripted<void, CartHoldsRequest>(script);
    const submit = scripted<Trade, SubmitTradeInput>([trade]);
    const machine = checkoutMachine.provide({
      actors: {
        submitTrade: submit.logic,
        checkVoucher: scripted<VoucherCheckResult, VoucherCheckRequest>([validVoucher]).logic,
        reportCartHolds: reports.logic,
      },
    });
    const actor = createActor(machine, { input: input({ cartOfferIds: [OFFER_A, OFFER_B] }) }).start();
    return { actor, reports: reports.inputs, submits: submit.inputs };
  }

  it('reports the e-mail, shop and offers once the address step is complete, and again when the cart changes after it', () => {
    const { actor, reports } = withHolds([undefined]);
    fill(actor, { 'identity.email': ' Erika@Example.com ' });
    actor.send({ type: 'checkout.next' });
    // Not before the address step is complete: an invalid address reports nothing.
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toBe('address');
    expect(reports).toEqual([]);
    fill(actor, ADDRESS);
    actor.send({ type: 'checkout.next' });
    expect(actor.getSnapshot().value).toBe('payout');
    expect(reports).toEqual([{ email: 'erika@example.com', locale: 'de', offerIds: [OFFER_A, OFFER_B] }]);

    actor.send({ type: 'checkout.cartChanged', offerIds: [OFFER_B], cartTotal: 100 });
    expect(reports.at(-1)).toEqual({ email: 'erika@example.com', locale: 'de', offerIds: [OFFER_B] });
    expect(reports).toHaveLength(2);
  });

  it('a cart change before the address step is complete reports nothing', () => {
    const { actor, reports } = withHolds([undefined]);
    fill(actor, IDENTITY);
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.cartChanged', offerIds: [OFFER_B], cartTotal: 100 });
    expect(reports).toEqual([]);
  });

  it('a failed report is dropped: the checkout goes on to the trade as if nothing happened', async () => {
    const { actor, reports, submits } = withHolds([new ApiCallError({ status: 503 })]);
    fill(actor, IDENTITY);
    actor.send({ type: 'checkout.next' });
    fill(actor, ADDRESS);
    actor.send({ type: 'checkout.next' });
    // Let the rejected report arrive.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reports).toHaveLength(1);
    const afterFailure = actor.getSnapshot();
    expect(afterFailure.status).toBe('active');
    expect(afterFailure.value).toBe('payout');
    expect(afterFailure.context.errors).toEqual({});
    expect(afterFailure.context.submitError).toBeNull();

    fill(actor, SEPA);
    actor.send({ type: 'checkout.next' });
    actor.send({ type: 'checkout.acceptTerms', value: true });
    actor.send({ type: 'checkout.submit' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output?.trade).toEqual(trade);
    expect(submits).toHaveLength(1);
  });

  it('a report that never answers does not hold up the checkout either', async () => {
    const { actor } = withHolds(['hang']);
    toReview(actor);
    actor.send({ type: 'checkout.acceptTerms', value: true });
    actor.send({ type: 'checkout.submit' });
    expect((await waitFor(actor, (s) => s.status === 'done')).output?.trade).toEqual(trade);
  });
});
