// Test data of the account session, shared by the machine, service, UI and model tests: the
// customer of the tests and access tokens as the server signs them (the client never checks the
// signature, it reads the claims).

import type { Customer } from '../contracts/account';

export const CUSTOMER_ID = '5b0e8a6c-3f1d-4e2a-9c7b-8d6e5f4a3b2c';

export const customer: Customer = {
  '@id': `/api/customers/customers/${CUSTOMER_ID}`,
  id: CUSTOMER_ID,
  customerNumber: 'K-100042',
  email: 'erika@example.com',
  locale: 'de',
  person: '/api/customers/people/0d6f4a3e-2b1c-4d5e-8f7a-9b8c7d6e5f4a',
  createdAt: '2030-01-01T10:00:00.000Z',
};

const b64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export type TokenClaims = Partial<{ sub: string; exp: number; email: string; customerNumber: string | null; iat: number }>;

/** A JWT access token of the test customer with `claims` (expiring in 2033 unless told otherwise), told apart by `id`. */
export function accessToken(claims: TokenClaims = {}, id = 1): string {
  const payload = {
    sub: CUSTOMER_ID,
    exp: 2_000_000_000,
    email: customer.email,
    customerNumber: customer.customerNumber,
    iat: id,
    ...claims,
  };
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.signature-${id}`;
}
