import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { StaffLoginAnswer, StaffLoginRequest, StaffMe, StaffSignInLinkRequest } from '../../contracts/staff';
import { StaffCallError, staffFailure } from '../services/failure';
import { sessionMachine } from './session';
import { signInMachine } from './sign-in';

const ME: StaffMe = {
  id: '55555555-5555-4555-8555-555555555555',
  email: 'ina@staff.example',
  name: 'Ina Inspector',
  roles: ['inspector'],
  csrfToken: 'csrf',
  idleMinutes: 30,
};
const ENROL: StaffLoginAnswer = {
  step: 'enrol',
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Back%20office:ina@staff.example?secret=JBSWY3DPEHPK3PXP',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
};

type Step<T> = T | StaffCallError;
const refusal = (code: Parameters<typeof staffFailure>[0], details: Parameters<typeof staffFailure>[1] = {}) =>
  new StaffCallError(staffFailure(code, details));

function start(script: { login?: Step<StaffLoginAnswer>[]; verify?: Step<StaffMe>[]; requestLink?: Step<void>[] } = {}) {
  const calls: string[] = [];
  const play = <T>(steps: Step<T>[]): Promise<T> => {
    const next = (steps.length > 1 ? steps.shift() : steps[0]) as Step<T>;
    return next instanceof StaffCallError ? Promise.reject(next) : Promise.resolve(next);
  };
  const machine = signInMachine.provide({
    actors: {
      login: fromPromise(async ({ input }: { input: StaffLoginRequest }) => {
        calls.push(`login ${input.email}`);
        return play(script.login ?? [{ step: 'secondFactor' }]);
      }),
      verify: fromPromise(async ({ input }: { input: { code: string } }) => {
        calls.push(`verify ${input.code}`);
        return play(script.verify ?? [ME]);
      }),
      requestLink: fromPromise(async ({ input }: { input: StaffSignInLinkRequest }) => {
        calls.push(`requestLink ${input.email} ${input.lang}`);
        return play(script.requestLink ?? [undefined]);
      }),
    },
  });
  return { actor: createActor(machine, { input: {} }).start(), calls };
}

type Actor = ReturnType<typeof start>['actor'];
function typeCredentials(actor: Actor, email = ' ina@staff.example ', password = 'correct horse battery') {
  actor.send({ type: 'signIn.email', value: email });
  actor.send({ type: 'signIn.password', value: password });
  actor.send({ type: 'signIn.submit' });
}

