// The account forms' pure parts: how failed calls read, the payout save (create or update, product §4),
// the bearer client of a customer's trade, and the password texts.

import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BankAccount, PaymentAccount, PaypalAccount } from '../../contracts/account';
import { passwordErrors, resetErrors } from '../../machines/password';
import { ApiCallError } from '../../services/api-failure';
import { SessionEndedError } from '../../services/session-tokens';
import { formFailure } from '../../machines/form';
import { issueMessage } from '../form/issue-messages';
import { passwordHint } from './new-password-fields';
import { guestAccountMachine, paymentFormPath } from '../../machines/account-forms';
import { savePayout } from '../../machines/account-forms.actors';
import type { CustomerApi } from '../../services/customer-data';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

const CUSTOMER = '/api/customers/customers/3f1c2a4e-8b7d-4c6e-9a1b-2c3d4e5f6a7b';
const bank: BankAccount = {
  '@id': '/api/customers/bank_accounts/0b7c2f56-3a43-4c55-9d0e-1f1f8f3f0a11',
  accountHolder: 'Erika Mustermann',
  iban: 'DE89370400440532013000',
  ibanMasked: 'DE89 •••• 3000',
  bic: 'COBADEFFXXX',
};
const paypal: PaypalAccount = { '@id': '/api/customers/paypal_accounts/7d9f1c2b-1a2b-4c3d-8e9f-0a1b2c3d4e5f', email: 'erika@example.com' };

describe('formFailure', () => {
  it('400 fields under the form paths; unknown paths dropped', () => {
    const error = new ApiCallError({
      status: 400,
      body: {
        fields: [
          { path: 'payment.iban', code: 'ibanNotSepa', message: 'We pay to bank accounts in the SEPA area only.' },
          { path: 'payment.@id', code: 'invalid', message: 'x' },
        ],
      },
    });
    expect(formFailure(error, paymentFormPath)).toEqual({ kind: 'fields', errors: { 'payout.iban': 'ibanNotSepa' } });
    const onlyDropped = new ApiCallError({ status: 400, body: { fields: [{ path: 'payment.@id', code: 'invalid', message: 'x' }] } });
    expect(formFailure(onlyDropped, paymentFormPath)).toEqual({
      kind: 'refused',
      status: 400,
    });
  });

  it('429 locked with the wait; no answer and 5xx unavailable; 403 refused; an ended session', () => {
    expect(formFailure(new ApiCallError({ status: 429, retryAfterSeconds: 120 }))).toEqual({ kind: 'locked', retryAfterSeconds: 120 });
    expect(formFailure(new ApiCallError({}))).toEqual({ kind: 'unavailable' });
    expect(formFailure(new ApiCallError({ status: 503 }))).toEqual({ kind: 'unavailable' });
    expect(formFailure(new ApiCallError({ status: 403 }))).toEqual({ kind: 'refused', status: 403 });
    expect(formFailure(new SessionEndedError('unauthorized'))).toEqual({ kind: 'sessionEnded' });
  });
});

describe('paymentFormPath', () => {
  it('maps the four calls’ bodies to the payout fields', () => {
    expect(
      ['payment.iban', 'bankAccount.accountHolder', 'paypalAccount.email', 'payment.@id', 'customer', 'bankAccount.bic'].map(
        paymentFormPath,
      ),
    ).toEqual(['payout.iban', 'payout.accountHolder', 'payout.email', null, null, 'payout.bic']);
  });
});

/** A CustomerApi fake that records the payout calls. */
function fakeApi() {
  const calls: Array<[string, unknown]> = [];
  const paymentAccount = (body: { bankAccount?: object; paypalAccount?: object }): PaymentAccount => ({
    '@id': '/api/customers/customer_payment_accounts/11111111-2222-4333-8444-555555555555',
    bankAccount: body.bankAccount ? { ...bank, ...body.bankAccount } : null,
    paypalAccount: body.paypalAccount ? { ...paypal, ...body.paypalAccount } : null,
    paymentType: 'INVOICE',
    isPrimary: false,
    customer: CUSTOMER,
  });
  const api = {
    patchBankAccount: async (body) => (calls.push(['patchBankAccount', body]), { ...bank, ...body }),
    patchPaypalAccount: async (body) => (calls.push(['patchPaypalAccount', body]), { ...paypal, ...body }),
    createPaymentAccount: async (body) => (calls.push(['createPaymentAccount', body]), paymentAccount(body)),
  } as Pick<CustomerApi, 'patchBankAccount' | 'patchPaypalAccount' | 'createPaymentAccount'>;
  return { api: api as CustomerApi, calls };
}

