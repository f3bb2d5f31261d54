// The payouts clerk's routes (issue 29 items 1–4, decision 074): the due payouts with their urgency,
// making a SEPA or PayPal batch of selected ones, the batches, a batch's file (the same bytes every
// time), recording a batch as executed (the payouts, their mails and the trades paid, in one
// transaction), cancelling an open batch, and a bank return of one transfer of an executed batch. The work is the payouts domain's (server/payouts), which
// the ops CLI calls too; every change writes its audit row. Role: payouts (docs/staff-roles.md).

import { PAYOUT_BANK_TIME_ZONE } from '../../src/config/constants';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  BankReturnRequestSchema,
  BatchesAnswerSchema,
  BatchSchema,
  CreateBatchRequestSchema,
  DueAnswerSchema,
  DueQuerySchema,
  ExecuteBatchRequestSchema,
} from '../../src/contracts/payouts';
import type { Database } from '../db/client';
import {
  BatchError,
  batchFile,
  cancelBatch,
  createBatch,
  dayMoment,
  duePayouts,
  executeBatch,
  listBatches,
  showBatch,
} from '../payouts/batches';
import { recordBankReturn } from '../payouts/bank-returns';
import type { SepaAccount } from '../payouts/sepa-file';
import { TradeInBatchError, type TradeStepMails } from '../trades/lifecycle';
import { localDate } from '../platform/working-days';
import { auditWriter } from './audit';
import { staffRoutes } from './scope';
import { allow, signedIn, staffError } from './guard';

const BatchParams = z.object({ id: z.string().trim().min(1).max(40) });
const BatchesQuery = z.object({ state: z.enum(['open', 'executed', 'cancelled']).optional() });

/** The company's days are Berlin's (the payouts clerk's office). */

export interface PayoutRouteOptions {
  readonly db: Database;
  readonly mails: TradeStepMails;
  readonly payoutDebtor: SepaAccount;
  readonly now?: (() => Date) | undefined;
}

/** What the payouts domain refused, as the staff API's refusal. */
function refusal(error: unknown): unknown {
  if (error instanceof BatchError) {
    const status =
      {
        trade_not_found: 404,
        batch_not_found: 404,
        entry_not_found: 404,
        in_batch: 409,
        batch_state: 409,
        entry_state: 409,
        top_up_live: 409,
      }[error.reason as string] ?? 400;
    return staffError(status, error.reason, error.message, error.tradeNumber ? { tradeNumber: error.tradeNumber } : {});
  }
  if (error instanceof TradeInBatchError) return staffError(409, 'in_batch', error.message, { tradeNumber: error.tradeNumber });
  return error;
}
const refused = (error: unknown): never => {
  throw refusal(error);
};

export function registerPayoutRoutes(server: FastifyInstance, options: PayoutRouteOptions): void {
  const { db } = options;
  const clock = () => options.now?.() ?? new Date();

  staffRoutes(server, (app) => {
    app.get(
      '/api/staff/payouts/due',
      { onRequest: allow('payouts'), schema: { querystring: DueQuerySchema, response: { 200: DueAnswerSchema } } },
      async (request) => {
        const day = request.query.day ?? localDate(clock(), PAYOUT_BANK_TIME_ZONE);
        return { day, payouts: await duePayouts(db, { day, method: request.query.method }) };
      },
    );

    app.get(
      '/api/staff/payouts/batches',
      { onRequest: allow('payouts'), schema: { querystring: BatchesQuery, response: { 200: BatchesAnswerSchema } } },
      async (request) => ({ batches: await listBatches(db, { limit: 100, state: request.query.state }) }),
    );

    app.post(
      '/api/staff/payouts/batches',
      {
        onRequest: allow('payouts'),
        schema: { body: CreateBatchRequestSchema, response: { 201: BatchSchema } },
        config: { invalidBody: 'Select at least one due payout (at most 500) of one payout method.' },
      },
      async (request, reply) => {
        const staff = signedIn(request);
        const now = clock();
        const body = request.body;
        const batch = await createBatch(
          db,
          { ...body, requestedDate: body.requestedDate ?? localDate(now, PAYOUT_BANK_TIME_ZONE) },
          options.payoutDebtor,
          { actor: staff.email, audit: auditWriter({ staffId: staff.id, email: staff.email }, now), now },
        ).catch(refused);
        return reply.code(201).send(batch);
      },
    );

    app.get(
      '/api/staff/payouts/batches/:id',
      { onRequest: allow('payouts'), schema: { params: BatchParams, response: { 200: BatchSchema } } },
      async (request) => showBatch(db, request.params.id).catch(refused),
    );

    // The file for the bank or PayPal, as a download.
    app.get(
      '/api/staff/payouts/batches/:id/file',
      { onRequest: allow('payouts'), schema: { params: BatchParams } },
      async (request, reply) => {
        const file = await batchFile(db, request.params.id).catch(refused);
        return reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.body);
      },
    );

    app.post(
      '/api/staff/payouts/batches/:id/execution',
      {
        onRequest: allow('payouts'),
        schema: { params: BatchParams, body: ExecuteBatchRequestSchema, response: { 200: BatchSchema } },
        config: { invalidBody: 'Give the day the bank or PayPal executed the batch, as YYYY-MM-DD.' },
      },
      async (request) => {
        const staff = signedIn(request);
        const now = clock();
        const { executedOn } = request.body;
        if (executedOn > localDate(now, PAYOUT_BANK_TIME_ZONE))
          throw staffError(400, 'invalid_day', `${executedOn} is in the future; record the day the bank executed the batch.`);
        // Today: now; an earlier day: its noon (the same calendar day in every shop's time zone).
        const at = executedOn === localDate(now, PAYOUT_BANK_TIME_ZONE) ? now : dayMoment(executedOn);
        const { batch } = await executeBatch(db, request.params.id, at, {
          actor: staff.email,
          audit: auditWriter({ staffId: staff.id, email: staff.email }, now),
          mails: options.mails,
        }).catch(refused);
        return batch;
      },
    );

    app.post(
      '/api/staff/payouts/batches/:id/cancellation',
      { onRequest: allow('payouts'), schema: { params: BatchParams, response: { 200: BatchSchema } } },
      async (request) => {
        const staff = signedIn(request);
        const now = clock();
        return cancelBatch(db, request.params.id, {
          actor: staff.email,
          audit: auditWriter({ staffId: staff.id, email: staff.email }, now),
          now,
        }).catch(refused);
      },
    );

    // The bank (or PayPal) sent one transfer back: its trade's payout is due again (server/payouts/bank-returns.ts).
    app.post(
      '/api/staff/payouts/batches/:id/returns',
      {
        onRequest: allow('payouts'),
        schema: { params: BatchParams, body: BankReturnRequestSchema, response: { 200: BatchSchema } },
        config: { invalidBody: 'Give the trade number of the returned transfer and the reason the bank gave.' },
      },
      async (request) => {
        const staff = signedIn(request);
        const now = clock();
        const { batch } = await recordBankReturn(db, request.params.id, request.body, now, {
          actor: staff.email,
          audit: auditWriter({ staffId: staff.id, email: staff.email }, now),
          mails: options.mails,
        }).catch(refused);
        return batch;
      },
    );
  });
}
