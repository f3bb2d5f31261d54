// @vitest-environment happy-dom
// The support inbox as a support user works it: the list asks for open messages by default and shows
// each one's subject, country and assignee; a filter changes the request; the message screen assigns
// the message to me, sends a reply (the exact text, trimmed) and shows it among the earlier replies,
// keeps the text when the reply is refused (the message was closed meanwhile) and says why, and closes.

import { afterEach, describe, expect, it } from 'vitest';
import type { StaffMe } from '../../contracts/staff';
import type { ContactMessage, InboxEntry } from '../../contracts/support';
import { StaffCallError, staffFailure } from '../services/failure';
import { InboxScreen } from './inbox-screen';
import { MessageScreen } from './message-screen';
import { fakeClient, renderScreen, settle } from './testing';

const SUPPORT: StaffMe = {
  id: '88888888-8888-4888-8888-888888888888',
  email: 'susi@staff.example',
  name: 'Susi Support',
  roles: ['support'],
  csrfToken: 'csrf',
  idleMinutes: 30,
};
const COLLEAGUE = { id: '99999999-9999-4999-8999-999999999999', name: 'Carl Colleague', email: 'carl@staff.example' };

const entry = (reference: string, overrides: Partial<InboxEntry> = {}): InboxEntry => ({
  reference,
  locale: 'fr',
  subject: 'orderStatus',
  name: 'Erika Mustermann',
  email: 'erika@example.com',
  tradeNumber: null,
  business: false,
  createdAt: '2026-11-28T09:00:00.000Z',
  state: 'open',
  assignee: null,
  replies: 0,
  attachments: 0,
  ...overrides,
});

const MESSAGE: ContactMessage = {
  ...entry('KM-2026-0000000A', { tradeNumber: 'TR-2026-000042', attachments: 1 }),
  message: 'Où en est ma commande ?',
  source: 'page',
  recipient: 'service@tradein.fr',
  mailStatus: 'mailed',
  closedAt: null,
  closedBy: null,
  attachmentFiles: [{ position: 0, filename: 'photo.jpg', contentType: 'image/jpeg', size: 20_480 }],
  replyList: [],
};

let unmount = () => {};
afterEach(() => unmount());

const click = async (element: HTMLElement) => {
  element.click();
  await settle();
};
const button = (host: HTMLElement, text: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === text)!;
const labelled = <T extends HTMLElement>(host: HTMLElement, text: string): T => {
  const label = [...host.querySelectorAll('label')].find((l) => l.textContent === text)!;
  return host.querySelector<T>(`#${CSS.escape(label.htmlFor)}`)!;
};

describe('support inbox', () => {
  it('lists the open messages by default and asks again when a filter changes', async () => {
    const fake = fakeClient((call) =>
      call.path === '/api/staff/inbox'
        ? {
            messages: [entry('KM-2026-0000000B', { assignee: COLLEAGUE, replies: 2 }), entry('KM-2026-0000000A', { locale: 'de' })],
            page: 1,
            pageSize: 25,
            total: 2,
          }
        : undefined,
    );
    const rendered = await renderScreen(() => <InboxScreen filter={{}} />, fake.client, SUPPORT, '/inbox');
    unmount = rendered.unmount;
    await settle();
    const { host } = rendered;
    expect(fake.calls[0]).toMatchObject({ method: 'GET', path: '/api/staff/inbox' });
    const rows = [...host.querySelectorAll('.inbox-messages tbody tr')];
    expect(rows.map((row) => row.querySelector('a')?.getAttribute('href'))).toEqual(['/inbox/KM-2026-0000000B', '/inbox/KM-2026-0000000A']);
    expect(rows[0]!.textContent).toContain('Status of a trade');
    expect(rows[0]!.textContent).toContain('France');
    expect(rows[0]!.textContent).toContain('Carl Colleague');
    expect(rows[0]!.textContent).toContain('2 replies');
    expect(rows[1]!.textContent).toContain('Germany');
    expect(rows[1]!.textContent).toContain('Nobody yet');
    expect(host.querySelector('[role="status"]')?.textContent).toBe('2 messages');
    expect(labelled<HTMLSelectElement>(host, 'State').value).toBe('open');

    const assignee = labelled<HTMLSelectElement>(host, 'Assigned to');
    assignee.value = 'me';
    assignee.dispatchEvent(new Event('change', { bubbles: true }));
    await settle();
    expect(rendered.router.state.location.search).toEqual({ assignee: 'me' });
  });

  it('says when no message matches', async () => {
    const fake = fakeClient(() => ({ messages: [], page: 1, pageSize: 25, total: 0 }));
    const rendered = await renderScreen(() => <InboxScreen filter={{ state: 'closed' }} />, fake.client, SUPPORT, '/inbox');
    unmount = rendered.unmount;
    await settle();
    expect(rendered.host.textContent).toContain('No messages match these filters.');
  });
});

