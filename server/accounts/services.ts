// What the account and customer-data routes need besides the database: the access-token signer,
// the rate limiter (in memory, or Redis with REDIS_URL) and the mail (outbox or SMTP) with each
// shop's configured public origin for links.

import type { Brand } from '../../src/config/brands';
import type { Locale } from '../../src/config/locales';
import type { DeferredWork } from '../http/deferred-work';
import type { Mailer } from '../mail/mailer';
import type { DeviceCookies } from './device-cookies';
import type { AccessTokens } from './access-tokens';
import type { RateLimitRules } from '../http/rate-limit';
import type { RateLimiter } from '../http/rate-limiter';

export interface AccountServices {
  readonly tokens: AccessTokens;
  /** Signs the device cookies of browsers that logged in (server/accounts/device-cookies.ts). */
  readonly devices: DeviceCookies;
  readonly limiter: RateLimiter;
  readonly mailer: Mailer;
  /** The shop's configured public origin (PUBLIC_ORIGINS), never a request's Host. */
  readonly publicOrigin: (locale: Locale, brand?: Brand) => string;
  /** argon2id cost; production uses the ASVS minimum or more (m ≥ 19456 KiB, t ≥ 2). */
  readonly passwordCost?: { readonly memoryCost: number; readonly timeCost: number };
  /** Epoch ms; tests move time forward. */
  readonly now?: () => number;
  /** Overrides of RATE_LIMITS (tests raise them so one client IP can run a whole suite). */
  readonly rateLimits?: Partial<RateLimitRules>;
  /**
   * Where register and forgot-password do their work after answering (no timing oracle). Without
   * it the work is done before the answer (tests that read the mail right after the call).
   */
  readonly afterAnswer?: DeferredWork;
}

/** The accounts clock (epoch ms). */
export const clockOf = (accounts: Pick<AccountServices, 'now'>): number => (accounts.now ?? Date.now)();
