// The real actor of the bulk upload machine (./bulk-upload.ts): the call of src/services/bulk-offers.

import { fromPromise } from 'xstate';
import type { BulkOfferRequest } from '../contracts/bulk-offers';
import type { ApiClient } from '../services/api-client';
import { matchBulkList } from '../services/bulk-offers';

export function bulkUploadActors(deps: { readonly api: () => Promise<ApiClient> }) {
  return {
    matchList: fromPromise(async ({ input }: { input: BulkOfferRequest }) => matchBulkList(await deps.api(), input)),
  };
}
