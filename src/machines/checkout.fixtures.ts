// Test data of the checkout machine, shared by its unit tests and the model-based tests: two cart
// offers, the trade the server answers for the first, and a logged-in customer's prefill.

import type { Trade } from '../contracts/trades';
import type { AccountPrefill } from './checkout';

/** What a logged-in customer's account prefills in the checkout (Erika, SEPA). */
export const accountPrefill: AccountPrefill = {
  email: 'erika@example.com',
  address: {
    firstName: 'Erika',
    lastName: 'Mustermann',
    street: 'Hauptstraße',
    houseNumber: '1',
    postalCode: '50667',
    city: 'Köln',
    phone: '',
  },
  sepa: { accountHolder: 'Erika Mustermann', iban: 'DE89370400440532013000', bic: '' },
  paypal: null,
};

export const OFFER_A = '3f1c2a4e-8b7d-4c6e-9a1b-2c3d4e5f6a7b';
export const OFFER_B = '0b7c2f56-3a43-4c55-9d0e-1f1f8f3f0a11';

export const trade: Trade = {
  tradeId: '7d9f1c2b-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  tradeNumber: 'TR-2030-000042',
  transactionId: 42,
  status: 'created',
  items: [{ offerId: OFFER_A, deviceId: 7, deviceName: 'iPhone 13 128 GB', price: 287.35, conditionId: 1, kind: 'purchase', quantity: 1 }],
  subtotal: 287.35,
  voucher: null,
  total: 287.35,
  payout: { method: 'sepa', masked: 'DE89 •••• •••• •••• 3000' },
  createdAt: '2030-01-01T10:00:00.000Z',
};
