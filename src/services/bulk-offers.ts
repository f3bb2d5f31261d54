// The bulk offer call (business trade-in; server/bulk/routes.ts): a list in, one answer per line out.

import { BulkOfferAnswerSchema, type BulkOfferAnswer, type BulkOfferRequest } from '../contracts/bulk-offers';
import type { ApiClient } from './api-client';

export async function matchBulkList(api: ApiClient, request: BulkOfferRequest): Promise<BulkOfferAnswer> {
  return BulkOfferAnswerSchema.parse(await api('/api/offers/bulk', { method: 'POST', body: request }));
}
