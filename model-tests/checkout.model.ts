// The checkout as the seller lives it (product §11): identity (guest, or log in / use the account),
// address, payout, review with a voucher, submit; back and forward between steps once the review was
// reached (a jump stops at the first incomplete step), edits in every step, a network failure that
// keeps the request for a retry, a refusal (expired offers) that needs a new submission, and the
// account session starting or ending on the way, and a reload that resumes the step reached (a
// reload while sending sends the same request again). States ending in `Again` are the steps
// revisited after the review was reached. States starting with `business` are a company's checkout
// (the cart's B2B mode): company data with the address, a VAT id that is refused, no PayPal, the cap.
// The tours (meta.tours, see model-tests/support/paths.ts) walk what a step allows besides its first
// edit: a refused Continue, a re-quoted cart, logging in and out, the PayPal switch, the voucher box,
// the terms left unticked, the "save to my account" box, a jump that stops where it is.

import { setup } from 'xstate';
import type { ModelTours } from './support/paths';

/**
 * What the seller may do on any step: edit, see the cart change, log in or out. The SEPA/PayPal
 * switch (SWITCH_PAYOUT_METHOD) is on the payout step only and the terms box (TOGGLE_TERMS) on the
 * review only, as the page shows them.
 */
const editsIn = (state: string, withSession: boolean) => ({
  EDIT: state,
  CART_CHANGES: state,
  ...(withSession ? { LOG_IN_HERE: state, LOG_OUT_HERE: state } : {}),
});

const step = (production: string, sees: string) => ({ production, sees });

/** Each a path the generated ones leave out (they take one edit per step); a generated path that is a prefix of one runs in it. */
const tours: ModelTours = {
  tours: [
    // A guest logs in on the address step (the account's address fills the blank form) and out again,
    // then Continue is refused and the cart is re-quoted before the address step is done.
    ['NEXT', 'LOG_OUT_HERE', 'NEXT_INCOMPLETE', 'CART_CHANGES'],
    // The same on the payout step (the account's SEPA account), then PayPal instead.
    ['NEXT', 'NEXT', 'LOG_OUT_HERE', 'NEXT_INCOMPLETE', 'SWITCH_PAYOUT_METHOD', 'CART_CHANGES'],
    // The review: an empty voucher code, a voucher applied and removed, the terms left unticked, the
    // "save to my account" box of a seller who logged in, who logs out again; then a re-quote.
    [
      'NEXT',
      'NEXT',
      'NEXT',
      'EDIT',
      'APPLY_EMPTY_VOUCHER',
      'REMOVE_VOUCHER',
      'SUBMIT_INCOMPLETE',
      'TOGGLE_SAVE_DETAILS',
      'LOG_OUT_HERE',
      'CART_CHANGES',
    ],
    // The identity step again: a re-quote with the address step done, and one with the e-mail refused; a jump that stops here.
    ['NEXT', 'NEXT', 'NEXT', 'GO_TO_IDENTITY', 'EDIT', 'CART_CHANGES', 'NEXT_INCOMPLETE', 'CART_CHANGES', 'JUMP_STOPS_HERE'],
    // The address step again: a re-quote, a jump that stops here; then the payout step's jump that stops there.
    ['NEXT', 'NEXT', 'NEXT', 'GO_TO_ADDRESS', 'EDIT', 'CART_CHANGES', 'JUMP_STOPS_HERE', 'NEXT', 'JUMP_STOPS_HERE'],
    // The tours below take, in one walk each, the steps the shortest paths take one path per step
    // (each path sets up a cart and fills three steps first: in the browser that was most of its time).
    // Back and forth before the review is reached, then every way between the steps once it was.
    [
      'NEXT',
      'BACK',
      'NEXT',
      'EDIT',
      'NEXT',
      'EDIT',
      'BACK',
      'NEXT',
      'NEXT',
      'BACK',
      'EDIT',
      'NEXT',
      'BACK',
      'BACK',
      'NEXT',
      'GO_TO_IDENTITY',
      'NEXT',
      'BACK',
      'GO_TO_ADDRESS',
      'GO_TO_IDENTITY',
      'GO_TO_ADDRESS',
      'GO_TO_PAYOUT',
      'GO_TO_ADDRESS',
      'GO_TO_REVIEW',
    ],
    // Jumps from the review and the identity step, the jumps that stop at a later step, and the
    // identity step of a seller who logged in on the way and logs out there.
    [
      'NEXT',
      'NEXT',
      'NEXT',
      'GO_TO_PAYOUT',
      'GO_TO_IDENTITY',
      'GO_TO_PAYOUT',
      'GO_TO_REVIEW',
      'GO_TO_IDENTITY',
      'GO_TO_REVIEW',
      'GO_TO_ADDRESS',
      'JUMP_STOPS_AT_PAYOUT',
      'NEXT',
      'GO_TO_IDENTITY',
      'JUMP_STOPS_AT_ADDRESS',
      'NEXT',
      'GO_TO_IDENTITY',
      'JUMP_STOPS_AT_PAYOUT',
      'NEXT',
      'GO_TO_IDENTITY_AS_CUSTOMER',
      'LOG_OUT_HERE',
    ],
    // Each answer to a voucher check; a sale that fails on the network, is retried, is slow and fails
    // again, is sent again and is created.
    [
      'NEXT',
      'NEXT',
      'NEXT',
      'APPLY_VOUCHER',
      'VOUCHER_REFUSED',
      'APPLY_VOUCHER',
      'VOUCHER_CHECK_FAILED',
      'APPLY_VOUCHER',
      'TYPE_ANOTHER_CODE',
      'APPLY_VOUCHER',
      'VOUCHER_ACCEPTED',
      'REMOVE_VOUCHER',
      'SUBMIT',
      'NETWORK_FAILURE',
      'RETRY',
      'STILL_NO_ANSWER',
      'NETWORK_FAILURE',
      'SUBMIT_AGAIN',
      'TRADE_CREATED',
    ],
    // A sale refused for expired offers (sent again as it is, then after a re-quote), reloaded while
    // it is sent, slow to answer, reloaded again, created.
    [
      'NEXT',
      'NEXT',
      'NEXT',
      'SUBMIT',
      'OFFERS_EXPIRED',
      'SUBMIT',
      'OFFERS_EXPIRED',
      'CART_CHANGES',
      'SUBMIT',
      'RELOAD',
      'STILL_NO_ANSWER',
      'RELOAD',
      'STILL_NO_ANSWER',
      'TRADE_CREATED',
    ],
  ],
};

