// The business trade-in domain as a plugin (German shop): offers for a whole device list
// (POST /api/offers/bulk, decision 038) and a business trade's credit note (decision 036).

import { OfferWriter } from '../offers/writer';
import { registerBulkOfferRoutes } from '../bulk/routes';
import type { CatalogueStore } from '../catalogue/store';
import type { SearchBackend } from '../catalogue/search-service';
import type { Database } from '../db/client';
import { domainPlugin } from '../http/plugin';
import type { RateLimitRule } from '../http/rate-limit';
import type { RateLimiter } from '../http/rate-limiter';
import type { LabelLinks } from '../labels/links';
import { registerCreditNoteRoute } from './credit-note-routes';

export interface BusinessPluginOptions {
  readonly db: Database;
  readonly store: CatalogueStore;
  readonly search: SearchBackend;
  /** The shared rate-limit counter (memory, or Redis with REDIS_URL). */
  readonly limiter: RateLimiter;
  /** Overrides the bulk offer limit per client IP (tests). */
  readonly rateLimit?: RateLimitRule | undefined;
  /** Signs the credit note links; without them no credit note is served. */
  readonly labels?: LabelLinks | undefined;
}

export const businessPlugin = domainPlugin<BusinessPluginOptions>('business', (app, { db, store, search, limiter, rateLimit, labels }) => {
  registerBulkOfferRoutes(app, { writer: new OfferWriter(db), store, search, limiter, ...(rateLimit && { rateLimit }) });
  if (labels) registerCreditNoteRoute(app, { db, links: labels });
});
