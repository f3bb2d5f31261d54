// The seller's clarification API: GET /api/clarifications/{id}?trade=…&token=… (the view) and
// POST /api/clarifications/{id}/answers (one decision per item, Idempotency-Key) and
// POST /api/clarifications/{id}/undo (takes back the answer to that one clarification, decision 069). The token of the
// mail's link (server/clarifications/links.ts) or the bearer token of the trade's own customer opens
// it; a wrong token, another trade, an unknown id and an expired link all answer the same 404, so
// nobody learns which clarifications exist.

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ClarificationAnswersRequestSchema,
  ClarificationQuerySchema,
  ClarificationUndoRequestSchema,
  type ClarificationView,
} from '../../src/contracts/clarifications';
import { bearerToken, type AccessTokens } from '../accounts/access-tokens';
import type { CatalogueStore } from '../catalogue/store';
import type { ClarificationLinks } from './links';
import type { LabelLinks } from '../labels/links';
import { clarificationView, findClarification, submitAnswers, undoAnswer } from './service';
import type { Database } from '../db/client';
import { badRequest, HttpError, notFound } from '../http/errors';
import { NO_STORE } from '../http/no-store';
import { IDEMPOTENCY_KEY_PATTERN } from '../trades/idempotency';
import { findPhoto } from '../trades/photos';

const NOT_FOUND = 'This clarification link is not valid or has expired.';
/** How long a photo's signature (for the owner's session) stays valid. */
const PHOTO_SIGNATURE_MS = 86_400_000;
const PhotoParams = z.object({ id: z.string().max(64), photoId: z.uuid({ error: 'Not a photo of this clarification.' }) });
const PhotoQuery = z.object({
  trade: z.string().trim().min(1).max(40),
  token: z.string().max(200).optional(),
  sig: z.string().max(200).optional(),
});
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

  /**
   * The view as this caller may use it (replays too): the return label's signed path when a device
   * goes back, and each photo's URL with the caller's proof — the link's token as it came, or for the
   * owner's session (an <img> sends no bearer token) a signature of the photo valid for a day.
   */
  const decorate = (tradeId: string, view: ClarificationView, token: string | undefined, now = new Date()): ClarificationView => {
    const returning = view.items.some((i) => i.status === 'declined' && i.declineMode !== 'recycle');
    const proof = (photoId: string) =>
      token !== undefined
        ? `token=${encodeURIComponent(token)}`
        : `sig=${encodeURIComponent(links.token(photoId, view.tradeNumber, new Date(now.getTime() + PHOTO_SIGNATURE_MS)))}`;
    return {
      ...view,
      items: view.items.map((item) => ({
        ...item,
        photos: (item.photos ?? []).map((p) => ({ id: p.id, url: `${p.url.split('&')[0]}&${proof(p.id)}` })),
      })),
      returnLabelPath: returning && labels ? labels.returnPath(tradeId) : null,
    };
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
      return decorate(found.trade.id, await clarificationView(db, store, found.trade, found.clarification.id), token);
    },
  );

  // An evidence photo: the same proof as the view (the link's token, or the owner's bearer token), or
  // the photo's signature that the view hands to the owner's session for its <img> elements.
  app.get(
    '/api/clarifications/:id/photos/:photoId',
    { schema: { params: PhotoParams, querystring: PhotoQuery } },
    async (request, reply) => {
      const { trade, token, sig } = request.query;
      const photoId = request.params.photoId.toLowerCase();
      let found;
      if (sig !== undefined && token === undefined) {
        found = await findClarification(db, request.params.id, trade);
        if (!found || links.verify(photoId, found.trade.tradeNumber, sig) !== 'ok')
          throw notFound(NOT_FOUND, { 'Cache-Control': 'private, no-store' });
      } else {
        found = await authorize(request, request.params.id, trade, token);
      }
      const photo = await findPhoto(db, found.trade.id, photoId);
      if (!photo) throw notFound('There is no such photo.', { 'Cache-Control': 'private, no-store' });
      return reply
        .header('Content-Type', photo.contentType)
        .header('Cache-Control', 'private, max-age=3600')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Referrer-Policy', 'no-referrer')
        .header('Content-Disposition', 'inline')
        .send(Buffer.from(photo.content));
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
      });
      if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
      if (answer.applied && services.onAnswered) await services.onAnswered(answer.applied).catch(() => undefined);
      const body = answer.statusCode === 200 ? decorate(found.trade.id, answer.body as ClarificationView, token) : answer.body;
      return reply.status(answer.statusCode).send(body);
    },
  );

  // The quick answer's undo: the same proof as the answers; 409 once the trade has moved on.
  app.post(
    '/api/clarifications/:id/undo',
    {
      ...NO_STORE,
      schema: { params: Params, body: ClarificationUndoRequestSchema },
      config: { invalidBody: 'Name the trade (and the link token) of the answer to undo.' },
    },
    async (request) => {
      const { trade, token } = request.body;
      const found = await authorize(request, request.params.id, trade, token);
      const undone = await undoAnswer(db, store, { clarificationId: found.clarification.id, tradeNumber: found.trade.tradeNumber });
      if (undone.statusCode !== 200 || !undone.view) {
        throw new HttpError(
          undone.statusCode,
          undone.statusCode === 410 ? 'Gone' : 'Conflict',
          undone.message ?? 'The answer cannot be undone.',
        );
      }
      return decorate(found.trade.id, undone.view, token);
    },
  );
}
