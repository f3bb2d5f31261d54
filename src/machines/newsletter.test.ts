import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { NewsletterProfile, ProfileAnswer, SubscriptionAnswer } from '../contracts/newsletter';
import { ApiCallError } from '../services/api-failure';
import {
  newsletterEnrichMachine,
  newsletterMachine,
  newsletterSubscriptionMachine,
  newsletterUnsubscribeMachine,
  type SubscribeInput,
} from './newsletter';

const HASH = 'ab'.repeat(32);
const TOKEN = `1900000000.${'cd'.repeat(32)}`;
const PROFILE: ProfileAnswer = { emailHash: HASH, status: 'subscribed', firstName: '', interests: [] };

/** A fake call answering the script's steps in turn (the last one repeats). */
function scripted<T, I = void>(steps: (T | Error)[]) {
  const inputs: I[] = [];
  const logic = fromPromise<T, I>(({ input }) => {
    inputs.push(input);
    const next = steps.length > 1 ? steps.shift()! : steps[0]!;
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  });
  return { logic, inputs };
}

describe('newsletter sign-up: e-mail → sending → sent', () => {
  function start(steps: (void | Error)[] = [undefined], email?: string) {
    const subscribe = scripted<void, SubscribeInput>(steps);
    const machine = newsletterMachine.provide({ actors: { subscribe: subscribe.logic } });
    const actor = createActor(machine, { input: { source: 'footer', ...(email !== undefined && { email }) } }).start();
    return { actor, inputs: subscribe.inputs };
  }

  it('sends the lower-cased address with the form’s source, then says the same for every address', async () => {
    const { actor, inputs } = start();
    actor.send({ type: 'newsletter.change', value: ' Erika@Example.COM ' });
    actor.send({ type: 'newsletter.submit' });
    expect((await waitFor(actor, (s) => s.status === 'done')).value).toBe('sent');
    expect(inputs).toEqual([{ email: 'erika@example.com', source: 'footer' }]);
  });

  it('keeps what was typed before the form loaded', async () => {
    const { actor, inputs } = start([undefined], 'early@example.com');
    actor.send({ type: 'newsletter.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(inputs).toEqual([{ email: 'early@example.com', source: 'footer' }]);
  });

  it('refuses an invalid address without a call, and clears the error while typing', () => {
    const { actor, inputs } = start();
    actor.send({ type: 'newsletter.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: 'email' });
    actor.send({ type: 'newsletter.change', value: 'erika@' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'newsletter.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: 'email' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(inputs).toEqual([]);
  });

  it('shows the server’s field issue next to the field', async () => {
    const refused = new ApiCallError({ status: 400, body: { fields: [{ path: 'email', code: 'email', message: 'x' }] } });
    const { actor } = start([refused]);
    actor.send({ type: 'newsletter.change', value: 'erika@example.com' });
    actor.send({ type: 'newsletter.submit' });
    const editing = await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
    expect(editing.context.errors).toEqual({ email: 'email' });
  });

  it('offers a retry when no answer came, and says wait when rate limited', async () => {
    const { actor, inputs } = start([new ApiCallError({}), new ApiCallError({ status: 429 }), undefined]);
    actor.send({ type: 'newsletter.change', value: 'erika@example.com' });
    actor.send({ type: 'newsletter.submit' });
    expect((await waitFor(actor, (s) => s.matches('failed'))).context.failure).toBe('network');
    actor.send({ type: 'newsletter.retry' });
    await waitFor(actor, (s) => s.matches('failed') && s.context.failure === 'rateLimited');
    actor.send({ type: 'newsletter.retry' });
    expect((await waitFor(actor, (s) => s.status === 'done')).value).toBe('sent');
    expect(inputs).toHaveLength(3);
  });
});

describe('newsletter enrich: confirm the link, then first name and interests', () => {
  function start(
    input: { emailHash?: string | null; confirmToken?: string | null; loggedIn?: boolean },
    fakes: {
      confirm?: (ProfileAnswer | Error)[];
      load?: (ProfileAnswer | Error)[];
      find?: (SubscriptionAnswer | Error)[];
      save?: (ProfileAnswer | Error)[];
    } = {},
  ) {
    const confirm = scripted<ProfileAnswer, { emailHash: string; token: string }>(fakes.confirm ?? [PROFILE]);
    const load = scripted<ProfileAnswer, { emailHash: string }>(fakes.load ?? [PROFILE]);
    const find = scripted<SubscriptionAnswer>(fakes.find ?? [{ status: 'subscribed', emailHash: HASH }]);
    const save = scripted<ProfileAnswer, { emailHash: string; profile: NewsletterProfile }>(
      fakes.save ?? [{ ...PROFILE, firstName: 'Erika', interests: ['tablets'] }],
    );
    const machine = newsletterEnrichMachine.provide({
      actors: { confirm: confirm.logic, loadProfile: load.logic, loadSubscription: find.logic, saveProfile: save.logic },
    });
    const actor = createActor(machine, {
      input: { emailHash: input.emailHash ?? null, confirmToken: input.confirmToken ?? null, loggedIn: input.loggedIn ?? false },
    }).start();
    return { actor, confirm, load, find, save };
  }

  it('confirms from the mail link, then saves the profile', async () => {
    const { actor, confirm, save } = start({ emailHash: HASH.toUpperCase(), confirmToken: TOKEN });
    const editing = await waitFor(actor, (s) => s.matches('editing'));
    expect(editing.context.confirmed).toBe(true);
    expect(confirm.inputs).toEqual([{ emailHash: HASH, token: TOKEN }]);
    actor.send({ type: 'enrich.changeName', value: ' Erika ' });
    actor.send({ type: 'enrich.toggleInterest', interest: 'smartphones' });
    actor.send({ type: 'enrich.toggleInterest', interest: 'tablets' });
    actor.send({ type: 'enrich.toggleInterest', interest: 'smartphones' });
    actor.send({ type: 'enrich.submit' });
    const saved = await waitFor(actor, (s) => s.matches('saved'));
    expect(save.inputs).toEqual([{ emailHash: HASH, profile: { firstName: 'Erika', interests: ['tablets'] } satisfies NewsletterProfile }]);
    expect(saved.context.interests).toEqual(['tablets']);
    actor.send({ type: 'enrich.edit' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('an invalid or used confirmation link ends at invalidLink; a broken hash without a call', async () => {
    const refused = start({ emailHash: HASH, confirmToken: TOKEN }, { confirm: [new ApiCallError({ status: 400 })] });
    expect((await waitFor(refused.actor, (s) => s.status === 'done')).value).toBe('invalidLink');
    const broken = start({ emailHash: 'xyz' });
    expect(broken.actor.getSnapshot().value).toBe('invalidLink');
    expect(broken.load.inputs).toEqual([]);
  });

  it('loads the profile of a hash link; an unsubscribed one is invalid', async () => {
    const { actor } = start({ emailHash: HASH }, { load: [{ ...PROFILE, firstName: 'Ana', interests: ['audio'] }] });
    const editing = await waitFor(actor, (s) => s.matches('editing'));
    expect(editing.context).toMatchObject({ firstName: 'Ana', interests: ['audio'], confirmed: false });
    const gone = start({ emailHash: HASH }, { load: [new ApiCallError({ status: 404 })] });
    expect((await waitFor(gone.actor, (s) => s.status === 'done')).value).toBe('invalidLink');
  });

  it('logged in without a link: the account’s subscription, or the sign-up when there is none', async () => {
    const subscribed = start({ loggedIn: true });
    await waitFor(subscribed.actor, (s) => s.matches('editing'));
    expect(subscribed.load.inputs).toEqual([{ emailHash: HASH }]);
    const none = start({ loggedIn: true }, { find: [{ status: 'none', emailHash: null }] });
    expect((await waitFor(none.actor, (s) => s.status === 'done')).value).toBe('notSubscribed');
    const ended = start({ loggedIn: true }, { find: [new ApiCallError({ status: 401 })] });
    expect((await waitFor(ended.actor, (s) => s.status === 'done')).value).toBe('notSubscribed');
    expect(start({}).actor.getSnapshot().value).toBe('notSubscribed');
  });

  it('retries the step that got no answer', async () => {
    const { actor, confirm } = start({ emailHash: HASH, confirmToken: TOKEN }, { confirm: [new ApiCallError({ status: 503 }), PROFILE] });
    expect((await waitFor(actor, (s) => s.matches('failed'))).context.retryStep).toBe('confirming');
    actor.send({ type: 'enrich.retry' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(confirm.inputs).toHaveLength(2);
    const loading = start({ emailHash: HASH }, { load: [new ApiCallError({}), PROFILE] });
    await waitFor(loading.actor, (s) => s.matches('failed'));
    loading.actor.send({ type: 'enrich.retry' });
    await waitFor(loading.actor, (s) => s.matches('editing'));
    const finding = start({ loggedIn: true }, { find: [new ApiCallError({ status: 500 }), { status: 'subscribed', emailHash: HASH }] });
    await waitFor(finding.actor, (s) => s.matches('failed'));
    finding.actor.send({ type: 'enrich.retry' });
    await waitFor(finding.actor, (s) => s.matches('editing'));
  });

  it('a too long first name is refused without a call; a failed save keeps the form', async () => {
    const { actor, save } = start({ emailHash: HASH }, { save: [new ApiCallError({}), new ApiCallError({ status: 404 })] });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'enrich.changeName', value: 'x'.repeat(61) });
    actor.send({ type: 'enrich.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ firstName: 'tooLong' });
    actor.send({ type: 'enrich.changeName', value: 'Erika' });
    actor.send({ type: 'enrich.submit' });
    const kept = await waitFor(actor, (s) => s.matches('editing') && s.context.failure !== null);
    expect(kept.context.failure).toBe('network');
    actor.send({ type: 'enrich.submit' });
    expect((await waitFor(actor, (s) => s.status === 'done')).value).toBe('invalidLink');
    expect(save.inputs).toHaveLength(2);
  });
});

describe('newsletter unsubscribe: one step from the signed hash', () => {
  function start(emailHash: string | null, steps: (void | Error)[] = [undefined]) {
    const unsubscribe = scripted<void, { emailHash: string }>(steps);
    let shown = 0;
    const machine = newsletterUnsubscribeMachine.provide({
      actors: { unsubscribe: unsubscribe.logic },
      actions: { showSuccess: () => void (shown += 1) },
    });
    const actor = createActor(machine, { input: { emailHash } }).start();
    return { actor, inputs: unsubscribe.inputs, shown: () => shown };
  }

  it('waits for the button, then unsubscribes and shows the success page', async () => {
    const { actor, inputs, shown } = start(HASH.toUpperCase());
    expect(actor.getSnapshot().value).toBe('ready');
    expect(inputs).toEqual([]);
    actor.send({ type: 'unsubscribe.confirm' });
    expect((await waitFor(actor, (s) => s.status === 'done')).value).toBe('done');
    expect(inputs).toEqual([{ emailHash: HASH }]);
    expect(shown()).toBe(1);
  });

  it('a tampered or unknown hash is invalid; a broken one without a call', async () => {
    const unknown = start(HASH, [new ApiCallError({ status: 404 })]);
    unknown.actor.send({ type: 'unsubscribe.confirm' });
    expect((await waitFor(unknown.actor, (s) => s.status === 'done')).value).toBe('invalidLink');
    expect(unknown.shown()).toBe(0);
    const broken = start('not-hex');
    expect(broken.actor.getSnapshot().value).toBe('invalidLink');
  });

  it('offers a retry when no answer came', async () => {
    const { actor, inputs } = start(HASH, [new ApiCallError({ status: 502 }), undefined]);
    actor.send({ type: 'unsubscribe.confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'unsubscribe.retry' });
    expect((await waitFor(actor, (s) => s.status === 'done')).value).toBe('done');
    expect(inputs).toHaveLength(2);
  });
});

describe('the account’s subscription switch', () => {
  it('loads, subscribes and unsubscribes; a failure keeps the shown state', async () => {
    const load = scripted<SubscriptionAnswer>([new ApiCallError({}), { status: 'none', emailHash: null }]);
    const set = scripted<SubscriptionAnswer, { subscribed: boolean }>([
      { status: 'subscribed', emailHash: HASH },
      new ApiCallError({ status: 503 }),
      { status: 'none', emailHash: null },
    ]);
    const machine = newsletterSubscriptionMachine.provide({ actors: { loadSubscription: load.logic, setSubscription: set.logic } });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('loadFailed'));
    actor.send({ type: 'subscription.retry' });
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'subscription.toggle' });
    const on = await waitFor(actor, (s) => s.matches('shown') && s.context.status === 'subscribed');
    expect(on.context).toMatchObject({ emailHash: HASH, changed: 'subscribed' });
    actor.send({ type: 'subscription.toggle' });
    const failed = await waitFor(actor, (s) => s.matches('shown') && s.context.failure !== null);
    expect(failed.context.status).toBe('subscribed');
    actor.send({ type: 'subscription.toggle' });
    const off = await waitFor(actor, (s) => s.matches('shown') && s.context.status === 'none');
    expect(off.context.changed).toBe('unsubscribed');
    expect(set.inputs).toEqual([{ subscribed: true }, { subscribed: false }, { subscribed: false }]);
  });
});
