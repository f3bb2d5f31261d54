import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { z } from '../contracts/zod';
import { coded } from '../contracts/issues';
import { ApiCallError } from '../services/api-failure';
import { SessionEndedError } from '../services/session-tokens';
import {
  errorsUnder,
  fieldErrors,
  formFailure,
  hasErrors,
  saveFormMachine,
  withoutError,
  withoutErrorsUnder,
  type FieldErrors,
} from './form';

const schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'The name is required.'), z.maxLength(5, 'too long')),
  code: z.string().check(z.refine((value) => value === 'ok', coded('postalCode', 'not a postal code'))),
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
    expect(fieldErrors(z.string().check(z.minLength(1)).safeParse('').error!)).toEqual({ '(body)': 'required' });
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

describe('saveFormMachine', () => {
  const machine = saveFormMachine<{ name: string }>({
    id: 'test',
    validate: ({ name }): FieldErrors => (name.trim() === '' ? { 'form.name': 'required' } : {}),
    rename: (path) => (path === 'name' ? 'form.name' : null),
  });
  const start = (save: (values: { name: string }) => Promise<void>) =>
    createActor(machine.provide({ actors: { save: fromPromise(({ input }) => save(input.values)) } }), {
      input: { values: { name: '' } },
    }).start();

  it('refuses invalid values without a call, counting the refusals; an edit clears the named errors', () => {
    const saved: unknown[] = [];
    const actor = start(async (values) => void saved.push(values));
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context).toMatchObject({ errors: { 'form.name': 'required' }, refused: 2 });
    actor.send({ type: 'form.edit', values: { name: 'Erika' }, cleared: ['form.name'] });
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(saved).toEqual([]);
  });

  it('saves valid values, then editing again leaves the saved state', async () => {
    const saved: unknown[] = [];
    const actor = start(async (values) => void saved.push(values));
    actor.send({ type: 'form.edit', values: { name: 'Erika' }, cleared: [] });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('saving');
    await waitFor(actor, (s) => s.matches('saved'));
    expect(saved).toEqual([{ name: 'Erika' }]);
    actor.send({ type: 'form.edit', values: { name: 'Erika M.' }, cleared: [] });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('a refusal with fields puts them at the form fields (renamed); other failures keep the values and say why', async () => {
    const failures = [
      new ApiCallError({ status: 400, body: { fields: [{ path: 'name', code: 'tooLong', message: 'x' }] } }),
      new ApiCallError({ status: 503 }),
      new ApiCallError({ status: 429, retryAfterSeconds: 30 }),
    ];
    const actor = start(() => Promise.reject(failures.shift()));
    actor.send({ type: 'form.edit', values: { name: 'Erika' }, cleared: [] });
    actor.send({ type: 'form.submit' });
    let s = await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(s.context).toMatchObject({ errors: { 'form.name': 'tooLong' }, failure: { kind: 'fields' }, refused: 1 });
    actor.send({ type: 'form.submit' });
    s = await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.failure?.kind === 'unavailable');
    expect(s.context).toMatchObject({ values: { name: 'Erika' }, refused: 1 });
    actor.send({ type: 'form.submit' });
    s = await waitFor(actor, (snapshot) => snapshot.context.failure?.kind === 'locked');
    expect(s.context.failure).toEqual({ kind: 'locked', retryAfterSeconds: 30 });
  });
});

describe('formFailure', () => {
  it('reads a failure for a form: fields, locked, unavailable, refused, an ended session', () => {
    expect(formFailure(new ApiCallError({ status: 400, body: { fields: [{ path: 'a', code: 'email', message: 'm' }] } }))).toEqual({
      kind: 'fields',
      errors: { a: 'email' },
    });
    expect(formFailure(new ApiCallError({ status: 400, body: {} }))).toEqual({ kind: 'refused', status: 400 });
    expect(formFailure(new ApiCallError({ status: 409 }))).toEqual({ kind: 'refused', status: 409 });
    expect(formFailure(new ApiCallError({ status: 422 }))).toEqual({ kind: 'refused', status: 422 });
    expect(formFailure(new ApiCallError())).toEqual({ kind: 'unavailable' });
    expect(formFailure(new SessionEndedError('unauthorized'))).toEqual({ kind: 'sessionEnded' });
  });
});
