// Authenticated calls of the logged-in customer (product §7 "Customer data", plus changePassword and the
// two-step delete of "Account"). The implementation (createCustomerApi) takes the session's token
// source, which refreshes an expired access token before the call (product §4); answers are parsed
// with the shared contract.

import { z } from '../contracts/zod';
import {
  BankAccountSchema,
  CustomerAddressSchema,
  CustomerSchema,
  GuestAccountNumberAnswerSchema,
  PaymentAccountSchema,
  PaypalAccountSchema,
  PersonSchema,
  PhoneContactSchema,
  SuccessAnswerSchema,
  TradeHistorySchema,
  type BankAccount,
  type ChangePasswordRequest,
  type Customer,
  type CustomerAddress,
  type DeleteAccountRequest,
  type PaymentAccount,
  type PaymentAccountCreate,
  type PaypalAccount,
  type Person,
  type PhoneContact,
} from '../contracts/account';
import { SavedOffersSchema, type SavedOffer } from '../contracts/offers';
import type { Address, Payout } from '../contracts/trades';
import { TradeStatusAnswerSchema, type TradeView } from '../contracts/trade-view';
import type { ApiClient } from './api-client';
import { readApiFailure } from './api-failure';
import { SessionEndedError, type TokenSource } from './session-tokens';

export interface CustomerApi {
  getCustomer(): Promise<Customer>;
  getAddresses(): Promise<CustomerAddress[]>;
  /** Without `@id` the primary address (created when there is none). */
  patchAddress(address: Address & { '@id'?: string }): Promise<CustomerAddress>;
  getBankAccounts(): Promise<BankAccount[]>;
  patchBankAccount(payment: { '@id': string; accountHolder: string; iban: string; bic: string }): Promise<BankAccount>;
  getPaypalAccounts(): Promise<PaypalAccount[]>;
  patchPaypalAccount(paypalAccount: { '@id': string; email: string }): Promise<PaypalAccount>;
  createPaymentAccount(body: PaymentAccountCreate): Promise<PaymentAccount>;
  claimGuestTrades(): Promise<{ customerNumber: string; claimedTrades: number }>;
  createPhone(body: { phone: string; customerIri: string }): Promise<PhoneContact>;
  patchPhone(body: { phone: string; customerIri: string; phoneIri: string }): Promise<PhoneContact>;
  patchPerson(body: {
    address: { salutation?: 'mr' | 'ms' | 'none'; firstName: string; lastName: string; birthdate?: string | null };
    peopleIri: string;
    customerIri: string;
  }): Promise<Person>;
  getTradeHistory(): Promise<TradeView[]>;
  /** After a bank return: the trade's payout account corrected; the trade as it is now. */
  correctTradePayout(tradeNumber: string, payout: Payout): Promise<TradeView>;
  /** The offers the customer mailed or shared (issue 18), newest first. */
  getSavedOffers(): Promise<SavedOffer[]>;
  changePassword(body: ChangePasswordRequest): Promise<void>;
  /** DELETE /api/customers/customers, then DELETE /api/account/deleteUser; then the session ends. */
  deleteAccount(body: DeleteAccountRequest): Promise<void>;
}

/** The customer's payout accounts; the first of each kind is the one the forms edit. */
export interface PayoutAccounts {
  readonly bank: BankAccount | null;
  readonly paypal: PaypalAccount | null;
}

// ---------------------------------------------------------------------------------------------
// Implementation

/** The two-step delete failed: `step` says which call refused (the customer data may be gone already). */
export class AccountDeletionError extends Error {
  readonly step: 'customers' | 'deleteUser';
  constructor(step: 'customers' | 'deleteUser', options?: ErrorOptions) {
    super(
      `deleting the account failed at ${step === 'customers' ? 'DELETE /api/customers/customers' : 'DELETE /api/account/deleteUser'}`,
      options,
    );
    this.name = 'AccountDeletionError';
    this.step = step;
  }
}

export interface CustomerApiOptions {
  /** The page's API client (created on first use). */
  readonly api: () => Promise<ApiClient>;
  /** The session (the auth machine's token source). */
  readonly session: TokenSource;
}

