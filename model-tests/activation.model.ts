// Registration activation as the new customer lives it (product §4, §5, §8): open the link from the
// e-mail; a link without a token, or with one that cannot be decoded, ends at once; otherwise the
// server activates the registration and then the customer by the identifier it answered. Server
// failures offer a retry of the step that failed.

import { setup } from 'xstate';

export const activationModel = setup({}).createMachine({
  id: 'activationModel',
  initial: 'mailbox',
  states: {
    mailbox: {
      meta: { production: null, sees: 'the activation e-mail' },
      on: { OPEN_LINK: 'activating', OPEN_LINK_WITHOUT_TOKEN: 'linkIncomplete', OPEN_GARBLED_LINK: 'notActivated' },
    },
    activating: {
      meta: { production: 'activating', sees: 'activating…' },
      on: {
        REGISTRATION_ACTIVATED: 'identifying',
        ACTIVATED_WITHOUT_IDENTIFIER: 'answerIncomplete',
        TOKEN_UNKNOWN_OR_USED: 'notActivated',
        SERVER_SAYS_TOKEN_MISSING: 'linkIncomplete',
        SERVER_REFUSES: 'notActivated',
        SERVER_DOWN: 'registrationStepFailed',
      },
    },
    identifying: {
      meta: { production: 'identifying', sees: 'activating…' },
      on: { CUSTOMER_ACTIVATED: 'activated', IDENTIFIER_REFUSED: 'notActivated', SERVER_DOWN: 'customerStepFailed' },
    },
    registrationStepFailed: { meta: { production: 'failed', sees: 'a failure with retry' }, on: { RETRY: 'activating' } },
    customerStepFailed: { meta: { production: 'failed', sees: 'a failure with retry' }, on: { RETRY: 'identifying' } },
    activated: { type: 'final', meta: { production: 'activated', sees: 'the account is active, log in' } },
    notActivated: { type: 'final', meta: { production: 'notActivated', sees: 'the link is invalid or expired' } },
    linkIncomplete: { type: 'final', meta: { production: 'missingToken', sees: 'the link is incomplete' } },
    answerIncomplete: { type: 'final', meta: { production: 'missingToken', sees: 'the activation could not be completed' } },
  },
});
