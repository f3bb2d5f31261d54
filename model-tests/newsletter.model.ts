// The newsletter as a subscriber lives it (issue 13): sign up in the footer (refused, failed and
// retried on the way), then open one of the mail's links — the confirmation (confirm, then first name
// and interests), the profile link, the unsubscribe link (one button, then the success page) — or the
// enrich page while logged in or out. Broken, tampered and used links end on their own page; a
// missing answer offers a retry of the step that failed.

import { setup } from 'xstate';

export const newsletterModel = setup({}).createMachine({
  id: 'newsletterModel',
  initial: 'page',
  states: {
    page: { meta: { production: null, sees: 'a shop page with the footer form' }, on: { OPEN_PAGE: 'form' } },
    form: { meta: { production: 'editing', sees: 'the sign-up form' }, on: { SUBMIT: 'sending', SUBMIT_INVALID: 'formRefused' } },
    formRefused: { meta: { production: 'editing', sees: 'the e-mail field marked' }, on: { SUBMIT: 'sending' } },
    sending: {
      meta: { production: 'sending', sees: 'signing up…' },
      on: { ACCEPTED: 'sent', FIELD_REFUSED: 'formRefused', NO_ANSWER: 'signUpFailed' },
    },
    signUpFailed: { meta: { production: 'failed', sees: 'a failure with retry' }, on: { RETRY: 'sending', TYPE: 'form' } },
    sent: {
      meta: { production: 'sent', sees: 'please confirm with the link we sent' },
      on: {
        OPEN_CONFIRMATION_LINK: 'confirming',
        OPEN_PROFILE_LINK: 'loading',
        OPEN_BROKEN_PROFILE_LINK: 'enrichInvalid',
        OPEN_ENRICH_LOGGED_IN: 'finding',
        OPEN_ENRICH_LOGGED_OUT: 'notSubscribed',
        OPEN_UNSUBSCRIBE_LINK: 'unsubscribeReady',
        OPEN_BROKEN_UNSUBSCRIBE_LINK: 'unsubscribeInvalid',
      },
    },
    confirming: {
      meta: { production: 'confirming', sees: 'confirming your subscription…' },
      on: { CONFIRMED: 'profile', LINK_REFUSED: 'enrichInvalid', NO_ANSWER: 'confirmFailed' },
    },
    confirmFailed: { meta: { production: 'failed', sees: 'a failure with retry' }, on: { RETRY: 'confirming' } },
    loading: {
      meta: { production: 'loading', sees: 'loading…' },
      on: { PROFILE_LOADED: 'profile', LINK_REFUSED: 'enrichInvalid', NO_ANSWER: 'loadFailed' },
    },
    loadFailed: { meta: { production: 'failed', sees: 'a failure with retry' }, on: { RETRY: 'loading' } },
    finding: {
      meta: { production: 'finding', sees: 'loading…' },
      on: { SUBSCRIBED: 'loading', NOT_SUBSCRIBED: 'notSubscribed', SESSION_ENDED: 'notSubscribed', NO_ANSWER: 'findFailed' },
    },
    findFailed: { meta: { production: 'failed', sees: 'a failure with retry' }, on: { RETRY: 'finding' } },
    profile: { meta: { production: 'editing', sees: 'first name and interests' }, on: { SAVE: 'saving', SAVE_INVALID: 'profileRefused' } },
    profileRefused: { meta: { production: 'editing', sees: 'the first name marked' }, on: { SAVE: 'saving' } },
    profileKept: { meta: { production: 'editing', sees: 'the form with a failure note' }, on: { SAVE: 'saving' } },
    saving: {
      meta: { production: 'saving', sees: 'saving…' },
      on: { SAVED: 'saved', FIELD_REFUSED: 'profileRefused', NO_ANSWER: 'profileKept', LINK_REFUSED: 'enrichInvalid' },
    },
    saved: { meta: { production: 'saved', sees: 'your preferences are saved' }, on: { EDIT: 'profile' } },
    enrichInvalid: { type: 'final', meta: { production: 'invalidLink', sees: 'this link is not valid any more' } },
    notSubscribed: { type: 'final', meta: { production: 'notSubscribed', sees: 'you do not receive our newsletter yet' } },
    unsubscribeReady: {
      meta: { production: 'ready', sees: 'the unsubscribe button' },
      on: { CONFIRM_UNSUBSCRIBE: 'unsubscribing' },
    },
    unsubscribing: {
      meta: { production: 'unsubscribing', sees: 'unsubscribing…' },
      on: { UNSUBSCRIBED: 'unsubscribed', LINK_REFUSED: 'unsubscribeInvalid', NO_ANSWER: 'unsubscribeFailed' },
    },
    unsubscribeFailed: { meta: { production: 'failed', sees: 'a failure with retry' }, on: { RETRY: 'unsubscribing' } },
    unsubscribed: { type: 'final', meta: { production: 'done', sees: 'the success page' } },
    unsubscribeInvalid: { type: 'final', meta: { production: 'invalidLink', sees: 'this link is not valid' } },
  },
});
