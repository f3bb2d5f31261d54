// The newsletter domain as a plugin: sign-up with double opt-in, confirmation, the profile (enrich),
// unsubscribing and the customer's own subscription (decision 021).

import type { AccountServices } from '../accounts/services';
import type { Database } from '../db/client';
import { domainPlugin } from '../http/plugin';
import { registerNewsletterRoutes } from './routes';
import type { NewsletterSigner } from './signing';

export interface NewsletterPluginOptions {
  readonly db: Database;
  /** Customers' tokens, the mailer and the rate limits. */
  readonly accounts: AccountServices;
  /** Signs the e-mail hashes and confirmation links (NEWSLETTER_SECRET). */
  readonly signer: NewsletterSigner;
}

export const newsletterPlugin = domainPlugin<NewsletterPluginOptions>('newsletter', (app, options) =>
  registerNewsletterRoutes(app, options),
);
