import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ContactAccepted } from '../contracts/contact';
import type { ApiClient } from '../services/api-client';
import { ApiCallError } from '../services/api-failure';
import { saveSnapshot } from '../services/persistence';
import { CONTACT_DRAFT_KEY } from '../services/storage-keys';
import { attachmentErrors, contactMachine, restoredContact, storedContactOf, type Prepared, type SendInput } from './contact';
import { contactActors } from './contact.actors';

const file = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });
const FILLED = { subject: 'returns', name: 'Erika', email: 'erika@example.org', tradeNumber: '', message: 'Hallo', business: false };

function start(
  prepared: Prepared = { draft: null, ticket: 'T' },
  answer: () => Promise<ContactAccepted> = async () => ({ status: 'accepted', reference: 'KM-2026-00000001' }),
) {
  const sent: SendInput[] = [];
  const machine = contactMachine.provide({
    actors: {
      prepare: fromPromise<Prepared, void>(async () => prepared),
      send: fromPromise<ContactAccepted, SendInput>(({ input }) => (sent.push(input), answer())),
    },
  });
  return { actor: createActor(machine, { input: { locale: 'de', source: 'page' } }).start(), sent };
}

describe('contact machine', () => {
  it('checks attachments in the browser: at most three, 5 MB each, images or PDF by type or name', () => {
    expect(attachmentErrors([file('a.png', 10, 'image/png'), file('b.pdf', 10, ''), file('c.HEIC', 10, '')])).toEqual({});
    expect(attachmentErrors([file('a.exe', 10, 'application/x-msdownload')])).toEqual({ 'attachments.0': 'attachmentType' });
    expect(attachmentErrors([file('big.jpg', 5 * 1024 * 1024 + 1, 'image/jpeg')])).toEqual({ 'attachments.0': 'attachmentTooLarge' });
    expect(attachmentErrors([1, 2, 3, 4].map((n) => file(`${n}.png`, 1, 'image/png')))).toEqual({ attachments: 'tooManyAttachments' });
  });

  it('refuses to send with a bad attachment, and sends once it is removed', async () => {
    const { actor, sent } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    for (const [field, value] of Object.entries(FILLED))
      if (typeof value === 'string') actor.send({ type: 'contact.change', field: field as 'name', value });
    actor.send({ type: 'contact.attach', files: [file('virus.exe', 10, '')] });
    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ 'attachments.0': 'attachmentType' });
    actor.send({ type: 'contact.detach', index: 0 });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'contact.submit' });
    await waitFor(actor, (s) => s.matches('sent'));
    expect(sent[0]).toMatchObject({ fields: { subject: 'returns', email: 'erika@example.org' }, files: [], ticket: 'T', website: '' });
  });

  it('counts each submit that comes back with field errors, from its own check or the server, so the form focuses the first', async () => {
    let answers = 0;
    const { actor } = start(undefined, async () => {
      answers += 1;
      if (answers === 1) throw new ApiCallError({ status: 400, body: { fields: [{ path: 'email', code: 'email', message: 'x' }] } });
      if (answers === 2) throw new ApiCallError({ status: 400, body: { fields: [{ path: 'ticket', code: 'invalid', message: 'x' }] } });
      return { status: 'accepted', reference: 'KM-2026-00000002' };
    });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().context.refused).toBe(1);
    for (const [field, value] of Object.entries(FILLED))
      if (typeof value === 'string') actor.send({ type: 'contact.change', field: field as 'name', value });
    actor.send({ type: 'contact.submit' });
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
    expect(actor.getSnapshot().context).toMatchObject({ errors: { email: 'email' }, refused: 2 });
    // A 400 about the form ticket alone shows no field error: nothing to focus, the count stays.
    actor.send({ type: 'contact.submit' });
    await waitFor(actor, (s) => !s.matches('sending') && answers === 2);
    expect(actor.getSnapshot().context.refused).toBe(2);
  });

  it('starts with "about a business trade-in" ticked when the business landing page links here', async () => {
    const machine = contactMachine.provide({
      actors: { prepare: fromPromise<Prepared, void>(async () => ({ draft: null, ticket: 'T' })) },
    });
    const business = createActor(machine, { input: { locale: 'de', source: 'page', business: true } }).start();
    await waitFor(business, (s) => s.matches('editing'));
    expect(business.getSnapshot().context.draft.business).toBe(true);
    expect(
      createActor(machine, { input: { locale: 'de', source: 'page' } })
        .start()
        .getSnapshot().context.draft.business,
    ).toBe(false);
  });

  it('a kept draft fills only the fields still empty', async () => {
    const { actor } = start({ draft: { ...FILLED, name: 'Kept', message: 'Kept message' }, ticket: 'K' });
    actor.send({ type: 'contact.change', field: 'name', value: 'Typed' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.draft).toMatchObject({ name: 'Typed', message: 'Kept message', subject: 'returns' });
    expect(actor.getSnapshot().context.ticket).toBe('K');
  });

  it('keeps the typed text and ticket, never files or the honeypot, and nothing once sent', () => {
    const context = {
      ...start().actor.getSnapshot().context,
      draft: FILLED,
      ticket: 'T',
      website: 'x',
      files: [file('a.png', 1, 'image/png')],
    };
    const stored = storedContactOf(context, false);
    expect(stored).toEqual({ version: 1, draft: FILLED, ticket: 'T' });
    expect(restoredContact(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
    expect(storedContactOf(context, true)).toBeNull();
    expect(restoredContact({ version: 2, draft: FILLED })).toBeNull();
    expect(restoredContact({ version: 1, draft: { ...FILLED, name: 3 } })).toBeNull();
  });
});

describe('contact actors', () => {
  const fakeApi = (calls: string[]) =>
    (async (url: string) => {
      calls.push(url);
      if (url === '/api/contact/ticket') return { ticket: `${Date.now()}.sig` };
      return { status: 'accepted', reference: 'KM-2026-00000002' };
    }) as unknown as ApiClient;

  it('prepare restores the kept draft with its ticket while it is valid, else asks for a new ticket', async () => {
    const calls: string[] = [];
    const actors = contactActors({ api: async () => fakeApi(calls) });
    const kept = { version: 1, draft: FILLED, ticket: `${Date.now() - 3600_000}.old` };
    await saveSnapshot(CONTACT_DRAFT_KEY, kept);
    const prepare = createActor(actors.prepare).start();
    expect((await waitFor(prepare, (s) => s.status === 'done')).output).toEqual({ draft: FILLED, ticket: kept.ticket });
    expect(calls).toEqual([]);
    await saveSnapshot(CONTACT_DRAFT_KEY, { ...kept, ticket: `${Date.now() - 30 * 3600_000}.stale` });
    const again = createActor(actors.prepare).start();
    expect((await waitFor(again, (s) => s.status === 'done')).output?.ticket).toMatch(/\.sig$/);
    expect(calls).toEqual(['/api/contact/ticket']);
  });

  it('send without a ticket asks for one and waits as long as a person would before sending', async () => {
    const calls: string[] = [];
    const waits: number[] = [];
    const actors = contactActors({ api: async () => fakeApi(calls), sleep: async (ms) => void waits.push(ms) });
    const input: SendInput = {
      fields: { ...FILLED, subject: 'returns', tradeNumber: undefined },
      website: '',
      files: [],
      ticket: null,
      source: 'widget',
    };
    const send = createActor(actors.send, { input }).start();
    expect((await waitFor(send, (s) => s.status === 'done')).output).toEqual({ status: 'accepted', reference: 'KM-2026-00000002' });
    expect(calls).toEqual(['/api/contact/ticket', '/api/contact']);
    expect(waits[0]).toBeGreaterThanOrEqual(3000);
  });
});
