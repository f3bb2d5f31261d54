import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { StaffCallError, staffFailure } from '../services/failure';
import { setPasswordMachine } from './set-password';

function start(token: string, answer: () => Promise<void> = async () => {}) {
  const sent: string[] = [];
  const machine = setPasswordMachine.provide({
    actors: {
      setPassword: fromPromise(async ({ input }: { input: { token: string; password: string } }) => {
        sent.push(`${input.token} ${input.password}`);
        return answer();
      }),
    },
  });
  return { actor: createActor(machine, { input: { token } }).start(), sent };
}

const type = (actor: ReturnType<typeof start>['actor'], password: string, repeat = password) => {
  actor.send({ type: 'setPassword.password', value: password });
  actor.send({ type: 'setPassword.repeat', value: repeat });
  actor.send({ type: 'setPassword.submit' });
};

describe('set-password machine', () => {
  it('at least 12 characters, typed twice alike, then done', async () => {
    const { actor, sent } = start('t0k3n');
    type(actor, 'short');
    expect(actor.getSnapshot().context.issues).toEqual({ password: 'passwordTooShort' });
    type(actor, 'twelve chars!', 'twelve chars?');
    expect(actor.getSnapshot().context.issues).toEqual({ repeat: 'passwordMismatch' });
    expect(actor.getSnapshot().context.attempt).toBe(2);
    type(actor, 'twelve chars!');
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('done');
    expect(sent).toEqual(['t0k3n twelve chars!']);
  });

  it('a link without a token, or one the server does not know, is invalid', async () => {
    expect(start('').actor.getSnapshot().value).toBe('linkInvalid');
    const { actor } = start('used', () => Promise.reject(new StaffCallError(staffFailure('link_invalid', { status: 400 }))));
    type(actor, 'a long enough password');
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('linkInvalid');
  });

  it('no answer keeps the form to try again', async () => {
    const { actor } = start('t', () => Promise.reject(new StaffCallError(staffFailure('network'))));
    type(actor, 'a long enough password');
    await waitFor(actor, (s) => s.matches('editing') && s.context.failure !== null);
    expect(actor.getSnapshot().context.failure?.code).toBe('network');
  });
});
