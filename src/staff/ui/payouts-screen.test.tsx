// @vitest-environment happy-dom
// The payouts screen as a clerk uses it: the due payouts with their urgency, selecting some shows how
// many and their sum, making a batch sends exactly the selection (SEPA Instant only when ticked), and a
// refusal (another clerk batched one meanwhile) is shown in words with the list reloaded.

import { afterEach, describe, expect, it } from 'vitest';
import type { Batch, DuePayout } from '../../contracts/payouts';
import type { StaffMe } from '../../contracts/staff';
import { StaffCallError, staffFailure } from '../services/failure';
import { PayoutsScreen } from './payouts-screen';
import { fakeClient, renderScreen, settle } from './testing';

const CLERK: StaffMe = {
  id: '66666666-6666-4666-8666-666666666666',
  email: 'paula@staff.example',
  name: 'Paula Payouts',
  roles: ['payouts'],
  csrfToken: 'csrf',
  idleMinutes: 30,
};

const payout = (tradeNumber: string, overrides: Partial<DuePayout> = {}): DuePayout => ({
  tradeNumber,
  locale: 'de',
  method: 'sepa',
  recipient: 'DE89 •••• •••• •••• 3000',
  holder: 'Erika Mustermann',
  devices: 1,
  itemsCents: 17_200,
  voucherCents: 0,
  bonusCents: 0,
  amountCents: 17_200,
  dueBy: '2026-12-01',
  urgency: 'on_time',
  bonusPreviewCents: 860,
  topUp: false,
  ...overrides,
});

const DUE = [
  payout('TR-2026-000001', { urgency: 'late', bonusCents: 860, amountCents: 18_060, dueBy: '2026-11-24' }),
  payout('TR-2026-000002', { urgency: 'due_soon' }),
  payout('TR-2026-000003'),
];

const BATCH: Batch = {
  id: '77777777-7777-4777-8777-777777777777',
  reference: 'PB-000007',
  method: 'sepa',
  instant: true,
  requestedDate: '2026-11-29',
  state: 'open',
  count: 2,
  controlSumCents: 35_260,
  createdAt: '2026-11-29T09:00:00.000Z',
  createdBy: CLERK.email,
  executedAt: null,
  fileName: 'PB-000007-pain.001.001.09.xml',
  entries: [],
};

let unmount = () => {};
afterEach(() => unmount());

async function open(create: () => unknown) {
  const fake = fakeClient((call) => {
    if (call.path === '/api/staff/payouts/due') return { day: '2026-11-29', payouts: DUE };
    if (call.path === '/api/staff/payouts/batches' && call.method === 'GET') return { batches: [] };
    if (call.path === '/api/staff/payouts/batches' && call.method === 'POST') return create();
    return undefined;
  });
  const rendered = await renderScreen(() => <PayoutsScreen method="sepa" />, fake.client, CLERK, '/payouts');
  unmount = rendered.unmount;
  await settle();
  return { ...rendered, calls: fake.calls };
}

const checkbox = (host: HTMLElement, name: string) => host.querySelector<HTMLInputElement>(`input[aria-label="${name}"]`)!;
const click = async (element: HTMLElement) => {
  element.click();
  await settle();
};

describe('payouts screen', () => {
  it('lists the due payouts most urgent first with their state and the bonus a late one includes', async () => {
    const { host } = await open(() => BATCH);
    const rows = [...host.querySelectorAll('.due-payouts tbody tr')];
    expect(rows.map((row) => row.querySelector('a')?.textContent)).toEqual(['TR-2026-000001', 'TR-2026-000002', 'TR-2026-000003']);
    expect(rows[0]!.textContent).toContain('Late: bonus included');
    expect(rows[0]!.textContent).toContain('incl. bonus €8.60');
    expect(rows[1]!.textContent).toContain('Due soon');
    expect(rows[1]!.textContent).toContain('later adds €8.60');
    expect(host.querySelector('.batches')).toBeNull();
    expect(host.textContent).toContain('No batches yet.');
  });

  it('counts and sums the selection, and makes a batch of exactly it', async () => {
    const { host, calls } = await open(() => BATCH);
    const button = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Make a batch of the selection')!;
    expect(button.disabled).toBe(true);
    await click(checkbox(host, 'Select TR-2026-000001'));
    await click(checkbox(host, 'Select TR-2026-000003'));
    expect(host.querySelector('.batch-actions [role="status"]')?.textContent).toBe('2 payouts selected, €352.60 in all.');
    await click(host.querySelector<HTMLInputElement>('.batch-actions input[type="checkbox"]')!);
    await click(button);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/staff/payouts/batches',
        body: { method: 'sepa', tradeNumbers: ['TR-2026-000001', 'TR-2026-000003'], instant: true },
      },
    ]);
  });

  it('says why a batch was refused and reloads the due payouts', async () => {
    const { host, calls } = await open(() => {
      throw new StaffCallError(staffFailure('in_batch', { status: 409, tradeNumber: 'TR-2026-000002' }));
    });
    await click(checkbox(host, 'Select all'));
    const dueCalls = calls.filter((c) => c.path === '/api/staff/payouts/due').length;
    await click([...host.querySelectorAll('button')].find((b) => b.textContent === 'Make a batch of the selection')!);
    expect(host.textContent).toContain('TR-2026-000002 waits in a payout batch already. Reload the due payouts.');
    expect(calls.filter((c) => c.path === '/api/staff/payouts/due').length).toBe(dueCalls + 1);
  });
});
