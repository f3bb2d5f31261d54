// The rate limiters: fixed windows in memory (with the accounts clock) and in Redis (shared by several
// servers; run against the machine's Redis, skipped with a message when it is not there), and Redis
// failing open when it cannot be reached.

import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { TestClock } from '../test-support/accounts';
import { MemoryRateLimiter } from './rate-limit';
import { RedisRateLimiter } from './rate-limit-redis';

describe('MemoryRateLimiter', () => {
  it('allows `limit` hits per window and key, then says how long to wait', async () => {
    const clock = new TestClock(1_000_000);
    const limiter = new MemoryRateLimiter(clock.now);
    for (let i = 0; i < 3; i++) expect(await limiter.hit('login:1.2.3.4', 3, 60)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(await limiter.hit('login:1.2.3.4', 3, 60)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect((await limiter.hit('login:5.6.7.8', 3, 60)).allowed).toBe(true);
    clock.advance(45_500);
    expect(await limiter.hit('login:1.2.3.4', 3, 60)).toEqual({ allowed: false, retryAfterSeconds: 15 });
    clock.advance(14_500);
    expect((await limiter.hit('login:1.2.3.4', 3, 60)).allowed).toBe(true);
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const probe = new RedisRateLimiter(REDIS_URL);
const reachable = await probe.ready(1500);
await probe.close();
if (!reachable) console.info(`Redis is not reachable at ${REDIS_URL}: the RedisRateLimiter tests are skipped (CI runs them).`);

describe.skipIf(!reachable)('RedisRateLimiter', () => {
  const a = new RedisRateLimiter(REDIS_URL);
  const b = new RedisRateLimiter(REDIS_URL);
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('counts one window per key across servers and answers Retry-After', async () => {
    await Promise.all([a.ready(), b.ready()]);
    const key = `test:${randomUUID()}`;
    expect(await a.hit(key, 3, 60)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect((await b.hit(key, 3, 60)).allowed).toBe(true);
    expect((await a.hit(key, 3, 60)).allowed).toBe(true);
    const over = await b.hit(key, 3, 60);
    expect(over.allowed).toBe(false);
    expect(over.retryAfterSeconds).toBeGreaterThan(55);
    expect(over.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await a.hit(`test:${randomUUID()}`, 3, 60)).allowed).toBe(true);
  });

  it('starts a new window when the old one ran out (the window is not extended by hits)', async () => {
    const key = `test:${randomUUID()}`;
    expect((await a.hit(key, 1, 1)).allowed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await a.hit(key, 1, 1)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect((await a.hit(key, 1, 1)).allowed).toBe(true);
  });
});

describe('RedisRateLimiter without Redis', () => {
  it('allows the call and reports the error (the login throttle still limits guessing)', async () => {
    const errors: Error[] = [];
    const limiter = new RedisRateLimiter('redis://127.0.0.1:1', (error) => errors.push(error));
    try {
      expect(await limiter.hit('login:1.2.3.4', 1, 60)).toEqual({ allowed: true, retryAfterSeconds: 0 });
      expect(await limiter.hit('login:1.2.3.4', 1, 60)).toEqual({ allowed: true, retryAfterSeconds: 0 });
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await limiter.close();
    }
  });
});
