// @vitest-environment happy-dom
// The payouts screen as a clerk uses it: the due payouts with their urgency, selecting some shows how
// many and their sum, making a batch sends exactly the selection (SEPA Instant only when ticked), and a
// refusal (another clerk batched one meanwhile) is shown in words with the list reloaded; a payout whose
// transfer came back says so. The batch screen records a bank return of one transfer with its reason.

import { afterEach, describe, expect, it } from 'vitest';
import type { Batch, DuePayout } from '../../contracts/payouts';
import type { StaffMe } from '../../contracts/staff';
import { StaffCallError, staffFailure } from '../services/failure';
import { BatchScreen } from './batch-screen';
import { bankToday } from './format';
import { PayoutsScreen } from './payouts-screen';
import { fakeClient, field, renderScreen, settle, type } from './testing';

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
  bankReturn: null,
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
    // The execution day to ask for: bankToday unless the clerk picks a later one.
    const day = field(host, 'Execution day to ask for');
    expect(day.value).toBe(bankToday());
    type(day, '2026-12-01');
    await click(button);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/staff/payouts/batches',
        body: { method: 'sepa', tradeNumbers: ['TR-2026-000001', 'TR-2026-000003'], instant: true, requestedDate: '2026-12-01' },
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

  it('marks a payout whose last transfer came back, and whether the seller corrected the account since', async () => {
    DUE.push(payout('TR-2026-000004', { bankReturn: { returnedAt: '2026-11-26T09:00:00.000Z', corrected: false } }));
    DUE.push(payout('TR-2026-000005', { bankReturn: { returnedAt: '2026-11-26T09:00:00.000Z', corrected: true } }));
    try {
      const { host } = await open(() => BATCH);
      const rows = [...host.querySelectorAll('.due-payouts tbody tr')];
      expect(rows[3]!.textContent).toContain('Returned by the bank on Nov 26, 2026; account not corrected yet');
      expect(rows[4]!.textContent).toContain('Returned by the bank on Nov 26, 2026; account corrected since');
      expect(rows[0]!.textContent).not.toContain('Returned by the bank');
    } finally {
      DUE.splice(3);
    }
  });
});

describe('batch screen', () => {
  const EXECUTED: Batch = {
    ...BATCH,
    state: 'executed',
    executedAt: '2026-11-29T12:00:00.000Z',
    entries: [
      {
        tradeNumber: 'TR-2026-000001',
        recipient: 'DE89 •••• •••• •••• 3000',
        holder: 'Erika Mustermann',
        amountCents: 18_060,
        bonusCents: 860,
        state: 'executed',
        shortfallCents: 0,
        topUp: false,
        returnedAt: null,
        returnReason: null,
      },
    ],
  };

  it('records a bank return of one transfer with the bank’s reason, and shows it on the row', async () => {
    const returned: Batch = {
      ...EXECUTED,
      entries: [
        { ...EXECUTED.entries[0]!, state: 'returned', returnedAt: '2026-11-30T09:00:00.000Z', returnReason: 'AC04 account closed' },
      ],
    };
    let current = EXECUTED;
    const fake = fakeClient((call) => {
      if (call.path === `/api/staff/payouts/batches/${EXECUTED.id}`) return current;
      if (call.path === `/api/staff/payouts/batches/${EXECUTED.id}/returns`) return (current = returned);
      return undefined;
    });
    const rendered = await renderScreen(() => <BatchScreen id={EXECUTED.id} />, fake.client, CLERK, `/payouts/batches/${EXECUTED.id}`);
    unmount = rendered.unmount;
    await settle();
    const { host } = rendered;
    await click(host.querySelector<HTMLButtonElement>('button[aria-label="Record a bank return of TR-2026-000001"]')!);
    const submit = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Record the return')!;
    expect(submit.disabled).toBe(true);
    type(field(host, 'Reason given by the bank or PayPal'), 'AC04 account closed');
    await click(submit);
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: `/api/staff/payouts/batches/${EXECUTED.id}/returns`,
        body: { tradeNumber: 'TR-2026-000001', reason: 'AC04 account closed' },
      },
    ]);
    const row = host.querySelector('tr[data-trade-number="TR-2026-000001"]')!;
    expect(row.textContent).toContain('Returned by the bank');
    expect(row.textContent).toContain('AC04 account closed');
    expect(row.querySelector('button')).toBeNull();
  });
});
