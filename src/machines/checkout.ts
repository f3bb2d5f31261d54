// One checkout of the cart (product §11): identity → address → payout → review → submit → done.
// The identity is a guest's e-mail or the logged-in customer: the shop actor (./shop.ts) sends
// 'checkout.useAccount' with the account's prefill when the session is logged in (it skips the
// identity step) and 'checkout.useGuest' when it is not any more, and 'checkout.cartChanged' when
// the cart changes. Form values stay as typed and are validated with the trade contract; errors are
// field path → issue code. Side effects run in the `checkVoucher` and `submitTrade` actors
// (./checkout.actors.ts; tests provide fakes). Once the address step is complete (the e-mail is
// known), a `reportCartHolds` child tells the shop which offers the cart holds, so that a scheduled
// price drop reaches the seller (decision 058): fire and forget, again whenever the cart changes; its
// failure is dropped, it never holds up the checkout. A reload resumes from the stored context
// (storedCheckoutOf / input.resume) in the step it was in; one that was sending re-sends the same
// request with the same Idempotency-Key, so the server replays instead of duplicating.

import { and, assign, fromPromise, setup, spawnChild } from 'xstate';
import { DEFAULT_PAYMENT_TYPE_SELECTION } from '../config/constants';
import { track } from '../services/tracking';
import type { Locale } from '../config/locales';
import type { CartHoldsRequest } from '../contracts/offers';
import { paymentTypeCode, type Trade, type TradeRequest, type VoucherCheckRequest, type VoucherCheckResult } from '../contracts/trades';
import {
  type AccountPrefill,
  emptyAddress,
  emptyCompany,
  emptyPayout,
  firstInvalidStep,
  isCheckoutField,
  parseTradeRequest,
  parseVoucherCode,
  randomKey,
  readField,
  stepIndex,
  stepOrder,
  submitFailure,
  validateStep,
  voucherEmail,
  withAccount,
  writeField,
  type CheckoutField,
  type CheckoutForm,
  type CheckoutStep,
  type PayoutMethod,
  type SubmitError,
  type ValidVoucher,
  type VoucherError,
} from './checkout-form';
import { errorsUnder, hasErrors, withoutError, withoutErrorsUnder, type FieldErrors } from './form';

export { stepOrder, type AccountPrefill, type CheckoutField, type CheckoutStep, type SubmitError } from './checkout-form';
export type { FieldErrors } from './form';

export interface CheckoutInput {
  readonly locale: Locale;
  readonly cartOfferIds: readonly string[];
  /** Units per offer id of the lines with more than one (business trade-in). */
  readonly cartQuantities?: Readonly<Record<string, number>>;
  /** EUR, the cart total (for the voucher check). */
  readonly cartTotal: number;
  /** The cart's B2B mode. */
  readonly b2b?: boolean;
  /** A checkout in progress (stored before a reload, see resumableCheckout): it goes on where it was. */
  readonly resume?: CheckoutContext | null;
}

/** What is kept of a running checkout between visits; a different version is discarded on restore. */
export const CHECKOUT_SNAPSHOT_VERSION = 2;

export interface StoredCheckout {
  readonly version: number;
  readonly context: CheckoutContext;
}

/** What is stored of a running checkout. */
export const storedCheckoutOf = (context: CheckoutContext): StoredCheckout => ({ version: CHECKOUT_SNAPSHOT_VERSION, context });

/** The stored checkout to go on with, or null when it is not one of this version. */
export function resumableCheckout(stored: unknown): CheckoutContext | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const { version, context } = stored as Partial<StoredCheckout>;
  if (version !== CHECKOUT_SNAPSHOT_VERSION || typeof context !== 'object' || context === null) return null;
  const ok =
    typeof context.identity === 'object' &&
    typeof context.address === 'object' &&
    typeof context.payout === 'object' &&
    stepOrder.includes(context.reachedStep) &&
    stepOrder.includes(context.step) &&
    typeof context.errors === 'object' &&
    context.trade === null;
  return ok ? context : null;
}

