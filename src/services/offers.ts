// Offer calls (product §10): ask the server to price a device with the chosen answers.

import {
  type CartHoldsRequest,
  OfferBlockedSchema,
  OfferLinkSchema,
  OfferSchema,
  SharedOfferSchema,
  type Offer,
  type OfferBlocked,
  type OfferLink,
  type OfferRequest,
  type SharedOffer,
} from '../contracts/offers';
import type { ApiClient } from './api-client';
import { readApiFailure } from './api-failure';

export type OfferResult = { readonly kind: 'offer'; readonly offer: Offer } | { readonly kind: 'blocked'; readonly blocked: OfferBlocked };

export async function requestOffer(api: ApiClient, request: OfferRequest): Promise<OfferResult> {
  try {
    const body = await api('/api/offers', { method: 'POST', body: request });
    return { kind: 'offer', offer: OfferSchema.parse(body) };
  } catch (error) {
    const failure = readApiFailure(error);
    if (failure.kind === 'refused' && failure.status === 422) {
      const blocked = OfferBlockedSchema.safeParse(failure.body);
      if (blocked.success) return { kind: 'blocked', blocked: blocked.data };
    }
    throw error;
  }
}

/** The offer of a shared link's token, and whether it has expired. */
export async function fetchSharedOffer(api: ApiClient, token: string): Promise<SharedOffer> {
  return SharedOfferSchema.parse(await api('/api/shared-offers', { query: { token } }));
}

/** The device page's link to the offer (signed); `api` with the session's bearer files it under the account. */
export async function requestOfferLink(api: ApiClient, offerId: string): Promise<OfferLink> {
  return OfferLinkSchema.parse(await api(`/api/offers/${encodeURIComponent(offerId)}/link`, { method: 'POST' }));
}

/** Sends the offer to `email` (the answer is the same for every address). */
export async function mailOffer(api: ApiClient, offerId: string, email: string): Promise<void> {
  await api(`/api/offers/${encodeURIComponent(offerId)}/mail`, { method: 'POST', body: { email } });
}

/** Tells the shop which offers the cart of `email` holds, for price-drop warnings (the answer is the same for every address). */
export async function reportCartHolds(api: ApiClient, request: CartHoldsRequest): Promise<void> {
  await api('/api/cart-holds', { method: 'PUT', body: request });
}
