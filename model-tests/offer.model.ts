// The offer flow as the seller lives it (spec §2 product detail, DESIGN.md §6), for model-based tests:
// open a device, answer its three condition questions (going back or changing an answer on the way),
// let the server price them (offer, refusal, failure) and add the offer to the cart. Each state names
// the production state it stands for in `meta.production`; the runners check it after every step.
// The device of the tests has exactly three questions.

import { setup } from 'xstate';

export const offerModel = setup({}).createMachine({
  id: 'offerModel',
  initial: 'closed',
  states: {
    closed: {
      meta: { production: null, sees: 'nothing yet' },
      on: {
        OPEN_WITH_DEVICE: 'answeringFirst',
        OPEN_BY_SLUG: 'loading',
        OPEN_DEVICE_WITHOUT_QUESTIONS: 'pricingWithoutQuestions',
      },
    },
    /** A device without questions is priced at once; there is nothing to go back to. */
    pricingWithoutQuestions: { meta: { production: 'calculating', sees: 'the price being calculated' }, on: { PRICED: 'offeredWithoutQuestions' } },
    offeredWithoutQuestions: { meta: { production: 'offered', sees: 'the binding offer with its price' }, on: { ADD_TO_CART: 'addedToCart' } },
    loading: { meta: { production: 'loading', sees: 'the device loading' }, on: { DEVICE_LOADED: 'answeringFirst', DEVICE_LOAD_FAILED: 'loadFailed' } },
    loadFailed: { meta: { production: 'loadFailed', sees: 'a load error with retry' }, on: { RETRY: 'loading' } },
    answeringFirst: { meta: { production: 'answering', sees: 'question 1 of 3' }, on: { ANSWER: 'answeringSecond' } },
    answeringSecond: {
      meta: { production: 'answering', sees: 'question 2 of 3' },
      on: { ANSWER: 'answeringLast', BACK: 'revisitingFirst' },
    },
    /** One answer given, question 1 on screen again: answering it returns to question 2. */
    revisitingFirst: { meta: { production: 'answering', sees: 'question 1 of 3, answered' }, on: { ANSWER: 'answeringSecond' } },
    answeringLast: {
      meta: { production: 'answering', sees: 'question 3 of 3' },
      on: { ANSWER: 'calculating', BACK: 'revisitingSecond', CHANGE: 'revisitingSecond' },
    },
    /** Two answers given, an earlier question on screen: answering it returns to question 3. */
    revisitingSecond: { meta: { production: 'answering', sees: 'an answered question' }, on: { ANSWER: 'answeringLast' } },
    calculating: { meta: { production: 'calculating', sees: 'the price being calculated' }, on: { PRICED: 'offered', REFUSED: 'blocked', PRICE_FAILED: 'failed' } },
    offered: {
      meta: { production: 'offered', sees: 'the binding offer with its price' },
      on: { ADD_TO_CART: 'addedToCart', BACK: 'reviewing', CHANGE: 'reviewing' },
    },
    blocked: { meta: { production: 'blocked', sees: 'why the device cannot be bought' }, on: { BACK: 'reviewing', CHANGE: 'reviewing' } },
    failed: { meta: { production: 'failed', sees: 'a pricing error with retry' }, on: { RETRY: 'calculating', BACK: 'reviewing', CHANGE: 'reviewing' } },
    /** Every question answered, one of them on screen again: answering prices again. */
    reviewing: { meta: { production: 'answering', sees: 'an answered question, all answered' }, on: { ANSWER: 'calculating', BACK: 'reviewing' } },
    addedToCart: { type: 'final', meta: { production: 'addedToCart', sees: 'the offer in the cart' } },
  },
});
