// The tracking data layer (`window.dataLayer`, product §7): the one place that pushes to it, called
// only by the consent gate (./tracking.ts) with an event of the catalogue (./tracking-events.ts).

import type { DataLayerEvent } from './tracking-events';

declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

export function pushDataLayer(event: DataLayerEvent): void {
  if (typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push(event);
}
