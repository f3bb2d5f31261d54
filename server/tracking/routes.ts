// The tracking API (product §7 Tracking, decision 028): GET /api/client-id answers a new opaque client
// id; POST /api/controlling/controlling stores one controlling event (204). Both are rate limited per
// client address with the accounts' limiter (decision 015). A request that carries DNT: 1 or
// Sec-GPC: 1 is answered 204 and stores nothing (decision 027): the client should not have sent it.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { countryConfig } from '../../src/config/countries';
import { resolveShop } from '../../src/config/hosts';
import { ConsentLogRequestSchema, ControllingEventSchema } from '../../src/contracts/tracking';
import { clockOf, type AccountServices } from '../accounts/services';
import type { Database } from '../db/client';
import { badRequest, notFound } from '../http/errors';
import { rateLimits } from '../http/rate-limits';
import { isLocale } from '../../src/config/locales';
import { funnelCsv, funnelPage, parseReportTime } from './funnel-report';
import { NO_STORE } from '../http/no-store';
import { funnel, logConsent, newClientId, recordControllingEvent } from './controlling';

/** DNT: 1 or Sec-GPC: 1 — a refusal of everything not necessary. */
export const signalsRefusal = (request: FastifyRequest) => request.headers['dnt'] === '1' || request.headers['sec-gpc'] === '1';

export interface TrackingRouteOptions {
  readonly db: Database;
  readonly accounts: AccountServices;
  /** GET /dev/funnel (development and test, or DEV_MAILBOX=1, like the developer mailbox). */
  readonly devPages?: boolean;
}

export function registerTrackingRoutes(server: FastifyInstance, { db, accounts, devPages = false }: TrackingRouteOptions): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const limit = rateLimits(accounts, { message: 'Too many tracking requests. Please wait a moment.' }).perIp;

  app.get<{ Querystring: Record<string, string | undefined> }>('/dev/funnel', async (request, reply) => {
    if (!devPages) throw notFound('Not found.');
    const { from: fromText, to: toText, country, csv } = request.query;
    const to = toText ? parseReportTime(toText, true) : new Date(clockOf(accounts));
    const from = fromText ? parseReportTime(fromText, false) : to && new Date(to.getTime() - 30 * 24 * 60 * 60 * 1000);
    if (!from || !to || to <= from) throw badRequest('from and to take dates (YYYY-MM-DD), from before to.');
    if (country !== undefined && !isLocale(country)) throw badRequest('country takes a shop: default, de, at, es, fr or it.');
    const rows = await funnel(db, { from, to, ...(country ? { locale: country } : {}) });
    if (csv !== undefined) return reply.type('text/csv; charset=utf-8').send(funnelCsv(rows));
    const query = new URLSearchParams({ ...request.query, csv: '1' } as Record<string, string>);
    return reply.type('text/html; charset=utf-8').send(funnelPage(rows, { from, to }, `/dev/funnel?${query.toString()}`));
  });

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
