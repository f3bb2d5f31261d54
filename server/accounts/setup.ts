// The account services of a running server, from configuration: the access-token secret (AUTH_SECRET,
// else DATA_DIR/secrets/auth-secret), the rate limiter (Redis with REDIS_URL, else memory) and the
// mail (outbox or SMTP, each shop's public origin).

import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../platform/config';
import { DeferredWork } from '../http/deferred-work';
import type { MailServices } from '../mail/setup';
import { DEFAULT_DATA_DIR } from '../platform/paths';
import { loadSecret } from '../platform/secrets';
import { AUTH_SECRET_FILE, createAccessTokens } from './access-tokens';
import { createDeviceCookies } from './device-cookies';
import { createRateLimiter } from '../http/rate-limit';
import type { AccountServices } from './services';

/** The settings read here (server/platform/config.ts documents them); a ServerConfig fits. */
export type AccountConfig = Pick<ServerConfig, 'DATA_DIR' | 'AUTH_SECRET' | 'REDIS_URL'>;

/** While Redis is unreachable its client reports every reconnect: one warning a minute is enough. */
function throttledWarning(log: Pick<FastifyBaseLogger, 'warn'> | undefined): (error: Error) => void {
  let last = 0;
  return (error) => {
    const now = Date.now();
    if (!log || now - last < 60_000) return;
    last = now;
    log.warn({ redisError: error.message }, 'rate limiter: Redis unavailable, requests are not counted');
  };
}

export async function createAccountServices(
  config: AccountConfig,
  mail: Pick<MailServices, 'mailer' | 'publicOrigin'>,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<AccountServices> {
  const dataDir = config.DATA_DIR ?? DEFAULT_DATA_DIR;
  const authSecret = await loadSecret({ fromEnv: config.AUTH_SECRET, dataDir, file: AUTH_SECRET_FILE });
  const tokens = createAccessTokens(authSecret);
  const warn = throttledWarning(log);
  const limiter = await createRateLimiter(config.REDIS_URL, warn);
  // Calls made before the connection stands would go uncounted: wait for it (briefly) at start.
  if (limiter.ready && !(await limiter.ready(3000))) warn(new Error('no connection to Redis within 3 s'));
  return {
    tokens,
    devices: createDeviceCookies(authSecret),
    limiter,
    mailer: mail.mailer,
    publicOrigin: mail.publicOrigin,
    afterAnswer: new DeferredWork(),
  };
}
