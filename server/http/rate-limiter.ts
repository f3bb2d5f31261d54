// What the account routes need of a rate limiter (memory or Redis, ./rate-limit.ts).

/** A fixed-window counter per key; `retryAfterSeconds` is set when the call is over its limit. */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Resolves once a remote store is connected (false after the timeout); absent for memory. */
  ready?(timeoutMs: number): Promise<boolean>;
  close?(): Promise<void>;
}
