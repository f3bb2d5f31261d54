// The offer share machine with fake calls: copy link (copied, or shown to copy by hand, or failed and
// again), the mail form (checked before sending, the server's field issue, too many attempts, retry).

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiCallError } from '../services/api-failure';
import { offerShareMachine } from './offer-share';

const refusal = (status: number, body: unknown) => new ApiCallError({ status, body });

function start(options: { link?: () => Promise<{ link: string; copied: boolean }>; mail?: (email: string) => Promise<void> } = {}) {
  const mails: string[] = [];
  const actor = createActor(
    offerShareMachine.provide({
      actors: {
        createLink: fromPromise(options.link ?? (async () => ({ link: 'https://de.localhost/produkte/x?offer=t', copied: true }))),
        sendMail: fromPromise<void, { offerId: string; email: string }>(async ({ input }) => {
          mails.push(input.email);
          await options.mail?.(input.email);
        }),
      },
    }),
    { input: { offerId: 'offer-1' } },
  ).start();
  return { actor, mails };
}

describe('offer share machine', () => {
  it('copies the link; a refused clipboard shows it to copy by hand', async () => {
    const { actor } = start({ link: async () => ({ link: 'https://x/y', copied: false }) });
    actor.send({ type: 'share.copyLink' });
    const s = await waitFor(actor, (snap) => snap.matches({ link: 'ready' }));
    expect(s.context).toMatchObject({ link: 'https://x/y', copied: false });
    expect(s.matches({ mail: 'closed' })).toBe(true);
  });

  it('a failed link says why (an expired offer, too many attempts) and can be asked again', async () => {
    let calls = 0;
    const { actor } = start({
      link: async () => {
        calls += 1;
        if (calls === 1) throw refusal(410, { statusCode: 410, error: 'Gone', message: 'expired' });
        return { link: 'https://x/y', copied: true };
      },
    });
    actor.send({ type: 'share.copyLink' });
    expect((await waitFor(actor, (s) => s.matches({ link: 'failed' }))).context.linkFailure).toBe('expired');
    actor.send({ type: 'share.copyLink' });
    expect((await waitFor(actor, (s) => s.matches({ link: 'ready' }))).context.copied).toBe(true);
  });

  it('checks the address before sending, sends the normalized one, and can send again', async () => {
    const { actor, mails } = start();
    actor.send({ type: 'share.openMail' });
    actor.send({ type: 'share.submit' });
    expect(actor.getSnapshot().context.errors).toHaveProperty('email');
    expect(actor.getSnapshot().matches({ mail: 'editing' })).toBe(true);
    actor.send({ type: 'share.change', value: ' Erika@Example.COM ' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'share.submit' });
    await waitFor(actor, (s) => s.matches({ mail: 'sent' }));
    expect(mails).toEqual(['erika@example.com']);
    actor.send({ type: 'share.openMail' });
    expect(actor.getSnapshot().matches({ mail: 'editing' })).toBe(true);
  });

  it("shows the server's field issue next to the field, and too many attempts as a failure with retry", async () => {
    let answer: unknown = refusal(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'x',
      fields: [{ path: 'email', code: 'email', message: 'x' }],
    });
    const { actor, mails } = start({
      mail: async () => {
        if (answer) throw answer;
      },
    });
    actor.send({ type: 'share.openMail' });
    actor.send({ type: 'share.change', value: 'erika@example.com' });
    actor.send({ type: 'share.submit' });
    const edited = await waitFor(actor, (s) => s.matches({ mail: 'editing' }) && Object.keys(s.context.errors).length > 0);
    expect(edited.context.errors).toEqual({ email: 'email' });
    answer = refusal(429, { statusCode: 429, error: 'Too Many Requests', message: 'x' });
    actor.send({ type: 'share.submit' });
    expect((await waitFor(actor, (s) => s.matches({ mail: 'failed' }))).context.mailFailure).toBe('rateLimited');
    answer = undefined;
    actor.send({ type: 'share.retry' });
    await waitFor(actor, (s) => s.matches({ mail: 'sent' }));
    expect(mails).toHaveLength(3);
  });
});
