import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ActivationAnswer } from '../contracts/account';
import { ApiCallError } from '../services/api-failure';
import { activationMachine } from './activation';

const TOKEN = 'q3v9XkR2bY7mN1pL5sT8wZ0aC4eG6iK9oU2yH5jF7dA';

type Step<T> = T | Error;

function start(
  token: string | null | undefined,
  script: { activate?: Step<ActivationAnswer>[]; identify?: Step<{ customerNumber: string }>[] } = {},
) {
  const calls: string[] = [];
  const play = <T>(steps: Step<T>[]): Promise<T> => {
    const next = (steps.length > 1 ? steps.shift() : steps[0]) as Step<T>;
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
  const machine = activationMachine.provide({
    actors: {
      activateRegistration: fromPromise<ActivationAnswer, { token: string }>(({ input }) => {
        calls.push(`activateRegistration ${input.token}`);
        return play(script.activate ?? [{ activated: true, token: 'identifier-1' }]);
      }),
      activateCustomer: fromPromise<{ customerNumber: string }, { identifier: string }>(({ input }) => {
        calls.push(`activateCustomerByIdentifier ${input.identifier}`);
        return play(script.identify ?? [{ customerNumber: 'K-100042' }]);
      }),
    },
  });
  const actor = createActor(machine, { input: { token } }).start();
  return { actor, calls };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.status === 'done' || s.matches('failed'));

describe('activation from the e-mail link (product §4, §5, §8)', () => {
  it('activated: the token is activated, then the customer by the answered identifier', async () => {
    const { actor, calls } = start(TOKEN);
    const state = await settled(actor);
    expect(state.value).toBe('activated');
    expect(state.context.customerNumber).toBe('K-100042');
    expect(calls).toEqual([`activateRegistration ${TOKEN}`, 'activateCustomerByIdentifier identifier-1']);
  });

  it('not activated: the answer says activated false', async () => {
    const { actor, calls } = start(TOKEN, { activate: [{ activated: false }] });
    expect((await settled(actor)).value).toBe('notActivated');
    expect(calls).toHaveLength(1);
  });

  it.each([null, undefined, '', '  '])('missing token in the link (%j): missingToken without a call', (token) => {
    const { actor, calls } = start(token);
    expect(actor.getSnapshot().value).toBe('missingToken');
    expect(actor.getSnapshot().context.missingTokenIn).toBe('link');
    expect(calls).toEqual([]);
  });

  it('missing token in the result (activated without token): missingToken error (product §5)', async () => {
    const { actor, calls } = start(TOKEN, { activate: [{ activated: true }] });
    const state = await settled(actor);
    expect(state.value).toBe('missingToken');
    expect(state.context.missingTokenIn).toBe('answer');
    expect(calls).toHaveLength(1);
  });

  it.each(['short', `${TOKEN}x`, `${TOKEN.slice(0, 42)}=`, 'a'.repeat(42) + '+'])(
    'a token that cannot be decoded (%s) is not activated, without a server call',
    (token) => {
      const { actor, calls } = start(token);
      expect(actor.getSnapshot().value).toBe('notActivated');
      expect(calls).toEqual([]);
    },
  );

  it('the server refusing the token (404) is not activated; a 400 "missing token" is missingToken', async () => {
    expect((await settled(start(TOKEN, { activate: [new ApiCallError({ status: 404 })] }).actor)).value).toBe('notActivated');
    expect((await settled(start(TOKEN, { activate: [new ApiCallError({ status: 400 })] }).actor)).value).toBe('missingToken');
  });

  it('a network failure of the first step: failed, and retry repeats it', async () => {
    const { actor, calls } = start(TOKEN, { activate: [new ApiCallError({}), { activated: true, token: 'identifier-1' }] });
    let state = await settled(actor);
    expect(state.value).toBe('failed');
    expect(state.context.rateLimited).toBe(false);
    actor.send({ type: 'activation.retry' });
    state = await settled(actor);
    expect(state.value).toBe('activated');
    expect(calls).toEqual([`activateRegistration ${TOKEN}`, `activateRegistration ${TOKEN}`, 'activateCustomerByIdentifier identifier-1']);
  });

  it('a failure of the second step: retry repeats only the second step (the link token is used up)', async () => {
    const { actor, calls } = start(TOKEN, { identify: [new ApiCallError({ status: 503 }), { customerNumber: 'K-100042' }] });
    expect((await settled(actor)).value).toBe('failed');
    actor.send({ type: 'activation.retry' });
    const state = await settled(actor);
    expect(state.value).toBe('activated');
    expect(calls).toEqual([
      `activateRegistration ${TOKEN}`,
      'activateCustomerByIdentifier identifier-1',
      'activateCustomerByIdentifier identifier-1',
    ]);
  });

  it('a rate limit is a failure with retry, marked as such', async () => {
    const state = await settled(start(TOKEN, { activate: [new ApiCallError({ status: 429 })] }).actor);
    expect(state.value).toBe('failed');
    expect(state.context.rateLimited).toBe(true);
  });

  it('a refused identifier (expired) is not activated', async () => {
    expect((await settled(start(TOKEN, { identify: [new ApiCallError({ status: 410 })] }).actor)).value).toBe('notActivated');
  });
});
