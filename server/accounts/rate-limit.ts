// Per-client request limits of the account endpoints (OWASP ASVS 5 §6.3.1 against credential
// stuffing and mail flooding): fixed windows counted in memory (one server) or in Redis (REDIS_URL,
// shared by every server behind the load balancer).

import { Redis } from 'ioredis';
import type { RateLimiter } from './services';

export interface RateLimitRule {
  readonly limit: number;
  readonly windowSeconds: number;
}

/** Per client IP, except accountMail, which counts the account mails sent to one address. */
export const RATE_LIMITS = {
  login: { limit: 20, windowSeconds: 60 },
  loginRefresh: { limit: 60, windowSeconds: 60 },
  register: { limit: 10, windowSeconds: 60 },
  activation: { limit: 30, windowSeconds: 60 },
  forgotPassword: { limit: 10, windowSeconds: 60 },
  resetPassword: { limit: 10, windowSeconds: 60 },
  accountMail: { limit: 5, windowSeconds: 3600 },
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

const KEY_PREFIX = 'tradein:rate:';

/**
 * Counts in Redis: INCR, EXPIRE … NX (the window starts with the first hit) and PTTL in one MULTI.
 * When Redis cannot be reached the call is allowed (fail open) and reported through `onError`: the
 * login throttle in the database still limits password guessing.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly onError: (error: Error) => void = () => undefined,
  ) {
    // No offline queue: while Redis is down a call fails at once instead of holding the request.
    this.redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
    this.redis.on('error', (error: Error) => this.onError(error));
  }

  async hit(key: string, limit: number, windowSeconds: number) {
    const fullKey = KEY_PREFIX + key;
    try {
      const results = await this.redis.multi().incr(fullKey).expire(fullKey, windowSeconds, 'NX').pttl(fullKey).exec();
      const failed = results?.find(([error]) => error);
      if (!results || failed) throw failed?.[0] ?? new Error('The rate-limit transaction was discarded.');
      const count = Number(results[0]![1]);
      const ttlMs = Number(results[2]![1]);
      const allowed = count <= limit;
      const retryAfterSeconds = allowed ? 0 : Math.max(1, Math.ceil((ttlMs > 0 ? ttlMs : windowSeconds * 1000) / 1000));
      return { allowed, retryAfterSeconds };
    } catch (error) {
      this.onError(error instanceof Error ? error : new Error(String(error)));
      return { allowed: true, retryAfterSeconds: 0 };
    }
  }

  /** Resolves once connected (tests use it to find out whether Redis is there). */
  async ready(timeoutMs = 2000): Promise<boolean> {
    if (this.redis.status === 'ready') return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(false), timeoutMs);
      const done = (value: boolean) => {
        clearTimeout(timer);
        this.redis.off('ready', onReady);
        resolve(value);
      };
      const onReady = () => done(true);
      this.redis.once('ready', onReady);
    });
  }

  async close() {
    this.redis.disconnect();
  }
}

/** Redis when REDIS_URL is set, else memory. */
export function createRateLimiter(redisUrl: string | undefined, onError?: (error: Error) => void): RateLimiter {
  return redisUrl ? new RedisRateLimiter(redisUrl, onError) : new MemoryRateLimiter();
}
