// Business and interface constants of product §9.

export const B2B_TRADE_CAP = 5000;
export const DEFAULT_PAYMENT_TYPE_SELECTION = '13';
export const PAYPAL_PAYMENT_METHOD_CODE = 2;
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
export const CLIENT_ID_COOKIE_MAX_AGE_S = 31_536_000;
export const RELOAD_GUARD_MS = 10_000;
export const CAROUSEL_INTERVAL_MS = 5000;
export const SWIPE_THRESHOLD_PX = 40;
export const TOUCHPOINT_PARAMETERS = [
  'gclid',
  'msclkid',
  'fbclid',
  'dyntr',
  'ctb',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_id',
  'belboon',
  'awc',
] as const;
export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504] as const;
/** The consent banner's decision (product §9: one year), `<banner version>.<choice>`. */
export const CONSENT_COOKIE = 'consent';
export const CONSENT_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Raised when the banner's text or purposes change: decisions taken on another version are asked again. */
export const CONSENT_BANNER_VERSION = 1;
/** Product §4: the banner check runs 1 second after start. */
export const CONSENT_CHECK_DELAY_MS = 1000;
/** The client id cookie of the controlling API (product §9: CLIENT_ID_COOKIE_MAX_AGE_S), set only with consent. */
export const CLIENT_ID_COOKIE = 'cid';
/** How often a running page asks whether a new build is live (issue 12; VITE_BUILD_CHECK_INTERVAL_MS overrides). */
export const BUILD_CHECK_INTERVAL_MS = 5 * 60 * 1000;
/** The anchor of the business customers' section of the German terms (data/content/de/agb.md, decision 035). */
export const B2B_TERMS_ANCHOR = '9-zusatzliche-bedingungen-fur-geschaftskunden';

/**
 * The payout bank's days: the day a payout batch asks to be executed on, or was executed on, is a
 * day in this zone (for the staff screens as for the server and the ops commands, whatever the
 * zone of the browser or the machine).
 */
export const PAYOUT_BANK_TIME_ZONE = 'Europe/Berlin';
