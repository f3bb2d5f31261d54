// Returns in the back office (issue 29 item 5): the declined trades whose devices go back, with their
// return label, and recording that the parcel was sent — the trades domain's move declined → returned,
// which mails the seller and writes the audit row in its transaction. Roles: reading for inspectors and
// support, sending for inspectors (the warehouse; docs/staff-roles.md).

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ReturnsAnswerSchema, StaffTradeSchema } from '../../src/contracts/staff';
import type { CatalogueStore } from '../catalogue/store';
import type { Database } from '../db/client';
import { TradeNotFoundError, transition, TransitionError, type TradeStepMails } from '../trades/lifecycle';
import type { CertificateLinks } from '../trades/links';
import { tradeAudit } from './audit';
import { staffRoutes } from './scope';
import { allow, signedIn, staffError } from './guard';
import { pendingReturns, type ReturnLabelLinks } from './returns';
import { staffTrade } from './staff-trades';

const TradeParams = z.object({ tradeNumber: z.string().trim().min(1).max(40) });

export interface ReturnRouteOptions {
  readonly db: Database;
  readonly store: CatalogueStore;
  readonly mails: TradeStepMails;
  readonly certificates: CertificateLinks;
  readonly returnLabels: ReturnLabelLinks;
  readonly now?: (() => Date) | undefined;
}

export function registerReturnRoutes(server: FastifyInstance, options: ReturnRouteOptions): void {
  const { db } = options;
  const clock = () => options.now?.() ?? new Date();

  staffRoutes(server, (app) => {
    app.get(
      '/api/staff/returns',
      { onRequest: allow('inspector', 'support'), schema: { response: { 200: ReturnsAnswerSchema } } },
      async () => ({ returns: await pendingReturns(db, options.returnLabels) }),
    );

    // The parcel went out: declined → returned, the seller's mail and the audit row in one transaction.
    app.post(
      '/api/staff/trades/:tradeNumber/return',
      { onRequest: allow('inspector'), schema: { params: TradeParams, response: { 200: StaffTradeSchema } } },
      async (request) => {
        const staff = signedIn(request);
        const now = clock();
        try {
          await transition(db, request.params.tradeNumber, 'returned', undefined, now, {
            mails: options.mails,
            audit: tradeAudit({ staffId: staff.id, email: staff.email }, now),
          });
        } catch (error) {
          if (error instanceof TradeNotFoundError)
            throw staffError(404, 'trade_not_found', `There is no trade ${error.ref}. Check the number on the parcel.`);
          if (error instanceof TransitionError)
            throw staffError(409, 'wrong_status', `${error.message} Only a declined trade's devices are sent back.`, {
              status: error.from,
            });
          throw error;
        }
        const trade = await staffTrade(
          { db, store: options.store, certificates: options.certificates },
          request.params.tradeNumber,
          staff.id,
          now,
        );
        if (!trade) throw staffError(404, 'trade_not_found', `There is no trade ${request.params.tradeNumber}.`);
        return trade;
      },
    );
  });
}
