// The tracking data layer (`window.dataLayer`, spec §7): the one place that pushes to it.

export type DataLayerEvent =
  { event: 'page_view'; pageType: string; pagePath: string; locale: string } | { event: string; [field: string]: unknown };

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
