// Logging in and staying logged in (product §3 Account session, §4 Login, §8): a first visit or a
// stored session, the login and its failures, the customer data loading, authenticated calls with a
// fresh or an expired token (refresh, and a refresh failure logging out), a token the server
// refused, another tab's session, and logging out (also while a call of the session is still under
// way, whose refusal then ends the next log-in).

import { setup } from 'xstate';

const LOGGED_IN = 'loggedIn.customer.loaded + loggedIn.token.valid';

export const authModel = setup({}).createMachine({
  id: 'authModel',
  initial: 'arriving',
  states: {
    arriving: {
      meta: { production: null, sees: 'nothing yet' },
      on: {
        FIRST_VISIT: 'loggedOut',
        RETURN_WITH_SESSION: 'loggedIn',
        RETURN_WITH_SESSION_WITHOUT_CUSTOMER_NUMBER: 'loggedOut',
        RETURN_WITH_SESSION_WITHOUT_CUSTOMER_DATA: 'loadingCustomer',
      },
    },
    loggedOut: {
      meta: { production: 'loggedOut', sees: 'the log-in form' },
      on: { LOGIN: 'loggingIn', OTHER_TAB_LOGS_IN: 'loggedIn' },
    },
    loggingIn: {
      meta: { production: 'loggingIn', sees: 'the log-in button busy' },
      on: {
        LOGIN_ACCEPTED: 'loadingCustomer',
        LOGIN_ANSWER_WITHOUT_TOKEN: 'loginFailed',
        LOGIN_REFUSED: 'loginFailed',
        LOGIN_LOCKED: 'loginFailed',
        LOGOUT: 'loggedOut',
      },
    },
    /** A log-in failed: the page's session runs (logged out) and the form says why. */
    loginFailed: {
      meta: { production: 'loggedOut', sees: 'the log-in form and why the log-in failed' },
      on: { LOGIN: 'loggingIn', OTHER_TAB_LOGS_IN: 'loggedIn' },
    },
    loadingCustomer: {
      meta: { production: 'loggedIn.customer.loading + loggedIn.token.valid', sees: 'the account loading' },
      on: { CUSTOMER_LOADED: 'loggedIn', CUSTOMER_LOAD_FAILED: 'customerMissing' },
    },
    customerMissing: {
      meta: {
        production: 'loggedIn.customer.failed + loggedIn.token.valid',
        sees: 'the account without the customer record (which no screen shows)',
      },
      on: { LOGOUT: 'loggedOut' },
    },
    loggedIn: {
      meta: { production: LOGGED_IN, sees: 'the account and a log-out button' },
      // CUSTOMER_NUMBER_ASSIGNED before CALL_WITH_FRESH_TOKEN: of the self-loops only the first gets a
      // shortest path, and the browser's claim path opens the account page with the fresh token as well.
      on: {
        CUSTOMER_NUMBER_ASSIGNED: 'loggedIn',
        CALL_WITH_FRESH_TOKEN: 'loggedIn',
        CALL_AFTER_EXPIRY: 'refreshing',
        SERVER_REFUSES_TOKEN: 'refreshing',
        LOGOUT: 'loggedOut',
        // Logging out while an account call of the session is under way (its second try, after a refused token).
        LOGOUT_DURING_CALL: 'loggedOutCallPending',
        // An account call refused again after the token's renewal (a second 401): the session ends.
        CALL_REFUSED_TWICE: 'loggedOut',
        OTHER_TAB_LOGS_OUT: 'loggedOut',
      },
    },
    loggedOutCallPending: {
      meta: { production: 'loggedOut', sees: 'the log-in form (a call of the ended session still under way)' },
      on: { LOGIN: 'loggingInCallPending' },
    },
    loggingInCallPending: {
      meta: { production: 'loggingIn', sees: 'the log-in button busy' },
      // The ended session's call is refused once more (401): it ends nothing, the log-in runs on.
      on: { OLD_CALL_REFUSED: 'loggingIn' },
    },
    refreshing: {
      meta: { production: 'loggedIn.customer.loaded + loggedIn.token.refreshing', sees: 'the page waiting for its data' },
      on: { REFRESHED: 'loggedIn', REFRESH_ANSWER_WITHOUT_TOKEN: 'loggedOut', REFRESH_FAILED: 'loggedOut' },
    },
  },
});