describe('sign-in machine', () => {
  it('password, then the six digits: ends with the signed-in user and forgets the secrets', async () => {
    const { actor, calls } = start();
    typeCredentials(actor);
    await waitFor(actor, (s) => s.matches('code'));
    expect(actor.getSnapshot().context.enrolment).toBeNull();
    actor.send({ type: 'signIn.code', value: '123 456' });
    actor.send({ type: 'signIn.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual(ME);
    expect(actor.getSnapshot().context).toMatchObject({ password: '', code: '' });
    expect(calls).toEqual(['login ina@staff.example', 'verify 123456']);
  });

  it('checks the fields in the browser first, with issue codes', () => {
    const { actor, calls } = start();
    typeCredentials(actor, 'not an address', '');
    expect(actor.getSnapshot().context).toMatchObject({ issues: { email: 'email', password: 'required' }, attempt: 1 });
    expect(actor.getSnapshot().value).toBe('credentials');
    expect(calls).toEqual([]);
  });

  it('the first sign-in enrols the authenticator: the QR code and the secret, then the code', async () => {
    const { actor } = start({ login: [ENROL] });
    typeCredentials(actor);
    await waitFor(actor, (s) => s.matches('code'));
    expect(actor.getSnapshot().context.enrolment).toEqual({ secret: ENROL.secret, otpauthUri: ENROL.otpauthUri, qrSvg: ENROL.qrSvg });
    actor.send({ type: 'signIn.code', value: '12345' });
    actor.send({ type: 'signIn.submit' });
    expect(actor.getSnapshot().context.issues).toEqual({ code: 'invalid' });
  });

  it('a wrong password says so and keeps the e-mail; a locked account keeps its wait', async () => {
    const { actor } = start({
      login: [refusal('invalid_credentials', { status: 401 }), refusal('locked', { status: 423, retryAfterSeconds: 600 })],
    });
    typeCredentials(actor);
    await waitFor(actor, (s) => s.matches('credentials') && s.context.failure !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      email: ' ina@staff.example ',
      password: '',
      failure: { code: 'invalid_credentials' },
    });
    actor.send({ type: 'signIn.password', value: 'again' });
    actor.send({ type: 'signIn.submit' });
    await waitFor(actor, (s) => s.context.failure?.code === 'locked');
    expect(actor.getSnapshot().context.failure?.retryAfterSeconds).toBe(600);
  });

  it('a wrong code stays at the code with the e-mail kept; an ended pending sign-in goes back to the password', async () => {
    const { actor } = start({ verify: [refusal('invalid_code', { status: 401 }), refusal('signed_out', { status: 401 })] });
    typeCredentials(actor);
    await waitFor(actor, (s) => s.matches('code'));
    actor.send({ type: 'signIn.code', value: '000000' });
    actor.send({ type: 'signIn.submit' });
    await waitFor(actor, (s) => s.matches('code') && s.context.failure !== null);
    expect(actor.getSnapshot().context).toMatchObject({ code: '', email: ' ina@staff.example ', failure: { code: 'invalid_code' } });
    actor.send({ type: 'signIn.code', value: '111111' });
    actor.send({ type: 'signIn.submit' });
    await waitFor(actor, (s) => s.matches('credentials'));
    expect(actor.getSnapshot().context).toMatchObject({ email: ' ina@staff.example ', failure: { code: 'signed_out' } });
  });

  it('a locked account can ask for a sign-in link to the typed address, in the screen’s language; no answer says so', async () => {
    const { actor, calls } = start({
      login: [refusal('locked', { status: 429, retryAfterSeconds: 900 })],
      requestLink: [refusal('network'), undefined],
    });
    typeCredentials(actor);
    await waitFor(actor, (s) => s.context.failure?.code === 'locked');
    actor.send({ type: 'signIn.requestLink', lang: 'de' });
    await waitFor(actor, (s) => s.matches('credentials') && s.context.linkFailure !== null);
    expect(actor.getSnapshot().context).toMatchObject({ linkSentTo: null, linkFailure: { code: 'network' }, failure: { code: 'locked' } });
    actor.send({ type: 'signIn.requestLink', lang: 'de' });
    await waitFor(actor, (s) => s.context.linkSentTo !== null);
    expect(actor.getSnapshot().context).toMatchObject({ linkSentTo: 'ina@staff.example', linkFailure: null, failure: { code: 'locked' } });
    expect(calls).toEqual(['login ina@staff.example', 'requestLink ina@staff.example de', 'requestLink ina@staff.example de']);
  });

  it('asks for a link only with a valid e-mail address (the password is not needed)', () => {
    const { actor, calls } = start();
    actor.send({ type: 'signIn.email', value: 'not an address' });
    actor.send({ type: 'signIn.requestLink', lang: 'en' });
    expect(actor.getSnapshot().context).toMatchObject({ issues: { email: 'email' }, attempt: 1 });
    expect(calls).toEqual([]);
  });

  it('back from the code to the password keeps the e-mail only', async () => {
    const { actor } = start({ login: [ENROL] });
    typeCredentials(actor);
    await waitFor(actor, (s) => s.matches('code'));
    actor.send({ type: 'signIn.back' });
    expect(actor.getSnapshot().context).toMatchObject({ email: ' ina@staff.example ', password: '', enrolment: null });
  });
});

describe('session machine', () => {
  function session(me: () => Promise<StaffMe>, signOut: () => Promise<void> = async () => {}) {
    let forgotten = 0;
    const machine = sessionMachine.provide({
      actors: {
        me: fromPromise(me),
        signOut: fromPromise(signOut),
        signIn: signInMachine.provide({
          actors: {
            login: fromPromise<StaffLoginAnswer, StaffLoginRequest>(async () => ({ step: 'secondFactor' })),
            verify: fromPromise(async () => ME),
          },
        }),
      },
      actions: { forgetData: () => void (forgotten += 1) },
    });
    const actor = createActor(machine).start();
    return { actor, forgotten: () => forgotten };
  }

  it('a tab with a session is signed in at start; signing out forgets the data', async () => {
    const { actor, forgotten } = session(async () => ME);
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().context.me?.name).toBe('Ina Inspector');
    actor.send({ type: 'session.signOut' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context).toMatchObject({ me: null, notice: 'signedOut' });
    expect(forgotten()).toBe(1);
  });

  it('without a session the sign-in runs as its child and signs the tab in', async () => {
    const { actor } = session(() => Promise.reject(refusal('signed_out', { status: 401 })));
    await waitFor(actor, (s) => s.matches('signedOut'));
    const signIn = actor.getSnapshot().children.signIn!;
    signIn.send({ type: 'signIn.email', value: 'ina@staff.example' });
    signIn.send({ type: 'signIn.password', value: 'pw' });
    signIn.send({ type: 'signIn.submit' });
    await waitFor(signIn, (s) => s.matches('code'));
    signIn.send({ type: 'signIn.code', value: '123456' });
    signIn.send({ type: 'signIn.submit' });
    await waitFor(actor, (s) => s.matches('signedIn'));
  });

  it('a sign-in by the mailed link signs the tab in, whether it was still checking or signed out', async () => {
    const { actor } = session(() => Promise.reject(refusal('signed_out', { status: 401 })));
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'session.signedIn', me: ME });
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.me).toEqual(ME);

    const checking = session(() => new Promise<StaffMe>(() => {}));
    checking.actor.send({ type: 'session.signedIn', me: ME });
    expect(checking.actor.getSnapshot().value).toBe('signedIn');
  });

  it('an ended session sends the tab to the sign-in with the notice', async () => {
    const { actor } = session(async () => ME);
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().children.signIn?.getSnapshot().context.notice).toBe('expired');
  });

  it('no answer at start can be retried; a failed sign-out keeps the tab signed in', async () => {
    let fail = true;
    const { actor } = session(
      () => (fail ? Promise.reject(refusal('network')) : Promise.resolve(ME)),
      () => Promise.reject(refusal('network')),
    );
    await waitFor(actor, (s) => s.matches('unavailable'));
    fail = false;
    actor.send({ type: 'session.retry' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.signOut' });
    await waitFor(actor, (s) => s.matches('signedIn') && s.context.failure !== null);
    expect(actor.getSnapshot().context.failure?.code).toBe('network');
  });
});
