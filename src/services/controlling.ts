// The controlling API's client (product §7 Tracking, decision 028): the client id from its cookie (one
// year), else a new one from GET /api/client-id; then POST /api/controlling/controlling with the
// shop's application id and the page's address without query. Only the consent gate (./tracking.ts)
// calls it, so nothing is sent without consent. A failure is dropped: tracking never breaks the shop.

import { CLIENT_ID_COOKIE, CLIENT_ID_COOKIE_MAX_AGE_S, CONSENT_BANNER_VERSION } from '../config/constants';
import { countryConfig } from '../config/countries';
import { readCookie } from '../config/hosts';
import type { Locale } from '../config/locales';
import { CLIENT_ID_PATTERN } from '../contracts/client-id';
import type { ClientIdAnswer, ControllingEvent } from '../contracts/tracking';
import type { ApiClient } from './api-client';

type Fields = ControllingEvent extends infer E ? (E extends unknown ? Omit<E, 'clientId' | 'applicationId' | 'url'> : never) : never;

const cookieSuffix = () => `; path=/; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;

const storedClientId = () => {
  const stored = readCookie(document.cookie, CLIENT_ID_COOKIE);
  return stored && CLIENT_ID_PATTERN.test(stored) ? stored : null;
};

/**
 * The consent log (decision 028): an acceptance is logged under the client id (made now if needed);
 * a refusal only when this browser already has one (a withdrawal), before it is forgotten.
 */
export function logConsentDecision(options: { api: () => Promise<ApiClient> }, decision: 'all' | 'necessary'): void {
  const known = storedClientId();
  if (decision === 'necessary' && !known) return;
  void (async () => {
    const api = await options.api();
    const clientId = known ?? (await newClientId(api));
    await api('/api/controlling/consent', { method: 'POST', body: { clientId, decision, bannerVersion: CONSENT_BANNER_VERSION } });
  })().catch(() => undefined);
}

// One client id per browser: the sender and the consent log may both ask at once.
let creating: Promise<string> | null = null;

function newClientId(api: ApiClient): Promise<string> {
  creating ??= api<ClientIdAnswer>('/api/client-id').then(
    (answer) => {
      document.cookie = `${CLIENT_ID_COOKIE}=${answer.clientId}; max-age=${CLIENT_ID_COOKIE_MAX_AGE_S}${cookieSuffix()}`;
      return answer.clientId;
    },
    (error: unknown) => {
      creating = null;
      throw error;
    },
  );
  return creating;
}

export function forgetClientId(): void {
  creating = null;
  if (readCookie(document.cookie, CLIENT_ID_COOKIE)) document.cookie = `${CLIENT_ID_COOKIE}=; max-age=0${cookieSuffix()}`;
}

export function createControllingSender(options: { api: () => Promise<ApiClient>; locale: Locale }): (fields: Fields) => void {
  let clientId: Promise<string> | null = null;
  const idOf = () => (clientId ??= (async () => storedClientId() ?? newClientId(await options.api()))());
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
