// Personalisation consent (product §4): stored as true or false — true unless the consent banner exists
// and is not yet accepted; accepting sets it true. The banner check runs 1 second after start: a
// decision this browser kept (cookie, product §9: one year) or a privacy signal (DNT: 1, Sec-GPC: 1,
// decision 027) answers it without asking; otherwise a shop with a banner asks. Until the check has
// run, and while the banner asks, nothing is decided (`isDecided`): the tracking waits, not guesses.
// A child of the shop actor (./shop.ts); the banner component only selects and sends. Kept tiny: it
// is part of every page's shop actor. ./consent.actors.ts provides the cookie and the consent log.

import { assign, setup, type ActorRefFrom } from 'xstate';
import { CONSENT_BANNER_VERSION, CONSENT_CHECK_DELAY_MS } from '../config/constants';

/** What this browser decided on the current banner version (the cookie), or null. */
export type StoredConsent = 'all' | 'necessary' | null;

export interface ConsentInput {
  /** The shop shows a consent banner (country configuration, `features.hasConsentBanner`). */
  readonly banner: boolean;
  readonly stored: StoredConsent;
  /** The browser sends DNT: 1 or Sec-GPC: 1: a refusal of everything not necessary. */
  readonly refusalSignal: boolean;
}

export interface ConsentContext extends ConsentInput {
  /** Product §4's personalisation consent. */
  readonly consent: boolean;
}

export type ConsentDecision = 'all' | 'necessary';

export type ConsentEvent =
  | { readonly type: 'consent.accept' }
  | { readonly type: 'consent.refuse' }
  /** The banner's settings view (what each purpose means, one switch). */
  | { readonly type: 'consent.settings' }
  /** Settings saved: personalisation and measurement allowed or not. */
  | { readonly type: 'consent.save'; readonly allow: boolean }
  /** The footer's "cookie settings" link: asks again (a decision can always be changed). */
  | { readonly type: 'consent.reopen' };

/** Reads the consent cookie's value: a choice only when it was taken on the current banner version. */
export function parseStoredConsent(value: string | undefined): StoredConsent {
  const [version, choice] = (value ?? '').split('.');
  if (version !== String(CONSENT_BANNER_VERSION)) return null;
  return choice === 'all' || choice === 'necessary' ? choice : null;
}

export const consentCookieValue = (decision: ConsentDecision) => `${CONSENT_BANNER_VERSION}.${decision}`;

export const consentMachine = setup({
  types: {
    context: {} as ConsentContext,
    events: {} as ConsentEvent,
    input: {} as ConsentInput,
  },
  delays: { bannerCheck: CONSENT_CHECK_DELAY_MS },
  guards: {
    storedAll: ({ context }) => context.stored === 'all',
    storedNecessary: ({ context }) => context.stored === 'necessary',
    signalsRefusal: ({ context }) => context.refusalSignal,
    hasBanner: ({ context }) => context.banner,
    allows: ({ event }) => event.type === 'consent.save' && event.allow,
  },
  actions: {
    allow: assign({ consent: true }),
    deny: assign({ consent: false }),
    /** Keeps the decision (cookie) and logs it (consent log); provided by ./consent.actors.ts. */
    remember: (_, _params: { decision: ConsentDecision }) => undefined,
  },
}).createMachine({
  id: 'consent',
  context: ({ input }) => ({ ...input, consent: false }),
  initial: 'starting',
  states: {
    /** The first second: nothing decided yet. */
    starting: { after: { bannerCheck: 'checking' } },
    checking: {
      always: [
        { guard: 'storedAll', target: 'accepted', actions: 'allow' },
        { guard: 'storedNecessary', target: 'refused', actions: 'deny' },
        { guard: 'signalsRefusal', target: 'refused', actions: 'deny' },
        { guard: 'hasBanner', target: 'asking', actions: 'deny' },
        { target: 'noBanner', actions: 'allow' },
      ],
    },
    /** The shop has no banner: consent is true (product §4). */
    noBanner: {},
    /** The banner is shown; consent stays false until accepted. */
    asking: {
      initial: 'summary',
      on: {
        'consent.accept': {
          target: 'accepted',
          actions: ['allow', { type: 'remember', params: { decision: 'all' } }],
        },
        'consent.refuse': {
          target: 'refused',
          actions: ['deny', { type: 'remember', params: { decision: 'necessary' } }],
        },
        'consent.save': [
          { guard: 'allows', target: 'accepted', actions: ['allow', { type: 'remember', params: { decision: 'all' } }] },
          { target: 'refused', actions: ['deny', { type: 'remember', params: { decision: 'necessary' } }] },
        ],
      },
      states: {
        summary: { on: { 'consent.settings': 'settings' } },
        settings: {},
      },
    },
    accepted: { on: { 'consent.reopen': 'asking.settings' } },
    refused: { on: { 'consent.reopen': 'asking.settings' } },
  },
});

export type ConsentMachine = typeof consentMachine;

type ConsentSnapshotLike = { readonly context: ConsentContext; matches(state: 'starting' | 'asking'): boolean };

/**
 * Tracking may act on `consent` now: the check has run and the banner is not asking. While it asks
 * for the first time, what happened waits for the answer (sent on accept, dropped on refusal);
 * while it asks again (the footer link), the earlier decision holds until a new one is made.
 */
export const isDecided = (snapshot: ConsentSnapshotLike) => !snapshot.matches('starting') && !snapshot.matches('asking');

export type ConsentActor = ActorRefFrom<ConsentMachine>;
