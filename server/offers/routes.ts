// POST /api/offers (a device and its answers → a stored binding offer) and GET /api/offers/{id}.
// The shop (and so the country price) comes from the host; the client never sends a price.

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveShop } from '../../src/config/hosts';
import { OfferRequestSchema } from '../../src/contracts/offers';
import type { UpcomingPrices } from '../catalogue/price-schedule';
import type { CatalogueStore } from '../catalogue/store';
import type { Database } from '../db/client';
import { badRequest, HttpError, notFound, parseOr400 } from '../http/errors';
import { PricingInputError } from './pricing';
import { createOffer, findOffer, withPriceChange } from './service';
import { OfferWriter } from './writer';

const OfferIdSchema = z.string().uuid('The offer id is not valid.');

export interface OfferRouteOptions {
  readonly db: Database;
  readonly store: CatalogueStore;
  /** Scheduled prices, so an offer says when its device's price drops (issue 18). */
  readonly upcoming?: UpcomingPrices | undefined;
}

export function registerOfferRoutes(server: FastifyInstance, { db, store, upcoming }: OfferRouteOptions) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const writer = new OfferWriter(db);
  app.post(
    '/api/offers',
    { schema: { body: OfferRequestSchema }, config: { invalidBody: 'The offer request is not valid.' } },
    async (request, reply) => {
      const { locale } = resolveShop(request.hostname, request.headers.cookie);
      try {
        const result = await createOffer(writer, store, locale, request.body, new Date(), upcoming);
        if (result.kind === 'blocked') {
          throw new HttpError(422, 'Offer Blocked', 'We cannot buy the device with these answers.', { blockedBy: result.blockedBy });
        }
        return reply.status(201).send(result.offer);
      } catch (error) {
        if (error instanceof PricingInputError) throw badRequest(error.message, error.fields);
        throw error;
      }
    },
  );

  app.get<{ Params: { id: string } }>('/api/offers/:id', async (request) => {
    // The id is checked as a value, not as a params schema, so its 400 names the field "(body)" as always.
    const id = parseOr400(OfferIdSchema, request.params.id, 'The offer id is not valid.');
    const offer = await findOffer(db, id);
    if (!offer) throw notFound('There is no offer with this id.');
    return withPriceChange(offer, store, upcoming);
  });
}
