// The countdown of an offer's validity (issue 18 part 2), the same in the shop and in its mails: whole
// days left, counted up (an offer valid for 20 days and an hour has 21 days left), 0 on its last hours.

const DAY_MS = 24 * 60 * 60 * 1000;

/** At most this many days left: the offer is close to expiry and shown highlighted. */
export const CLOSE_TO_EXPIRY_DAYS = 3;

/** Days left until `validUntil` at `now` (epoch ms): 0 once expired. */
export function daysLeft(validUntil: string | Date, now: number): number {
  const end = typeof validUntil === 'string' ? Date.parse(validUntil) : validUntil.getTime();
  return Math.max(0, Math.ceil((end - now) / DAY_MS));
}

export type Countdown = { readonly state: 'expired' } | { readonly state: 'open' | 'closing'; readonly days: number };

/** What the countdown shows: expired, days left, or days left of an offer close to expiry. */
export function countdownOf(validUntil: string | Date, now: number): Countdown {
  const end = typeof validUntil === 'string' ? Date.parse(validUntil) : validUntil.getTime();
  if (end <= now) return { state: 'expired' };
  const days = daysLeft(validUntil, now);
  return { state: days <= CLOSE_TO_EXPIRY_DAYS ? 'closing' : 'open', days };
}
