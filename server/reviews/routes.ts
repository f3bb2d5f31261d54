// The reviews API: the review page checks its signed link (GET /api/reviews/link) and posts the review
// (POST /api/reviews); the footer's seal and slider read the approved reviews (GET /api/reviews/summary).

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ReviewRequestSchema } from '../../src/contracts/reviews';
import type { Database } from '../db/client';
import { NO_STORE } from '../http/no-store';
import type { ReviewLinks } from './links';
import { reviewLinkStatus, reviewSummary, submitReview } from './service';

const LinkQuery = z.object({ trade: z.uuid('The review link is not valid.'), token: z.string().max(100) });

export function registerReviewRoutes(server: FastifyInstance, { db, links }: { readonly db: Database; readonly links: ReviewLinks }): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get('/api/reviews/summary', async (_request, reply) => {
    // Shared by every page's footer: a minute in caches is fresh enough for a moderated list.
    reply.header('Cache-Control', 'public, max-age=60');
    return reviewSummary(db);
  });
  app.get(
    '/api/reviews/link',
    { ...NO_STORE, schema: { querystring: LinkQuery }, config: { invalidBody: 'The review link is not valid.' } },
    async (request) => reviewLinkStatus(db, links, request.query.trade, request.query.token),
  );
  app.post(
    '/api/reviews',
    {
      ...NO_STORE,
      schema: { body: ReviewRequestSchema },
      config: { invalidBody: 'The review is not complete. Please check the marked fields.' },
    },
    async (request, reply) => reply.status(201).send(await submitReview(db, links, request.body)),
  );
}
