// Offer calls (DESIGN.md §6): ask the server to price a device with the chosen answers.

import { OfferBlockedSchema, OfferSchema, type Offer, type OfferBlocked, type OfferRequest } from '../contracts/offers';
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

export async function fetchOffer(api: ApiClient, offerId: string): Promise<Offer> {
  return OfferSchema.parse(await api(`/api/offers/${encodeURIComponent(offerId)}`));
}
