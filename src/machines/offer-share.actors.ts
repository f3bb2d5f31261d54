// The real actors of the offer share machine (./offer-share.ts): the calls of src/services/offers,
// with the session's bearer token when a customer is logged in (the share is then the account's
// saved offer), and the browser's clipboard.

import { fromPromise } from 'xstate';
import type { ApiClient } from '../services/api-client';
import { authorizedClient } from '../services/authorized-client';
import { mailOffer, requestOfferLink } from '../services/offers';

export interface OfferShareDeps {
  readonly api: () => Promise<ApiClient>;
  /** The logged-in customer's access token (rejects when nobody is logged in); absent before the session runs. */
  readonly accessToken?: () => Promise<string>;
  /** The shop's origin for the absolute link (the page's own). */
  readonly origin: string;
  /** Puts the text on the clipboard; false where the browser refuses. */
  readonly copy: (text: string) => Promise<boolean>;
}

/** The customer's client when someone is logged in, else the guest's. */
async function clientOf(deps: OfferShareDeps): Promise<ApiClient> {
  const api = await deps.api();
  if (!deps.accessToken) return api;
  return authorizedClient(api, deps.accessToken).catch(() => api);
}

export function offerShareActors(deps: OfferShareDeps) {
  return {
    createLink: fromPromise<{ link: string; copied: boolean }, { offerId: string }>(async ({ input }) => {
      const { path } = await requestOfferLink(await clientOf(deps), input.offerId);
      const link = `${deps.origin}${path}`;
      return { link, copied: await deps.copy(link) };
    }),
    sendMail: fromPromise<void, { offerId: string; email: string }>(async ({ input }) =>
      mailOffer(await clientOf(deps), input.offerId, input.email),
    ),
  };
}

/** The browser's clipboard (needs a secure context, e.g. localhost or https). */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
