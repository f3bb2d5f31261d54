// Model-based test of the checkout against the production checkout machine. The executors first
// make what a step needs true (valid fields, accepted terms) and then act, so every model path is
// a sequence the seller can really produce.

import { expect } from 'vitest';
import { ApiCallError } from '../src/services/api-failure';
import { assign, createActor, fromPromise, SimulatedClock, type Actor } from 'xstate';
import type { CartHoldsRequest } from '../src/contracts/offers';
import type { Trade, VoucherCheckRequest, VoucherCheckResult } from '../src/contracts/trades';
import {
  STILL_WORKING_MS,
  checkoutMachine,
  resumableCheckout,
  storedCheckoutOf,
  type AccountPrefill,
  type CheckoutField,
  type SubmitTradeInput,
} from '../src/machines/checkout';
import { OFFER_A, OFFER_B, trade as TRADE } from '../src/machines/checkout.fixtures';
import { checkoutModel } from './checkout.model';
import { controllable } from './support/controllable';
import { describeMachineFlow } from './support/machine-runner';
import { SELLER_ADDRESS, SELLER_SEPA } from '../src/contracts/seller.fixtures';

const ADDRESS = SELLER_ADDRESS;
const SEPA = SELLER_SEPA;
const COMPANY = { name: 'Muster Handel GmbH', legalForm: 'gmbh', vatId: 'DE136695976' } as const;
const PREFILL: AccountPrefill = { email: 'kunde@example.com', address: { ...ADDRESS, city: 'Bonn' }, sepa: SEPA, paypal: null };

interface Harness {
  actor: Actor<typeof checkoutMachine> | null;
  submitTrade: ReturnType<typeof controllable<Trade, SubmitTradeInput>>;
  checkVoucher: ReturnType<typeof controllable<VoucherCheckResult, VoucherCheckRequest>>;
  /** What the checkout told the shop about the cart for price-drop warnings (every report fails: it must not matter). */
  cartHolds: CartHoldsRequest[];
  edits: number;
  /** The actors' clock (the "still working" delay). */
  clock: SimulatedClock;
  /** A new actor resuming what the shop stored of this one (a page reload). */
  reload(): void;
  /** A new checkout of a cart in B2B mode (a company's checkout). */
  startAsBusiness(): void;
}

const context = (h: Harness) => h.actor!.getSnapshot().context;
const send = (h: Harness, event: Parameters<Actor<typeof checkoutMachine>['send']>[0]) => h.actor!.send(event);
const change = (h: Harness, field: CheckoutField, value: string) => send(h, { type: 'checkout.change', field, value });
const current = (h: Harness) => {
  const value = h.actor!.getSnapshot().value;
  return typeof value === 'string' ? value : Object.keys(value)[0]!;
};

/** Fills (only what differs) the identity, address and payout so every step is valid. */
function makeValid(h: Harness, steps: readonly ('identity' | 'address' | 'payout')[] = ['identity', 'address', 'payout']) {
  const c = context(h);
  if (steps.includes('identity') && c.identity.kind === 'guest' && c.identity.email !== 'erika@example.com')
    change(h, 'identity.email', 'erika@example.com');
  if (steps.includes('address')) {
    for (const [field, value] of Object.entries(ADDRESS))
      if (context(h).address[field as keyof typeof ADDRESS] === '') change(h, `address.${field}` as CheckoutField, value);
    if (context(h).b2b) {
      for (const [field, value] of Object.entries(COMPANY)) change(h, `company.${field}` as CheckoutField, value);
      if (context(h).address.phone === '') change(h, 'address.phone', '0221 123456');
    }
  }
  if (steps.includes('payout')) {
    if (context(h).payout.method === 'paypal') {
      if (context(h).payout.email === '') change(h, 'payout.email', 'erika.paypal@example.com');
    } else {
      for (const [field, value] of Object.entries(SEPA))
        if (context(h).payout[field as keyof typeof SEPA] === '') change(h, `payout.${field}` as CheckoutField, value);
    }
  }
}
const acceptTerms = (h: Harness) => {
  if (!context(h).termsAccepted) send(h, { type: 'checkout.acceptTerms', value: true });
};
const goTo = (h: Harness, step: 'identity' | 'address' | 'payout' | 'review') => send(h, { type: 'checkout.goTo', step });
/** Jump to the review with `invalid` incomplete (and the steps before it complete). */
function jumpStoppedBy(h: Harness, invalid: 'identity' | 'address' | 'payout') {
  makeValid(h);
  if (invalid === 'identity') change(h, 'identity.email', '');
  if (invalid === 'address') change(h, 'address.street', '');
  if (invalid === 'payout') change(h, context(h).payout.method === 'paypal' ? 'payout.email' : 'payout.iban', '');
  goTo(h, 'review');
}

