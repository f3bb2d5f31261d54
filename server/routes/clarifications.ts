// The seller's clarification API: GET /api/clarifications/{id}?trade=…&token=… (the view) and
// POST /api/clarifications/{id}/answers (one decision per item, Idempotency-Key). The token of the
// mail's link (server/clarifications/links.ts) or the bearer token of the trade's own customer opens
// it; a wrong token, another trade, an unknown id and an expired link all answer the same 404, so
// nobody learns which clarifications exist.

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ClarificationAnswersRequestSchema, ClarificationQuerySchema, type ClarificationView } from '../../src/contracts/clarifications';
import { bearerToken, type AccessTokens } from '../accounts/access-tokens';
import type { CatalogueStore } from '../catalogue/store';
import type { ClarificationLinks } from '../clarifications/links';
import type { LabelLinks } from '../labels/links';
import { clarificationView, findClarification, submitAnswers } from '../clarifications/service';
import type { Database } from '../db/client';
import { badRequest, notFound } from '../http/errors';
import { NO_STORE } from '../http/no-store';
import { IDEMPOTENCY_KEY_PATTERN } from '../trades/idempotency';

const NOT_FOUND = 'This clarification link is not valid or has expired.';
const Params = z.object({ id: z.string().max(64) });

export interface ClarificationRouteServices {
  readonly db: Database;
  readonly store: CatalogueStore;
  readonly links: ClarificationLinks;
  readonly tokens?: AccessTokens;
  /** Signs the return label's path shown once a device is declined to be sent back. */
  readonly labels?: LabelLinks;
  /** Told after answers changed something (mail, logs); never for replays. */
  readonly onAnswered?: (event: { tradeId: string; tradeStatus: string; answered: readonly string[] }) => Promise<void>;
}

export function registerClarificationRoutes(server: FastifyInstance, services: ClarificationRouteServices) {
  const { db, store, links, tokens, labels } = services;

  /** The view with the return label's signed path when a device goes back (replays get it too). */
  const withReturnLabel = (tradeId: string, view: ClarificationView): ClarificationView => {
    const returning = view.items.some((i) => i.status === 'declined' && i.declineMode !== 'recycle');
    return { ...view, returnLabelPath: returning && labels ? labels.returnPath(tradeId) : null };
  };
  const app = server.withTypeProvider<ZodTypeProvider>();

  /** The clarification and its trade when the request may see it; else the 404. */
  const authorize = async (request: { headers: Record<string, unknown> }, id: string, tradeNumber: string, token: string | undefined) => {
    const found = await findClarification(db, id, tradeNumber);
    if (!found) throw notFound(NOT_FOUND, { 'Cache-Control': 'private, no-store' });
    if (token !== undefined && links.verify(found.clarification.id, found.trade.tradeNumber, token) === 'ok') return found;
    const bearer = token === undefined && tokens ? bearerToken(request as never) : undefined;
    const subject = bearer ? await tokens!.verify(bearer) : null;
    if (subject && found.trade.customerId !== null && subject.customerId === found.trade.customerId) return found;
    throw notFound(NOT_FOUND, { 'Cache-Control': 'private, no-store' });
  };

  app.get(
    '/api/clarifications/:id',
    { ...NO_STORE, schema: { params: Params, querystring: ClarificationQuerySchema } },
    async (request) => {
      const { trade, token } = request.query;
      const found = await authorize(request, request.params.id, trade, token);
      return withReturnLabel(found.trade.id, await clarificationView(db, store, found.trade, found.clarification.id));
    },
  );

  app.post(
    '/api/clarifications/:id/answers',
    {
      ...NO_STORE,
      schema: { params: Params, body: ClarificationAnswersRequestSchema },
      config: { invalidBody: 'The answers are not complete or not valid.' },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (key === undefined) {
        throw badRequest('The Idempotency-Key header is required: send a new random key per answer and the same key when retrying it.');
      }
      if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
        throw badRequest('The Idempotency-Key header must be 1 to 100 visible characters.');
      }
      const { trade, token, decisions } = request.body;
      const found = await authorize(request, request.params.id, trade, token);
      const answer = await submitAnswers(db, store, {
        clarificationId: found.clarification.id,
        tradeNumber: found.trade.tradeNumber,
        decisions,
        idempotencyKey: key,
        rawBody: request.body,
      });
      if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
      if (answer.applied && services.onAnswered) await services.onAnswered(answer.applied).catch(() => undefined);
      const body = answer.statusCode === 200 ? withReturnLabel(found.trade.id, answer.body as ClarificationView) : answer.body;
      return reply.status(answer.statusCode).send(body);
    },
  );
}