describe('savePayout (product §4: no payment id → create, else update)', () => {
  const sepa = { method: 'sepa' as const, accountHolder: 'Max Muster', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' };

  it('creates a bank account with the customer IRI when there is none', async () => {
    const { api, calls } = fakeApi();
    const saved = await savePayout(api, { bank: null, paypal }, sepa, CUSTOMER);
    expect(calls).toEqual([
      [
        'createPaymentAccount',
        { bankAccount: { accountHolder: 'Max Muster', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' }, customer: CUSTOMER },
      ],
    ]);
    expect(saved.bank?.accountHolder).toBe('Max Muster');
    expect(saved.paypal).toBe(paypal);
  });

  it('updates the existing bank account by its IRI', async () => {
    const { api, calls } = fakeApi();
    await savePayout(api, { bank, paypal: null }, sepa, CUSTOMER);
    expect(calls).toEqual([
      ['patchBankAccount', { '@id': bank['@id'], accountHolder: 'Max Muster', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' }],
    ]);
  });

  it('PayPal: creates without an account, updates with one', async () => {
    const created = fakeApi();
    await savePayout(created.api, { bank, paypal: null }, { method: 'paypal', email: 'max@example.com' }, CUSTOMER);
    expect(created.calls).toEqual([['createPaymentAccount', { paypalAccount: { email: 'max@example.com' }, customer: CUSTOMER }]]);
    const updated = fakeApi();
    const saved = await savePayout(updated.api, { bank, paypal }, { method: 'paypal', email: 'max@example.com' }, CUSTOMER);
    expect(updated.calls).toEqual([['patchPaypalAccount', { '@id': paypal['@id'], email: 'max@example.com' }]]);
    expect(saved).toEqual({ bank, paypal: { ...paypal, email: 'max@example.com' } });
  });
});

describe('password texts', () => {
  const say = (path: string, code: Parameters<typeof issueMessage>[3]) => issueMessage(i18n, 'de', path, code);

  it('say the contract’s password issues in words', () => {
    expect(say('password', passwordErrors('short').password!)).toBe('Please choose a password with at least 8 characters.');
    expect(say('password', passwordErrors('x'.repeat(129)).password!)).toBe('Please choose a password with at most 128 characters.');
    expect(say('repeat', resetErrors({ password: 'a-long-password', repeat: 'another' }).repeat!)).toBe(
      'The two passwords are not the same.',
    );
    expect(say('password', 'passwordWeak')).toBe('This password is too common or easy to guess. Please choose another one.');
    expect(say('currentPassword', 'passwordWrong')).toBe('The current password is not correct.');
  });

  it('hint at the length first, then the strength', () => {
    expect(passwordHint(i18n, 'abc')).toBe('Too short: 5 more characters needed.');
    expect(passwordHint(i18n, 'abcdefgh')).toMatch(/^Strength: weak/);
    expect(passwordHint(i18n, 'Lange Reise nach Konstanz 7')).toBe('Strength: strong.');
  });
});

describe('guestAccountMachine (an account of a guest sale, issue 32 part 2)', () => {
  const run = (values: { password: string; privacyAccepted: boolean }, save: () => Promise<void>) =>
    createActor(guestAccountMachine.provide({ actors: { save: fromPromise(save) } }), { input: { values } }).start();

  it('refuses a short password and a missing consent without calling the server', () => {
    let calls = 0;
    const actor = run({ password: 'kurz', privacyAccepted: false }, async () => void calls++);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ password: 'passwordTooShort', privacyAccepted: 'required' });
    expect(calls).toBe(0);
  });

  it('sends a valid form once and ends saved; a 409 keeps the form with the refusal', async () => {
    const ok = run({ password: 'Calle Mayor 5 en Madrid', privacyAccepted: true }, async () => undefined);
    ok.send({ type: 'form.submit' });
    expect((await waitFor(ok, (s) => s.matches('saved'))).context.failure).toBeNull();

    const taken = run({ password: 'Calle Mayor 5 en Madrid', privacyAccepted: true }, () =>
      Promise.reject(
        new ApiCallError({ status: 409, body: { error: 'Conflict', message: 'This sale already belongs to a customer account.' } }),
      ),
    );
    taken.send({ type: 'form.submit' });
    const refused = await waitFor(taken, (s) => s.matches('editing') && s.context.failure !== null);
    expect(refused.context.failure).toEqual({ kind: 'refused', status: 409 });
    expect(refused.context.values.password).toBe('Calle Mayor 5 en Madrid');
  });
});
