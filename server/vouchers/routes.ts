// POST /api/vouchers/check: is this voucher valid in this shop for this cart total (and customer),
// and how many EUR does it add to the payout? The shop comes from the host.

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resolveShop } from '../../src/config/hosts';
import { VoucherCheckRequestSchema, type VoucherCheckResult } from '../../src/contracts/trades';
import type { Database } from '../db/client';
import { NO_STORE } from '../http/no-store';
import { checkVoucher, customerKey } from './service';

export function registerVoucherRoutes(server: FastifyInstance, { db }: { readonly db: Database }) {
  server
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/vouchers/check',
      { ...NO_STORE, schema: { body: VoucherCheckRequestSchema }, config: { invalidBody: 'The voucher check is not valid.' } },
      async (request) => {
        const { locale } = resolveShop(request.hostname, request.headers.cookie);
        const { code, cartTotal, email } = request.body;
        const decision = await checkVoucher(db, {
          code,
          locale,
          cartTotalCents: Math.round(cartTotal * 100),
          ...(email ? { customerKey: customerKey(email) } : {}),
        });
        const result: VoucherCheckResult = decision.valid
          ? { valid: true, code: decision.code, kind: decision.kind, value: decision.valueCents / 100 }
          : {
              valid: false,
              reason: decision.reason,
              ...(decision.minTotalCents === undefined ? {} : { minTotal: decision.minTotalCents / 100 }),
            };
        return result;
      },
    );
}