/** The last report of the cart for price-drop warnings is the cart and e-mail of the checkout now. */
const cartReported = (h: Harness) =>
  expect(h.cartHolds.at(-1)).toEqual({
    email: context(h).identity.email.toLowerCase(),
    locale: 'de',
    offerIds: context(h).cartOfferIds,
  });

describeMachineFlow<Harness>({
  name: 'checkout',
  model: checkoutModel,
  production: [checkoutMachine],
  simplePathBound: 0,
  start(inspect) {
    const submitTrade = controllable<Trade, SubmitTradeInput>('submitTrade');
    const checkVoucher = controllable<VoucherCheckResult, VoucherCheckRequest>('checkVoucher');
    const cartHolds: CartHoldsRequest[] = [];
    const reportCartHolds = fromPromise<void, CartHoldsRequest>(async ({ input }) => {
      cartHolds.push(input);
      throw new ApiCallError({ status: 503 });
    });
    let keys = 0;
    const machine = checkoutMachine.provide({
      actors: { submitTrade: submitTrade.logic, checkVoucher: checkVoucher.logic, reportCartHolds },
      actions: { makeKey: assign({ idempotencyKey: () => `key-${++keys}` }) },
    });
    const input = { locale: 'de', cartOfferIds: [OFFER_A], cartTotal: 287.35, b2b: false } as {
      locale: 'de';
      cartOfferIds: string[];
      cartTotal: number;
      b2b: boolean;
    };
    const clock = new SimulatedClock();
    const harness: Harness = {
      clock,
      actor: createActor(machine, { input, inspect, clock }).start(),
      submitTrade,
      checkVoucher,
      cartHolds,
      edits: 0,
      reload() {
        const stored = structuredClone(storedCheckoutOf(context(harness)));
        harness.actor!.stop();
        harness.actor = createActor(machine, {
          input: {
            ...input,
            b2b: context(harness).b2b,
            cartOfferIds: [...context(harness).cartOfferIds],
            cartTotal: context(harness).cartTotal,
            resume: resumableCheckout(stored),
          },
          inspect,
          clock,
        }).start();
      },
      startAsBusiness() {
        harness.actor!.stop();
        harness.actor = createActor(machine, { input: { ...input, b2b: true }, inspect, clock }).start();
      },
    };
    return harness;
  },
  events: {
    EDIT: (h) => {
      const step = current(h);
      const toggle = h.edits++ % 2 === 0 ? 'a' : 'b';
      if (step === 'identity') change(h, 'identity.email', `erika.${toggle}@example.com`);
      else if (step === 'address') change(h, 'address.city', toggle === 'a' ? 'Bonn' : 'Köln');
      else if (step === 'payout')
        change(
          h,
          context(h).payout.method === 'paypal' ? 'payout.email' : 'payout.accountHolder',
          toggle === 'a' ? 'erika.b@example.com' : 'Erika M.',
        );
      else change(h, 'voucherCode', toggle === 'a' ? 'SUMMER10' : 'SUMMER20');
    },
    SWITCH_PAYOUT_METHOD: (h) =>
      send(h, { type: 'checkout.selectPayout', method: context(h).payout.method === 'sepa' ? 'paypal' : 'sepa' }),
    TOGGLE_TERMS: (h) => send(h, { type: 'checkout.acceptTerms', value: !context(h).termsAccepted }),
    TOGGLE_SAVE_DETAILS: (h) => {
      if (context(h).identity.kind !== 'customer') send(h, { type: 'checkout.useAccount', prefill: PREFILL });
      send(h, { type: 'checkout.saveToAccount', value: context(h).saveToAccount === false });
    },
    CART_CHANGES: (h) =>
      send(h, {
        type: 'checkout.cartChanged',
        offerIds: context(h).cartOfferIds.length === 1 ? [OFFER_A, OFFER_B] : [OFFER_A],
        cartTotal: context(h).cartTotal + 10,
      }),
    LOG_IN_HERE: (h) => send(h, { type: 'checkout.useAccount', prefill: { ...PREFILL, email: `kunde.${h.edits++}@example.com` } }),
    LOG_OUT_HERE: (h) => {
      if (context(h).identity.kind !== 'customer') send(h, { type: 'checkout.useAccount', prefill: PREFILL });
      send(h, { type: 'checkout.useGuest' });
    },
    USE_ACCOUNT: (h) => send(h, { type: 'checkout.useAccount', prefill: PREFILL }),
    NEXT: (h) => {
      makeValid(h, current(h) === 'identity' ? ['identity'] : current(h) === 'address' ? ['address'] : ['payout']);
      send(h, { type: 'checkout.next' });
    },
    NEXT_INCOMPLETE: (h) => {
      const step = current(h);
      if (step === 'identity') change(h, 'identity.email', '');
      if (step === 'address') change(h, 'address.postalCode', '1234');
      if (step === 'payout') change(h, context(h).payout.method === 'paypal' ? 'payout.email' : 'payout.iban', 'DE00');
      send(h, { type: 'checkout.next' });
    },
    BACK: (h) => send(h, { type: 'checkout.back' }),
    GO_TO_IDENTITY: (h) => goTo(h, 'identity'),
    GO_TO_IDENTITY_AS_CUSTOMER: (h) => {
      send(h, { type: 'checkout.useAccount', prefill: { ...PREFILL, email: `kunde.${h.edits++}@example.com` } });
      goTo(h, 'identity');
    },
    GO_TO_ADDRESS: (h) => {
      makeValid(h, ['identity']);
      goTo(h, 'address');
    },
    GO_TO_PAYOUT: (h) => {
      makeValid(h, ['identity', 'address']);
      goTo(h, 'payout');
    },
    GO_TO_REVIEW: (h) => {
      makeValid(h);
      goTo(h, 'review');
    },
    JUMP_STOPS_HERE: (h) => jumpStoppedBy(h, current(h) as 'identity' | 'address' | 'payout'),
    JUMP_STOPS_AT_ADDRESS: (h) => jumpStoppedBy(h, 'address'),
    JUMP_STOPS_AT_PAYOUT: (h) => jumpStoppedBy(h, 'payout'),
    APPLY_VOUCHER: (h) => {
      if (context(h).voucherCode === '') change(h, 'voucherCode', 'SUMMER10');
      send(h, { type: 'checkout.applyVoucher' });
    },
    APPLY_EMPTY_VOUCHER: (h) => {
      if (context(h).voucherCode !== '') change(h, 'voucherCode', '');
      send(h, { type: 'checkout.applyVoucher' });
    },
    REMOVE_VOUCHER: (h) => send(h, { type: 'checkout.removeVoucher' }),
    VOUCHER_ACCEPTED: (h) => h.checkVoucher.resolve(({ code }) => ({ valid: true, code, kind: 'fixed', value: 10 })),
    VOUCHER_REFUSED: (h) => h.checkVoucher.resolve({ valid: false, reason: 'expired' }),
    VOUCHER_CHECK_FAILED: (h) => h.checkVoucher.reject(new Error('network')),
    TYPE_ANOTHER_CODE: (h) => change(h, 'voucherCode', `${context(h).voucherCode}X`),
    SUBMIT: (h) => {
      makeValid(h);
      acceptTerms(h);
      send(h, { type: 'checkout.submit' });
    },
    SUBMIT_INCOMPLETE: (h) => {
      if (context(h).termsAccepted) send(h, { type: 'checkout.acceptTerms', value: false });
      send(h, { type: 'checkout.submit' });
    },
    SUBMIT_AGAIN: (h) => send(h, { type: 'checkout.submit' }),
    RELOAD: (h) => h.reload(),
    START_AS_BUSINESS: (h) => h.startAsBusiness(),
    NEXT_INVALID_VAT_ID: (h) => {
      makeValid(h, ['address']);
      change(h, 'company.vatId', 'DE136695977');
      send(h, { type: 'checkout.next' });
    },
    TRY_PAYPAL: (h) => send(h, { type: 'checkout.selectPayout', method: 'paypal' }),
    OVER_CAP: (h) =>
      h.submitTrade.reject(
        new ApiCallError({
          status: 422,
          body: { statusCode: 422, error: 'Unprocessable Entity', message: 'capped', cap: 5000, total: 5200, overBy: 200 },
        }),
      ),
    RETRY: (h) => send(h, { type: 'checkout.retry' }),
    TRADE_CREATED: (h) => h.submitTrade.resolve(TRADE),
    STILL_NO_ANSWER: (h) => h.clock.increment(STILL_WORKING_MS),
    NETWORK_FAILURE: (h) => h.submitTrade.reject(new ApiCallError({ status: 503 })),
    OFFERS_EXPIRED: (h) =>
      h.submitTrade.reject(
        new ApiCallError({ status: 409, body: { statusCode: 409, error: 'Conflict', message: 'expired', expiredOfferIds: [OFFER_A] } }),
      ),
  },
  checks: {
    // Past the address step the shop knows the cart as it is now, for the e-mail of the checkout.
    payout: cartReported,
    payoutAgain: cartReported,
    review: cartReported,
    businessPayout: (h) => {
      cartReported(h);
      expect(context(h).payout.method).toBe('sepa');
    },
    businessReview: cartReported,
    identity: (h) => expect(context(h).reachedStep).not.toBe('review'),
    identityAgainAsCustomer: (h) => expect(context(h).identity.kind).toBe('customer'),
    identityAgain: (h) => {
      expect(context(h).reachedStep).toBe('review');
      expect(context(h).identity.kind).toBe('guest');
    },
    businessAddress: (h) => {
      expect(context(h).b2b).toBe(true);
      // A refused VAT id keeps what was typed.
      if (context(h).errors['company.vatId']) expect(context(h).company.vatId).toBe('DE136695977');
    },
    businessSubmitting: (h) => {
      const { request } = h.submitTrade.inputs.at(-1)!;
      expect(request).toMatchObject({ b2b: true, company: COMPANY, payout: { method: 'sepa' } });
    },
    businessOverCap: (h) => {
      expect(context(h).submitError).toEqual({ kind: 'b2bCap', cap: 5000, overBy: 200 });
      expect(context(h).idempotencyKey).toBeNull();
    },
    submitting: (h) => {
      const request = h.submitTrade.inputs.at(-1)!;
      expect(request.idempotencyKey).toBe(context(h).idempotencyKey);
      expect(request.request.termsAccepted).toBe(true);
      expect(request.request.identity.kind).toBe(context(h).identity.kind);
    },
    failedNetwork: (h) => {
      expect(context(h).submitError?.kind).toBe('network');
      expect(context(h).idempotencyKey).not.toBeNull();
    },
    failedRejected: (h) => {
      expect(context(h).submitError).toMatchObject({ kind: 'expired', offerIds: [OFFER_A] });
      expect(context(h).idempotencyKey).toBeNull();
    },
    requoted: (h) => {
      expect(context(h).submitError).toBeNull();
      expect(context(h).cartOfferIds).toHaveLength(2);
    },
    done: (h) => {
      expect(context(h).transactionId).toBe(42);
      expect(h.actor!.getSnapshot().output).toEqual({ trade: TRADE });
    },
  },
});
