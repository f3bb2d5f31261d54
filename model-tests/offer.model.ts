// The offer flow as the seller lives it (product §2 product detail, product §10), for model-based tests:
// open a device, answer its three condition questions (all on one screen), let the server price them
// (offer, refusal, failure), change an answer (priced again at once), put the offer into the cart —
// after a changed answer for a device in the cart, as a correction of its line or as a second device —
// and reload the page on the way (the answers and the offer are kept; without storage the flow just
// starts empty), or open a shared offer link (valid, or expired with a new offer one click away). Each state names the
// production state it stands for in `meta.production`; the runners check it after every step.
// The device of the tests has exactly three questions.

import { setup } from 'xstate';

export const offerModel = setup({}).createMachine({
  id: 'offerModel',
  initial: 'closed',
  states: {
    closed: {
      meta: { production: null, sees: 'nothing yet' },
      on: {
        OPEN: 'answeringFirst',
        // The seller answers at once, before the page has loaded what it kept of the device (its first answer opens the flow).
        OPEN_AND_ANSWER: 'answeringMiddle',
        OPEN_WITHOUT_STORAGE: 'answeringFirst',
        OPEN_DEVICE_WITHOUT_QUESTIONS: 'pricingWithoutQuestions',
        // A shared link (issue 18): its offer while valid, else its answers with a new offer one click away.
        OPEN_SHARED: 'offered',
        OPEN_SHARED_EXPIRED: 'expired',
      },
    },
    /** A device without questions is priced at once. */
    pricingWithoutQuestions: {
      meta: { production: 'calculating', sees: 'the price being calculated' },
      on: { PRICED: 'offeredWithoutQuestions' },
    },
    offeredWithoutQuestions: {
      meta: { production: 'offered', sees: 'the binding offer with its price' },
      on: { ADD_TO_CART: 'addedWithoutQuestions' },
    },
    addedWithoutQuestions: { type: 'final', meta: { production: 'addedToCart', sees: 'the offer in the cart' } },
    answeringFirst: { meta: { production: 'answering', sees: 'three questions, none answered' }, on: { ANSWER: 'answeringMiddle' } },
    /** One answer given: a reload keeps it. */
    answeringMiddle: {
      meta: { production: 'answering', sees: 'one question answered' },
      on: { ANSWER: 'answeringLast', RELOAD: 'answeringMiddle' },
    },
    answeringLast: { meta: { production: 'answering', sees: 'two questions answered' }, on: { ANSWER: 'calculating' } },
    calculating: {
      meta: { production: 'calculating', sees: 'the price being calculated' },
      on: { PRICED: 'offered', REFUSED: 'blocked', PRICE_FAILED: 'failed' },
    },
    offered: {
      meta: { production: 'offered', sees: 'the binding offer with its price' },
      // COME_BACK_AFTER_EXPIRY: the seller comes back once the offer has expired: the kept answers are priced again.
      on: { ADD_TO_CART: 'addedToCart', CHANGE: 'calculating', RELOAD: 'offered', COME_BACK_AFTER_EXPIRY: 'calculating' },
    },
    expired: {
      meta: { production: 'expired', sees: 'the expired offer with its answers and "get a new offer"' },
      on: { RENEW: 'calculating', CHANGE: 'calculating' },
    },
    blocked: { meta: { production: 'blocked', sees: 'why the device cannot be bought' }, on: { CHANGE: 'calculating' } },
    failed: { meta: { production: 'failed', sees: 'a pricing error with retry' }, on: { RETRY: 'calculating', CHANGE: 'calculating' } },
    addedToCart: {
      meta: { production: 'addedToCart', sees: 'the offer in the cart' },
      // REMOVE_AND_ADD_AGAIN: the seller removed the line in the cart, comes back and adds the same offer again.
      on: { CHANGE: 'recalculatingInCart', RELOAD: 'offeredInCart', REMOVE_AND_ADD_AGAIN: 'addedToCart' },
    },
    /** An answer changed while the device is in the cart with the earlier ones (issue 32). */
    recalculatingInCart: {
      meta: { production: 'calculating', sees: 'the new price being calculated; the cart keeps the earlier offer' },
      on: { PRICED: 'reofferedInCart' },
    },
    reofferedInCart: {
      meta: { production: 'offered', sees: 'the new offer and the question: replace the one in the cart (default) or add a second device' },
      on: { REPLACE_IN_CART: 'correctedInCart', ADD_SECOND: 'secondInCart' },
    },
    /** A corrected answer: the new offer in place of the earlier one. */
    correctedInCart: { meta: { production: 'addedToCart', sees: 'the new offer in the cart, one line for the device' } },
    /** A second device of the same model: both offers in the cart. */
    secondInCart: { meta: { production: 'addedToCart', sees: 'both offers in the cart, two lines' } },
    /** Back on the page of a device whose offer is in the cart: the offer, and that it is in the cart. */
    offeredInCart: { meta: { production: 'offered', sees: 'the offer, already in the cart' }, on: { CHANGE: 'calculating' } },
  },
});
