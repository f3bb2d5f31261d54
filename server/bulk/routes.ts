// POST /api/offers/bulk (business trade-in, decision 038): a company's device list → one answer per
// line (a binding offer, unmatched with suggestions, or invalid with its line number). Only in a shop
// with business trade-in; per client IP rate limited like the other public endpoints; a list over
// 1,000 lines or 256 KB is refused whole (413), never half-answered.

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { countryConfig } from '../../src/config/countries';
import { resolveShop } from '../../src/config/hosts';
import { BULK_MAX_BYTES, BulkOfferRequestSchema } from '../../src/contracts/bulk-offers';
import type { RateLimiter } from '../http/rate-limiter';
import type { RateLimitRule } from '../http/rate-limit';
import { BulkListError } from './csv';
import { bulkOffers, type BulkServices } from './service';
import { badRequest, HttpError, notFound, tooManyRequests } from '../http/errors';
import { NO_STORE } from '../http/no-store';

/** Per client IP: a list is heavy (up to 1,000 searches and offers). */
export const BULK_RATE_LIMIT: RateLimitRule = { limit: 20, windowSeconds: 10 * 60 };

export function registerBulkOfferRoutes(
  server: FastifyInstance,
  services: BulkServices & { readonly limiter: RateLimiter; readonly rateLimit?: RateLimitRule },
) {
  const rule = services.rateLimit ?? BULK_RATE_LIMIT;
  server.withTypeProvider<ZodTypeProvider>().post(
    '/api/offers/bulk',
    {
      ...NO_STORE,
      schema: { body: BulkOfferRequestSchema },
      // Base64 of the largest file plus the JSON around it.
      bodyLimit: 2 * BULK_MAX_BYTES,
      config: {
        invalidBody: 'The list is not valid: send { kind: "text", text } or { kind: "file", base64 } or { kind: "lines", lines }.',
      },
      preValidation: async (request) => {
        const { locale } = resolveShop(request.hostname, request.headers.cookie);
        if (!countryConfig(locale).features.hasB2B) throw notFound('Bulk offers are only available in a shop with business trade-in.');
        const result = await services.limiter.hit(`bulkOffers:${request.ip}`, rule.limit, rule.windowSeconds);
        if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds, 'Too many lists. Please wait a moment and try again.');
      },
    },
    async (request) => {
      const { locale } = resolveShop(request.hostname, request.headers.cookie);
      try {
        const answer = await bulkOffers(services, locale, request.body);
        return answer;
      } catch (error) {
        if (error instanceof BulkListError) {
          if (error.code === 'unreadable') throw badRequest(error.message);
          throw new HttpError(413, 'Payload Too Large', error.message, { limit: error.code });
        }
        throw error;
      }
    },
  );
}
