import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiCallError } from '../services/api-failure';
import { forgotPasswordMachine, resetPasswordMachine, type ResetPasswordCallInput, type SendMailInput } from './password';

const TOKEN = 'q3v9XkR2bY7mN1pL5sT8wZ0aC4eG6iK9oU2yH5jF7dA';

type Step = void | Error;
const play = (steps: Step[]): Promise<void> => {
  const next = steps.length > 1 ? steps.shift() : steps[0];
  return next instanceof Error ? Promise.reject(next) : Promise.resolve();
};

describe('forgot password: e-mail → sending → sent (product §7: the result is ignored)', () => {
  function start(script: Step[] = [undefined]) {
    const sent: SendMailInput[] = [];
    const machine = forgotPasswordMachine.provide({
      actors: { sendMail: fromPromise<void, SendMailInput>(({ input }) => (sent.push(input), play(script))) },
    });
    const actor = createActor(machine, { input: { locale: 'es' } }).start();
    return { actor, sent };
  }

  it('sends the lower-cased e-mail and the shop language, then says it was sent', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'forgot.change', value: ' Erika@Example.com ' });
    actor.send({ type: 'forgot.submit' });
    expect((await waitFor(actor, (s) => s.status === 'done')).value).toBe('sent');
    expect(sent).toEqual([{ email: 'erika@example.com', lang: 'es' }]);
  });

  it('an invalid e-mail is refused without a call', () => {
    const { actor, sent } = start();
    actor.send({ type: 'forgot.change', value: 'erika@' });
    actor.send({ type: 'forgot.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ email: 'email' });
    expect(sent).toEqual([]);
  });

  it.each([400, 404, 429, 500])('an HTTP %i answer still reads as sent (no account enumeration, result ignored)', async (status) => {
    const { actor } = start([new ApiCallError({ status })]);
    actor.send({ type: 'forgot.change', value: 'erika@example.com' });
    actor.send({ type: 'forgot.submit' });
    expect((await waitFor(actor, (s) => s.status === 'done')).value).toBe('sent');
  });

  it('no answer at all offers a retry', async () => {
    const { actor, sent } = start([new ApiCallError({}), undefined]);
    actor.send({ type: 'forgot.change', value: 'erika@example.com' });
    actor.send({ type: 'forgot.submit' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.failure).toBe('network');
    actor.send({ type: 'forgot.retry' });
    expect((await waitFor(actor, (s) => s.status === 'done')).value).toBe('sent');
    expect(sent).toHaveLength(2);
  });
});

describe('reset password: token from the link, new password twice', () => {
  function start(token: string | null | undefined, script: Step[] = [undefined]) {
    const calls: ResetPasswordCallInput[] = [];
    const machine = resetPasswordMachine.provide({
      actors: { resetPassword: fromPromise<void, ResetPasswordCallInput>(({ input }) => (calls.push(input), play(script))) },
    });
    const actor = createActor(machine, { input: { token } }).start();
    return { actor, calls };
  }
  type Actor = ReturnType<typeof start>['actor'];
  const enter = (actor: Actor, password: string, repeat = password) => {
    actor.send({ type: 'reset.change', field: 'password', value: password });
    actor.send({ type: 'reset.change', field: 'repeat', value: repeat });
    actor.send({ type: 'reset.submit' });
  };

  it('resets with the token and the new password', async () => {
    const { actor, calls } = start(TOKEN);
    enter(actor, 'Kölner-Dom-1248');
    expect((await waitFor(actor, (s) => s.status === 'done')).value).toBe('done');
    expect(calls).toEqual([{ token: TOKEN, password: 'Kölner-Dom-1248' }]);
  });

  it.each([null, '', 'not-a-token'])('a missing or undecodable token (%j) is invalid without a call', (token) => {
    const { actor, calls } = start(token);
    expect(actor.getSnapshot().value).toBe('invalidToken');
    expect(calls).toEqual([]);
  });

  it('validates with PasswordSchema (8..128) and the repetition', () => {
    const { actor, calls } = start(TOKEN);
    enter(actor, 'abcdefg');
    expect(actor.getSnapshot().context.errors).toEqual({ password: 'passwordTooShort' });
    enter(actor, 'a'.repeat(129));
    expect(actor.getSnapshot().context.errors).toEqual({ password: 'passwordTooLong' });
    enter(actor, 'abcdefgh', 'abcdefgX');
    expect(actor.getSnapshot().context.errors).toEqual({ repeat: 'passwordMismatch' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(calls).toEqual([]);
    enter(actor, 'a'.repeat(128));
    expect(actor.getSnapshot().value).toBe('resetting');
  });

  it('a refused token (used, expired) ends in invalidToken', async () => {
    const { actor } = start(TOKEN, [new ApiCallError({ status: 410 })]);
    enter(actor, 'Kölner-Dom-1248');
    expect((await waitFor(actor, (s) => s.status === 'done')).value).toBe('invalidToken');
  });

  it('a refused password (400 with fields) goes back to the form with the issue', async () => {
    const { actor } = start(TOKEN, [
      new ApiCallError({
        status: 400,
        body: { fields: [{ path: 'password', code: 'passwordWeak', message: 'This password is too common.' }] },
      }),
    ]);
    enter(actor, 'password1234');
    const state = await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
    expect(state.context.errors).toEqual({ password: 'passwordWeak' });
  });

  it('a network failure offers a retry with the same password', async () => {
    const { actor, calls } = start(TOKEN, [new ApiCallError({ status: 502 }), undefined]);
    enter(actor, 'Kölner-Dom-1248');
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.failure).toBe('network');
    actor.send({ type: 'reset.retry' });
    expect((await waitFor(actor, (s) => s.status === 'done')).value).toBe('done');
    expect(calls).toHaveLength(2);
  });

  it('shows the strength of the new password', () => {
    const { actor } = start(TOKEN);
    actor.send({ type: 'reset.change', field: 'password', value: 'Abcdefghij1!' });
    expect(actor.getSnapshot().context.passwordStrength).toBe('strong');
  });
});
