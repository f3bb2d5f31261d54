// The newsletter domain as a plugin: sign-up with double opt-in, confirmation, the profile (enrich),
// unsubscribing and the customer's own subscription (decision 021).

import type { AccountServices } from '../accounts/services';
import type { Database } from '../db/client';
import { domainPlugin } from '../http/plugin';
import { registerNewsletterRoutes } from './routes';

export interface NewsletterPluginOptions {
  readonly db: Database;
  /** The newsletter signer, the mailer and the rate limits live with the accounts' services. */
  readonly accounts: AccountServices;
}

export const newsletterPlugin = domainPlugin<NewsletterPluginOptions>('newsletter', (app, options) =>
  registerNewsletterRoutes(app, options),
);
