// @vitest-environment happy-dom
// The inspection form's save: closed until every device has a valid IMEI or serial number and every
// device accepted as it is its wipe; the wrong check digit is named at the field; a device found worse
// needs no wipe; another inspector's hold is named with the take-over.

import { afterEach, describe, expect, it } from 'vitest';
import type { QuoteAnswer } from '../../contracts/staff';
import { BAD_IMEI, GALAXY, heldByOther, IMEI, IPHONE, quote, receivedTrade } from '../machines/inspection.fixtures';
import { InspectionScreen } from './inspection-screen';
import { click, fakeClient, field, renderScreen, settle, type } from './testing';

let unmount = () => {};
afterEach(() => unmount());

async function open(options: { quote?: (offerId: string, answers: Record<string, number>) => QuoteAnswer; heldByOther?: boolean } = {}) {
  let holds = 0;
  const fake = fakeClient(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/staff/trades/TR-2026-000042') return receivedTrade();
    if (path.endsWith('/hold') && method === 'POST') {
      holds += 1;
      return options.heldByOther && holds === 1 ? heldByOther() : receivedTrade();
    }
    if (path.endsWith('/quote')) {
      const { offerId, answers } = body as { offerId: string; answers: Record<string, number> };
      return (options.quote ?? ((id) => quote(id, 'asOffered')))(offerId, answers);
    }
    return undefined;
  });
  const rendered = await renderScreen(() => <InspectionScreen tradeNumber="TR-2026-000042" />, fake.client);
  await settle();
  unmount = rendered.unmount;
  return { ...rendered, calls: fake.calls };
}

const saveButton = (host: HTMLElement) => [...host.querySelectorAll('button')].find((b) => b.textContent === 'Review and save')!;
const device = (host: HTMLElement, offerId: string) => host.querySelector<HTMLElement>(`section.device[data-offer="${offerId}"]`)!;

describe('inspection form', () => {
  it('opens the save only with every identifier valid and every accepted device wiped', async () => {
    const { host } = await open();
    const iphone = device(host, IPHONE);
    const galaxy = device(host, GALAXY);
    expect(iphone.textContent).toContain('As offered: pays €310.00.');
    expect(saveButton(host).disabled).toBe(true);
    expect(host.querySelector('.missing')?.textContent).toContain(
      'Device 1 (Apple iPhone 13 128 GB): a valid IMEI or serial number, the wipe confirmation',
    );

    const imei = field(iphone, 'IMEI or serial number');
    type(imei, BAD_IMEI);
    expect(imei.getAttribute('aria-invalid')).toBe('true');
    expect(iphone.textContent).toContain('The IMEI’s check digit does not fit');
    type(imei, IMEI);
    expect(imei.getAttribute('aria-invalid')).toBeNull();
    expect(iphone.textContent).toContain('Checked: the number is valid.');
    type(field(galaxy, 'IMEI or serial number'), 'R58N12ABCDE');
    expect(saveButton(host).disabled).toBe(true);

    click(field(iphone, /Cryptographic erase/));
    expect(saveButton(host).disabled).toBe(true);
    click(field(galaxy, /Factory reset/));
    expect(saveButton(host).disabled).toBe(false);
    expect(host.querySelector('.missing')?.textContent).toBe('');

    click(saveButton(host));
    expect(host.textContent).toContain('Check before saving');
    expect(host.textContent).toContain('After saving, the trade is inspected and €490.00 is paid.');
  });

  it('a device found worse needs no wipe: it waits for the seller', async () => {
    const { host, calls } = await open({
      quote: (offerId, answers) =>
        offerId === GALAXY && answers['1'] === 13 ? quote(offerId, 'worse', 9_000) : quote(offerId, 'asOffered'),
    });
    const galaxy = device(host, GALAXY);
    const display = galaxy.querySelector('select')!;
    await settle();
    display.value = '13';
    display.dispatchEvent(new Event('change', { bubbles: true }));
    await settle();
    expect(galaxy.querySelector('tr.differs')).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 450));
    await settle();
    expect(calls.filter((c) => c.path.endsWith('/quote')).at(-1)?.body).toEqual({ offerId: GALAXY, answers: { '1': 13, '2': 21 } });
    expect(galaxy.textContent).toContain('Worse than offered: the seller gets a counter-offer of €90.00.');
    expect(galaxy.textContent).toContain('No wipe yet');
    type(field(device(host, IPHONE), 'IMEI or serial number'), IMEI);
    type(field(galaxy, 'IMEI or serial number'), IMEI);
    click(field(device(host, IPHONE), /Cryptographic erase/));
    expect(saveButton(host).disabled).toBe(false);
  });

  it('names another inspector’s hold and takes over on request', async () => {
    const { host } = await open({ heldByOther: true });
    expect(host.textContent).toContain('Held by Max Prüfer since');
    click([...host.querySelectorAll('button')].find((b) => b.textContent === 'Take over the inspection')!);
    await settle();
    expect(saveButton(host)).toBeDefined();
  });
});
