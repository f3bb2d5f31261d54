// The consent machine's real side effects: the decision goes into the consent cookie (one year).

import { readConsentCookie, browserSignalsRefusal, writeConsentCookie } from '../services/consent-storage';
import { consentCookieValue, consentMachine, parseStoredConsent, type ConsentInput } from './consent';

/** The banner check's facts in this browser. */
export function browserConsentInput(banner: boolean): ConsentInput {
  return { banner, stored: parseStoredConsent(readConsentCookie()), refusalSignal: browserSignalsRefusal() };
}

export const realConsentMachine = consentMachine.provide({
  actions: {
    remember: (_, { decision }) => writeConsentCookie(consentCookieValue(decision)),
  },
});
