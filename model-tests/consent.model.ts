// Consent as a visitor lives it (product §4, decision 027): the page opens; a second later the banner
// check finds a kept decision, a privacy signal (DNT / GPC), a shop without a banner, or asks. On
// the banner the visitor accepts, takes only the necessary, or opens the settings and saves one
// switch; the footer's "cookie settings" asks again later.

import { setup } from 'xstate';

export const consentModel = setup({}).createMachine({
  id: 'consentModel',
  initial: 'closed',
  states: {
    closed: {
      meta: { production: null, sees: 'no shop page yet' },
      on: {
        OPEN_FIRST_VISIT: 'waiting',
        OPEN_ACCEPTED_BEFORE: 'waitingAccepted',
        OPEN_REFUSED_BEFORE: 'waitingRefused',
        OPEN_WITH_PRIVACY_SIGNAL: 'waitingSignal',
        OPEN_SHOP_WITHOUT_BANNER: 'waitingNoBanner',
      },
    },
    waiting: { meta: { production: 'starting', sees: 'the page, no banner yet' }, on: { SECOND_PASSES: 'banner' } },
    waitingAccepted: { meta: { production: 'starting', sees: 'the page' }, on: { SECOND_PASSES: 'accepted' } },
    waitingRefused: { meta: { production: 'starting', sees: 'the page' }, on: { SECOND_PASSES: 'refused' } },
    waitingSignal: { meta: { production: 'starting', sees: 'the page' }, on: { SECOND_PASSES: 'refused' } },
    waitingNoBanner: { meta: { production: 'starting', sees: 'the page' }, on: { SECOND_PASSES: 'noBanner' } },
    banner: {
      meta: { production: 'asking.summary', sees: 'the banner: accept all, only necessary, settings' },
      on: { ACCEPT: 'accepted', REFUSE: 'refused', OPEN_SETTINGS: 'settings' },
    },
    settings: {
      meta: { production: 'asking.settings', sees: 'the settings: necessary always on, one switch' },
      on: { SAVE_ALLOWING: 'accepted', SAVE_REFUSING: 'refused', ACCEPT: 'accepted', REFUSE: 'refused' },
    },
    accepted: { meta: { production: 'accepted', sees: 'the page, tracked with consent' }, on: { REOPEN: 'settings' } },
    refused: { meta: { production: 'refused', sees: 'the page, nothing but the necessary' }, on: { REOPEN: 'settings' } },
    noBanner: { type: 'final', meta: { production: 'noBanner', sees: 'the page, no banner in this shop' } },
  },
});
