// GET /api/trades/{tradeNumber}/status?token=…: the guest trade page's trade (src/contracts/trade-view.ts),
// opened by the signed link of the seller's mails (./links.ts). A wrong token and an unknown trade get the
// same 404 (the answer does not tell which trade numbers exist); a closed trade's link answers 410 once
// TRADE_LINK_GRACE_DAYS have passed since its last move.

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { TRADE_NUMBER, type TradeStatus } from '../../src/contracts/trades';
import type { TradeStatusAnswer } from '../../src/contracts/trade-view';
import type { Database } from '../db/client';
import { trades, tradeTransitions } from '../db/schema/trades';
import { HttpError, notFound } from '../http/errors';
import { NO_STORE } from '../http/no-store';
import { TRADE_LINK_GRACE_DAYS, type CertificateLinks, type TradeLinks } from './links';
import { tradeViews, type ClarificationPathOf, type TradeViewLinks } from './trade-view';

const INVALID = 'This trade link is not valid. Please use the link from our e-mail.';
const Params = z.object({ tradeNumber: z.string().max(20) });
const Query = z.object({ token: z.string().max(100) });

/** Statuses after which nothing more happens to a trade. */
const CLOSED: readonly TradeStatus[] = ['paid', 'returned', 'cancelled'];
const DAY_MS = 24 * 3600 * 1000;

export interface TradeStatusRouteOptions {
  readonly db: Database;
  readonly links: TradeLinks;
  readonly labels: TradeViewLinks;
  /** The clarification pages' signed paths: a guest opens an open question from the trade page. */
  readonly clarificationPath: ClarificationPathOf;
  /** The data-erasure certificates' signed links; without them the page links none. */
  readonly certificates?: Pick<CertificateLinks, 'path'> | undefined;
  readonly now?: () => Date;
}

export async function guestTradeView(
  { db, links, labels, clarificationPath, certificates, now = () => new Date() }: TradeStatusRouteOptions,
  tradeNumber: string,
  token: string,
): Promise<TradeStatusAnswer> {
  const number = tradeNumber.toUpperCase();
  if (!TRADE_NUMBER.test(number) || !links.verify(number, token)) throw notFound(INVALID);
  const [trade] = await db.select({ id: trades.id, status: trades.status }).from(trades).where(eq(trades.tradeNumber, number));
  if (!trade) throw notFound(INVALID);
  if (CLOSED.includes(trade.status)) {
    const [last] = await db
      .select({ at: tradeTransitions.at })
      .from(tradeTransitions)
      .where(eq(tradeTransitions.tradeId, trade.id))
      .orderBy(desc(tradeTransitions.id))
      .limit(1);
    if (last && last.at.getTime() + TRADE_LINK_GRACE_DAYS * DAY_MS < now().getTime())
      throw new HttpError(410, 'Gone', 'This trade is closed and its link has expired. Sellers with an account find it there.');
  }
  const [view] = await tradeViews(db, { tradeId: trade.id }, labels, clarificationPath, certificates);
  return { trade: view! };
}

export function registerTradeStatusRoute(server: FastifyInstance, options: TradeStatusRouteOptions): void {
  server
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/trades/:tradeNumber/status',
      { ...NO_STORE, schema: { params: Params, querystring: Query }, config: { invalidBody: INVALID } },
      async (request) => guestTradeView(options, request.params.tradeNumber, request.query.token),
    );
}
