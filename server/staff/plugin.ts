// The staff domain as a plugin (issue 28, decision 071): the back office's API under /api/staff/*,
// answered on the staff host only. Sessions and sign-in (./sessions.ts, ./auth-routes.ts), staff users
// (./user-routes.ts), receiving and inspecting trades (./trade-routes.ts), the audit log
// (./audit-routes.ts), payout batches (./payout-routes.ts), returns (./return-routes.ts) and the support inbox
// with the lookup (./support-routes.ts). Every route names the roles it allows (./guard.ts; docs/staff-roles.md).

import { domainPlugin } from '../http/plugin';
import { registerAuditRoutes } from './audit-routes';
import { registerStaffAuthRoutes } from './auth-routes';
import type { StaffPluginOptions } from './options';
import { registerPayoutRoutes } from './payout-routes';
import { registerReturnRoutes } from './return-routes';
import { registerStaffSessions } from './sessions';
import { registerSupportRoutes } from './support-routes';
import { registerStaffTradeRoutes } from './trade-routes';
import { registerStaffUserRoutes } from './user-routes';

export type { StaffPluginOptions, StaffServices } from './options';

export const staffPlugin = domainPlugin<StaffPluginOptions>('staff', (app, options) => {
  registerStaffSessions(app, options);
  registerStaffAuthRoutes(app, options);
  registerStaffUserRoutes(app, options);
  registerStaffTradeRoutes(app, options);
  registerAuditRoutes(app, options);
  registerPayoutRoutes(app, options);
  registerReturnRoutes(app, options);
  registerSupportRoutes(app, options);
});
