// The real actors of the offer machine (./offer.ts): the stored flow of the device from IndexedDB
// and the price from the server (POST /api/offers). Tests provide fakes instead.

import { fromPromise } from 'xstate';
import type { OfferRequest } from '../contracts/offers';
import type { ApiClient } from '../services/api-client';
import type { Device } from '../services/catalogue/entities';
import { fetchSharedOffer, requestOffer, type OfferResult } from '../services/offers';
import { clearSnapshot, loadSnapshot } from '../services/persistence';
import { offerStorageKey, resumableOffer, type OfferContext, type RestoredOffer } from './offer';

export interface OfferDeps {
  /** The API client, made on first use. */
  readonly api: () => Promise<ApiClient>;
}

/** The device's stored flow if it can go on (an unusable one, e.g. of an older version, is deleted). */
export async function restoreOffer(device: Device, now = Date.now()): Promise<Pick<OfferContext, 'answers' | 'offer'> | null> {
  const key = offerStorageKey(device.id);
  const stored = await loadSnapshot<unknown>(key);
  if (stored === undefined) return null;
  const usable = resumableOffer(stored, device, now);
  if (!usable) await clearSnapshot(key);
  return usable;
}

/**
 * The offer of a shared link when it is this device's (valid: the offer; expired: its answers and the
 * expired offer), else the stored flow. A link that is not valid any more opens the stored flow.
 */
export async function restoreShared(api: ApiClient, device: Device, token: string): Promise<RestoredOffer | null> {
  const shared = await fetchSharedOffer(api, token).catch(() => null);
  if (!shared || shared.offer.deviceId !== device.id) return restoreOffer(device);
  return shared.expired
    ? { answers: shared.offer.answers, offer: null, expiredOffer: shared.offer }
    : { answers: shared.offer.answers, offer: shared.offer };
}

export function offerActors(deps: OfferDeps) {
  return {
    restore: fromPromise<RestoredOffer | null, { device: Device; sharedToken: string | null }>(async ({ input }) =>
      input.sharedToken ? restoreShared(await deps.api(), input.device, input.sharedToken) : restoreOffer(input.device),
    ),
    requestOffer: fromPromise<OfferResult, OfferRequest>(async ({ input }) => requestOffer(await deps.api(), input)),
  };
}
