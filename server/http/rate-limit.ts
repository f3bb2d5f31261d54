// Per-client request limits of the account endpoints (OWASP ASVS 5 §6.3.1 against credential
// stuffing and mail flooding): fixed windows counted in memory (one server) or in Redis (REDIS_URL,
// shared by every server behind the load balancer).

import type { RateLimiter } from './rate-limiter';

export interface RateLimitRule {
  readonly limit: number;
  readonly windowSeconds: number;
}

/** Per client IP, except accountMail, newsletterMail, offerMail and cartHolds, which count per address. */
export const RATE_LIMITS = {
  login: { limit: 20, windowSeconds: 60 },
  loginRefresh: { limit: 60, windowSeconds: 60 },
  register: { limit: 10, windowSeconds: 60 },
  activation: { limit: 30, windowSeconds: 60 },
  forgotPassword: { limit: 10, windowSeconds: 60 },
  resetPassword: { limit: 10, windowSeconds: 60 },
  /** Asking for a sign-in link and signing in with one (decision 077), per IP; the mails also count in accountMail. */
  signInLink: { limit: 10, windowSeconds: 60 },
  accountMail: { limit: 5, windowSeconds: 3600 },
  newsletterSignUp: { limit: 10, windowSeconds: 60 },
  newsletterLink: { limit: 60, windowSeconds: 60 },
  newsletterMail: { limit: 3, windowSeconds: 3600 },
  /** Saving or sharing an offer (issue 18): a link or a mail per call. */
  offerShare: { limit: 30, windowSeconds: 60 },
  offerMail: { limit: 5, windowSeconds: 3600 },
  /** Reports of a checkout's cart for price-drop warnings (decision 058), per address. */
  cartHolds: { limit: 20, windowSeconds: 3600 },
  /**
   * Controlling events and new client ids of one address: a busy visit sends a few events per page,
   * and many visitors can share one address (an office, a mobile carrier's NAT; the e2e suite's
   * browsers too); the limits stop floods, not visitors.
   */
  controlling: { limit: 600, windowSeconds: 60 },
  clientId: { limit: 120, windowSeconds: 60 },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;
export type RateLimitRules = Readonly<Record<RateLimitName, RateLimitRule>>;

interface Window {
  count: number;
  resetAt: number;
}

/** Counts in this process; enough for one server. `now` is the accounts clock (tests move it). */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, limit: number, windowSeconds: number) {
    const now = this.now();
    if (this.windows.size > 10_000) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    window.count += 1;
    const allowed = window.count <= limit;
    return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * Redis when REDIS_URL is set, else memory. The Redis client loads only then: it costs start-up time
 * (decision 007's budget of two seconds to the first page) that a single server does not need.
 */
export async function createRateLimiter(redisUrl: string | undefined, onError?: (error: Error) => void): Promise<RateLimiter> {
  if (!redisUrl) return new MemoryRateLimiter();
  const { RedisRateLimiter } = await import('./rate-limit-redis');
  return new RedisRateLimiter(redisUrl, onError);
}
