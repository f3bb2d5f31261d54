// The personalisation service (product §7: it receives "Add to Cart" and "Purchase"; product §4: only with
// consent) behind a small adapter. The default does nothing; VITE_PERSONALISATION_URL (build time)
// names the service's event endpoint, which then receives the events as JSON with credentials, so
// the service's own cookie (one year, product §9) exists only after consent. The consent gate
// (./tracking.ts) is the only caller, and only in a shop with `features.hasPersonalisation`.

export type PersonalisationEvent =
  | { readonly type: 'Add to Cart'; readonly deviceId: number; readonly price: number }
  | { readonly type: 'Purchase'; readonly orderId: string; readonly revenue: number; readonly deviceIds: readonly number[] };

export interface PersonalisationAdapter {
  send(event: PersonalisationEvent): void;
}

export const noPersonalisation: PersonalisationAdapter = { send: () => undefined };

export function httpPersonalisation(
  endpoint: string,
  fetchFn: typeof globalThis.fetch = globalThis.fetch.bind(globalThis),
): PersonalisationAdapter {
  return {
    send: (event) =>
      void fetchFn(endpoint, {
        method: 'POST',
        credentials: 'include',
        keepalive: true,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(event),
      }).catch(() => undefined),
  };
}

/** The configured adapter: the HTTP one when an endpoint is set at build time, else the no-op. */
export function configuredPersonalisation(): PersonalisationAdapter {
  const endpoint = import.meta.env.VITE_PERSONALISATION_URL;
  return endpoint ? httpPersonalisation(endpoint) : noPersonalisation;
}
