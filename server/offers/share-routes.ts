// Saving and sharing an offer (issue 18 part 1): POST /api/offers/{id}/link (the device page's link
// with a signed token), POST /api/offers/{id}/mail (the offer by mail, no account needed; answered 202
// for every address, at most a few mails per address and hour, rate limited per client IP),
// GET /api/shared-offers?token=… (the offer of a link, valid or expired) and, for a logged-in
// customer, GET /api/customers/saved-offers. A bearer token, when sent, files the share under the
// customer's account.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brandOf } from '../../src/config/brands';
import { resolveShop } from '../../src/config/hosts';
import { OfferMailRequestSchema } from '../../src/contracts/offers';
import { bearerToken, requireCustomer } from '../accounts/access-tokens';
import { usernameHash } from '../accounts/audit';
import { clockOf, type AccountServices } from '../accounts/services';
import type { UpcomingPrices } from '../catalogue/price-schedule';
import type { CatalogueStore } from '../catalogue/store';
import { customerRoute, ok } from '../accounts/customer-route';
import type { Database } from '../db/client';
import { HttpError, notFound, parseOr400 } from '../http/errors';
import { rateLimits } from '../http/rate-limits';
import { NO_STORE } from '../http/no-store';
import { sendOfferMail } from './mail';
import type { OfferShareTokens } from './share-token';
import { withPriceChange } from './service';
import { openSharedOffer, savedOffers, shareOffer, type ShareOutcome } from './shares';

const OfferIdSchema = z.string().uuid('The offer id is not valid.');
const TokenSchema = z.string().min(1).max(2000);
const UNKNOWN_OFFER = 'There is no offer with this id in this shop.';
const EXPIRED_OFFER = 'This offer has expired. Please get a new offer for the device.';
const BAD_LINK = 'This offer link is not valid. Please use the whole link from the e-mail, or get a new offer.';

export function registerOfferShareRoutes(
  server: FastifyInstance,
  deps: {
    readonly db: Database;
    readonly store: CatalogueStore;
    readonly accounts: AccountServices;
    readonly tokens: OfferShareTokens;
    /** Scheduled prices: shared and saved offers say when a drop falls inside their validity. */
    readonly upcoming?: UpcomingPrices;
  },
): void {
  const { db, store, accounts, tokens, upcoming } = deps;
  const app = server.withTypeProvider<ZodTypeProvider>();
  const now = () => new Date(clockOf(accounts));

  const limits = rateLimits(accounts);
  const limit = limits.perIp;
  /** The logged-in customer when a bearer token came (401 for a stale one, so the client refreshes), else nobody. */
  const customerOf = async (request: FastifyRequest) =>
    bearerToken(request) === undefined ? undefined : (await requireCustomer(accounts.tokens, request, clockOf(accounts))).customerId;
  const shared = (outcome: ShareOutcome) => {
    if (outcome.kind === 'unknown') throw notFound(UNKNOWN_OFFER);
    if (outcome.kind === 'expired') throw new HttpError(410, 'Gone', EXPIRED_OFFER);
    return outcome;
  };

  app.post<{ Params: { id: string } }>('/api/offers/:id/link', { ...NO_STORE, preValidation: [limit('offerShare')] }, async (request) => {
    const offerId = parseOr400(OfferIdSchema, request.params.id, 'The offer id is not valid.');
    const { locale } = resolveShop(request.hostname, request.headers.cookie);
    const customerId = await customerOf(request);
    const outcome = shared(
      await shareOffer(db, store, tokens, { offerId, locale, channel: 'link', ...(customerId && { customerId }), now: now() }),
    );
    return { token: outcome.token, path: outcome.path };
  });

  app.post(
    '/api/offers/:id/mail',
    {
      ...NO_STORE,
      preValidation: [limit('offerShare')],
      schema: { body: OfferMailRequestSchema },
      config: { invalidBody: 'Please enter a valid e-mail address.' },
    },
    async (request, reply) => {
      const offerId = parseOr400(OfferIdSchema, (request.params as { id?: unknown }).id, 'The offer id is not valid.');
      const shop = resolveShop(request.hostname, request.headers.cookie);
      const customerId = await customerOf(request);
      const { email } = request.body;
      const allowed = await limits.allows('offerMail', usernameHash(email));
      if (allowed) {
        const at = now();
        const outcome = shared(
          await shareOffer(db, store, tokens, {
            offerId,
            locale: shop.locale,
            channel: 'mail',
            email,
            ...(customerId && { customerId }),
            now: at,
          }),
        );
        sendOfferMail(accounts, request.log, {
          locale: shop.locale,
          brand: brandOf(shop.mode),
          email,
          offer: outcome.offer,
          path: outcome.path,
          now: at.getTime(),
        });
      }
      // The same answer whether the mail went out or the address had enough for this hour.
      return reply.status(202).send({ status: 'accepted' });
    },
  );

  // The token (a JWT, longer than a path parameter may be) comes as a query parameter.
  app.get('/api/shared-offers', { ...NO_STORE, preValidation: [limit('offerShare')] }, async (request) => {
    const token = parseOr400(TokenSchema, (request.query as { token?: unknown }).token, BAD_LINK);
    const found = await openSharedOffer(db, tokens, token, now());
    if (!found) throw notFound(BAD_LINK);
    return { ...found, offer: withPriceChange(found.offer, store, upcoming) };
  });

  app.get(
    '/api/customers/saved-offers',
    customerRoute(accounts, undefined, async ({ caller }) =>
      ok(
        (await savedOffers(db, tokens, caller.customerId)).map((saved) => ({
          ...saved,
          offer: withPriceChange(saved.offer, store, upcoming),
        })),
      ),
    ),
  );
}
