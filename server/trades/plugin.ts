// The trades domain as a plugin: the checkout's submission (POST /api/trades) with its confirmation
// mail, the shipping and return labels (GET /api/trades/{id}/label.pdf, return-label.pdf), the guest
// trade page's trade (GET /api/trades/{tradeNumber}/status), the data-erasure certificates
// (GET /api/certificates/{id}.pdf) and the voucher check of the checkout (GET /api/vouchers/{code}).

import type { AccessTokens } from '../accounts/access-tokens';
import type { Database } from '../db/client';
import { domainPlugin } from '../http/plugin';
import { registerLabelRoutes } from '../labels/routes';
import { registerVoucherRoutes } from '../vouchers/routes';
import { registerCertificateRoute } from './certificate-route';
import type { TradeMailServices } from './confirmation-mail';
import type { CertificateLinks, TradeLinks } from './links';
import { registerTradeRoutes } from './routes';
import { registerTradeStatusRoute } from './status-route';
import { registerPayoutCorrectionRoute } from './payout-correction';
import type { ClarificationPathOf } from './trade-view';

export interface TradesPluginOptions {
  readonly db: Database;
  /** The mailer, the public origins and the label links; without them no mail and no labels. */
  readonly mail?: TradeMailServices | undefined;
  /** Customers' access tokens; without them only guests can check out. */
  readonly tokens?: AccessTokens | undefined;
  /** The guest trade page's links and the clarification pages' (signed); without them no guest trade page. */
  readonly tradePages?: { readonly links: TradeLinks; readonly clarificationPath: ClarificationPathOf } | undefined;
  /** The data-erasure certificates' signed links: their PDFs, and their links on the guest trade page; without them neither. */
  readonly certificates?: CertificateLinks | undefined;
}

export const tradesPlugin = domainPlugin<TradesPluginOptions>('trades', (app, { db, mail, tokens, tradePages, certificates }) => {
  registerTradeRoutes(app, { db, shipping: mail, tokens });
  if (mail) registerLabelRoutes(app, { db, links: mail.labels });
  if (mail && tradePages) {
    registerTradeStatusRoute(app, { db, labels: mail.labels, ...tradePages, certificates });
    registerPayoutCorrectionRoute(app, { db, labels: mail.labels, ...tradePages, certificates });
  }
  if (certificates) registerCertificateRoute(app, { db, links: certificates });
  registerVoucherRoutes(app, { db });
});
