// @vitest-environment happy-dom
// The receive screen as a USB scanner uses it: the field has the focus, the scanner's Enter sends the
// trade number, the result shows large, the field is empty and focused again; a refusal is an alert;
// a parcel received before opens its trade.

import { afterEach, describe, expect, it } from 'vitest';
import { receivedTrade } from '../machines/inspection.fixtures';
import { StaffCallError, staffFailure } from '../services/failure';
import { ReceiveActorProvider } from './receive-actor';
import { ReceiveScreen } from './receive-screen';
import { fakeClient, field, pressEnter, renderScreen, settle, type } from './testing';

let unmount = () => {};
afterEach(() => unmount());

async function open(answer: (code: string) => unknown) {
  const fake = fakeClient((call) => (call.path === '/api/staff/receive' ? answer((call.body as { code: string }).code) : undefined));
  const rendered = await renderScreen(
    () => (
      <ReceiveActorProvider>
        <ReceiveScreen />
      </ReceiveActorProvider>
    ),
    fake.client,
  );
  unmount = rendered.unmount;
  return { ...rendered, calls: fake.calls, input: field(rendered.host, 'Trade number') };
}

describe('receive screen', () => {
  it('the scanner’s Enter receives the parcel; the field is emptied and focused for the next', async () => {
    const { host, input, calls } = await open(() => ({ received: true, trade: receivedTrade() }));
    expect(document.activeElement).toBe(input);
    type(input, 'TR-2026-000042');
    pressEnter(input);
    await settle();
    expect(calls).toEqual([{ method: 'POST', path: '/api/staff/receive', body: { code: 'TR-2026-000042' } }]);
    const status = host.querySelector('[role="status"].scan-status')!;
    expect(status.textContent).toContain('Received TR-2026-000042');
    expect(status.textContent).toContain('Seller: Erika Mustermann');
    expect(status.textContent).toContain('Apple iPhone 13 128 GB');
    expect(status.querySelector('a')?.getAttribute('href')).toBe('/trades/TR-2026-000042');
    expect(input.value).toBe('');
    expect(document.activeElement).toBe(input);
    expect(host.querySelector('[role="alert"].scan-alert')?.textContent).toBe('');
    expect(host.querySelectorAll('.scan-list tbody tr')).toHaveLength(1);
  });

  it('a refusal is an alert with its reason; the field is ready for the next parcel', async () => {
    const { host, input } = await open((code) => {
      throw new StaffCallError(
        code === 'TR-2026-000099'
          ? staffFailure('trade_not_found', { status: 404 })
          : staffFailure('wrong_status', { status: 409, tradeStatus: 'cancelled' }),
      );
    });
    type(input, 'TR-2026-000099');
    pressEnter(input);
    await settle();
    const alert = host.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain('Not received');
    expect(alert.textContent).toContain('Unknown trade number: TR-2026-000099');
    expect(input.value).toBe('');
    expect(document.activeElement).toBe(input);
    type(input, 'TR-2026-000007');
    pressEnter(input);
    await settle();
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('TR-2026-000007 cannot be received: its status is Cancelled.');
  });

  it('an empty Enter sends nothing and says what is missing', async () => {
    const { host, input, calls } = await open(() => ({ received: true, trade: receivedTrade() }));
    pressEnter(input);
    await settle();
    expect(calls).toEqual([]);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(host.textContent).toContain('Please fill in this field.');
  });

  it('a parcel received before says so and opens its trade', async () => {
    const { router, input } = await open(() => ({ received: false, trade: receivedTrade() }));
    type(input, 'TR-2026-000042');
    pressEnter(input);
    await settle();
    expect(router.state.location.pathname).toBe('/trades/TR-2026-000042');
    expect(router.state.location.search).toEqual({ again: true });
  });

  it('offers the camera only where the browser reads barcodes', async () => {
    const { host } = await open(() => undefined);
    expect('BarcodeDetector' in window).toBe(false);
    expect([...host.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Receive']);
  });
});
