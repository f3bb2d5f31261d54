// The tracking API (spec §7 Tracking, decision 028): GET /api/client-id answers a new opaque client
// id; POST /api/controlling/controlling stores one controlling event (204). Both are rate limited per
// client address with the accounts' limiter (decision 015). A request that carries DNT: 1 or
// Sec-GPC: 1 is answered 204 and stores nothing (decision 027): the client should not have sent it.

import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { countryConfig } from '../../src/config/countries';
import { resolveShop } from '../../src/config/hosts';
import { ConsentLogRequestSchema, ControllingEventSchema } from '../../src/contracts/tracking';
import { RATE_LIMITS, type RateLimitName } from '../accounts/rate-limit';
import { clockOf, type AccountServices } from '../accounts/services';
import type { Database } from '../db/client';
import { badRequest, tooManyRequests } from '../http/errors';
import { NO_STORE } from '../http/no-store';
import { logConsent, newClientId, recordControllingEvent } from '../tracking/controlling';

/** DNT: 1 or Sec-GPC: 1 — a refusal of everything not necessary. */
export const signalsRefusal = (request: FastifyRequest) => request.headers['dnt'] === '1' || request.headers['sec-gpc'] === '1';

export function registerTrackingRoutes(server: FastifyInstance, db: Database, accounts: AccountServices): void {
  const rules = { ...RATE_LIMITS, ...accounts.rateLimits };
  const app = server.withTypeProvider<ZodTypeProvider>();
  const limit =
    (name: RateLimitName): preValidationAsyncHookHandler =>
    async (request) => {
      const rule = rules[name];
      const result = await accounts.limiter.hit(`${name}:${request.ip}`, rule.limit, rule.windowSeconds);
      if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds, 'Too many tracking requests. Please wait a moment.');
    };

  app.get('/api/client-id', { ...NO_STORE, preValidation: [limit('clientId')] }, async (_request, reply) =>
    reply.send({ clientId: newClientId() }),
  );

  // The consent log: kept also under a privacy signal (it is the record of a decision, not tracking).
  app.post(
    '/api/controlling/consent',
    {
      ...NO_STORE,
      preValidation: [limit('controlling')],
      schema: { body: ConsentLogRequestSchema },
      config: { invalidBody: 'Send clientId, decision (all or necessary) and bannerVersion.' },
    },
    async (request, reply) => {
      const { locale } = resolveShop(request.hostname, request.headers.cookie);
      await logConsent(db, { ...request.body, locale, at: new Date(clockOf(accounts)) });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/controlling/controlling',
    {
      ...NO_STORE,
      preValidation: [limit('controlling')],
      schema: { body: ControllingEventSchema },
      config: { invalidBody: 'Send clientId, applicationId, url (without query) and eventName with the fields of the event.' },
    },
    async (request, reply) => {
      if (signalsRefusal(request)) return reply.status(204).send();
      const { locale } = resolveShop(request.hostname, request.headers.cookie);
      const application = countryConfig(locale).application;
      if (request.body.applicationId !== application)
        throw badRequest(`applicationId must be ${application} on this shop.`, [
          { path: 'applicationId', code: 'invalid', message: `applicationId must be ${application} on this shop.` },
        ]);
      await recordControllingEvent(db, locale, request.body, new Date(clockOf(accounts)));
      return reply.status(204).send();
    },
  );
}
