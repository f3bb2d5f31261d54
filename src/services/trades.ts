// Checkout calls: submit a trade (with the Idempotency-Key that makes a retry safe) and check a voucher.

import { TradeSchema, VoucherCheckResultSchema, type Trade, type TradeRequest, type VoucherCheckRequest, type VoucherCheckResult } from '../contracts/trades';
import type { ApiClient } from './api-client';

export async function submitTrade(api: ApiClient, request: TradeRequest, idempotencyKey: string): Promise<Trade> {
  const body = await api('/api/trades', { method: 'POST', body: request, headers: { 'Idempotency-Key': idempotencyKey } });
  return TradeSchema.parse(body);
}

export async function checkVoucher(api: ApiClient, request: VoucherCheckRequest): Promise<VoucherCheckResult> {
  return VoucherCheckResultSchema.parse(await api('/api/vouchers/check', { method: 'POST', body: request }));
}
