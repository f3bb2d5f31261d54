// Where the consent decision lives in the browser: the consent cookie (product §9: one year), and the
// privacy signals a browser sends (DNT: 1, Sec-GPC: 1), which count as a refusal (decision 027).

import { CONSENT_COOKIE, CONSENT_COOKIE_MAX_AGE_S } from '../config/constants';
import { readCookie } from '../config/hosts';

export function readConsentCookie(): string | undefined {
  return typeof document === 'undefined' ? undefined : readCookie(document.cookie, CONSENT_COOKIE);
}

export function writeConsentCookie(value: string): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${value}; max-age=${CONSENT_COOKIE_MAX_AGE_S}; path=/; samesite=lax${secure}`;
}

/** The browser asks not to be tracked: Do Not Track or Global Privacy Control. */
export function browserSignalsRefusal(): boolean {
  if (typeof navigator === 'undefined') return false;
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}
