// The root route's data: what every page's layout shows (the footer's reviews where the country has
// the rating seal). Loaded with each page on the server, kept for a while on client navigation.

import type { ReviewSummary } from '../contracts/reviews';
import type { ApiClientOptions } from '../services/api-client';

export interface RootData {
  readonly kind: 'root';
  readonly reviews: ReviewSummary | null;
}

/** The shop's approved reviews for the footer; null when they cannot be read (the footer then shows none). */
export async function loadReviewSummary(api: ApiClientOptions): Promise<ReviewSummary | null> {
  const [{ createApiClient }, { fetchReviewSummary }] = await Promise.all([
    import('../services/api-client'),
    import('../services/reviews'),
  ]);
  try {
    return await fetchReviewSummary(createApiClient(api));
  } catch {
    return null;
  }
}
