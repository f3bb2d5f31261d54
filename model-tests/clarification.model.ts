// Answering a clarification as the seller lives it (product §10–11): open the mail's link (two
// devices re-priced) or the quick answer of one of them; decide per device, change a decision,
// reload half-way (the decisions come back), confirm or go back, send. The quick answer accepts its
// device at once and can be undone while the other device waits (decision 069). A link that is wrong
// or past its deadline, an answer already given, and server failures (with a retry) end or pause the flow.

import { setup } from 'xstate';

export const clarificationModel = setup({}).createMachine({
  id: 'clarificationModel',
  initial: 'mailbox',
  states: {
    mailbox: {
      meta: { production: null, sees: 'the clarification e-mail' },
      on: {
        OPEN_LINK: 'loading',
        OPEN_QUICK_ANSWER: 'quickLoading',
        // The server rendered the page with the view (the machine starts from it).
        OPEN_RENDERED_LINK: 'undecided',
        OPEN_RENDERED_ANSWERED_LINK: 'alreadyAnswered',
        OPEN_RENDERED_EXPIRED_LINK: 'expired',
        OPEN_RENDERED_QUICK_ANSWER: 'quickDeciding',
        OPEN_RENDERED_QUICK_ANSWER_AGAIN: 'quickAnswered',
      },
    },
    loading: {
      meta: { production: 'loading', sees: 'loading the clarification…' },
      on: {
        SERVER_SENDS_OPEN: 'undecided',
        SERVER_SENDS_ANSWERED: 'alreadyAnswered',
        SERVER_SENDS_EXPIRED: 'expired',
        LINK_REFUSED: 'linkRefused',
        SERVER_DOWN: 'loadFailed',
      },
    },
    loadFailed: { meta: { production: 'failed', sees: 'a failure with retry' }, on: { RETRY: 'loading' } },
    undecided: {
      meta: { production: 'reviewing', sees: 'two devices, offered vs found, no decision yet' },
      on: { ACCEPT_FIRST: 'oneDecided' },
    },
    oneDecided: {
      meta: { production: 'reviewing', sees: 'the first device accepted, the second open' },
      on: { DECLINE_SECOND: 'allDecided', RELOAD: 'reloading' },
    },
    reloading: {
      meta: { production: 'loading', sees: 'the page loading again after a reload' },
      on: { SERVER_SENDS_OPEN: 'oneDecided' },
    },
    allDecided: {
      meta: { production: 'reviewing', sees: 'both devices decided' },
      on: { CHOOSE_RECYCLE_SECOND: 'allDecided', CONFIRM: 'confirming' },
    },
    confirming: {
      meta: { production: 'confirming', sees: 'the summary of the decisions, send or change' },
      on: { BACK: 'allDecided', SUBMIT: 'submitting' },
    },
    submitting: {
      meta: { production: 'submitting', sees: 'sending…' },
      on: {
        SERVER_ACCEPTS: 'answered',
        SERVER_SAYS_ALREADY_ANSWERED: 'reloadingAfterConflict',
        SERVER_SAYS_DEADLINE_PASSED: 'expired',
        SERVER_DOWN: 'submitFailed',
      },
    },
    submitFailed: { meta: { production: 'failed', sees: 'a failure with retry' }, on: { RETRY: 'submitting' } },
    reloadingAfterConflict: {
      meta: { production: 'loading', sees: 'loading what was answered meanwhile' },
      on: { SERVER_SENDS_ANSWERED: 'alreadyAnswered' },
    },
    quickLoading: {
      meta: { production: 'loading', sees: 'loading the one new offer…' },
      on: { SERVER_SENDS_OPEN: 'quickDeciding', SERVER_SENDS_FOCUS_ANSWERED: 'quickAnswered' },
    },
    quickDeciding: {
      meta: { production: 'deciding', sees: 'the one new offer, being accepted (a button without JavaScript)' },
      on: {
        SERVER_ACCEPTS_ONE: 'quickAnswered',
        SERVER_DOWN: 'quickDecideFailed',
        SERVER_SAYS_ALREADY_ANSWERED: 'quickReloading',
        SERVER_SAYS_DEADLINE_PASSED: 'expired',
      },
    },
    quickDecideFailed: { meta: { production: 'failed', sees: 'a failure with retry' }, on: { RETRY: 'quickSubmitting' } },
    quickReloading: {
      meta: { production: 'loading', sees: 'loading what was answered meanwhile' },
      on: { SERVER_SENDS_FOCUS_ANSWERED: 'quickAnswered' },
    },
    quickAnswered: {
      meta: { production: 'answered', sees: 'the device accepted, with undo while the other device waits' },
      on: { UNDO: 'undoing' },
    },
    undoing: {
      meta: { production: 'undoing', sees: 'taking the answer back…' },
      on: { SERVER_UNDOES: 'quickUndecided', SERVER_SAYS_MOVED_ON: 'undoFailed', SERVER_SAYS_DEADLINE_PASSED: 'expired' },
    },
    undoFailed: { meta: { production: 'failed', sees: 'the answer can no longer be undone' }, on: { RETRY: 'quickReloading' } },
    quickUndecided: {
      meta: { production: 'reviewing', sees: 'one new offer with accept and decline' },
      // One tap decides and asks for the confirmation (the phone's two big buttons).
      on: { ACCEPT_OFFER: 'quickConfirming' },
    },
    quickConfirming: {
      meta: { production: 'confirming', sees: 'confirm the one answer' },
      on: { SUBMIT: 'quickSubmitting', BACK: 'quickUndecided' },
    },
    quickSubmitting: { meta: { production: 'submitting', sees: 'sending…' }, on: { SERVER_ACCEPTS: 'answered' } },
    answered: { type: 'final', meta: { production: 'answered', sees: 'the summary and what happens next' } },
    alreadyAnswered: { type: 'final', meta: { production: 'answered', sees: 'the answers given before' } },
    expired: { type: 'final', meta: { production: 'expired', sees: 'the expired-link page' } },
    linkRefused: { type: 'final', meta: { production: 'expired', sees: 'the expired-link page' } },
  },
});
