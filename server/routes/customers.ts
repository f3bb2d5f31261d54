// The customer data API (spec §7 "Customer data"). Filled in by the accounts work.

import type { FastifyInstance } from 'fastify';
import type { AccountServices } from '../accounts/services';
import type { Database } from '../db/client';

export function registerCustomerRoutes(_app: FastifyInstance, _db: Database, _accounts: AccountServices): void {}
