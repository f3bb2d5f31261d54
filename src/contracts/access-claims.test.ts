// The client's claims reader accepts exactly what the zod schema it replaced accepted (decision 090),
// and reads only the four claims.

import { describe, expect, it } from 'vitest';
import { readAccessClaims } from './access-claims';
import { z } from './zod';

/** The schema the reader replaced, kept here as the reference. */
const AccessClaimsSchema = z.object({
  sub: z.uuid(),
  exp: z.number().check(z.int()),
  email: z.string(),
  customerNumber: z.nullable(z.string()),
});

const valid = { sub: '5b0e8a6c-3f1d-4e2a-9c7b-8d6e5f4a3b2c', exp: 2_000_000_000, email: 'erika@example.com', customerNumber: 'K-100042' };
const samples: unknown[] = [
  valid,
  { ...valid, customerNumber: null },
  { ...valid, iat: 1, iss: 'tradein' },
  { ...valid, sub: '00000000-0000-0000-0000-000000000000' },
  { ...valid, sub: 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF' },
  { ...valid, sub: '5B0E8A6C-3F1D-4E2A-9C7B-8D6E5F4A3B2C' },
  { ...valid, sub: '5b0e8a6c-3f1d-9e2a-9c7b-8d6e5f4a3b2c' },
  { ...valid, sub: '5b0e8a6c-3f1d-4e2a-7c7b-8d6e5f4a3b2c' },
  { ...valid, sub: '5b0e8a6c3f1d4e2a9c7b8d6e5f4a3b2c' },
  { ...valid, sub: 42 },
  { ...valid, exp: 1.5 },
  { ...valid, exp: Number.MAX_SAFE_INTEGER + 2 },
  { ...valid, exp: '2000000000' },
  { ...valid, exp: Number.NaN },
  { ...valid, email: null },
  { ...valid, customerNumber: undefined },
  { sub: valid.sub, exp: valid.exp, email: valid.email },
  null,
  'token',
  [],
];

describe('readAccessClaims', () => {
  it.each(samples.map((sample) => [JSON.stringify(sample) ?? String(sample), sample]))(
    'reads %s as the zod schema did',
    (_name, sample) => {
      const parsed = AccessClaimsSchema.safeParse(sample);
      expect(readAccessClaims(sample)).toEqual(parsed.success ? parsed.data : null);
    },
  );

  it('keeps only the claims the client reads', () => {
    expect(readAccessClaims({ ...valid, roles: ['admin'] })).toEqual(valid);
  });
});
