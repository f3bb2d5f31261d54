// The real `save` actors of the account's forms (./account-forms.ts): the customer's calls of
// src/services/customer-data. A form's machine is made once, with the first render, while the data
// it saves against changes after each save: the screen hands in getters of the latest, and where
// the saved data goes (the account's query cache).

import { fromPromise } from 'xstate';
import { iriOf, type Customer, type CustomerAddress } from '../contracts/account';
import { PayoutSchema, type Payout } from '../contracts/trades';
import type { CustomerApi, PayoutAccounts } from '../services/customer-data';
import { addressSchema, type AddressChangeValues, type PasswordChangeValues } from './account-forms';
import { payoutRequest, type PayoutForm } from './checkout-form';

export interface AddressChangeDeps {
  /** The customer's calls and the address saved last (after the first save of a new address, the next one updates it). */
  readonly latest: () => { readonly api: CustomerApi; readonly current: CustomerAddress | null };
  readonly saved: (address: CustomerAddress) => void;
}

export function addressChangeActors(deps: AddressChangeDeps) {
  return {
    save: fromPromise(async ({ input }: { input: { values: AddressChangeValues } }) => {
      const { api, current } = deps.latest();
      const address = addressSchema(input.values.locale).parse(input.values.address);
      deps.saved(await api.patchAddress({ ...address, ...(current ? { '@id': current['@id'] } : {}) }));
    }),
  };
}

/**
 * Creates or updates the account of the payout's kind (product §4); answers the accounts as they are
 * now. (Here rather than in services/customer-data: that module is the shop runtime's chunk, and
 * the payout page would otherwise split it into a chunk of its own, a name in every page's entry.)
 */
export async function savePayout(api: CustomerApi, current: PayoutAccounts, payout: Payout, customerIri: string): Promise<PayoutAccounts> {
  if (payout.method === 'sepa') {
    const fields = { accountHolder: payout.accountHolder, iban: payout.iban, bic: payout.bic };
    if (current.bank) return { ...current, bank: await api.patchBankAccount({ '@id': current.bank['@id'], ...fields }) };
    const created = await api.createPaymentAccount({ bankAccount: fields, customer: customerIri });
    return { ...current, bank: created.bankAccount };
  }
  if (current.paypal) return { ...current, paypal: await api.patchPaypalAccount({ '@id': current.paypal['@id'], email: payout.email }) };
  const created = await api.createPaymentAccount({ paypalAccount: { email: payout.email }, customer: customerIri });
  return { ...current, paypal: created.paypalAccount };
}

export interface PaymentChangeDeps {
  /** The customer's calls, the customer, and the accounts as they are now (a create may have happened since the form opened). */
  readonly latest: () => {
    readonly api: CustomerApi;
    readonly customerId: string | null;
    readonly customer: Customer | null;
    readonly current: PayoutAccounts;
  };
  readonly saved: (accounts: PayoutAccounts) => void;
}

export function paymentChangeActors(deps: PaymentChangeDeps) {
  return {
    save: fromPromise(async ({ input }: { input: { values: PayoutForm } }) => {
      const { api, customerId, customer, current } = deps.latest();
      const customerIri = customer?.['@id'] ?? iriOf('customers', customerId ?? '');
      deps.saved(await savePayout(api, current, PayoutSchema.parse(payoutRequest(input.values)), customerIri));
    }),
  };
}

export interface ChangePasswordDeps {
  /** The customer's calls and who is logged in. */
  readonly latest: () => { readonly api: CustomerApi; readonly customerId: string | null; readonly email: string | null };
  /** The server ended every session of the account: the screen asks for a log-in with the new password. */
  readonly changed: () => void;
}

export function changePasswordActors(deps: ChangePasswordDeps) {
  return {
    save: fromPromise(async ({ input }: { input: { values: PasswordChangeValues } }) => {
      const { api, customerId, email } = deps.latest();
      if (!customerId || !email) throw new Error('change password: no customer logged in');
      const { current, password } = input.values;
      await api.changePassword({ password, userId: customerId, email, currentPassword: current });
      deps.changed();
    }),
  };
}
