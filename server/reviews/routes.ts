// The reviews API: the review page checks its signed link (GET /api/reviews/link) and posts the review
// (POST /api/reviews); the footer's seal and slider read the approved reviews (GET /api/reviews/summary).

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ReviewRequestSchema, type ReviewSummary } from '../../src/contracts/reviews';
import type { Database } from '../db/client';
import { NO_STORE } from '../http/no-store';
import type { ReviewLinks } from './links';
import { reviewLinkStatus, reviewSummary, submitReview } from './service';

/**
 * How long the summary is shared (the answer's Cache-Control says the same): every page's footer
 * reads it while rendering, and reviews are moderated from the command line, in another process.
 */
const SUMMARY_MAX_AGE_S = 60;

const LinkQuery = z.object({ trade: z.uuid('The review link is not valid.'), token: z.string().max(100) });

export function registerReviewRoutes(server: FastifyInstance, { db, links }: { readonly db: Database; readonly links: ReviewLinks }): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  // Read once a minute, not once per rendered page (issue: a third of a render's database time).
  let kept: { readonly until: number; readonly summary: Promise<ReviewSummary> } | undefined;
  const summary = () => {
    const now = Date.now();
    if (kept && now < kept.until) return kept.summary;
    const read = reviewSummary(db);
    kept = { until: now + SUMMARY_MAX_AGE_S * 1000, summary: read };
    // A failed read is not kept: the next request tries again.
    read.catch(() => {
      if (kept?.summary === read) kept = undefined;
    });
    return read;
  };
  app.get('/api/reviews/summary', async (_request, reply) => {
    // Shared by every page's footer: a minute in caches is fresh enough for a moderated list.
    reply.header('Cache-Control', `public, max-age=${SUMMARY_MAX_AGE_S}`);
    return summary();
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