export interface CheckoutContext extends CheckoutForm {
  readonly cartTotal: number;
  /** The furthest step entered; 'checkout.goTo' may go to it and to the steps before it. */
  readonly reachedStep: CheckoutStep;
  /** The step on screen (a reload resumes it). */
  readonly step: CheckoutStep;
  /** Product §3/§9: 2 for PayPal, otherwise the default selection 13. */
  readonly paymentType: number;
  readonly isPayPalTransaction: boolean;
  /** The last valid voucher check of the current code. */
  readonly voucher: ValidVoucher | null;
  readonly voucherError: VoucherError | null;
  readonly errors: FieldErrors;
  /** Made once per submission; kept only for a retry of the identical request. */
  readonly idempotencyKey: string | null;
  readonly trade: Trade | null;
  readonly submitError: SubmitError | null;
  /** 0 until a trade was created. */
  readonly transactionId: number;
}

export type CheckoutEvent =
  | { readonly type: 'checkout.change'; readonly field: CheckoutField; readonly value: string }
  | { readonly type: 'checkout.next' }
  | { readonly type: 'checkout.back' }
  | { readonly type: 'checkout.goTo'; readonly step: CheckoutStep }
  | { readonly type: 'checkout.selectPayout'; readonly method: PayoutMethod }
  | { readonly type: 'checkout.applyVoucher' }
  | { readonly type: 'checkout.removeVoucher' }
  | { readonly type: 'checkout.acceptTerms'; readonly value: boolean }
  /** A customer's "save the address and payout account in my account" box. */
  | { readonly type: 'checkout.saveToAccount'; readonly value: boolean }
  | { readonly type: 'checkout.submit' }
  | { readonly type: 'checkout.retry' }
  /** The account session is logged in: trade as that customer, with the account's data where nothing was typed. */
  | { readonly type: 'checkout.useAccount'; readonly prefill: AccountPrefill }
  /** The account session ended (logout, expired refresh): trade as a guest with the same e-mail. */
  | { readonly type: 'checkout.useGuest' }
  /** The cart's offers could not be reported for price-drop warnings: dropped, nothing to show. */
  | { readonly type: 'xstate.error.actor.cartHolds'; readonly error: unknown }
  /** The cart changed (e.g. re-quoted offers after 'expired'); the page sends it whenever it differs. */
  | {
      readonly type: 'checkout.cartChanged';
      readonly offerIds: readonly string[];
      readonly cartTotal: number;
      readonly quantities?: Readonly<Record<string, number>>;
      /** The cart's business mode now (the cart may switch it while the checkout is open). */
      readonly b2b?: boolean;
    };

export interface CheckoutOutput {
  readonly trade: Trade | null;
}

export interface SubmitTradeInput {
  readonly request: TradeRequest;
  readonly idempotencyKey: string;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`checkout machine: provide the '${name}' actor`));

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);
const laterStep = (a: CheckoutStep, b: CheckoutStep) => (stepIndex(a) >= stepIndex(b) ? a : b);

/** The checkout of a changed cart: a new request (its own key), no old refusal, a voucher checked again when the total changed. */
function followCart(
  context: CheckoutContext,
  offerIds: readonly string[],
  cartTotal: number,
  quantities: Readonly<Record<string, number>> = {},
): Partial<CheckoutContext> {
  return {
    cartOfferIds: [...offerIds],
    cartQuantities: { ...quantities },
    cartTotal,
    // A voucher's value depends on the total: check it again.
    ...(cartTotal !== context.cartTotal ? { voucher: null, voucherError: null } : {}),
    errors: withoutErrorsUnder(context.errors, 'offerIds'),
    submitError: null,
    idempotencyKey: null,
  };
}

const sameQuantities = (a: Readonly<Record<string, number>> = {}, b: Readonly<Record<string, number>> = {}) =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((id) => a[id] === b[id]);

/** The payout paid by `method`: its payment type, the PayPal flag, and no errors left from the other method's fields. */
const withPayoutMethod = (context: CheckoutContext, method: PayoutMethod) => ({
  payout: { ...context.payout, method },
  paymentType: paymentTypeCode({ method }),
  isPayPalTransaction: method === 'paypal',
  errors: withoutErrorsUnder(context.errors, 'payout'),
});

const resumed = (
  context: CheckoutContext,
  offerIds: readonly string[],
  cartTotal: number,
  quantities: Readonly<Record<string, number>> = {},
): CheckoutContext =>
  sameIds(context.cartOfferIds, offerIds) && context.cartTotal === cartTotal && sameQuantities(context.cartQuantities, quantities)
    ? context
    : { ...context, ...followCart(context, offerIds, cartTotal, quantities) };

