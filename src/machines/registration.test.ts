import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Registration } from '../contracts/account';
import { ApiCallError } from '../services/api-failure';
import { passwordStrength } from './password';
import { parseRegistration, registrationMachine, type RegistrationInput, type RegistrationValues } from './registration';
import { SELLER_ADDRESS } from '../contracts/seller.fixtures';

const VALID: RegistrationValues = {
  firstName: ' Erika ',
  lastName: 'Mustermann',
  email: ' Erika.Mustermann@Example.COM ',
  password: 'Kölner-Dom-1248',
  privacyAccepted: true,
};

function start(options: { register?: (input: Registration) => Promise<void>; input?: Partial<RegistrationInput> } = {}) {
  const sent: Registration[] = [];
  const tracked: string[] = [];
  const machine = registrationMachine.provide({
    actors: {
      register: fromPromise<void, Registration>(({ input }) => {
        sent.push(input);
        return options.register ? options.register(input) : Promise.resolve();
      }),
    },
    actions: { trackRegistration: () => void tracked.push('registration') },
  });
  const actor = createActor(machine, { input: { locale: 'de', ...options.input } }).start();
  return { actor, sent, tracked };
}

type Actor = ReturnType<typeof start>['actor'];

function fill(actor: Actor, values: Partial<RegistrationValues>) {
  for (const [field, value] of Object.entries(values)) {
    if (field === 'privacyAccepted') actor.send({ type: 'registration.acceptPrivacy', value: value as boolean });
    else actor.send({ type: 'registration.change', field: field as 'firstName', value: value as string });
  }
}

const errorsFor = (values: Partial<RegistrationValues>) =>
  parseRegistration({ locale: 'de', values: { ...VALID, ...values }, address: null, payment: null }).errors;

describe('the registration payload (product §3), exactly', () => {
  it('sends enabled, trimmed names, lower-cased username and e-mail, one permanent password, empty actions and groups, locale and consent', async () => {
    const { actor, sent, tracked } = start();
    fill(actor, VALID);
    actor.send({ type: 'registration.submit' });
    const state = await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([
      {
        enabled: true,
        firstName: 'Erika',
        lastName: 'Mustermann',
        username: 'erika.mustermann@example.com',
        email: 'erika.mustermann@example.com',
        credentials: [{ type: 'password', value: 'Kölner-Dom-1248', temporary: false }],
        requiredActions: [],
        groups: [],
        attributes: { locale: ['de'], privacyAccepted: ['true'] },
      },
    ]);
    expect(state.value).toBe('checkEmail');
    expect(state.output).toEqual({ email: 'erika.mustermann@example.com' });
    expect(tracked).toEqual(['registration']);
  });

  it('the checkout path sends the address and payout account along', async () => {
    const address = SELLER_ADDRESS;
    const payment = { method: 'paypal' as const, email: 'pp@example.com' };
    const { actor, sent } = start({ input: { locale: 'at', address: { ...address, postalCode: '1010' }, payment } });
    fill(actor, VALID);
    actor.send({ type: 'registration.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent[0]).toMatchObject({ attributes: { locale: ['at'] }, Address: { ...address, postalCode: '1010' }, Payment: payment });
  });
});

describe('validation (contract RegistrationSchema; errors per form field)', () => {
  it.each([
    ['7 characters', 'abcdefg', false],
    ['8 characters', 'abcdefgh', true],
    ['128 characters', 'a'.repeat(128), true],
    ['129 characters', 'a'.repeat(129), false],
    ['8 code points (emoji count once)', '🔐🔐🔐🔐🔐🔐🔐🔐', true],
  ])('a password of %s is %s', (_, password, accepted) => {
    const errors = errorsFor({ password });
    if (accepted) expect(errors).toBeNull();
    else expect(errors).toEqual({ password: expect.stringMatching(/password/) });
  });

  it('maps payload paths to the form fields', () => {
    expect(errorsFor({ firstName: ' ', email: 'not-an-address', password: 'short', privacyAccepted: false })).toEqual({
      firstName: 'required',
      email: 'email',
      password: 'passwordTooShort',
      privacyAccepted: 'required',
    });
  });

  it('a refused submit shows the errors and stays editing without a call; editing a field clears its error', () => {
    const { actor, sent } = start();
    fill(actor, { ...VALID, password: 'short' });
    actor.send({ type: 'registration.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ password: 'passwordTooShort' });
    expect(sent).toEqual([]);
    actor.send({ type: 'registration.change', field: 'password', value: 'long-enough-now' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('the strength hint follows the password and never blocks', () => {
    const { actor } = start();
    expect(actor.getSnapshot().context.passwordStrength).toBeNull();
    fill(actor, { ...VALID, password: 'abcdefgh' });
    expect(actor.getSnapshot().context.passwordStrength).toBe('weak');
    actor.send({ type: 'registration.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
  });
});

describe('passwordStrength: a hint from length and variety', () => {
  it.each([
    ['abc', 'weak'],
    ['abcdefgh', 'weak'],
    ['Abcdefg1', 'fair'],
    ['abcdefghijkl', 'fair'],
    ['Abcdefghij1!', 'strong'],
    ['correct horse battery staple', 'strong'],
  ])('%s is %s', (password, strength) => {
    expect(passwordStrength(password)).toBe(strength);
  });
});

describe('submission failures go back to editing', () => {
  it.each([
    [new ApiCallError({}), 'network'],
    [new ApiCallError({ status: 503 }), 'network'],
    [new ApiCallError({ status: 429 }), 'rateLimited'],
    [new ApiCallError({ status: 409 }), 'unknown'],
  ])('%s → %s', async (error, submitError) => {
    const { actor } = start({ register: () => Promise.reject(error) });
    fill(actor, VALID);
    actor.send({ type: 'registration.submit' });
    const state = await waitFor(actor, (s) => s.matches('editing'));
    expect(state.context.submitError).toBe(submitError);
  });

  it('a 400 shows the server field errors at the form fields; a new submit tries again', async () => {
    let calls = 0;
    const { actor, sent } = start({
      register: () =>
        ++calls === 1
          ? Promise.reject(
              new ApiCallError({
                status: 400,
                body: { fields: [{ path: 'credentials.0.value', code: 'passwordWeak', message: 'This password is too common.' }] },
              }),
            )
          : Promise.resolve(),
    });
    fill(actor, VALID);
    actor.send({ type: 'registration.submit' });
    const state = await waitFor(actor, (s) => s.matches('editing'));
    expect(state.context).toMatchObject({ submitError: 'invalid', errors: { password: 'passwordWeak' } });
    actor.send({ type: 'registration.change', field: 'password', value: 'Another-Password-77' });
    actor.send({ type: 'registration.submit' });
    await waitFor(actor, (s) => s.matches('checkEmail'));
    expect(sent).toHaveLength(2);
  });
});
