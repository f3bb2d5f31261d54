// A submission whose Idempotency-Key the server is still processing answers 409 without a reason
// (no expired or used offers): the first request is running, or ran on a server that stopped and
// whose claim the next attempt takes over (server/trades/idempotency.ts). The checkout asks again
// with the same key, with growing pauses, for about 30 seconds before it shows a failure; the answer
// it finally gets is the one trade of that key (issue 16 part 4).

import { readApiFailure } from './api-failure';

/** Pauses before each further attempt: 1 + 2 + 4 + 8 + 15 s = 30 s in all. */
export const IN_PROGRESS_PAUSES_MS = [1000, 2000, 4000, 8000, 15_000] as const;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** True for a 409 that names no offers: the same key is still being processed. */
export function isStillInProgress(error: unknown): boolean {
  const failure = readApiFailure(error);
  if (failure.kind !== 'conflict') return false;
  const body = failure.body as { expiredOfferIds?: unknown; usedOfferIds?: unknown } | null | undefined;
  return (
    !(Array.isArray(body?.expiredOfferIds) && body.expiredOfferIds.length > 0) &&
    !(Array.isArray(body?.usedOfferIds) && body.usedOfferIds.length > 0)
  );
}

/** Calls `submit` until it does not answer "still in progress", pausing as IN_PROGRESS_PAUSES_MS says. */
export async function retryWhileInProgress<T>(submit: () => Promise<T>, wait: (ms: number) => Promise<void> = sleep): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await submit();
    } catch (error) {
      const pause = IN_PROGRESS_PAUSES_MS[attempt];
      if (pause === undefined || !isStillInProgress(error)) throw error;
      await wait(pause);
    }
  }
}
