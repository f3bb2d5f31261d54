// The seller corrects the payout account after a bank return (issue 29, decision 075): the bank (or PayPal)
// sent a payout back (server/payouts/bank-returns.ts) and nothing was paid since. The trade's payout
// details are replaced, and the next payout batch pays the corrected account (a batch freezes its
// accounts when it is made, so a payout already in an open batch cannot be redirected: refused). The
// guest trade page (signed link) and the account (bearer token) both call correctPayout.

import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PayoutCorrectionSchema, TradeStatusAnswerSchema, type TradeView } from '../../src/contracts/trade-view';
import { paymentTypeCode, type Payout } from '../../src/contracts/trades';
import type { Database } from '../db/client';
import { payoutBatchEntries } from '../db/schema/payouts';
import { trades } from '../db/schema/trades';
import { badRequest, HttpError } from '../http/errors';
import { NO_STORE } from '../http/no-store';
import { lockTrade } from './lifecycle';
import { payoutBreakdowns } from './payouts';
import { guestTradeView, type TradeStatusRouteOptions } from './status-route';
import { outstandingReturn } from './trade-view';

/** No payout came back, or it was paid again since: there is nothing to correct. */
export const noReturn = () =>
  new HttpError(409, 'Conflict', 'No payout of this trade came back from the bank, so there is nothing to correct.', {
    reason: 'no_bank_return',
  });

/**
 * Replaces the payout details of the trade `tradeId` (locked in the transaction) after a bank return.
 * A business trade is paid to the company's bank account only. `at`: when, so the payouts clerk sees the
 * account was corrected after the return.
 */
export async function correctPayout(db: Database, tradeId: string, payout: Payout, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const trade = await lockTrade(tx, tradeId);
    if (!outstandingReturn(await payoutBreakdowns(tx, trade.id))) throw noReturn();
    if (trade.b2b && payout.method !== 'sepa')
      throw badRequest('A business trade-in is paid by SEPA transfer to the company account.', [
        { path: 'payout.method', code: 'b2bSepaOnly', message: 'A business trade-in is paid by SEPA transfer to the company account.' },
      ]);
    const [waiting] = await tx
      .select({ id: payoutBatchEntries.id })
      .from(payoutBatchEntries)
      .where(and(eq(payoutBatchEntries.tradeId, trade.id), eq(payoutBatchEntries.state, 'open')))
      .limit(1);
    if (waiting)
      throw new HttpError(
        409,
        'Conflict',
        'Your payout is already on its way again to the account you gave. If it comes back, you can correct it then.',
        {
          reason: 'in_batch',
        },
      );
    await tx
      .update(trades)
      .set({ payout, paymentType: paymentTypeCode(payout), payoutCorrectedAt: at, version: trade.version + 1 })
      .where(eq(trades.id, trade.id));
  });
}

const Params = z.object({ tradeNumber: z.string().max(20) });
const Query = z.object({ token: z.string().max(100) });

/** PUT /api/trades/{tradeNumber}/payout?token=…: the guest trade page's correction; answers the trade as the page shows it. */
export function registerPayoutCorrectionRoute(server: FastifyInstance, options: TradeStatusRouteOptions): void {
  server.withTypeProvider<ZodTypeProvider>().put(
    '/api/trades/:tradeNumber/payout',
    {
      ...NO_STORE,
      schema: { params: Params, querystring: Query, body: PayoutCorrectionSchema, response: { 200: TradeStatusAnswerSchema } },
      config: { invalidBody: 'The payout details are not complete or not valid.' },
    },
    async (request): Promise<{ trade: TradeView }> => {
      const { tradeNumber } = request.params;
      const { token } = request.query;
      // The link is checked (and the trade found) as for reading the page.
      const { trade } = await guestTradeView(options, tradeNumber, token);
      await correctPayout(options.db, trade.tradeId, request.body.payout, options.now?.() ?? new Date());
      return guestTradeView(options, tradeNumber, token);
    },
  );
}
