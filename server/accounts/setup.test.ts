// The account services from configuration: AUTH_SECRET or the generated secret file, Redis or memory
// for the rate limits, and the settings' validation.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../platform/config';
import { CapturingMailer } from '../test-support/accounts';
import { AUTH_SECRET_FILE, createAccessTokens } from './access-tokens';
import { MemoryRateLimiter } from '../http/rate-limit';
import { RedisRateLimiter } from '../http/rate-limit-redis';
import { createAccountServices } from './setup';

const mail = { mailer: new CapturingMailer(), publicOrigin: () => 'https://www.tradein.de' };
const subject = { customerId: '3f1c8a52-4b5e-4c1a-9d2e-7a6b5c4d3e2f', email: 'erika@example.com', customerNumber: 'K-0000001' };

describe('createAccountServices', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('signs with AUTH_SECRET and counts in memory without REDIS_URL', async () => {
    const secret = 'a-deployment-secret-of-32-characters-or-more';
    const services = await createAccountServices({ AUTH_SECRET: secret }, mail);
    expect(services.limiter).toBeInstanceOf(MemoryRateLimiter);
    expect(services.mailer).toBe(mail.mailer);
    const token = await services.tokens.sign(subject);
    expect(await createAccessTokens(secret).verify(token)).toEqual(subject);
  });

  it('generates the secret once into DATA_DIR/secrets/auth-secret and uses Redis with REDIS_URL', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'accounts-setup-'));
    dirs.push(dir);
    const first = await createAccountServices({ DATA_DIR: dir, REDIS_URL: 'redis://127.0.0.1:6379' }, mail);
    const second = await createAccountServices({ DATA_DIR: dir }, mail);
    try {
      expect(first.limiter).toBeInstanceOf(RedisRateLimiter);
      const stored = (await readFile(join(dir, AUTH_SECRET_FILE), 'utf8')).trim();
      expect(stored.length).toBeGreaterThanOrEqual(32);
      expect(await second.tokens.verify(await first.tokens.sign(subject))).toEqual(subject);
    } finally {
      await first.limiter.close?.();
    }
  });
});

describe('account settings', () => {
  it('accept a long AUTH_SECRET and a redis URL, and explain wrong values', () => {
    const config = readConfig({ AUTH_SECRET: 'x'.repeat(32), REDIS_URL: 'redis://cache:6379/0' });
    expect(config).toMatchObject({ AUTH_SECRET: 'x'.repeat(32), REDIS_URL: 'redis://cache:6379/0' });
    expect(() => readConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET: AUTH_SECRET must be at least 32/);
    expect(() => readConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL: REDIS_URL must be a redis:\/\//);
  });
});
