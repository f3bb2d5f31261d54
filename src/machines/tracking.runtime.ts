// The shop runtime's tracking (decisions 027, 028): follows the consent machine to open or close the
// consent gate (src/services/tracking.ts) and the controlling client, and emits the router's events:
// page_view on every navigation, view_item on a device page, search_submitted when the header
// search opened it, and a landing's marketing_touchpoint (product §9's parameters, once per landing).

import { TOUCHPOINT_PARAMETERS } from '../config/constants';
import type { Locale } from '../config/locales';
import type { ApiClient } from '../services/api-client';
import { countryConfig } from '../config/countries';
import { configuredPersonalisation, noPersonalisation } from '../services/personalisation';
import { resetTracking, setControllingSender, setPersonalisation, setTrackingConsent, track } from '../services/tracking';

/** The controlling client loads once consent is given (or a decision is logged). */
const controlling = () => import('../services/controlling');
import { isDecided, type ConsentActor } from './consent';

/** What the tracking reads of a page shown (the router's state after a navigation). */
export interface PageView {
  readonly screen: string;
  readonly path: string;
  /** The device of a device page (from its loader data). */
  readonly device: { readonly id: number; readonly name: string; readonly category: string } | null;
  /** The header search's words when the page was opened from its results. */
  readonly searchTerm: string | null;
}

/** The router as the page tracking reads it. */
export interface PageViews {
  view(): PageView;
  /** Calls `listener` after every navigation; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function followConsent(consent: ConsentActor, options: { api: () => Promise<ApiClient>; locale: Locale }): () => void {
  let open: boolean | null = null;
  // The banner asked: the next decision is the visitor's own, for the consent log.
  let asked = false;
  const follow = () => {
    const snapshot = consent.getSnapshot();
    if (snapshot.matches('asking')) asked = true;
    if (!isDecided(snapshot)) return;
    if (asked) {
      asked = false;
      const decision = snapshot.context.consent ? 'all' : 'necessary';
      void controlling().then((client) => client.logConsentDecision(options, decision));
    }
    if (snapshot.context.consent === open) return;
    open = snapshot.context.consent;
    const allowed = open;
    if (allowed) {
      setPersonalisation(countryConfig(options.locale).features.hasPersonalisation ? configuredPersonalisation() : noPersonalisation);
      setTrackingConsent(true);
      // The data layer has the events at once; the controlling calls go out once its client is there.
      void controlling().then((client) => {
        if (open === allowed) setControllingSender(client.createControllingSender(options));
      });
    } else {
      setControllingSender(null);
      setPersonalisation(noPersonalisation);
      setTrackingConsent(false);
      void controlling().then((client) => client.forgetClientId());
    }
  };
  const subscription = consent.subscribe(follow);
  follow();
  return () => {
    subscription.unsubscribe();
    resetTracking();
  };
}

export function trackPageView(view: PageView, locale: Locale): void {
  track({ event: 'page_view', pageType: view.screen || '404', pagePath: view.path, locale });
  if (!view.device) return;
  track({ event: 'view_item', deviceId: view.device.id, productName: view.device.name, category: view.device.category });
  if (view.searchTerm) track({ event: 'search_submitted', searchTerm: view.searchTerm, deviceId: view.device.id });
}

const TOUCHPOINT_KEY = 'touchpoint-landing';

/** A landing with campaign parameters records them once (a reload of the same landing does not). */
export function trackTouchpoint(): void {
  const params = new URLSearchParams(location.search);
  const touchpoint = Object.fromEntries(
    TOUCHPOINT_PARAMETERS.flatMap((name) => {
      const value = params.get(name);
      return value ? [[name, value.slice(0, 200)]] : [];
    }),
  );
  if (Object.keys(touchpoint).length === 0) return;
  const landing = `${location.pathname}?${new URLSearchParams(touchpoint).toString()}`;
  try {
    if (sessionStorage.getItem(TOUCHPOINT_KEY) === landing) return;
    sessionStorage.setItem(TOUCHPOINT_KEY, landing);
  } catch {
    // Without session storage a reload may record the landing again.
  }
  track({ event: 'marketing_touchpoint', touchpoint });
}
