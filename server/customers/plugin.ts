// The customers domain as a plugin: a logged-in customer's data (addresses, payout accounts, phones,
// person, guest account number) and trade history (product §7.3).

import type { AccountServices } from '../accounts/services';
import type { Database } from '../db/client';
import { domainPlugin } from '../http/plugin';
import type { LabelLinks } from '../labels/links';
import type { CertificateLinks } from '../trades/links';
import { registerCustomerRoutes } from './routes';

export interface CustomersPluginOptions {
  readonly db: Database;
  readonly accounts: AccountServices;
  /** The trade history's label links; without them it lists none. */
  readonly labels?: LabelLinks | undefined;
  /** The trade history's data-erasure certificate links; without them it lists none. */
  readonly certificates?: CertificateLinks | undefined;
}

export const customersPlugin = domainPlugin<CustomersPluginOptions>('customers', (app, options) => registerCustomerRoutes(app, options));
