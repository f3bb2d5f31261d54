// POST /api/trades: checkout submission. The shop comes from the host; an Idempotency-Key header makes
// retries safe (the same key and body replay the first answer). Prices come from the stored offers.
// A `customer` identity is the logged-in customer of the bearer access token.

import type { FastifyInstance } from 'fastify';
import { brandOf, landingPageOf } from '../../src/config/brands';
import { countryConfig } from '../../src/config/countries';
import { resolveShop } from '../../src/config/hosts';
import type { Locale } from '../../src/config/locales';
import { TradeRequestSchema } from '../../src/contracts/trades';
import { bearerToken, type AccessTokens } from '../accounts/access-tokens';
import type { Database } from '../db/client';
import { badRequest, parseOr400, unauthorized } from '../http/errors';
import { NO_STORE } from '../http/no-store';
import { tradeConfirmationHooks } from './confirmation-mail';
import type { TradeMailServices } from './confirmation-mail';
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency';
import { submitTrade } from './service';

/** The trade id of a 201 answer (new or replayed), for the Label-Url header. */
function createdTradeId(answer: { statusCode: number; body: unknown }): string | undefined {
  if (answer.statusCode !== 201 || typeof answer.body !== 'object' || answer.body === null) return undefined;
  const { tradeId } = answer.body as { tradeId?: unknown };
  return typeof tradeId === 'string' ? tradeId : undefined;
}

/**
 * With shipping services, a 201 answer (new or replayed) carries `Label-Url: /api/trades/<id>/label.pdf?token=…`
 * (the thank-you page's download link), a guest's also `Trade-Url` (its trade page with the link token),
 * and a newly created trade gets its confirmation mail.
 * Without access tokens (accounts not configured) only guests can check out.
 */
export interface TradeRouteOptions {
  readonly db: Database;
  /** The confirmation mail and the label links; without them no mail and no Label-Url. */
  readonly shipping?: TradeMailServices | undefined;
  /** Access tokens of customers; without them only guests can check out. */
  readonly tokens?: AccessTokens | undefined;
}

export function registerTradeRoutes(app: FastifyInstance, { db, shipping, tokens }: TradeRouteOptions) {
  // One schema per shop (postal code rule, B2B), built once.
  const schemas = new Map<Locale, ReturnType<typeof TradeRequestSchema>>();
  const schemaFor = (locale: Locale) => schemas.get(locale) ?? schemas.set(locale, TradeRequestSchema(locale)).get(locale)!;

  app.post('/api/trades', NO_STORE, async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (key === undefined) {
      throw badRequest(
        'The Idempotency-Key header is required: send a new random key (e.g. a UUID) per checkout and the same key when retrying it.',
      );
    }
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw badRequest('The Idempotency-Key header must be 1 to 100 visible characters.');
    }
    const { locale, mode } = resolveShop(request.hostname, request.headers.cookie);
    const brand = brandOf(mode);
    // The schema depends on the shop, so the body is checked here rather than by a route schema.
    const checkout = parseOr400(schemaFor(locale), request.body, 'The checkout is not complete or not valid.');

    let customerId: string | undefined;
    if (checkout.identity.kind === 'customer') {
      const token = bearerToken(request);
      const subject = token && tokens ? await tokens.verify(token) : null;
      if (!subject) {
        throw unauthorized(
          token
            ? 'Your session has expired. Please log in again to check out with your account.'
            : 'Please log in to check out with your customer account, or check out as a guest.',
          token !== undefined,
        );
      }
      customerId = subject.customerId;
    }

    const { address } = checkout;
    const answer = await submitTrade(db, {
      idempotencyKey: key,
      locale,
      shopMode: mode,
      landingPage: landingPageOf(countryConfig(locale), mode),
      request: checkout,
      ...(customerId !== undefined && { customerId }),
      ...(shipping && tradeConfirmationHooks(shipping, { locale, brand, address }, request.log)),
    });
    if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
    const tradeId = shipping && createdTradeId(answer);
    if (tradeId) reply.header('Label-Url', shipping.labels.path(tradeId));
    // A business trade's credit note (decision 036).
    if (tradeId && (answer.body as { b2b?: unknown }).b2b === true)
      reply.header('Credit-Note-Url', shipping.labels.creditNotePath(tradeId));
    // A guest's trade page (the confirmation mail's link): the thank-you page links it and offers an
    // account made of the trade's details with its token (issue 32 part 2).
    if (tradeId && checkout.identity.kind === 'guest')
      reply.header('Trade-Url', shipping.trades.path(locale, (answer.body as { tradeNumber: string }).tradeNumber));
    return reply.status(answer.statusCode).send(answer.body);
  });
}
