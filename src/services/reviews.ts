// Review calls: the review page's link check and the review itself (POST /api/reviews), and the
// summary the footer's seal and slider show (approved reviews only).

import {
  ReviewLinkAnswerSchema,
  ReviewSummarySchema,
  type ReviewLinkAnswer,
  type ReviewRequest,
  type ReviewSummary,
} from '../contracts/reviews';
import type { ApiClient } from './api-client';

export async function fetchReviewLink(api: ApiClient, tradeId: string, token: string): Promise<ReviewLinkAnswer> {
  return ReviewLinkAnswerSchema.parse(await api('/api/reviews/link', { query: { trade: tradeId, token } }));
}

export async function postReview(api: ApiClient, review: ReviewRequest): Promise<void> {
  await api('/api/reviews', { method: 'POST', body: review });
}

export async function fetchReviewSummary(api: ApiClient): Promise<ReviewSummary> {
  return ReviewSummarySchema.parse(await api('/api/reviews/summary'));
}
