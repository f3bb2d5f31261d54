// The real actor of the review machine (./review.ts): POST /api/reviews with the mail link's trade
// and token, pending moderation.

import { fromPromise } from 'xstate';
import type { ApiClient } from '../services/api-client';
import type { ReviewValues } from './review';

export interface ReviewDeps {
  readonly api: () => Promise<ApiClient>;
  /** The trade and the token of the review link. */
  readonly tradeId: string;
  readonly token: string;
}

export function reviewActors(deps: ReviewDeps) {
  return {
    save: fromPromise(async ({ input }: { input: { values: ReviewValues } }) => {
      // A chunk of its own, loaded lazily as the root data and the review link's loader load it.
      const { postReview } = await import('../services/reviews');
      await postReview(await deps.api(), { tradeId: deps.tradeId, token: deps.token, ...input.values });
    }),
  };
}
