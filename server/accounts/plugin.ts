// The accounts domain as a plugin: log-in, refresh, log-out, registration and activation, password
// change, forgotten and reset passwords, and deleting an account (product §7.2).

import type { Database } from '../db/client';
import { domainPlugin } from '../http/plugin';
import { registerAccountRoutes } from './routes';
import type { GuestTradeLookup } from './registration';
import type { AccountServices } from './services';

export interface AccountsPluginOptions {
  readonly db: Database;
  readonly accounts: AccountServices;
  /** Reads a guest trade by its link (POST /api/account/registerFromTrade); without it that call answers 400. */
  readonly guestTrades?: GuestTradeLookup | undefined;
}

export const accountsPlugin = domainPlugin<AccountsPluginOptions>('accounts', (app, options) => registerAccountRoutes(app, options));
