// The real actors of the offer machine (./offer.ts): the stored flow of the device from IndexedDB
// and the price from the server (POST /api/offers). Tests provide fakes instead.

import { fromPromise } from 'xstate';
import type { OfferRequest } from '../contracts/offers';
import type { ApiClient } from '../services/api-client';
import type { Device } from '../services/catalogue/entities';
import { requestOffer, type OfferResult } from '../services/offers';
import { clearSnapshot, loadSnapshot } from '../services/persistence';
import { offerStorageKey, resumableOffer, type OfferContext } from './offer';

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

export function offerActors(deps: OfferDeps) {
  return {
    restore: fromPromise<Pick<OfferContext, 'answers' | 'offer'> | null, { device: Device }>(({ input }) => restoreOffer(input.device)),
    requestOffer: fromPromise<OfferResult, OfferRequest>(async ({ input }) => requestOffer(await deps.api(), input)),
  };
}
