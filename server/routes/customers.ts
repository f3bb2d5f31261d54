// The customer data API (spec §7 "Customer data"): every call needs the bearer access token and acts
// on the caller's own data only (another customer's IRI reads as not found). Never cached. The logic
// lives in server/customers/*.

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
import { listAddresses, patchAddress } from '../customers/addresses';
import { parseBody } from '../customers/errors';
import { claimGuestTrades } from '../customers/guest-trades';
import { created, customerHandler, ok, type Answer, type CustomerCall } from '../customers/handler';
import { createPaymentAccount, listBankAccounts, listPaypalAccounts, patchBankAccount, patchPaypalAccount } from '../customers/payment-accounts';
import { createPhone, patchPhone } from '../customers/phones';
import { deleteCustomerData, getCustomer, patchPerson } from '../customers/profile';
import { tradeHistory } from '../customers/trade-history';
import type { Database } from '../db/client';
import { NO_STORE } from '../http/no-store';

const BASE = '/api/customers';

export function registerCustomerRoutes(app: FastifyInstance, db: Database, accounts: AccountServices): void {
  const route = (handle: (call: CustomerCall) => Promise<Answer>) => ({ ...NO_STORE, handler: customerHandler(accounts, handle) });
  // One address schema per shop (postal code rule), built once.
  const addressSchemas = new Map<Locale, ReturnType<typeof AddressPatchSchema>>();
  const addressSchema = (locale: Locale) => addressSchemas.get(locale) ?? addressSchemas.set(locale, AddressPatchSchema(locale)).get(locale)!;

  app.get(`${BASE}/customers`, route(async ({ caller }) => ok(await getCustomer(db, caller.customerId))));
  app.delete(
    `${BASE}/customers`,
    route(async ({ caller, request, now }) => {
      const body = parseBody(DeleteAccountRequestSchema, request.body, 'Send your customerId and customer number (customerIdentifier).');
      return ok(await deleteCustomerData(db, caller.customerId, body, now));
    }),
  );

  app.get(`${BASE}/addresses`, route(async ({ caller }) => ok(await listAddresses(db, caller.customerId))));
  app.patch(
    `${BASE}/addresses`,
    route(async ({ caller, request, now }) => {
      const { locale } = resolveShop(request.hostname, request.headers.cookie);
      const { address } = parseBody(addressSchema(locale), request.body, 'The address is not complete or not valid.');
      return ok(await patchAddress(db, caller.customerId, locale, address, now));
    }),
  );

  app.get(`${BASE}/bank_accounts`, route(async ({ caller }) => ok(await listBankAccounts(db, caller.customerId))));
  app.patch(
    `${BASE}/bank_accounts`,
    route(async ({ caller, request, now }) => {
      const body = parseBody(BankAccountPatchSchema, request.body, 'The bank account is not complete or not valid.');
      return ok(await patchBankAccount(db, caller.customerId, body, now));
    }),
  );

  app.get(`${BASE}/paypal_accounts`, route(async ({ caller }) => ok(await listPaypalAccounts(db, caller.customerId))));
  app.patch(
    `${BASE}/paypal_accounts`,
    route(async ({ caller, request, now }) => {
      const body = parseBody(PaypalAccountPatchSchema, request.body, 'The PayPal account is not complete or not valid.');
      return ok(await patchPaypalAccount(db, caller.customerId, body, now));
    }),
  );

  app.post(
    `${BASE}/customer_payment_accounts`,
    route(async ({ caller, request, now }) => {
      const body = parseBody(PaymentAccountCreateSchema, request.body, 'The payment account is not complete or not valid.');
      return created(await createPaymentAccount(db, caller.customerId, body, now));
    }),
  );

  app.post(`${BASE}/guest_account_number`, route(async ({ caller }) => ok(await claimGuestTrades(db, caller.customerId))));

  app.post(
    `${BASE}/phone_contacts`,
    route(async ({ caller, request, now }) => {
      const body = parseBody(PhoneCreateSchema, request.body, 'The phone number is not valid.');
      return created(await createPhone(db, caller.customerId, body, now));
    }),
  );
  app.patch(
    `${BASE}/phone_contacts`,
    route(async ({ caller, request, now }) => {
      const body = parseBody(PhonePatchSchema, request.body, 'The phone number is not valid.');
      return ok(await patchPhone(db, caller.customerId, body, now));
    }),
  );

  app.patch(
    `${BASE}/people`,
    route(async ({ caller, request }) => {
      const body = parseBody(PeoplePatchSchema, request.body, 'The personal data is not complete or not valid.');
      return ok(await patchPerson(db, caller.customerId, body));
    }),
  );

  app.get(`${BASE}/trade_history`, route(async ({ caller }) => ok({ trades: await tradeHistory(db, caller.customerId) })));
}
