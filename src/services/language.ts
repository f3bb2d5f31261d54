// Stores the chosen shop language in the language cookie (365 days, product §9).

import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S } from '../config/constants';
import type { Locale } from '../config/locales';

export function storeLanguage(locale: Locale): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; path=/; samesite=lax${secure}`;
}
