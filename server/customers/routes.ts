// The customer data API (product §7 "Customer data"): every call needs the bearer access token and acts
// on the caller's own data only (another customer's IRI reads as not found). Never cached. The logic
// lives in server/customers/*; the frame (token, body schema, errors) in server/accounts/customer-route.ts.

import type { FastifyInstance } from 'fastify';
import { resolveShop } from '../../src/config/hosts';
import type { Locale } from '../../src/config/locales';
import {
  AddressPatchSchema,
  BankAccountPatchSchema,
  DeleteAccountRequestSchema,
  PaymentAccountCreateSchema,
  PaypalAccountPatchSchema,
  PeoplePatchSchema,
  PhoneCreateSchema,
  PhonePatchSchema,
} from '../../src/contracts/account';
import type { AccountServices } from '../accounts/services';
import { listAddresses, patchAddress } from './addresses';
import { claimGuestTrades } from './guest-trades';
import { created, customerRoute, ok } from '../accounts/customer-route';
import { createPaymentAccount, listBankAccounts, listPaypalAccounts, patchBankAccount, patchPaypalAccount } from './payment-accounts';
import { createPhone, patchPhone } from './phones';
import { deleteCustomerData, getCustomer, patchPerson } from './profile';
import { correctTradePayout, tradeHistory } from './trade-history';
import { PayoutCorrectionSchema, TradeStatusAnswerSchema } from '../../src/contracts/trade-view';
import type { LabelLinks } from '../labels/links';
import type { CertificateLinks } from '../trades/links';
import type { Database } from '../db/client';
import { parseOr400 } from '../http/errors';

const BASE = '/api/customers';

/** `labels`: the shipping label links, so the trade history can offer a label (without them it offers none). */
export interface CustomerRouteOptions {
  readonly db: Database;
  readonly accounts: AccountServices;
  /** The trade history's label links; without them it lists none. */
  readonly labels?: LabelLinks | undefined;
  /** The trade history's data-erasure certificate links; without them it lists none. */
  readonly certificates?: CertificateLinks | undefined;
}

export function registerCustomerRoutes(app: FastifyInstance, { db, accounts, labels, certificates }: CustomerRouteOptions): void {
  // One address schema per shop (postal code rule), built once.
  const addressSchemas = new Map<Locale, ReturnType<typeof AddressPatchSchema>>();
  const addressSchema = (locale: Locale) =>
    addressSchemas.get(locale) ?? addressSchemas.set(locale, AddressPatchSchema(locale)).get(locale)!;

  app.get(
    `${BASE}/customers`,
    customerRoute(accounts, undefined, async ({ caller }) => ok(await getCustomer(db, caller.customerId))),
  );
  app.delete(
    `${BASE}/customers`,
    customerRoute(
      accounts,
      { schema: DeleteAccountRequestSchema, invalid: 'Send your customerId and customer number (customerIdentifier).' },
      async ({ caller, body, now }) => ok(await deleteCustomerData(db, caller.customerId, body, now)),
    ),
  );

  app.get(
    `${BASE}/addresses`,
    customerRoute(accounts, undefined, async ({ caller }) => ok(await listAddresses(db, caller.customerId))),
  );
  app.patch(
    `${BASE}/addresses`,
    customerRoute(accounts, undefined, async ({ caller, request, now }) => {
      const { locale } = resolveShop(request.hostname, request.headers.cookie);
      // The postal-code rule depends on the shop, so this body is checked here rather than by a route schema.
      const { address } = parseOr400(addressSchema(locale), request.body, 'The address is not complete or not valid.');
      return ok(await patchAddress(db, caller.customerId, locale, address, now));
    }),
  );

  app.get(
    `${BASE}/bank_accounts`,
    customerRoute(accounts, undefined, async ({ caller }) => ok(await listBankAccounts(db, caller.customerId))),
  );
  app.patch(
    `${BASE}/bank_accounts`,
    customerRoute(
      accounts,
      { schema: BankAccountPatchSchema, invalid: 'The bank account is not complete or not valid.' },
      async ({ caller, body, now }) => ok(await patchBankAccount(db, caller.customerId, body, now)),
    ),
  );

  app.get(
    `${BASE}/paypal_accounts`,
    customerRoute(accounts, undefined, async ({ caller }) => ok(await listPaypalAccounts(db, caller.customerId))),
  );
  app.patch(
    `${BASE}/paypal_accounts`,
    customerRoute(
      accounts,
      { schema: PaypalAccountPatchSchema, invalid: 'The PayPal account is not complete or not valid.' },
      async ({ caller, body, now }) => ok(await patchPaypalAccount(db, caller.customerId, body, now)),
    ),
  );

  app.post(
    `${BASE}/customer_payment_accounts`,
    customerRoute(
      accounts,
      { schema: PaymentAccountCreateSchema, invalid: 'The payment account is not complete or not valid.' },
      async ({ caller, body, now }) => created(await createPaymentAccount(db, caller.customerId, body, now)),
    ),
  );

  app.post(
    `${BASE}/guest_account_number`,
    customerRoute(accounts, undefined, async ({ caller }) => ok(await claimGuestTrades(db, caller.customerId))),
  );

  app.post(
    `${BASE}/phone_contacts`,
    customerRoute(accounts, { schema: PhoneCreateSchema, invalid: 'The phone number is not valid.' }, async ({ caller, body, now }) =>
      created(await createPhone(db, caller.customerId, body, now)),
    ),
  );
  app.patch(
    `${BASE}/phone_contacts`,
    customerRoute(accounts, { schema: PhonePatchSchema, invalid: 'The phone number is not valid.' }, async ({ caller, body, now }) =>
      ok(await patchPhone(db, caller.customerId, body, now)),
    ),
  );

  app.patch(
    `${BASE}/people`,
    customerRoute(
      accounts,
      { schema: PeoplePatchSchema, invalid: 'The personal data is not complete or not valid.' },
      async ({ caller, body }) => ok(await patchPerson(db, caller.customerId, body)),
    ),
  );

  app.get(
    `${BASE}/trade_history`,
    customerRoute(accounts, undefined, async ({ caller }) =>
      ok({ trades: await tradeHistory(db, caller.customerId, labels, certificates) }),
    ),
  );

  const payoutCorrection = customerRoute(
    accounts,
    { schema: PayoutCorrectionSchema, invalid: 'The payout details are not complete or not valid.' },
    async ({ caller, request, body, now }) => {
      const { tradeNumber } = request.params as { tradeNumber: string };
      return ok(await correctTradePayout(db, caller.customerId, tradeNumber, body, now, labels, certificates));
    },
  );
  app.put(`${BASE}/trades/:tradeNumber/payout`, {
    ...payoutCorrection,
    schema: { ...payoutCorrection.schema, response: { 200: TradeStatusAnswerSchema } },
  });
}
