// The shop actor as the seller lives it (decision 020): it opens a device's offer flow (another
// device, or a shared offer link), forwards answers, puts an accepted offer into the cart, and runs
// the checkout of the cart: as a guest, or prefilled from the account of whoever is logged in, which
// may change while the checkout is open (log in, log out, another customer). When the trade is
// created the seller sees the thank-you page, and a sold device's offer is not kept for the next visit.
// The model's states are what the seller sees; `meta.production` names the shop actor's state.

import { setup } from 'xstate';
import type { ModelTours } from './support/paths';

/** Long paths for the browser, which runs the shortest paths and these (see model-tests/support/paths.ts). */
const tours: ModelTours = {
  tours: [
    // Two device pages, a shared offer link, the cart re-quoted from the checkout, and a trade that sells the open offer.
    [
      'OPEN',
      'OPEN_DEVICE',
      'ANSWER',
      'ANSWER_OTHER_DEVICE',
      'OPEN_SHARED',
      'ACCEPT',
      'OPEN_CHECKOUT',
      'CART_CHANGES',
      'TRADE_SOLD_OPEN_OFFER',
    ],
    // A guest's failed log-in at the checkout, then a log-in; while the details load the same customer
    // and another one sign in elsewhere; loaded; another customer whose details fail; a log-out while
    // the next customer's details load, and in once more.
    [
      'OPEN',
      'OPEN_CHECKOUT',
      'SIGN_OUT_AGAIN',
      'SIGN_IN',
      'SAME_CUSTOMER_AGAIN',
      'SWITCH_CUSTOMER',
      'PREFILL_LOADED',
      'SWITCH_CUSTOMER',
      'PREFILL_FAILED',
      'SWITCH_CUSTOMER',
      'SIGN_OUT',
      'SIGN_IN',
      'PREFILL_LOADED',
      'SIGN_OUT',
    ],
    // Logged in before the checkout: the details fail, and the seller logs out.
    ['OPEN', 'SIGN_IN', 'OPEN_CHECKOUT', 'PREFILL_FAILED', 'SIGN_OUT'],
  ],
};

export const shopModel = setup({}).createMachine({
  id: 'shopModel',
  meta: tours,
  initial: 'closed',
  states: {
    closed: { meta: { production: null, sees: 'nothing yet' }, on: { OPEN: 'browsing' } },
    browsing: {
      meta: { production: 'browsing', sees: 'the shop, logged out' },
      on: { OPEN_DEVICE: 'device', SIGN_IN: 'signedIn', OPEN_CHECKOUT: 'guest' },
    },
    /** A device page with its questions. */
    device: {
      meta: { production: 'browsing', sees: "a device page's questions" },
      on: { ANSWER: 'device', ANSWER_OTHER_DEVICE: 'device', OPEN_SHARED: 'device', ACCEPT: 'cartFilled' },
    },
    cartFilled: { meta: { production: 'browsing', sees: 'the offer in the cart' }, on: { OPEN_CHECKOUT: 'guestWithCart' } },
    /** Logged in while browsing: the checkout will load the account's details. */
    signedIn: { meta: { production: 'browsing', sees: 'the shop, logged in' }, on: { OPEN_CHECKOUT: 'loading' } },
    guest: {
      meta: { production: 'checkingOut.guest', sees: "the checkout's identity step, empty" },
      on: { SIGN_OUT_AGAIN: 'guest', SIGN_IN: 'loading', TRADE_DONE: 'thankYou' },
    },
    /** The checkout of a cart whose offer came from the device page still open. */
    guestWithCart: {
      meta: { production: 'checkingOut.guest', sees: 'the checkout of the cart' },
      on: { CART_CHANGES: 'guestWithCart', TRADE_SOLD_OPEN_OFFER: 'thankYouOfferSold' },
    },
    loading: {
      meta: { production: 'checkingOut.loadingAccount', sees: 'the identity step, waiting for the account' },
      on: {
        PREFILL_LOADED: 'customer',
        PREFILL_FAILED: 'accountFailed',
        SIGN_OUT: 'signedOutGuest',
        SWITCH_CUSTOMER: 'loading',
        SAME_CUSTOMER_AGAIN: 'loading',
      },
    },
    customer: {
      meta: { production: 'checkingOut.customer', sees: "the checkout prefilled with the account's address and payout" },
      on: { SIGN_OUT: 'signedOutGuest', SWITCH_CUSTOMER: 'loading' },
    },
    /** The account's details could not be read: the customer's checkout, the seller types them. */
    accountFailed: {
      meta: {
        production: 'checkingOut.accountFailed',
        sees: 'the address step, empty, with a note that the saved details could not be loaded',
      },
      on: { SIGN_OUT: 'signedOutGuest', SWITCH_CUSTOMER: 'loading' },
    },
    /** Logged out during the checkout: a guest again, the prefilled details gone. */
    signedOutGuest: { meta: { production: 'checkingOut.guest', sees: 'the identity step, empty again' }, on: { SIGN_IN: 'loading' } },
    thankYou: { meta: { production: 'browsing', sees: 'the thank-you page' } },
    /** The trade sold the device whose page is open: its offer is not offered again. */
    thankYouOfferSold: { meta: { production: 'browsing', sees: 'the thank-you page; the device page asks again' } },
  },
});
