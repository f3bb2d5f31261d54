// What the contact route needs besides the database: the mailer (outbox or SMTP), the rate limiter
// (the accounts' counter: memory, or Redis with REDIS_URL; decision 015), the secret that signs form
// tickets, a clock (tests move it) and the limits.

import type { RateLimiter } from '../http/rate-limiter';
import type { RateLimitRule } from '../http/rate-limit';
import type { Mailer } from '../mail/mailer';

/** Per client IP. */
export const CONTACT_RATE_LIMITS = {
  /** Messages sent. */
  contactSend: { limit: 5, windowSeconds: 10 * 60 },
  /** Form tickets (every opened form asks for one). */
  contactTicket: { limit: 60, windowSeconds: 60 },
} as const satisfies Record<string, RateLimitRule>;

export type ContactRateLimitName = keyof typeof CONTACT_RATE_LIMITS;

export interface ContactServices {
  readonly mailer: Mailer;
  readonly limiter: RateLimiter;
  /** Signs the form tickets (time-to-submit check). */
  readonly ticketSecret: string;
  /** Epoch ms; tests move time forward. */
  readonly now?: () => number;
  /** Overrides of CONTACT_RATE_LIMITS (tests raise or lower them). */
  readonly rateLimits?: Partial<Record<ContactRateLimitName, RateLimitRule>>;
}

export const contactClock = (services: Pick<ContactServices, 'now'>): number => (services.now ?? Date.now)();