describe('message screen', () => {
  async function open(reply: (body: unknown) => unknown) {
    let current: ContactMessage = MESSAGE;
    const fake = fakeClient((call) => {
      if (call.path === '/api/staff/support-users')
        return { users: [COLLEAGUE, { id: SUPPORT.id, name: SUPPORT.name, email: SUPPORT.email }] };
      if (call.path === '/api/staff/inbox/KM-2026-0000000A' && call.method === 'GET') return current;
      if (call.path === '/api/staff/inbox/KM-2026-0000000A' && call.method === 'PATCH') {
        const body = call.body as { assignee?: string; state?: 'open' | 'closed' };
        current = body.state
          ? { ...current, state: body.state, closedAt: '2026-11-29T10:00:00.000Z', closedBy: SUPPORT.name }
          : { ...current, assignee: { id: SUPPORT.id, name: SUPPORT.name, email: SUPPORT.email } };
        return current;
      }
      if (call.path === '/api/staff/inbox/KM-2026-0000000A/replies') {
        current = reply(call.body) as ContactMessage;
        return current;
      }
      return undefined;
    });
    const rendered = await renderScreen(
      () => <MessageScreen reference="KM-2026-0000000A" />,
      fake.client,
      SUPPORT,
      '/inbox/KM-2026-0000000A',
    );
    unmount = rendered.unmount;
    await settle();
    return { ...rendered, calls: fake.calls };
  }

  const type = async (textarea: HTMLTextAreaElement, text: string) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    setter.call(textarea, text);
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
    await settle();
  };

  it('shows the message with its attachment, assigns it to me, replies and closes', async () => {
    const { host, calls } = await open(() => ({
      ...MESSAGE,
      assignee: { id: SUPPORT.id, name: SUPPORT.name, email: SUPPORT.email },
      replyList: [
        {
          id: '12121212-1212-4121-8121-121212121212',
          staffName: SUPPORT.name,
          body: 'Votre colis est arrivé.',
          createdAt: '2026-11-29T09:30:00.000Z',
          mailId: '13131313-1313-4131-8131-131313131313',
          mailStatus: 'pending',
        },
      ],
    }));
    expect(host.querySelector('h1')?.textContent).toBe('Message KM-2026-0000000A');
    expect(host.querySelector('.message-text')?.textContent).toBe('Où en est ma commande ?');
    const download = [...host.querySelectorAll('a')].find((a) => a.textContent === 'photo.jpg')!;
    expect(download.getAttribute('href')).toBe('/api/staff/inbox/KM-2026-0000000A/attachments/0');
    expect(host.querySelector('a[href="/trades/TR-2026-000042"]')).not.toBeNull();
    expect(host.textContent).toContain('No reply yet.');

    await click(button(host, 'Assign to me'));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ assignee: 'me' }]);
    expect(host.querySelector('.assignment [role="status"]')?.textContent).toBe('Susi Support (susi@staff.example)');
    expect(button(host, 'Assign to me')).toBeUndefined();

    const textarea = labelled<HTMLTextAreaElement>(host, 'Your answer to Erika Mustermann');
    await click(button(host, 'Send the reply'));
    expect(host.textContent).toContain('Write the reply first.');
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await type(textarea, '  Votre colis est arrivé.  ');
    await click(button(host, 'Send the reply'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/staff/inbox/KM-2026-0000000A/replies', body: { body: 'Votre colis est arrivé.' } },
    ]);
    expect(textarea.value).toBe('');
    expect(host.textContent).toContain('The reply is in the outbox and goes out in a moment.');
    expect(host.querySelector('.replies')?.textContent).toContain('Votre colis est arrivé.');
    expect(host.querySelector('.replies')?.textContent).toContain('Waiting to be sent');

    await click(button(host, 'Close the message'));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ assignee: 'me' }, { state: 'closed' }]);
    expect(host.textContent).toContain('This message is closed. Reopen it to reply.');
    expect(host.querySelector('textarea')).toBeNull();
    expect(button(host, 'Reopen the message')).toBeDefined();
  });

  it('keeps the text of a refused reply and says why', async () => {
    const { host } = await open(() => {
      throw new StaffCallError(staffFailure('message_closed', { status: 409 }));
    });
    const textarea = labelled<HTMLTextAreaElement>(host, 'Your answer to Erika Mustermann');
    await type(textarea, 'Bonjour, voici la réponse.');
    await click(button(host, 'Send the reply'));
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('This message is closed. Reopen it to reply.');
    expect(textarea.value).toBe('Bonjour, voici la réponse.');
  });
});
