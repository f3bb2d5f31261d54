// The consent actor of a tab and the tracking that follows it (product §4, §7; decisions 027, 028). It
// runs on every page beside the shop actor, not inside it: the banner check must run 1 second after
// start on a first anonymous visit too, and that visit loads nothing of the shop actor (decision 020:
// session, cart, zod). Here: XState, the consent machine and the consent gate; the controlling
// client loads only once consent is given.

import { createActor, type InspectionEvent } from 'xstate';
import type { Locale } from '../config/locales';
import type { ApiClient } from '../services/api-client';
import type { ConsentActor } from './consent';
import { browserConsentInput, realConsentMachine } from './consent.actors';
import { followConsent, trackPageView, trackTouchpoint, type PageViews } from './tracking.runtime';

export interface ConsentRuntimeOptions {
  readonly locale: Locale;
  /** The shop shows a consent banner (country configuration). */
  readonly banner: boolean;
  readonly api: () => Promise<ApiClient>;
  readonly pages: PageViews;
  /** The model-based tests' coverage recorder (src/contracts/actor-coverage.ts), when a test asked for it. */
  readonly inspect?: (event: InspectionEvent) => void;
}

export interface ConsentRuntime {
  readonly actor: ConsentActor;
  stop(): void;
}

export function startConsent(options: ConsentRuntimeOptions): ConsentRuntime {
  const actor: ConsentActor = createActor(realConsentMachine, {
    input: browserConsentInput(options.banner),
    ...(options.inspect ? { inspect: options.inspect } : {}),
  });
  actor.start();
  const stopTracking = followConsent(actor, options);
  // The landing's campaign parameters and its page view, then one page view per navigation; they
  // wait in the consent gate until the banner check has decided.
  trackTouchpoint();
  const trackPage = () => trackPageView(options.pages.view(), options.locale);
  trackPage();
  const unsubscribe = options.pages.subscribe(trackPage);
  return {
    actor,
    stop() {
      unsubscribe();
      stopTracking();
      actor.stop();
    },
  };
}
