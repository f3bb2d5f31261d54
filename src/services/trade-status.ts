// The guest trade page's call: the trade of the mails' signed link (GET /api/trades/{tradeNumber}/status).

import { TradeStatusAnswerSchema, type TradeView } from '../contracts/trade-view';
import type { ApiClient } from './api-client';

export async function fetchTradeStatus(api: ApiClient, tradeNumber: string, token: string): Promise<TradeView> {
  const answer = await api(`/api/trades/${encodeURIComponent(tradeNumber)}/status`, { query: { token } });
  return TradeStatusAnswerSchema.parse(answer).trade;
}
