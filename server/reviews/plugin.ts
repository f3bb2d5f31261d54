// The reviews domain as a plugin: a paid trade's review form behind its signed link, and the shop's
// review summary (decision 049).

import type { Database } from '../db/client';
import { domainPlugin } from '../http/plugin';
import type { ReviewLinks } from './links';
import { registerReviewRoutes } from './routes';

export interface ReviewsPluginOptions {
  readonly db: Database;
  readonly links: ReviewLinks;
}

export const reviewsPlugin = domainPlugin<ReviewsPluginOptions>('reviews', (app, options) => registerReviewRoutes(app, options));
