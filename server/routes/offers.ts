// POST /api/offers (a device and its answers → a stored binding offer) and GET /api/offers/{id}.
// The shop (and so the country price) comes from the host; the client never sends a price.

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { resolveShop } from '../../src/config/hosts';
import { OfferRequestSchema } from '../../src/contracts/offers';
import type { CatalogueStore } from '../catalogue/store';
import type { Database } from '../db/client';
import { sendBadRequest, sendError, zodFields } from '../http/errors';
import { PricingInputError } from '../offers/pricing';
import { createOffer, findOffer } from '../offers/service';
import { OfferWriter } from '../offers/writer';

const OfferIdSchema = z.string().uuid('The offer id is not valid.');

export function registerOfferRoutes(app: FastifyInstance, db: Database, store: CatalogueStore) {
  const writer = new OfferWriter(db);
  app.post('/api/offers', async (request, reply) => {
    const parsed = OfferRequestSchema.safeParse(request.body);
    if (!parsed.success) return sendBadRequest(reply, 'The offer request is not valid.', zodFields(parsed.error));
    const { locale } = resolveShop(request.hostname, request.headers.cookie);
    try {
      const result = await createOffer(writer, store, locale, parsed.data);
      if (result.kind === 'blocked') {
        return sendError(reply, 422, 'Offer Blocked', 'We cannot buy the device with these answers.', { blockedBy: result.blockedBy });
      }
      return reply.status(201).send(result.offer);
    } catch (error) {
      if (error instanceof PricingInputError) return sendBadRequest(reply, error.message, error.fields);
      throw error;
    }
  });

  app.get<{ Params: { id: string } }>('/api/offers/:id', async (request, reply) => {
    const id = OfferIdSchema.safeParse(request.params.id);
    if (!id.success) return sendBadRequest(reply, 'The offer id is not valid.', zodFields(id.error));
    const offer = await findOffer(db, id.data);
    if (!offer) return sendError(reply, 404, 'Not Found', 'There is no offer with this id.');
    return offer;
  });
}
