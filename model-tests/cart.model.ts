// The cart as the seller lives it (product §3 checkout state, §4): add offers (a new offer for the
// same device with the same answers updates its line; a new offer for an expired line replaces it; one
// for other answers replaces its line as a corrected answer, or joins it as a second device (issue 32);
// the page never offers the same offer twice, src/machines/cart.test.ts tests that guard), remove
// them, a business cart with its 5000 cap, and the trade number kept only on the way to the
// thank-you page. The production cart has one state; the model's states are what the seller sees.

import { setup } from 'xstate';

export const cartModel = setup({}).createMachine({
  id: 'cartModel',
  initial: 'closed',
  states: {
    closed: {
      meta: { production: null, sees: 'nothing yet' },
      on: { OPEN: 'empty', OPEN_BUSINESS: 'businessEmpty', OPEN_GERMAN: 'germanEmpty' },
    },
    /** The German shop: a consumer cart that the business landing page can switch (issue 14, decision 037). */
    germanEmpty: { meta: { production: 'active', sees: 'an empty cart' }, on: { SWITCH_TO_BUSINESS: 'switchedBusiness' } },
    switchedBusiness: {
      meta: { production: 'active', sees: '"Business trade-in · switch to private sale"' },
      on: { TAKE_BULK_LINES: 'bulkLines', SWITCH_TO_PRIVATE: 'germanEmpty' },
    },
    /** A bulk list's lines with their quantities, and the room left under the cap. */
    bulkLines: {
      meta: { production: 'active', sees: 'two lines with quantity steppers and the room under 5,000 €' },
      on: { RAISE_OVER_CAP: 'bulkOverCap', SWITCH_TO_PRIVATE: 'privateLines' },
    },
    /** Over the cap by a quantity: marked, the checkout waits. */
    bulkOverCap: {
      meta: { production: 'active', sees: 'by how much the cart is over the cap, and the partner team' },
      on: { LOWER_QUANTITY: 'bulkLines' },
    },
    privateLines: { meta: { production: 'active', sees: 'the same devices, one of each, no steppers' } },
    empty: { meta: { production: 'active', sees: 'an empty cart' }, on: { ADD: 'one' } },
    one: {
      meta: { production: 'active', sees: 'one device and its price' },
      on: {
        ADD: 'two',
        ADD_SAME_ANSWERS_AGAIN: 'one',
        REQUOTE_EXPIRED: 'one',
        ADD_CORRECTED_ANSWERS: 'one',
        ADD_SECOND_OF_SAME: 'twoOfSame',
        REMOVE: 'empty',
        TRADE_CREATED: 'tradeDone',
      },
    },
    two: { meta: { production: 'active', sees: 'two devices and their total' }, on: { REMOVE: 'one', TRADE_CREATED: 'tradeDone' } },
    /** Two of one model in different conditions, each its own line. */
    twoOfSame: { meta: { production: 'active', sees: 'the same model twice, each with its answers and price' }, on: { REMOVE: 'one' } },
    /** The partner widget's cart: business trade-in, capped at 5000. */
    businessEmpty: { meta: { production: 'active', sees: 'an empty business cart' }, on: { ADD_EXPENSIVE: 'overB2BCap' } },
    /** Above the 5000 cap: checkout is refused until a device goes. */
    overB2BCap: { meta: { production: 'active', sees: 'the B2B cap warning' }, on: { REMOVE_EXPENSIVE: 'businessEmpty' } },
    /** The trade exists: the cart is empty and the trade number is kept for the thank-you page. */
    tradeDone: {
      meta: { production: 'active', sees: 'the thank-you page' },
      on: { NAVIGATE_TO_THANK_YOU: 'tradeDone', NAVIGATE_ELSEWHERE: 'empty' },
    },
  },
});
