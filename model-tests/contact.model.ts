// The contact form as a visitor lives it (product §1 help/contact widget): the form opens (the kept
// draft and a form ticket arrive, or not), the visitor fills it in, may tick the business box and
// attach or remove a photo, and sends. The server accepts, names fields it refuses, finds the form
// sent too fast or its ticket expired, limits the rate, or is down (retry). After sending, another
// message can be written. A bot filling the hidden field is a visitor too: the form looks the same.

import { setup } from 'xstate';

export const contactModel = setup({}).createMachine({
  id: 'contactModel',
  initial: 'opening',
  states: {
    opening: {
      meta: { production: 'preparing', sees: 'the empty form (its draft and ticket still coming)' },
      on: { PREPARED: 'blank', PREPARE_FAILED: 'blank', FILL_FORM: 'filledWhileOpening', SEND: 'openingRefused' },
    },
    openingRefused: {
      meta: { production: 'preparing', sees: 'the form with its required fields marked' },
      on: { PREPARED: 'blankRefused' },
    },
    filledWhileOpening: {
      meta: { production: 'preparing', sees: 'the filled form' },
      on: { SEND: 'sending' },
    },
    blank: {
      meta: { production: 'editing', sees: 'the empty form' },
      on: { FILL_FORM: 'filled', SEND: 'blankRefused' },
    },
    blankRefused: {
      meta: { production: 'editing', sees: 'the form with its required fields marked' },
      on: { FILL_FORM: 'filled' },
    },
    filled: {
      meta: { production: 'editing', sees: 'the filled form' },
      on: {
        SEND: 'sending',
        TICK_BUSINESS: 'filledBusiness',
        ATTACH_PHOTO: 'withPhoto',
        BOT_FILLS_HIDDEN_FIELD: 'filledByBot',
      },
    },
    filledBusiness: {
      meta: { production: 'editing', sees: 'the filled form, business trade-in ticked' },
      on: { SEND: 'sending' },
    },
    filledByBot: {
      meta: { production: 'editing', sees: 'the filled form (the hidden field filled too)' },
      on: { SEND: 'sending' },
    },
    withPhoto: {
      meta: { production: 'editing', sees: 'the filled form with one attached photo' },
      on: { REMOVE_PHOTO: 'filled', SEND: 'sending' },
    },
    sending: {
      meta: { production: 'sending', sees: 'sending…' },
      on: {
        ACCEPTED: 'sent',
        FIELDS_REFUSED: 'refusedByServer',
        TOO_FAST: 'tooFast',
        TICKET_EXPIRED: 'expired',
        SERVER_DOWN: 'failed',
        RATE_LIMITED: 'rateLimited',
      },
    },
    refusedByServer: {
      meta: { production: 'editing', sees: 'the e-mail address marked as not valid' },
      on: { FIX_EMAIL: 'filled' },
    },
    tooFast: {
      meta: { production: 'editing', sees: '"that was very quick, check and send again"' },
      on: { SEND: 'sending' },
    },
    expired: {
      meta: { production: 'editing', sees: '"the form was open for long, send again"' },
      on: { SEND: 'sending' },
    },
    failed: {
      meta: { production: 'failed', sees: '"could not send, nothing is lost" with a retry button' },
      on: { RETRY: 'sending', SEND: 'sending', CLEAR_MESSAGE: 'failedEmptied' },
    },
    failedEmptied: {
      meta: { production: 'failed', sees: 'the failure note above an empty message field' },
      on: { SEND: 'messageMissing' },
    },
    messageMissing: {
      meta: { production: 'editing', sees: 'the message field marked as required' },
    },
    rateLimited: {
      meta: { production: 'failed', sees: '"several messages in a short time, try again in 2 minutes"' },
      on: { RETRY: 'sending' },
    },
    sent: {
      meta: { production: 'sent', sees: 'thank you, with the reference and the confirmation address' },
      on: { WRITE_ANOTHER: 'another' },
    },
    another: {
      meta: { production: 'editing', sees: 'a new form with name and e-mail kept' },
    },
  },
});
