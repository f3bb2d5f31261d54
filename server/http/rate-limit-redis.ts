// The account rate limits counted in Redis (REDIS_URL), shared by every server of a deployment.

import { Redis } from 'ioredis';
import type { RateLimiter } from './rate-limiter';

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