function submittedRequest(context: CheckoutContext): TradeRequest {
  const { request } = parseTradeRequest(context);
  // Unreachable: 'checkout.submit' and 'checkout.retry' are guarded by the same validation.
  if (request === null) throw new Error('checkout machine: submitting an invalid request');
  return request;
}

/**
 * Editing the form: the same in every step (the UI may change any field it shows). The SEPA/PayPal
 * choice and the terms box stand on one step each: 'checkout.selectPayout' is taken in the payout
 * step only and 'checkout.acceptTerms' in the review only; elsewhere they are ignored.
 */
const FORM_EDITS = {
  'checkout.change': { guard: 'changesField', actions: 'changeField' },
  'checkout.cartChanged': { guard: 'changesCart', actions: 'updateCart' },
  'checkout.useAccount': { guard: 'changesAccount', actions: 'useAccount' },
  'checkout.useGuest': { guard: 'isCustomer', actions: 'useGuest' },
} as const;

/**
 * Once the address step was completed the shop knows the cart's offers (price-drop warnings): it
 * hears of every change of the cart (and of the e-mail, when the seller logs in on the way). Back in
 * the identity or address step that depends on the step reached; in payout and review the address
 * step is complete by construction.
 */
const EDITS_UP_TO_ADDRESS = {
  ...FORM_EDITS,
  'checkout.cartChanged': [
    { guard: and(['changesCart', 'isAddressDone']), actions: ['updateCart', 'reportCartHolds'] },
    { guard: 'changesCart', actions: 'updateCart' },
  ],
} as const;
const EDITS_AFTER_ADDRESS = {
  ...FORM_EDITS,
  'checkout.cartChanged': { guard: 'changesCart', actions: ['updateCart', 'reportCartHolds'] },
  // Logging in on the way makes the account's e-mail the one that hears of a price drop.
  'checkout.useAccount': { guard: 'changesAccount', actions: ['useAccount', 'reportCartHolds'] },
} as const;

type Step = { readonly step: CheckoutStep };
type GoTo = { readonly from: CheckoutStep; readonly to: CheckoutStep };
type StopAt = { readonly from: CheckoutStep; readonly at: CheckoutStep };

/**
 * After this long without an answer the screen says the sale is still being sent (a slow server, or
 * the same key retried while the server still works on it: src/services/in-progress-retry.ts).
 */
export const STILL_WORKING_MS = 3000;

