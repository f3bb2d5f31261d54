// The controlling API's client (spec §7 Tracking, decision 028): the client id from its cookie (one
// year), else a new one from GET /api/client-id; then POST /api/controlling/controlling with the
// shop's application id and the page's address without query. Only the consent gate (./tracking.ts)
// calls it, so nothing is sent without consent. A failure is dropped: tracking never breaks the shop.

import { CLIENT_ID_COOKIE, CLIENT_ID_COOKIE_MAX_AGE_S } from '../config/constants';
import { countryConfig } from '../config/countries';
import { readCookie } from '../config/hosts';
import type { Locale } from '../config/locales';
import { CLIENT_ID_PATTERN, type ClientIdAnswer, type ControllingEvent } from '../contracts/tracking';
import type { ApiClient } from './api-client';

type Fields = ControllingEvent extends infer E ? (E extends unknown ? Omit<E, 'clientId' | 'applicationId' | 'url'> : never) : never;

const cookieSuffix = () => `; path=/; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;

export function forgetClientId(): void {
  if (readCookie(document.cookie, CLIENT_ID_COOKIE)) document.cookie = `${CLIENT_ID_COOKIE}=; max-age=0${cookieSuffix()}`;
}

export function createControllingSender(options: { api: () => Promise<ApiClient>; locale: Locale }): (fields: Fields) => void {
  let clientId: Promise<string> | null = null;
  const idOf = () =>
    (clientId ??= (async () => {
      const stored = readCookie(document.cookie, CLIENT_ID_COOKIE);
      if (stored && CLIENT_ID_PATTERN.test(stored)) return stored;
      const answer = await (await options.api())<ClientIdAnswer>('/api/client-id');
      document.cookie = `${CLIENT_ID_COOKIE}=${answer.clientId}; max-age=${CLIENT_ID_COOKIE_MAX_AGE_S}${cookieSuffix()}`;
      return answer.clientId;
    })());
  const applicationId = countryConfig(options.locale).application;
  // Sent one after another, in the order they happened.
  let queue: Promise<unknown> = Promise.resolve();
  return (fields) => {
    const url = `${location.origin}${location.pathname}`;
    queue = queue
      .then(async () => {
        const body = { ...fields, clientId: await idOf(), applicationId, url };
        await (
          await options.api()
        )('/api/controlling/controlling', { method: 'POST', body });
      })
      .catch(() => {
        clientId = null;
      });
  };
}
