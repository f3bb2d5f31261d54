// The clarifications domain as a plugin: a seller's view of a clarification, its evidence photos and
// the answers and the quick answer's undo (GET/POST /api/clarifications/…), and the mail that confirms the answers.

import type { AccessTokens } from '../accounts/access-tokens';
import type { CatalogueStore } from '../catalogue/store';
import type { Database } from '../db/client';
import { domainPlugin } from '../http/plugin';
import type { LabelLinks } from '../labels/links';
import { sendClarificationMail, type ClarificationMailServices } from './mail';
import { registerClarificationRoutes } from './routes';

export interface ClarificationsPluginOptions {
  readonly db: Database;
  readonly store: CatalogueStore;
  /** The mailer, the public origins, the clarification links and the label links (the return label). */
  readonly mail: ClarificationMailServices & { readonly labels: LabelLinks };
  /** Customers' access tokens: the owner's session opens the clarification without the link's token. */
  readonly tokens?: AccessTokens | undefined;
}

export const clarificationsPlugin = domainPlugin<ClarificationsPluginOptions>('clarifications', (app, { db, store, mail, tokens }) => {
  registerClarificationRoutes(app, {
    db,
    store,
    links: mail.clarifications,
    labels: mail.labels,
    ...(tokens && { tokens }),
    onAnswered: async ({ tradeId }) => {
      await sendClarificationMail(mail, db, tradeId, 'answered').catch((error: unknown) =>
        app.log.error({ tradeId, mailError: error instanceof Error ? error.message.slice(0, 300) : 'failed' }, 'clarification mail failed'),
      );
    },
  });
});
