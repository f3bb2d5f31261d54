// The tracking event catalogue (product §7, fields of product §3's trade event): every event the data layer
// receives, and what each sends to the controlling API. The one list: machines and the shop runtime
// build events with these types and hand them to ./tracking.ts, which pushes them only with consent.

import type { ControllingEvent } from '../contracts/tracking';
import type { Touchpoint } from '../contracts/tracking';

interface Item {
  readonly offerId: string;
  readonly deviceId: number;
  readonly productName: string;
  readonly category: string | null;
  readonly conditionId: number;
  readonly price: number;
}

export type DataLayerEvent =
  /** Every navigation: the server-rendered first view and each client navigation (shop runtime). */
  | { readonly event: 'page_view'; readonly pageType: string; readonly pagePath: string; readonly locale: string }
  /** A device page was shown (shop runtime, from the page's loader data). */
  | { readonly event: 'view_item'; readonly deviceId: number; readonly productName: string; readonly category: string }
  /** The header search was submitted: the device chosen from the results (shop runtime, from the navigation). */
  | { readonly event: 'search_submitted'; readonly searchTerm: string; readonly deviceId: number }
  /** The offer machine received a price (offer.ts). */
  | ({ readonly event: 'offer_generated' } & Item)
  /** The shop put an accepted offer into the cart (shop.ts). */
  | ({ readonly event: 'add_to_cart' } & Item)
  | { readonly event: 'login'; readonly method: 'password' }
  | { readonly event: 'registration'; readonly method: 'password' }
  | {
      readonly event: 'trade_created';
      readonly tradeId: string;
      readonly transactionId: string | number;
      readonly revenue: number;
      readonly voucherCode: string | null;
      readonly voucherValue: number;
      readonly items: readonly Item[];
    }
  | { readonly event: 'voucher_success'; readonly voucherCode: string; readonly voucherValue: number }
  | { readonly event: 'voucher_fail'; readonly voucherCode: string; readonly reason: string | null };

/** A landing with campaign parameters (product §4, §9): sent to the controlling API only. */
export interface TouchpointEvent {
  readonly event: 'marketing_touchpoint';
  readonly touchpoint: Touchpoint;
}

export type TrackingEvent = DataLayerEvent | TouchpointEvent;

type ControllingFields = DistributiveOmit<ControllingEvent, 'clientId' | 'applicationId' | 'url'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What an event sends to the controlling API (product §7's four events and the funnel's two), or null. */
export function controllingFieldsOf(event: TrackingEvent): ControllingFields | null {
  switch (event.event) {
    case 'marketing_touchpoint':
      return { eventName: 'marketing_touchpoint', touchpoint: event.touchpoint };
    case 'page_view':
      return { eventName: 'page_view', pageType: event.pageType };
    case 'view_item':
      return { eventName: 'view_item', deviceId: event.deviceId };
    case 'offer_generated':
      return { eventName: 'offer_generated', offerId: event.offerId, deviceId: event.deviceId, price: event.price };
    case 'add_to_cart':
      return { eventName: 'offer_add_to_cart', offerId: event.offerId, deviceId: event.deviceId, price: event.price };
    case 'trade_created':
      return { eventName: 'trade_created', tradeId: event.tradeId, revenue: event.revenue, items: event.items.length };
    default:
      return null;
  }
}

/** Product §3's item fields of an offer. */
export const itemOf = (
  offer: { offerId: string; deviceId: number; deviceName: string; conditionId: number; price: number },
  category: string | null | undefined,
): Item => ({
  offerId: offer.offerId,
  deviceId: offer.deviceId,
  productName: offer.deviceName,
  category: category ?? null,
  conditionId: offer.conditionId,
  price: offer.price,
});
