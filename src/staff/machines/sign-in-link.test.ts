import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { StaffLinkSignInRequest, StaffMe } from '../../contracts/staff';
import { StaffCallError, staffFailure } from '../services/failure';
import { signInLinkMachine } from './sign-in-link';

const ME: StaffMe = {
  id: '55555555-5555-4555-8555-555555555555',
  email: 'ina@staff.example',
  name: 'Ina Inspector',
  roles: ['inspector'],
  csrfToken: 'csrf',
  idleMinutes: 30,
};
const TOKEN = 'a'.repeat(43);

type Step = StaffMe | StaffCallError;
const refusal = (code: Parameters<typeof staffFailure>[0], status: number) => new StaffCallError(staffFailure(code, { status }));

function start(steps: Step[], token = TOKEN) {
  const calls: string[] = [];
  const machine = signInLinkMachine.provide({
    actors: {
      signIn: fromPromise(async ({ input }: { input: StaffLinkSignInRequest }) => {
        calls.push(`${input.token.slice(0, 3)} ${input.code}`);
        const next = steps.length > 1 ? steps.shift()! : steps[0]!;
        return next instanceof StaffCallError ? Promise.reject(next) : next;
      }),
    },
  });
  return { actor: createActor(machine, { input: { token } }).start(), calls };
}

type Actor = ReturnType<typeof start>['actor'];
const typeCode = (actor: Actor, value: string) => {
  actor.send({ type: 'link.code', value });
  actor.send({ type: 'link.submit' });
};

describe('sign-in link machine', () => {
  it('the link and the six digits: ends with the signed-in user', async () => {
    const { actor, calls } = start([ME]);
    typeCode(actor, '123 456');
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().output).toEqual(ME);
    expect(calls).toEqual(['aaa 123456']);
  });

  it('checks the code in the browser first; a wrong code stays at the code', async () => {
    const { actor, calls } = start([refusal('invalid_code', 401), ME]);
    typeCode(actor, '12345');
    expect(actor.getSnapshot().context).toMatchObject({ issues: { code: 'invalid' }, attempt: 1 });
    expect(calls).toEqual([]);
    typeCode(actor, '000000');
    await waitFor(actor, (s) => s.matches('code') && s.context.failure !== null);
    expect(actor.getSnapshot().context).toMatchObject({ code: '', failure: { code: 'invalid_code' } });
    typeCode(actor, '123456');
    await waitFor(actor, (s) => s.matches('signedIn'));
  });

  it('a link that does not work, or is cut off, ends in linkInvalid; an account without an app in notEnrolled', async () => {
    const invalid = start([refusal('link_invalid', 400)]);
    typeCode(invalid.actor, '123456');
    await waitFor(invalid.actor, (s) => s.matches('linkInvalid'));
    expect(start([ME], '').actor.getSnapshot().value).toBe('linkInvalid');
    const notEnrolled = start([refusal('not_enrolled', 403)]);
    typeCode(notEnrolled.actor, '123456');
    await waitFor(notEnrolled.actor, (s) => s.matches('notEnrolled'));
  });
});
