// The staff domain as a plugin (issue 28, decision 071): the back office's API under /api/staff/*,
// answered on the staff host only. Sessions and sign-in (./sessions.ts, ./auth-routes.ts), staff users
// (./user-routes.ts), receiving and inspecting trades (./trade-routes.ts) and the audit log
// (./audit-routes.ts). Every route names the roles it allows (./guard.ts; docs/staff-roles.md).

import type { CatalogueStore } from '../catalogue/store';
import type { ClarificationMailServices } from '../clarifications/mail';
import type { Database } from '../db/client';
import { domainPlugin } from '../http/plugin';
import type { RateLimiter } from '../http/rate-limiter';
import type { TradeStepMails } from '../trades/lifecycle';
import type { CertificateLinks } from '../trades/links';
import { registerAuditRoutes } from './audit-routes';
import { registerStaffAuthRoutes } from './auth-routes';
import { registerStaffSessions, type StaffSessionOptions } from './sessions';
import { registerStaffTradeRoutes } from './trade-routes';
import { registerStaffUserRoutes } from './user-routes';

export interface StaffPluginOptions {
  readonly db: Database;
  readonly store: CatalogueStore;
  /** The back office's origin (PUBLIC_ORIGINS `staff=…`): its host is the only one answering /api/staff, and changing requests must come from it. */
  readonly origin: string;
  /** Failed sign-ins per IP (memory, or Redis with REDIS_URL). */
  readonly limiter: RateLimiter;
  /** The seller's mail of each step (server/trades/step-mails.tsx), written in the move's transaction. */
  readonly mails: TradeStepMails;
  /** The clarification mails (an inspection that asks the seller). */
  readonly clarificationMails: ClarificationMailServices;
  /** Signed links of the data-erasure certificates. */
  readonly certificates: CertificateLinks;
  /** Session timing (tests shorten it); default: 30 idle minutes, 12 hours at most. */
  readonly sessions?: StaffSessionOptions;
  /** The clock (tests). */
  readonly now?: () => Date;
}

export const staffPlugin = domainPlugin<StaffPluginOptions>('staff', (app, options) => {
  registerStaffSessions(app, options);
  registerStaffAuthRoutes(app, options);
  registerStaffUserRoutes(app, options);
  registerStaffTradeRoutes(app, options);
  registerAuditRoutes(app, options);
});
