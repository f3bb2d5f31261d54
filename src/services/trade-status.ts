// The guest trade page's calls, with the mails' signed link: the trade (GET /api/trades/{tradeNumber}/status)
// and, after a bank return, correcting its payout account (PUT /api/trades/{tradeNumber}/payout).

import { TradeStatusAnswerSchema, type TradeView } from '../contracts/trade-view';
import type { Payout } from '../contracts/trades';
import type { ApiClient } from './api-client';

export async function fetchTradeStatus(api: ApiClient, tradeNumber: string, token: string): Promise<TradeView> {
  const answer = await api(`/api/trades/${encodeURIComponent(tradeNumber)}/status`, { query: { token } });
  return TradeStatusAnswerSchema.parse(answer).trade;
}

export async function correctGuestTradePayout(api: ApiClient, tradeNumber: string, token: string, payout: Payout): Promise<TradeView> {
  const answer = await api(`/api/trades/${encodeURIComponent(tradeNumber)}/payout`, { method: 'PUT', query: { token }, body: { payout } });
  return TradeStatusAnswerSchema.parse(answer).trade;
}
