// Stored rows as the contract's customer resources (src/contracts/account.ts), each with its IRI.
// The owner reads their IBAN in full (to edit it) and masked (to show it), masked as trades are.

import { countryConfig } from '../../src/config/countries';
import {
  iriOf,
  type BankAccount,
  type Customer,
  type CustomerAddress,
  type PaymentAccount,
  type PaypalAccount,
  type Person,
  type PhoneContact,
} from '../../src/contracts/account';
import type { Address } from '../../src/contracts/trades';
import type { bankAccounts, customerAddresses, customerPaymentAccounts, paypalAccounts, phoneContacts } from '../db/schema/customers';
import { maskPayout } from '../trades/service';
import type { CustomerRow } from './caller';

type CountryCode = ReturnType<typeof countryConfig>['countryCode'];

/**
 * The address JSON as stored: the form fields plus the country of the shop it was saved in (the
 * schema types the column as the form's Address; the extra key is read back here only). Addresses
 * written without it (e.g. at registration) are in the country of the customer's shop.
 */
export type StoredAddress = Address & { readonly country?: CountryCode };

export function customerResource(row: CustomerRow): Customer {
  return {
    '@id': iriOf('customers', row.id),
    id: row.id,
    customerNumber: row.customerNumber,
    email: row.email,
    locale: row.locale,
    person: iriOf('people', row.id),
    createdAt: row.createdAt.toISOString(),
  };
}

export function personResource(row: CustomerRow): Person {
  return {
    '@id': iriOf('people', row.id),
    salutation: row.salutation,
    firstName: row.firstName,
    lastName: row.lastName,
    birthdate: row.birthdate,
  };
}

export function addressResource(row: typeof customerAddresses.$inferSelect, owner: Pick<CustomerRow, 'locale'>): CustomerAddress {
  const { country, ...fields } = row.address as StoredAddress;
  return {
    '@id': iriOf('addresses', row.id),
    firstName: fields.firstName,
    lastName: fields.lastName,
    street: fields.street,
    houseNumber: fields.houseNumber,
    postalCode: fields.postalCode,
    city: fields.city,
    ...(fields.phone === undefined ? {} : { phone: fields.phone }),
    country: country ?? countryConfig(owner.locale).countryCode,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function bankAccountResource(row: typeof bankAccounts.$inferSelect): BankAccount {
  return {
    '@id': iriOf('bank_accounts', row.id),
    accountHolder: row.accountHolder,
    iban: row.iban,
    ibanMasked: maskPayout({ method: 'sepa', accountHolder: row.accountHolder, iban: row.iban, bic: row.bic }),
    bic: row.bic,
  };
}

export function paypalAccountResource(row: typeof paypalAccounts.$inferSelect): PaypalAccount {
  return { '@id': iriOf('paypal_accounts', row.id), email: row.email };
}

export function paymentAccountResource(
  row: typeof customerPaymentAccounts.$inferSelect,
  account: { bank: typeof bankAccounts.$inferSelect } | { paypal: typeof paypalAccounts.$inferSelect },
): PaymentAccount {
  return {
    '@id': iriOf('customer_payment_accounts', row.id),
    bankAccount: 'bank' in account ? bankAccountResource(account.bank) : null,
    paypalAccount: 'paypal' in account ? paypalAccountResource(account.paypal) : null,
    paymentType: row.paymentType,
    isPrimary: row.isPrimary,
    customer: iriOf('customers', row.customerId),
  };
}

export function phoneResource(row: typeof phoneContacts.$inferSelect): PhoneContact {
  return { '@id': iriOf('phone_contacts', row.id), phone: row.phone };
}
