// The failure reader's field reader reads an error answer's field exactly as FieldIssueSchema does
// (decision 090): an unknown or missing code reads as 'invalid', anything without a path or message is
// not a field.

import { describe, expect, it } from 'vitest';
import { readFieldIssue } from './issue-codes';
import { FieldIssueSchema } from './issues';

const samples: unknown[] = [
  { path: 'address.postalCode', code: 'postalCode', message: 'Not a postal code.' },
  { path: 'iban', code: 'no-such-code', message: 'x' },
  { path: 'iban', message: 'no code' },
  { path: 'iban', code: null, message: 'null code' },
  { path: 'iban', code: 7, message: 'number code' },
  { path: 'iban', code: 'iban', message: 'x', extra: true },
  { path: 1, code: 'iban', message: 'x' },
  { code: 'iban', message: 'x' },
  { path: 'iban', code: 'iban' },
  { path: 'iban', code: 'iban', message: null },
  null,
  'iban',
  [],
];

describe('readFieldIssue', () => {
  it.each(samples.map((sample) => [JSON.stringify(sample), sample]))('reads %s as FieldIssueSchema does', (_name, sample) => {
    const parsed = FieldIssueSchema.safeParse(sample);
    expect(readFieldIssue(sample)).toEqual(parsed.success ? parsed.data : null);
  });
});