export const checkoutModel = setup({}).createMachine({
  id: 'checkoutModel',
  meta: tours,
  initial: 'identity',
  states: {
    identity: {
      meta: step('identity', 'guest, log-in or register'),
      on: {
        ...editsIn('identity', false),
        NEXT: 'address',
        NEXT_INCOMPLETE: 'identity',
        USE_ACCOUNT: 'address',
        RELOAD: 'identity',
        START_AS_BUSINESS: 'businessIdentity',
      },
    },
    businessIdentity: { meta: step('identity', 'the e-mail of a business checkout'), on: { NEXT: 'businessAddress' } },
    businessAddress: {
      meta: step('address', 'the company (name, legal form, VAT id) and the contact person and address'),
      on: { NEXT_INVALID_VAT_ID: 'businessAddress', NEXT: 'businessPayout', RELOAD: 'businessAddress' },
    },
    businessPayout: {
      meta: step('payout', 'the company bank account; PayPal is not offered'),
      on: { TRY_PAYPAL: 'businessPayout', NEXT: 'businessReview' },
    },
    businessReview: {
      meta: step('review.idle', 'the summary with the company and the business terms'),
      on: { SUBMIT: 'businessSubmitting' },
    },
    businessSubmitting: {
      meta: step('submitting.waiting', 'the business sale being sent'),
      on: { TRADE_CREATED: 'done', OVER_CAP: 'businessOverCap' },
    },
    businessOverCap: {
      meta: step('review.idle', 'over the business cap: by how much, a second trade or the partner desk'),
      on: { CART_CHANGES: 'businessReview' },
    },
    address: {
      meta: step('address', 'the address form'),
      on: { ...editsIn('address', true), NEXT: 'payout', NEXT_INCOMPLETE: 'address', BACK: 'identity', RELOAD: 'address' },
    },
    payout: {
      meta: step('payout', 'SEPA or PayPal'),
      on: {
        ...editsIn('payout', true),
        SWITCH_PAYOUT_METHOD: 'payout',
        NEXT: 'review',
        NEXT_INCOMPLETE: 'payout',
        BACK: 'address',
        RELOAD: 'payout',
      },
    },
    review: {
      meta: step('review.idle', 'the summary, voucher and terms'),
      on: {
        ...editsIn('review', true),
        TOGGLE_TERMS: 'review',
        APPLY_VOUCHER: 'checkingVoucher',
        APPLY_EMPTY_VOUCHER: 'review',
        // A logged-in seller's "save to my account" box (issue 32 part 2).
        TOGGLE_SAVE_DETAILS: 'review',
        REMOVE_VOUCHER: 'review',
        SUBMIT: 'submitting',
        SUBMIT_INCOMPLETE: 'review',
        RELOAD: 'review',
        BACK: 'payoutAgain',
        GO_TO_IDENTITY: 'identityAgain',
        GO_TO_IDENTITY_AS_CUSTOMER: 'identityAgainAsCustomer',
        GO_TO_ADDRESS: 'addressAgain',
        GO_TO_PAYOUT: 'payoutAgain',
      },
    },
    checkingVoucher: {
      meta: step('review.checkingVoucher', 'the voucher being checked'),
      on: { VOUCHER_ACCEPTED: 'review', VOUCHER_REFUSED: 'review', VOUCHER_CHECK_FAILED: 'review', TYPE_ANOTHER_CODE: 'review' },
    },
    submitting: {
      meta: step('submitting.waiting', 'the sale being sent'),
      on: {
        TRADE_CREATED: 'done',
        NETWORK_FAILURE: 'failedNetwork',
        OFFERS_EXPIRED: 'failedRejected',
        RELOAD: 'submitting',
        STILL_NO_ANSWER: 'submittingSlow',
      },
    },
    /** No answer after a few seconds (a slow server, or a key the server still works on): "still working". */
    submittingSlow: {
      meta: step('submitting.slow', 'the sale still being sent: "still working…"'),
      on: { TRADE_CREATED: 'done', NETWORK_FAILURE: 'failedNetwork', RELOAD: 'submitting' },
    },
    failedNetwork: {
      meta: step('review.idle', 'the sale could not be sent: try again'),
      on: { RETRY: 'submitting', SUBMIT_AGAIN: 'submitting' },
    },
    failedRejected: {
      meta: step('review.idle', 'offers expired: re-quote'),
      on: { CART_CHANGES: 'requoted', SUBMIT: 'submitting' },
    },
    /** The expired offers were re-quoted: the cart changed, the refusal is gone. */
    requoted: { meta: step('review.idle', 'the summary with the new offers'), on: { SUBMIT: 'submitting' } },
    identityAgain: {
      meta: step('identity', 'the identity step, later steps done'),
      on: {
        ...editsIn('identityAgain', false),
        NEXT: 'addressAgain',
        NEXT_INCOMPLETE: 'identityAgain',
        GO_TO_ADDRESS: 'addressAgain',
        GO_TO_PAYOUT: 'payoutAgain',
        GO_TO_REVIEW: 'review',
        JUMP_STOPS_HERE: 'identityAgain',
        JUMP_STOPS_AT_ADDRESS: 'addressAgain',
        JUMP_STOPS_AT_PAYOUT: 'payoutAgain',
      },
    },
    identityAgainAsCustomer: {
      meta: step('identity', 'the identity step of a logged-in seller'),
      on: { LOG_OUT_HERE: 'identityAgain' },
    },
    addressAgain: {
      meta: step('address', 'the address step, later steps done'),
      on: {
        ...editsIn('addressAgain', true),
        NEXT: 'payoutAgain',
        NEXT_INCOMPLETE: 'addressAgain',
        BACK: 'identityAgain',
        GO_TO_IDENTITY: 'identityAgain',
        GO_TO_PAYOUT: 'payoutAgain',
        GO_TO_REVIEW: 'review',
        JUMP_STOPS_HERE: 'addressAgain',
        JUMP_STOPS_AT_PAYOUT: 'payoutAgain',
      },
    },
    payoutAgain: {
      meta: step('payout', 'the payout step, review done'),
      on: {
        ...editsIn('payoutAgain', true),
        SWITCH_PAYOUT_METHOD: 'payoutAgain',
        NEXT: 'review',
        NEXT_INCOMPLETE: 'payoutAgain',
        BACK: 'addressAgain',
        GO_TO_IDENTITY: 'identityAgain',
        GO_TO_ADDRESS: 'addressAgain',
        GO_TO_REVIEW: 'review',
        JUMP_STOPS_HERE: 'payoutAgain',
      },
    },
    done: { type: 'final', meta: step('done', 'the thank-you page') },
  },
});
