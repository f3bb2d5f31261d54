import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiCallError } from '../services/api-failure';
import { signInWithLinkMachine } from './sign-in-link';

const TOKEN = 'A'.repeat(43);

/** The machine with a fake sign-in whose answers come from `outcomes` in turn (an Error rejects). */
function start(token: string | null, outcomes: (Error | undefined)[]) {
  const calls: string[] = [];
  const machine = signInWithLinkMachine.provide({
    actors: {
      signIn: fromPromise(async ({ input }: { input: { token: string } }) => {
        calls.push(input.token);
        const next = outcomes.shift();
        if (next) throw next;
      }),
    },
  });
  const actor = createActor(machine, { input: { token } }).start();
  return { actor, calls };
}

describe('signing in with a mailed link', () => {
  it('signs in with a token of the one-time form', async () => {
    const { actor, calls } = start(TOKEN, [undefined]);
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(calls).toEqual([TOKEN]);
  });

  it('refuses a missing or malformed token without a call', () => {
    for (const token of [null, '', 'short']) {
      const { actor, calls } = start(token, []);
      expect(actor.getSnapshot().value).toBe('invalidToken');
      expect(calls).toEqual([]);
    }
  });

  it('reads a refused token as invalid, and offers a retry when there was no verdict', async () => {
    const refused = start(TOKEN, [new ApiCallError({ status: 400 })]);
    await waitFor(refused.actor, (s) => s.matches('invalidToken'));

    const { actor, calls } = start(TOKEN, [new ApiCallError({}), new ApiCallError({ status: 429, retryAfterSeconds: 30 }), undefined]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.failure).toBe('network');
    actor.send({ type: 'link.retry' });
    await waitFor(actor, (s) => s.matches('failed') && s.context.failure === 'rateLimited');
    actor.send({ type: 'link.retry' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(calls).toEqual([TOKEN, TOKEN, TOKEN]);
  });
});