type Call = (client: ApiClient, authorization: { Authorization: string }) => Promise<unknown>;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * The CustomerApi of the logged-in customer. Each call takes a fresh access token from the session
 * (which refreshes an expired one first); a 401 answer gets one renewal and one more try, a second
 * 401 ends the session, if it is still the one whose token was refused. Without a session a call rejects with SessionEndedError; other HTTP failures
 * reject with the HTTP client's error (read by readApiFailure).
 */
export function createCustomerApi({ api, session }: CustomerApiOptions): CustomerApi {
  async function authorized<T>(schema: z.ZodMiniType<T>, call: Call): Promise<T> {
    const client = await api();
    const token = await session.accessToken();
    try {
      return schema.parse(await call(client, bearer(token)));
    } catch (error) {
      if (readApiFailure(error).kind !== 'unauthorized') throw error;
    }
    const renewed = await session.renewAccessToken(token);
    try {
      return schema.parse(await call(client, bearer(renewed)));
    } catch (error) {
      if (readApiFailure(error).kind !== 'unauthorized') throw error;
      session.sessionRefused(renewed);
      throw new SessionEndedError('unauthorized', { cause: error });
    }
  }

  const get = <T>(schema: z.ZodMiniType<T>, path: string) => authorized(schema, (client, headers) => client(path, { headers }));
  const send = <T>(schema: z.ZodMiniType<T>, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body: object) =>
    authorized(schema, (client, headers) => client(path, { method, headers, body }));
  const ignored = z.pipe(
    z.unknown(),
    z.transform(() => undefined),
  );

  return {
    getCustomer: () => get(CustomerSchema, '/api/customers/customers'),
    getAddresses: () => get(z.array(CustomerAddressSchema), '/api/customers/addresses'),
    patchAddress: (address) => send(CustomerAddressSchema, 'PATCH', '/api/customers/addresses', { address }),
    getBankAccounts: () => get(z.array(BankAccountSchema), '/api/customers/bank_accounts'),
    patchBankAccount: (payment) => send(BankAccountSchema, 'PATCH', '/api/customers/bank_accounts', { payment }),
    getPaypalAccounts: () => get(z.array(PaypalAccountSchema), '/api/customers/paypal_accounts'),
    patchPaypalAccount: (paypalAccount) => send(PaypalAccountSchema, 'PATCH', '/api/customers/paypal_accounts', { paypalAccount }),
    createPaymentAccount: (body) => send(PaymentAccountSchema, 'POST', '/api/customers/customer_payment_accounts', body),
    claimGuestTrades: async () => {
      const answer = await send(GuestAccountNumberAnswerSchema, 'POST', '/api/customers/guest_account_number', {});
      session.customerNumberChanged(answer.customerNumber);
      return answer;
    },
    createPhone: (body) => send(PhoneContactSchema, 'POST', '/api/customers/phone_contacts', body),
    patchPhone: (body) => send(PhoneContactSchema, 'PATCH', '/api/customers/phone_contacts', body),
    patchPerson: (body) => send(PersonSchema, 'PATCH', '/api/customers/people', body),
    getTradeHistory: async () => (await get(TradeHistorySchema, '/api/customers/trade_history')).trades,
    correctTradePayout: async (tradeNumber, payout) =>
      (await send(TradeStatusAnswerSchema, 'PUT', `/api/customers/trades/${encodeURIComponent(tradeNumber)}/payout`, { payout })).trade,
    getSavedOffers: () => get(SavedOffersSchema, '/api/customers/saved-offers'),
    changePassword: (body) => send(ignored, 'POST', '/api/account/changePassword', body),
    deleteAccount: async (body) => {
      // Product §7: the customer data first, then the login; neither may answer success:false.
      for (const [step, path] of [
        ['customers', '/api/customers/customers'],
        ['deleteUser', '/api/account/deleteUser'],
      ] as const) {
        let answer: z.infer<typeof SuccessAnswerSchema>;
        try {
          answer = await send(SuccessAnswerSchema, 'DELETE', path, body);
        } catch (error) {
          if (error instanceof SessionEndedError) throw error;
          throw new AccountDeletionError(step, { cause: error });
        }
        if (!answer.success) throw new AccountDeletionError(step);
      }
      session.endSession();
    },
  };
}
