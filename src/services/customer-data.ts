// Authenticated calls of the logged-in customer (spec §7 "Customer data", plus changePassword and the
// two-step delete of "Account"). The implementation (createCustomerApi) takes the session's token
// source, which refreshes an expired access token before the call (spec §4).

import type {
  BankAccount,
  ChangePasswordRequest,
  Customer,
  CustomerAddress,
  DeleteAccountRequest,
  PaymentAccount,
  PaymentAccountCreate,
  PaypalAccount,
  Person,
  PhoneContact,
  TradeHistoryEntry,
} from '../contracts/account';
import type { Address } from '../contracts/trades';

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
  patchPerson(body: { address: { salutation?: 'mr' | 'ms' | 'none'; firstName: string; lastName: string; birthdate?: string | null }; peopleIri: string; customerIri: string }): Promise<Person>;
  getTradeHistory(): Promise<TradeHistoryEntry[]>;
  changePassword(body: ChangePasswordRequest): Promise<void>;
  /** DELETE /api/customers/customers, then DELETE /api/account/deleteUser; then the session ends. */
  deleteAccount(body: DeleteAccountRequest): Promise<void>;
}
