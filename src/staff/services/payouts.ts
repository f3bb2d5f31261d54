// Payout batches (payouts role, issue 29): the due payouts, making a batch, the batches, recording an
// execution, cancelling an open batch and a bank return of one transfer. The batch file is a plain download link (batchFilePath).

import {
  BatchesAnswerSchema,
  BatchSchema,
  DueAnswerSchema,
  type BankReturnRequest,
  type Batch,
  type BatchSummary,
  type CreateBatchRequest,
  type DueAnswer,
  type PayoutMethod,
} from '../../contracts/payouts';
import { z } from '../../contracts/zod';
import type { StaffClient } from './client';

export async function fetchDuePayouts(client: StaffClient, method: PayoutMethod, signal?: AbortSignal): Promise<DueAnswer> {
  return client.json('/api/staff/payouts/due', DueAnswerSchema, { query: { method }, ...(signal && { signal }) });
}

const BatchListSchema = z.pipe(
  BatchesAnswerSchema,
  z.transform((answer) => answer.batches),
);

export async function fetchBatches(client: StaffClient, signal?: AbortSignal): Promise<BatchSummary[]> {
  return client.json('/api/staff/payouts/batches', BatchListSchema, signal ? { signal } : {});
}

const batchPath = (id: string) => `/api/staff/payouts/batches/${encodeURIComponent(id)}`;

export async function fetchBatch(client: StaffClient, id: string, signal?: AbortSignal): Promise<Batch> {
  return client.json(batchPath(id), BatchSchema, signal ? { signal } : {});
}

export async function createBatch(client: StaffClient, request: CreateBatchRequest): Promise<Batch> {
  return client.json('/api/staff/payouts/batches', BatchSchema, { method: 'POST', body: { ...request } });
}

export async function executeBatch(client: StaffClient, id: string, executedOn: string): Promise<Batch> {
  return client.json(`${batchPath(id)}/execution`, BatchSchema, { method: 'POST', body: { executedOn } });
}

export async function cancelBatch(client: StaffClient, id: string): Promise<Batch> {
  return client.json(`${batchPath(id)}/cancellation`, BatchSchema, { method: 'POST', body: {} });
}

export async function recordBankReturn(client: StaffClient, id: string, request: BankReturnRequest): Promise<Batch> {
  return client.json(`${batchPath(id)}/returns`, BatchSchema, { method: 'POST', body: { ...request } });
}

/** The batch's file, downloaded by the browser with the session cookie. */
export const batchFilePath = (id: string): string => `${batchPath(id)}/file`;
