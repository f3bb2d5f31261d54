// The tracking domain as a plugin: controlling events, the client id, the consent log and the funnel
// report (product §7.8, decisions 028 and 029).

import type { AccountServices } from '../accounts/services';
import type { Database } from '../db/client';
import { domainPlugin } from '../http/plugin';
import { registerTrackingRoutes } from './routes';

export interface TrackingPluginOptions {
  readonly db: Database;
  /** The rate limits and the clock live with the accounts' services. */
  readonly accounts: AccountServices;
  /** GET /dev/funnel (development and test, or DEV_MAILBOX=1, like the developer mailbox). */
  readonly devPages?: boolean;
}

export const trackingPlugin = domainPlugin<TrackingPluginOptions>('tracking', (app, options) => registerTrackingRoutes(app, options));
