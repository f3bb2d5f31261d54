// Checkout calls: submit a trade (with the Idempotency-Key that makes a retry safe) and check a voucher.

import {
  TradeSchema,
  VoucherCheckResultSchema,
  type Trade,
  type TradeRequest,
  type VoucherCheckRequest,
  type VoucherCheckResult,
} from '../contracts/trades';
import type { ApiClient } from './api-client';

/**
 * Submits the checkout; the answer's Label-Url (a business trade's Credit-Note-Url, a guest's Trade-Url)
 * header becomes the trade's labelUrl (creditNoteUrl, tradeUrl).
 */
export async function submitTrade(api: ApiClient, request: TradeRequest, idempotencyKey: string): Promise<Trade> {
  const response = await api.raw('/api/trades', { method: 'POST', body: request, headers: { 'Idempotency-Key': idempotencyKey } });
  const labelUrl = response.headers.get('label-url') ?? undefined;
  const creditNoteUrl = response.headers.get('credit-note-url') ?? undefined;
  const tradeUrl = response.headers.get('trade-url') ?? undefined;
  return TradeSchema.parse({
    ...(response._data as object),
    ...(labelUrl ? { labelUrl } : {}),
    ...(creditNoteUrl ? { creditNoteUrl } : {}),
    ...(tradeUrl ? { tradeUrl } : {}),
  });
}

export async function checkVoucher(api: ApiClient, request: VoucherCheckRequest): Promise<VoucherCheckResult> {
  return VoucherCheckResultSchema.parse(await api('/api/vouchers/check', { method: 'POST', body: request }));
}
