import { describe, expect, it } from 'vitest';
import type { BankAccount, CustomerAddress, PaypalAccount } from '../contracts/account';
import type { CustomerApi } from '../services/customer-data';
import { loadAccountPrefill } from './checkout.actors';

const address: CustomerAddress = {
  '@id': '/api/customers/addresses/1',
  firstName: 'Erika',
  lastName: 'Mustermann',
  street: 'Heidestraße',
  houseNumber: '17',
  postalCode: '51147',
  city: 'Köln',
  country: 'DE',
  updatedAt: '2026-11-01T10:00:00.000Z',
};
const bank = (accountHolder: string): BankAccount => ({
  '@id': `/api/customers/bank_accounts/${accountHolder.length}`,
  accountHolder,
  iban: 'DE89370400440532013000',
  ibanMasked: 'DE89 •••• 3000',
  bic: 'COBADEFFXXX',
});
const paypal: PaypalAccount = { '@id': '/api/customers/paypal_accounts/1', email: 'erika@paypal.example' };

type Answer<T> = T | Error;
const answer =
  <T>(value: Answer<T>) =>
  () =>
    value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
/** The three calls the prefill makes, each answering a value or failing. */
const customerApi = (parts: { addresses: Answer<CustomerAddress[]>; banks: Answer<BankAccount[]>; paypals: Answer<PaypalAccount[]> }) =>
  ({
    getAddresses: answer(parts.addresses),
    getBankAccounts: answer(parts.banks),
    getPaypalAccounts: answer(parts.paypals),
  }) as unknown as CustomerApi;

const { firstName, lastName, street, houseNumber, postalCode, city } = address;

describe('loadAccountPrefill', () => {
  it('takes the primary address and the bank and PayPal accounts changed last', async () => {
    const prefill = await loadAccountPrefill(
      customerApi({ addresses: [address], banks: [bank('Old Holder'), bank('Erika Mustermann')], paypals: [paypal] }),
      'erika@example.com',
    );
    expect(prefill).toEqual({
      email: 'erika@example.com',
      // The address fields without the stored resource's own (@id, country, updatedAt); no phone stored, an empty one.
      address: { firstName, lastName, street, houseNumber, postalCode, city, phone: '' },
      sepa: { accountHolder: 'Erika Mustermann', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      paypal: { email: 'erika@paypal.example' },
    });
  });

  it('leaves out a part that cannot be loaded', async () => {
    const prefill = await loadAccountPrefill(
      customerApi({ addresses: new Error('503'), banks: [bank('Erika Mustermann')], paypals: new Error('503') }),
      'erika@example.com',
    );
    expect(prefill.address).toBeNull();
    expect(prefill.paypal).toBeNull();
    expect(prefill.sepa?.accountHolder).toBe('Erika Mustermann');
  });

  it('an account with nothing saved yet is an empty prefill, not a failure', async () => {
    const prefill = await loadAccountPrefill(customerApi({ addresses: [], banks: [], paypals: [] }), 'erika@example.com');
    expect(prefill).toEqual({ email: 'erika@example.com', address: null, sepa: null, paypal: null });
  });

  it('rejects with the first failure when no part can be loaded (the checkout then says so)', async () => {
    const first = new Error('addresses: 503');
    await expect(
      loadAccountPrefill(
        customerApi({ addresses: first, banks: new Error('banks: 503'), paypals: new Error('paypal: 503') }),
        'erika@example.com',
      ),
    ).rejects.toBe(first);
  });
});
