// @vitest-environment happy-dom
// The support lookup as a support user uses it: the search text is sent as the page's `q`; the trades,
// customer accounts, contact messages and mails found are listed; a kept mail is sent again only after
// the confirmation (and the list is read again), one whose text is gone says so; nothing found says so.

import { afterEach, describe, expect, it } from 'vitest';
import type { StaffMe } from '../../contracts/staff';
import type { LookupAnswer } from '../../contracts/support';
import { LookupScreen } from './lookup-screen';
import { fakeClient, renderScreen, settle } from './testing';

const SUPPORT: StaffMe = {
  id: '88888888-8888-4888-8888-888888888888',
  email: 'susi@staff.example',
  name: 'Susi Support',
  roles: ['support'],
  csrfToken: 'csrf',
  idleMinutes: 30,
};
const KEPT = '11111111-1111-4111-8111-111111111111';
const GONE = '22222222-2222-4222-8222-222222222222';

const FOUND: LookupAnswer = {
  kind: 'email',
  trades: [
    {
      tradeNumber: 'TR-2026-000042',
      status: 'paid',
      locale: 'de',
      sellerName: 'Erika Mustermann',
      sellerEmail: 'erika@example.com',
      createdAt: '2026-11-02T10:00:00.000Z',
      totalCents: 17_200,
    },
  ],
  customers: [],
  messages: [{ reference: 'KM-2026-0000000A', subject: 'orderStatus', state: 'closed', createdAt: '2026-11-20T10:00:00.000Z' }],
  mails: [
    {
      id: KEPT,
      recipient: 'erika@example.com',
      subject: 'Ihr Verkauf TR-2026-000042: Wir haben Ihnen 172,00 € ausgezahlt',
      status: 'sent',
      createdAt: '2026-11-05T10:00:00.000Z',
      sentAt: '2026-11-05T10:00:05.000Z',
      resendable: true,
    },
    {
      id: GONE,
      recipient: 'erika@example.com',
      subject: 'Ihr Verkauf TR-2026-000042 ist angelegt',
      status: 'sent',
      createdAt: '2026-07-01T10:00:00.000Z',
      sentAt: '2026-07-01T10:00:05.000Z',
      resendable: false,
    },
  ],
};

let unmount = () => {};
afterEach(() => unmount());

const button = (host: HTMLElement, text: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === text);

describe('support lookup', () => {
  it('lists what was found and sends a kept mail again only after the confirmation', async () => {
    const fake = fakeClient((call) => {
      if (call.path === '/api/staff/lookup') return FOUND;
      if (call.path === `/api/staff/mails/${KEPT}/resend`)
        return { id: '33333333-3333-4333-8333-333333333333', recipient: 'erika@example.com', subject: 'x' };
      return undefined;
    });
    const rendered = await renderScreen(
      () => <LookupScreen q="erika@example.com" />,
      fake.client,
      SUPPORT,
      '/lookup?q=erika%40example.com',
    );
    unmount = rendered.unmount;
    await settle();
    const { host } = rendered;
    expect(fake.calls[0]).toMatchObject({ method: 'GET', path: '/api/staff/lookup', query: { q: 'erika@example.com' } });
    expect(host.querySelector('.lookup-trades a')?.getAttribute('href')).toBe('/trades/TR-2026-000042');
    expect(host.textContent).toContain('No customer account (guest trades only).');
    expect(host.querySelector('a[href="/inbox/KM-2026-0000000A"]')).not.toBeNull();
    const rows = [...host.querySelectorAll('.lookup-mails tbody tr')];
    expect(rows[1]!.textContent).toContain('Text no longer kept');
    expect(rows[1]!.querySelector('button')).toBeNull();

    const lookups = fake.calls.filter((c) => c.path === '/api/staff/lookup').length;
    rows[0]!.querySelector<HTMLButtonElement>('button')!.click();
    await settle();
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(host.textContent).toContain('Send it to erika@example.com again?');
    button(host, 'Yes, send again')!.click();
    await settle();
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: `/api/staff/mails/${KEPT}/resend`, body: {} }]);
    expect(host.querySelector('.lookup-mails [role="status"]')?.textContent).toBe('Queued to be sent again.');
    expect(fake.calls.filter((c) => c.path === '/api/staff/lookup').length).toBe(lookups + 1);
  });

  it('says when nothing was found', async () => {
    const fake = fakeClient(() => ({ kind: 'identifier', trades: [], customers: [], messages: [], mails: [] }));
    const rendered = await renderScreen(() => <LookupScreen q="352099001761481" />, fake.client, SUPPORT, '/lookup?q=352099001761481');
    unmount = rendered.unmount;
    await settle();
    expect(rendered.host.querySelector('[role="status"]')?.textContent).toBe('Nothing found for “352099001761481”.');
  });
});
