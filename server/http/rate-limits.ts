// The API's rate limits as routes use them: a preValidation hook per rule that counts the client's IP
// (429 with Retry-After before anything else is checked), and a quiet check per key (a hashed e-mail
// address) for mails whose answer must not change when the limit is reached. One place, so every
// route counts under the same keys and answers over-limit calls the same way.

import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { RATE_LIMITS, type RateLimitName, type RateLimitRules } from './rate-limit';
import type { RateLimiter } from './rate-limiter';
import { tooManyRequests } from './errors';

export interface RateLimitServices {
  readonly limiter: RateLimiter;
  /** Rules that differ from RATE_LIMITS (tests, configuration). */
  readonly rateLimits?: Partial<RateLimitRules>;
}

export interface RateLimitOptions {
  /** What a 429 says. */
  readonly message?: string;
  /** Told of every call refused by an IP limit (the account routes log it as an auth event). */
  readonly onLimited?: (request: FastifyRequest, name: RateLimitName) => void;
}

export function rateLimits(services: RateLimitServices, options: RateLimitOptions = {}) {
  const rules: RateLimitRules = { ...RATE_LIMITS, ...services.rateLimits };
  const message = options.message ?? 'Too many requests. Please wait a moment and try again.';
  return {
    /** Counts one call of the client IP against `name`; over the limit a 429. */
    perIp:
      (name: RateLimitName): preValidationAsyncHookHandler =>
      async (request) => {
        const rule = rules[name];
        const result = await services.limiter.hit(`${name}:${request.ip}`, rule.limit, rule.windowSeconds);
        if (result.allowed) return;
        options.onLimited?.(request, name);
        throw tooManyRequests(result.retryAfterSeconds, message);
      },
    /** Counts one use of `key` against `name` and tells whether it is still allowed (the caller answers the same either way). */
    allows: async (name: RateLimitName, key: string): Promise<boolean> => {
      const rule = rules[name];
      return (await services.limiter.hit(`${name}:${key}`, rule.limit, rule.windowSeconds)).allowed;
    },
  };
}
