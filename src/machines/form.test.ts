import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { coded } from '../contracts/issues';
import { errorsUnder, fieldErrors, hasErrors, withoutError, withoutErrorsUnder } from './form';

const schema = z.object({
  name: z.string().trim().min(1, 'The name is required.').max(5, 'too long'),
  code: z.string().refine((value) => value === 'ok', coded('postalCode', 'not a postal code')),
  terms: z.literal(true, { error: 'accept' }),
});

describe('fieldErrors', () => {
  it('turns a zod error into one issue code per field path, under a prefix', () => {
    const result = schema.safeParse({ name: ' ', code: 'x', terms: false });
    expect(fieldErrors(result.error!, { prefix: 'form' })).toEqual({
      'form.name': 'required',
      'form.code': 'postalCode',
      'form.terms': 'mustAccept',
    });
    expect(fieldErrors(schema.safeParse({ name: 'toolong', code: 'ok', terms: true }).error!)).toEqual({ name: 'tooLong' });
    expect(fieldErrors(schema.safeParse({}).error!)).toEqual({ name: 'required', code: 'required', terms: 'mustAccept' });
  });

  it('keeps the first issue of a path, names a root issue (body), renames and drops server paths', () => {
    const issues = [
      { path: 'payment.iban', code: 'iban' as const, message: 'a' },
      { path: 'payment.iban', code: 'ibanNotSepa' as const, message: 'b' },
      { path: 'payment.@id', code: 'invalid' as const, message: 'c' },
    ];
    const rename = (path: string) => (path.startsWith('payment.@') ? null : path.replace('payment.', 'payout.'));
    expect(fieldErrors(issues, { rename })).toEqual({ 'payout.iban': 'iban' });
    expect(fieldErrors(z.string().min(1).safeParse('').error!)).toEqual({ '(body)': 'required' });
  });
});

describe('error maps', () => {
  const errors = { 'payout.iban': 'iban', 'payout.bic': 'bic', payout: 'invalid', 'address.city': 'required' } as const;

  it('removes one path or every path under a prefix, and leaves the map alone when nothing matches', () => {
    expect(withoutError(errors, 'payout.iban')).toEqual({ 'payout.bic': 'bic', payout: 'invalid', 'address.city': 'required' });
    expect(withoutError(errors, 'identity.email')).toBe(errors);
    expect(errorsUnder(errors, 'payout')).toEqual({ 'payout.iban': 'iban', 'payout.bic': 'bic', payout: 'invalid' });
    expect(withoutErrorsUnder(errors, 'payout')).toEqual({ 'address.city': 'required' });
    expect(withoutErrorsUnder(errors, 'identity')).toBe(errors);
    expect(hasErrors({})).toBe(false);
    expect(hasErrors(errors)).toBe(true);
  });
});
