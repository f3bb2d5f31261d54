// The IndexedDB keys of what a browser keeps of the shop (product §3: the checkout state and the
// account session are persisted): one place, so the page can tell without loading the actors'
// code whether there is anything to restore.

/** The IndexedDB database all of them live in (./persistence.ts). */
export const SHOP_DATABASE = 'tradein-shop';

export const STORAGE_KEYS = {
  /** The account session (the auth machine's persistableSession). */
  session: 'account-session',
  /** The cart (product §3 checkout state). */
  cart: 'checkout-state',
  /** A checkout in progress. */
  checkout: 'checkout-flow',
} as const;

/** The draft of the contact form (contact page and help widget share it). */
export const CONTACT_DRAFT_KEY = 'contact-draft';

/** The offer flow of one device (answers and offer). */
export const offerStorageKey = (deviceId: number) => `offer:${deviceId}`;

/** The decisions made so far on one clarification (they survive a reload until answered). */
export const clarificationStorageKey = (clarificationId: string) => `clarification:${clarificationId}`;

/** The BroadcastChannel on which the shop's tabs tell each other their session changes. */
export const SESSION_CHANNEL = 'account-session';