export const checkoutMachine = setup({
  delays: { stillWorking: STILL_WORKING_MS },
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
    output: {} as CheckoutOutput,
  },
  actors: {
    // Placeholders typed with the real signatures; the page provides the HTTP calls.
    checkVoucher: fromPromise<VoucherCheckResult, VoucherCheckRequest>(notProvided('checkVoucher')),
    /** Rejects with what the HTTP client threw; submitFailure reads it (src/services/api-failure). */
    submitTrade: fromPromise<Trade, SubmitTradeInput>(notProvided('submitTrade')),
    /** Tells the shop the cart's offers for price-drop warnings (decision 058); its outcome is not used. */
    reportCartHolds: fromPromise<void, CartHoldsRequest>(notProvided('reportCartHolds')),
  },
  guards: {
    isStepValid: ({ context }, { step }: Step) => !hasErrors(validateStep(step, context)),
    isRequestValid: ({ context }) => parseTradeRequest(context).errors === null,
    /** A value that differs from the stored one: re-sending the same value keeps the key for a retry. */
    changesField: ({ context, event }) =>
      event.type === 'checkout.change' &&
      isCheckoutField(event.field) &&
      typeof event.value === 'string' &&
      readField(context, event.field) !== event.value &&
      // A customer's e-mail is the account's.
      !(event.field === 'identity.email' && context.identity.kind === 'customer'),
    changesAccount: ({ context, event }) =>
      event.type === 'checkout.useAccount' && (context.identity.kind !== 'customer' || context.identity.email !== event.prefill.email),
    isCustomer: ({ context }) => context.identity.kind === 'customer',
    changesVoucherCode: ({ context, event }) =>
      event.type === 'checkout.change' && event.field === 'voucherCode' && context.voucherCode !== event.value,
    changesPayoutMethod: ({ context, event }) =>
      event.type === 'checkout.selectPayout' &&
      (event.method === 'sepa' || event.method === 'paypal') &&
      event.method !== context.payout.method &&
      // A business trade is paid to the company's bank account only.
      !(context.b2b && event.method === 'paypal'),
    changesTerms: ({ context, event }) =>
      event.type === 'checkout.acceptTerms' && typeof event.value === 'boolean' && event.value !== context.termsAccepted,
    changesSaveToAccount: ({ context, event }) =>
      event.type === 'checkout.saveToAccount' &&
      typeof event.value === 'boolean' &&
      context.identity.kind === 'customer' &&
      event.value !== (context.saveToAccount !== false),
    changesCart: ({ context, event }) =>
      event.type === 'checkout.cartChanged' &&
      (!sameIds(event.offerIds, context.cartOfferIds) ||
        event.cartTotal !== context.cartTotal ||
        !sameQuantities(event.quantities, context.cartQuantities) ||
        (event.b2b !== undefined && event.b2b !== context.b2b)),
    /** Back to any earlier step; forward to a step reached before, when every step on the way is complete. */
    canGoTo: ({ context, event }, { from, to }: GoTo) =>
      event.type === 'checkout.goTo' &&
      event.step === to &&
      to !== from &&
      stepIndex(to) <= stepIndex(context.reachedStep) &&
      (stepIndex(to) < stepIndex(from) || firstInvalidStep(context, from, to) === null),
    /** A forward goTo that stops at the first incomplete step on the way. */
    goToStopsAt: ({ context, event }, { from, at }: StopAt) =>
      event.type === 'checkout.goTo' &&
      stepOrder.includes(event.step) &&
      stepIndex(event.step) > stepIndex(from) &&
      stepIndex(event.step) <= stepIndex(context.reachedStep) &&
      firstInvalidStep(context, from, event.step) === at,
    hasIdempotencyKey: ({ context }) => context.idempotencyKey !== null,
    /** The address step was completed with a valid e-mail: the shop may know the cart's offers. */
    isAddressDone: ({ context }) => stepIndex(context.reachedStep) > stepIndex('address') && !hasErrors(validateStep('identity', context)),
    /** A resumed checkout that was sending its trade (a key, no failure): send the same request again. */
    wasSubmitting: ({ context }) =>
      context.idempotencyKey !== null && context.submitError === null && parseTradeRequest(context).errors === null,
    /** A resumed checkout goes on in the step it was in. */
    wasIn: ({ context }, { step }: Step) => context.step === step,
    hasUsableVoucherCode: ({ context }) => parseVoucherCode(context.voucherCode).code !== null,
    /** Only after a network failure, with the key of that attempt and nothing changed since. */
    canRetry: ({ context }) =>
      context.submitError?.kind === 'network' && context.idempotencyKey !== null && parseTradeRequest(context).errors === null,
  },
  actions: {
    enterStep: assign(({ context }, { step }: Step) => ({
      step,
      reachedStep: laterStep(context.reachedStep, step),
      // Review shows everything; a form step shows its own fields' errors (e.g. a server's 400 answer).
      errors: step === 'review' ? context.errors : errorsUnder(context.errors, step),
    })),
    clearStepErrors: assign(({ context }, { step }: Step) => ({ errors: withoutErrorsUnder(context.errors, step) })),
    showStepErrors: assign(({ context }, { step }: Step) => ({
      errors: { ...withoutErrorsUnder(context.errors, step), ...validateStep(step, context) },
    })),
    showRequestErrors: assign(({ context }) => ({ errors: validateStep('review', context) })),
    changeField: assign(({ context, event }) => {
      if (event.type !== 'checkout.change') return {};
      return {
        ...writeField(context, event.field, event.value),
        ...(event.field === 'voucherCode' ? { voucher: null, voucherError: null } : {}),
        errors: withoutError(context.errors, event.field),
        idempotencyKey: null,
      };
    }),
    selectPayout: assign(({ context, event }) => {
      if (event.type !== 'checkout.selectPayout') return {};
      return { ...withPayoutMethod(context, event.method), idempotencyKey: null };
    }),
    useAccount: assign(({ context, event }) => {
      if (event.type !== 'checkout.useAccount') return {};
      const prefilled = withAccount(context, event.prefill);
      // A business trade is paid to a bank account, whatever the account prefers.
      const form = context.b2b ? { ...prefilled, payout: { ...prefilled.payout, method: 'sepa' as const } } : prefilled;
      return {
        ...form,
        paymentType: paymentTypeCode(form.payout),
        isPayPalTransaction: form.payout.method === 'paypal',
        errors: withoutErrorsUnder(context.errors, 'identity'),
        idempotencyKey: null,
      };
    }),
    useGuest: assign(({ context }) => ({ identity: { kind: 'guest' as const, email: context.identity.email }, idempotencyKey: null })),
    acceptTerms: assign(({ context, event }) =>
      event.type === 'checkout.acceptTerms'
        ? { termsAccepted: event.value, errors: withoutError(context.errors, 'termsAccepted'), idempotencyKey: null }
        : {},
    ),
    // A different body needs a key of its own.
    saveToAccount: assign(({ event }) =>
      event.type === 'checkout.saveToAccount' ? { saveToAccount: event.value, idempotencyKey: null } : {},
    ),
    updateCart: assign(({ context, event }) => {
      if (event.type !== 'checkout.cartChanged') return {};
      const followed = {
        ...followCart(context, event.offerIds, event.cartTotal, event.quantities),
        ...(event.b2b !== undefined && { b2b: event.b2b }),
      };
      // The cart became a business cart: paid to a bank account, as a business checkout starts (the page hides the choice).
      if (!context.b2b && event.b2b === true && context.payout.method !== 'sepa')
        return { ...followed, ...withPayoutMethod(context, 'sepa') };
      return followed;
    }),
    clearVoucherCheck: assign(({ context }) => ({
      voucher: null,
      voucherError: null,
      errors: withoutError(context.errors, 'voucherCode'),
    })),
    showVoucherCodeError: assign(({ context }) => {
      const { error } = parseVoucherCode(context.voucherCode);
      return error === null ? {} : { errors: { ...context.errors, voucherCode: error } };
    }),
    storeVoucherResult: assign((_, result: VoucherCheckResult) =>
      result.valid ? { voucher: result, voucherError: null } : { voucher: null, voucherError: result.reason },
    ),
    storeVoucherFailure: assign({ voucherError: 'network' as const }),
    /** The voucher check's data layer event (product §7). */
    trackVoucher: ({ context }) =>
      track(
        context.voucher
          ? { event: 'voucher_success', voucherCode: context.voucher.code, voucherValue: context.voucher.value }
          : { event: 'voucher_fail', voucherCode: context.voucherCode, reason: context.voucherError },
      ),
    removeVoucher: assign(({ context }) => ({
      voucherCode: '',
      voucher: null,
      voucherError: null,
      errors: withoutError(context.errors, 'voucherCode'),
      idempotencyKey: context.voucherCode === '' ? context.idempotencyKey : null,
    })),
    /** Fire and forget: a failure arrives as 'xstate.error.actor.cartHolds' and is dropped. */
    reportCartHolds: spawnChild('reportCartHolds', {
      id: 'cartHolds',
      input: ({ context }) => ({
        email: context.identity.email.trim().toLowerCase(),
        locale: context.locale,
        offerIds: [...context.cartOfferIds],
      }),
    }),
    /** Replaced in tests for deterministic keys. */
    makeKey: assign({ idempotencyKey: () => randomKey() }),
    startSubmission: assign({ submitError: null, errors: {} }),
    storeTrade: assign((_, trade: Trade) => ({ trade, transactionId: trade.transactionId })),
    storeSubmitFailure: assign(({ context }, { error }: { error: unknown }) => {
      const failure = submitFailure(error);
      return {
        submitError: failure.submitError,
        errors: failure.errors,
        idempotencyKey: failure.keepKey ? context.idempotencyKey : null,
        ...(failure.voucherError !== null ? { voucher: null, voucherError: failure.voucherError } : {}),
      };
    }),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) =>
    input.resume
      ? // The cart may have changed meanwhile: the resumed checkout trades the cart as it is now.
        // (A checkout stored before business trades had no company.)
        resumed(
          { ...input.resume, company: input.resume.company ?? emptyCompany, locale: input.locale, b2b: input.b2b ?? false },
          input.cartOfferIds,
          input.cartTotal,
          input.cartQuantities,
        )
      : {
          locale: input.locale,
          cartOfferIds: [...input.cartOfferIds],
          cartQuantities: { ...input.cartQuantities },
          cartTotal: input.cartTotal,
          b2b: input.b2b ?? false,
          reachedStep: 'identity',
          step: 'identity',
          identity: { kind: 'guest', email: '' },
          company: emptyCompany,
          address: emptyAddress,
          payout: emptyPayout,
          paymentType: Number(DEFAULT_PAYMENT_TYPE_SELECTION),
          isPayPalTransaction: false,
          voucherCode: '',
          voucher: null,
          voucherError: null,
          termsAccepted: false,
          saveToAccount: true,
          errors: {},
          idempotencyKey: null,
          trade: null,
          submitError: null,
          transactionId: 0,
        },
  initial: 'starting',
  output: ({ context }) => ({ trade: context.trade }),
  on: {
    // Price-drop warnings are a service on the side: a failed report changes nothing on screen.
    'xstate.error.actor.cartHolds': {},
  },
  states: {
    starting: {
      always: [
        { guard: 'wasSubmitting', target: 'submitting' },
        { guard: { type: 'wasIn', params: { step: 'review' } }, target: 'review' },
        { guard: { type: 'wasIn', params: { step: 'payout' } }, target: 'payout' },
        { guard: { type: 'wasIn', params: { step: 'address' } }, target: 'address' },
        { target: 'identity' },
      ],
    },
    identity: {
      entry: { type: 'enterStep', params: { step: 'identity' } },
      on: {
        ...EDITS_UP_TO_ADDRESS,
        // A logged-in customer skips the choice of identity.
        'checkout.useAccount': { guard: 'changesAccount', target: 'address', actions: 'useAccount' },
        'checkout.next': [
          {
            guard: { type: 'isStepValid', params: { step: 'identity' } },
            target: 'address',
            actions: { type: 'clearStepErrors', params: { step: 'identity' } },
          },
          { actions: { type: 'showStepErrors', params: { step: 'identity' } } },
        ],
        'checkout.goTo': [
          { guard: { type: 'canGoTo', params: { from: 'identity', to: 'address' } }, target: 'address' },
          { guard: { type: 'canGoTo', params: { from: 'identity', to: 'payout' } }, target: 'payout', actions: 'reportCartHolds' },
          { guard: { type: 'canGoTo', params: { from: 'identity', to: 'review' } }, target: 'review', actions: 'reportCartHolds' },
          {
            guard: { type: 'goToStopsAt', params: { from: 'identity', at: 'identity' } },
            actions: { type: 'showStepErrors', params: { step: 'identity' } },
          },
          {
            guard: { type: 'goToStopsAt', params: { from: 'identity', at: 'address' } },
            target: 'address',
            actions: { type: 'showStepErrors', params: { step: 'address' } },
          },
          {
            guard: { type: 'goToStopsAt', params: { from: 'identity', at: 'payout' } },
            target: 'payout',
            actions: [{ type: 'showStepErrors', params: { step: 'payout' } }, 'reportCartHolds'],
          },
        ],
      },
    },
    address: {
      entry: { type: 'enterStep', params: { step: 'address' } },
      on: {
        ...EDITS_UP_TO_ADDRESS,
        'checkout.next': [
          {
            guard: { type: 'isStepValid', params: { step: 'address' } },
            target: 'payout',
            actions: [{ type: 'clearStepErrors', params: { step: 'address' } }, 'reportCartHolds'],
          },
          { actions: { type: 'showStepErrors', params: { step: 'address' } } },
        ],
        'checkout.back': 'identity',
        'checkout.goTo': [
          { guard: { type: 'canGoTo', params: { from: 'address', to: 'identity' } }, target: 'identity' },
          { guard: { type: 'canGoTo', params: { from: 'address', to: 'payout' } }, target: 'payout', actions: 'reportCartHolds' },
          { guard: { type: 'canGoTo', params: { from: 'address', to: 'review' } }, target: 'review', actions: 'reportCartHolds' },
          {
            guard: { type: 'goToStopsAt', params: { from: 'address', at: 'address' } },
            actions: { type: 'showStepErrors', params: { step: 'address' } },
          },
          {
            guard: { type: 'goToStopsAt', params: { from: 'address', at: 'payout' } },
            target: 'payout',
            actions: [{ type: 'showStepErrors', params: { step: 'payout' } }, 'reportCartHolds'],
          },
        ],
      },
    },
    payout: {
      entry: { type: 'enterStep', params: { step: 'payout' } },
      on: {
        ...EDITS_AFTER_ADDRESS,
        // The SEPA/PayPal choice stands on this step only.
        'checkout.selectPayout': { guard: 'changesPayoutMethod', actions: 'selectPayout' },
        'checkout.next': [
          {
            guard: { type: 'isStepValid', params: { step: 'payout' } },
            target: 'review',
            actions: { type: 'clearStepErrors', params: { step: 'payout' } },
          },
          { actions: { type: 'showStepErrors', params: { step: 'payout' } } },
        ],
        'checkout.back': 'address',
        'checkout.goTo': [
          { guard: { type: 'canGoTo', params: { from: 'payout', to: 'identity' } }, target: 'identity' },
          { guard: { type: 'canGoTo', params: { from: 'payout', to: 'address' } }, target: 'address' },
          { guard: { type: 'canGoTo', params: { from: 'payout', to: 'review' } }, target: 'review' },
          {
            guard: { type: 'goToStopsAt', params: { from: 'payout', at: 'payout' } },
            actions: { type: 'showStepErrors', params: { step: 'payout' } },
          },
        ],
      },
    },
    review: {
      entry: { type: 'enterStep', params: { step: 'review' } },
      initial: 'idle',
      on: {
        ...EDITS_AFTER_ADDRESS,
        // The terms box stands in the review only (also while a voucher is checked).
        'checkout.acceptTerms': { guard: 'changesTerms', actions: 'acceptTerms' },
        // The box stands in the review, beside the terms (a customer's checkout only).
        'checkout.saveToAccount': { guard: 'changesSaveToAccount', actions: 'saveToAccount' },
        'checkout.removeVoucher': { target: '.idle', actions: 'removeVoucher' },
        'checkout.back': 'payout',
        'checkout.goTo': [
          { guard: { type: 'canGoTo', params: { from: 'review', to: 'identity' } }, target: 'identity' },
          { guard: { type: 'canGoTo', params: { from: 'review', to: 'address' } }, target: 'address' },
          { guard: { type: 'canGoTo', params: { from: 'review', to: 'payout' } }, target: 'payout' },
        ],
      },
      states: {
        idle: {
          on: {
            'checkout.applyVoucher': [
              { guard: 'hasUsableVoucherCode', target: 'checkingVoucher', actions: 'clearVoucherCheck' },
              { actions: 'showVoucherCodeError' },
            ],
            'checkout.submit': [
              // A submission after a network failure with nothing changed is that request again: same key.
              { guard: and(['isRequestValid', 'hasIdempotencyKey']), target: '#checkout.submitting' },
              { guard: 'isRequestValid', target: '#checkout.submitting', actions: 'makeKey' },
              { actions: 'showRequestErrors' },
            ],
            'checkout.retry': { guard: 'canRetry', target: '#checkout.submitting' },
          },
        },
        checkingVoucher: {
          invoke: {
            id: 'checkVoucher',
            src: 'checkVoucher',
            input: ({ context }) => {
              const email = voucherEmail(context.identity);
              return { code: parseVoucherCode(context.voucherCode).code ?? '', cartTotal: context.cartTotal, ...(email ? { email } : {}) };
            },
            onDone: { target: 'idle', actions: [{ type: 'storeVoucherResult', params: ({ event }) => event.output }, 'trackVoucher'] },
            onError: { target: 'idle', actions: ['storeVoucherFailure', 'trackVoucher'] },
          },
          on: {
            // A new code makes the running check's answer stale: drop it (other fields bubble up to review).
            'checkout.change': { guard: 'changesVoucherCode', target: 'idle', actions: 'changeField' },
          },
        },
      },
    },
    submitting: {
      entry: 'startSubmission',
      initial: 'waiting',
      states: {
        waiting: { after: { stillWorking: 'slow' } },
        /** No answer yet after STILL_WORKING_MS: the screen says "still working". */
        slow: {},
      },
      invoke: {
        id: 'submitTrade',
        src: 'submitTrade',
        input: ({ context }) => ({ request: submittedRequest(context), idempotencyKey: context.idempotencyKey ?? '' }),
        onDone: { target: 'done', actions: { type: 'storeTrade', params: ({ event }) => event.output } },
        onError: { target: 'review', actions: { type: 'storeSubmitFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: { type: 'final' },
  },
});

export type CheckoutMachine = typeof checkoutMachine;
