// The cart as the seller lives it (spec §3 checkout state, §4): add offers (a second add of the same
// offer changes nothing), re-quote an expired line, remove or clear, pay-out choice, B2B mode with
// its cap, and the trade number kept only on the way to the thank-you page. The production cart
// has one state; the model's states are what the seller sees.

import { setup } from 'xstate';

export const cartModel = setup({}).createMachine({
  id: 'cartModel',
  initial: 'empty',
  states: {
    empty: { meta: { production: 'active', sees: 'an empty cart' }, on: { ADD: 'one' } },
    one: {
      meta: { production: 'active', sees: 'one device and its price' },
      on: {
        ADD: 'two',
        ADD_SAME_AGAIN: 'one',
        REQUOTE: 'one',
        CHOOSE_PAYPAL: 'one',
        APPLY_VOUCHER: 'one',
        MARK_PRICED: 'one',
        REMOVE: 'empty',
        CLEAR: 'empty',
        SWITCH_TO_B2B_WITH_EXPENSIVE_DEVICE: 'overB2BCap',
        TRADE_CREATED: 'tradeDone',
      },
    },
    two: { meta: { production: 'active', sees: 'two devices and their total' }, on: { REMOVE: 'one', CLEAR: 'empty' } },
    /** Business mode with a cart above the 5000 cap: checkout is refused until a device goes. */
    overB2BCap: { meta: { production: 'active', sees: 'the B2B cap warning' }, on: { REMOVE_EXPENSIVE: 'b2bUnderCap' } },
    b2bUnderCap: { meta: { production: 'active', sees: 'a business cart under the cap' }, on: { LEAVE_B2B: 'one' } },
    /** The trade exists: the cart is empty and the trade number is kept for the thank-you page. */
    tradeDone: { meta: { production: 'active', sees: 'the thank-you page' }, on: { NAVIGATE_TO_THANK_YOU: 'tradeDone', NAVIGATE_ELSEWHERE: 'empty' } },
  },
});
