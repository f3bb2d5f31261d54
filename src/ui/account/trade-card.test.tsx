// @vitest-environment happy-dom
// The trade card's money, as a German seller reads it: an unanswered counter-offer is shown beside its
// device but not counted in the payout; a device found better shows the offer struck through and the
// higher price; a trade whose agreed devices are all paid says what was paid and when, without a due
// day; the timeline folds in the account and lists every step with its date; a device whose wipe was
// confirmed links its data-erasure certificate; after a bank return the card asks for the payout details
// again, refuses an invalid IBAN without saving, and saves valid ones.

import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TradeView } from '../../contracts/trade-view';
import type { Payout } from '../../contracts/trades';
import { createI18n, loadAccountMessages, loadMessages } from '../../i18n/i18n';
import { makeShop, ShopProvider } from '../shop-context';
import { TradeCard } from './trade-card';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const IPHONE = 'Apple iPhone 13 128 GB';
const GALAXY = 'Samsung Galaxy S21 5G 128 GB';
const item = (over: Partial<TradeView['items'][number]>): TradeView['items'][number] => ({
  offerId: crypto.randomUUID(),
  deviceName: IPHONE,
  offered: 172,
  price: 172,
  conditionId: 1,
  status: 'inspected',
  ...over,
});
const base: TradeView = {
  tradeId: crypto.randomUUID(),
  tradeNumber: 'TR-2026-000042',
  status: 'clarification',
  createdAt: '2026-11-02T10:00:00.000Z',
  total: 0,
  paid: 0,
  payout: { method: 'sepa', account: 'DE89 •••• •••• •••• 3000' },
  items: [],
  timeline: [
    { kind: 'created', at: '2026-11-02T10:00:00.000Z' },
    { kind: 'labelIssued', at: '2026-11-02T10:00:00.000Z' },
    { kind: 'received', at: '2026-11-04T09:00:00.000Z' },
  ],
};

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

async function render(trade: TradeView, correctPayout?: (payout: Payout) => Promise<void>) {
  const messages = { ...(await loadMessages('de')), ...(await loadAccountMessages('de')) };
  const shop = makeShop({ locale: 'de', mode: 'default', languageSwitchable: false });
  act(() =>
    root.render(
      <I18nProvider i18n={createI18n('de', messages)}>
        <ShopProvider shop={shop}>
          <ul>
            <TradeCard trade={trade} headingLevel={3} correctPayout={correctPayout} />
          </ul>
        </ShopProvider>
      </I18nProvider>,
    ),
  );
}
const facts = () =>
  Object.fromEntries([...host.querySelectorAll('.trade-facts dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
/** Types into a React input as a seller does. */
function type(input: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const input = (name: string) => host.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const prices = () => [...host.querySelectorAll('.trade-item-price')].map((p) => p.textContent);

describe('trade card', () => {
  it('shows a business line of several units with its unit price beside the amount for all of them', async () => {
    await render({
      ...base,
      tradeNumber: 'TB-2026-000001',
      status: 'created',
      items: [
        item({
          deviceName: 'Apple MacBook Pro 14-inch (M3 Pro, 2023) 18 GB / 512 GB',
          quantity: 3,
          offered: 3555,
          price: 3555,
          status: 'offered',
        }),
        item({ status: 'offered' }),
      ],
    });
    const units = [...host.querySelectorAll('[data-testid="trade-item-units"]')].map((u) => u.textContent?.replace(/\s/g, ' '));
    expect(units).toEqual(['3 × 1.185,00 € pro Stück']);
    expect(prices()[0]?.replace(/\s/g, ' ')).toBe('3.555,00 €');
  });

  it('does not count an unanswered counter-offer in the payout; a better device shows its raise', async () => {
    await render({
      ...base,
      total: 350,
      items: [
        item({ price: null, counterOffer: 35.55, deviceName: GALAXY, offered: 79, status: 'clarification' }),
        item({ offered: 310, price: 350, status: 'repriced' }),
      ],
      payoutDueBy: '2026-11-06',
    });
    expect(facts()).toMatchObject({
      'Auszahlung ohne die Geräte, die auf Ihre Antwort warten': '350,00\u00a0€',
      'Auszahlung spätestens am': '06.11.26',
      'Auszahlung an': 'DE89 •••• •••• •••• 3000',
    });
    expect(prices()).toEqual(['Neues Angebot 35,55\u00a0€', '310,00\u00a0€ 350,00\u00a0€']);
    expect(host.querySelector('.trade-item-price del')?.textContent).toBe('310,00\u00a0€');
  });

  it('says what was paid and when once everything agreed is paid, without a due day', async () => {
    await render({
      ...base,
      status: 'returned',
      total: 344,
      paid: 344,
      paidAt: '2026-11-05T12:00:00.000Z',
      payoutDueBy: '2026-11-06',
      items: [item({ status: 'paid' }), item({ deviceName: GALAXY, offered: 79, price: 0, status: 'returned' })],
    });
    expect(facts()).toMatchObject({ Ausgezahlt: '344,00\u00a0€ am 05.11.26' });
    expect(facts()).not.toHaveProperty('Auszahlung spätestens am');
    expect(facts()).not.toHaveProperty('Bisher ausgezahlt');
  });

  it('folds the timeline in the account, each step with its date', async () => {
    await render({ ...base, status: 'received', total: 172, items: [item({ status: 'received' })] });
    const fold = host.querySelector('details.trade-timeline-fold')!;
    expect(fold.querySelector('summary')?.textContent).toBe('Alle Schritte von TR-2026-000042');
    expect([...fold.querySelectorAll('.trade-event')].map((e) => e.textContent)).toEqual([
      '02.11.26Verkauf angelegt',
      '02.11.26Versandetikett bereit',
      '04.11.26Paket eingegangen',
    ]);
  });

  it('links the data-erasure certificate of each device that has one, named by its device', async () => {
    const path = '/api/certificates/0b1e6d2c-8a4f-4c1e-9f3a-5d7b2e6c9a10.pdf?token=abc';
    await render({
      ...base,
      status: 'inspected',
      total: 251,
      items: [item({ certificatePath: path }), item({ deviceName: GALAXY, offered: 79, price: 79 })],
    });
    const links = [...host.querySelectorAll<HTMLAnchorElement>('[data-testid="trade-item-certificate"]')];
    expect(links.map((a) => [a.getAttribute('href'), a.textContent, a.getAttribute('aria-label')])).toEqual([
      [path, 'Zertifikat über die Datenlöschung (PDF)', `Zertifikat über die Datenlöschung (PDF): ${IPHONE}`],
    ]);
    expect(links[0]!.closest('.trade-item')?.querySelector('.trade-item-name')?.textContent).toBe(IPHONE);
  });

  it('asks for the payout details again after a bank return: an invalid IBAN is refused in place, valid details are saved', async () => {
    const save = vi.fn(async (_payout: Payout) => undefined);
    await render(
      {
        ...base,
        status: 'inspected',
        total: 172,
        items: [item({})],
        payoutReturn: { returnedAt: '2026-11-26T09:00:00.000Z', amount: 172, corrected: false },
      },
      save,
    );
    const box = host.querySelector('[data-testid="payout-correction"]')!;
    expect(box.querySelector('h4')?.textContent).toBe('Ihre Auszahlung kam zurück');
    expect(box.textContent).toContain('Am 26.11.26 hat Ihre Bank unsere Auszahlung von 172,00\u00a0€ an uns zurückgeschickt');
    type(input('payout.accountHolder'), 'Erika Neu');
    type(input('payout.iban'), 'DE00 1234');
    await act(async () => box.querySelector('form')!.requestSubmit());
    expect(save).not.toHaveBeenCalled();
    expect(input('payout.iban').getAttribute('aria-invalid')).toBe('true');
    expect(input('payout.accountHolder').value).toBe('Erika Neu');

    type(input('payout.iban'), 'DE02 1203 0000 0000 2020 51');
    await act(async () => box.querySelector('form')!.requestSubmit());
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0]).toMatchObject({ method: 'sepa', accountHolder: 'Erika Neu', iban: 'DE02120300000000202051' });
    expect(box.querySelector('[role="status"]')?.textContent).toBe('Ihre Auszahlungsdaten wurden gespeichert.');
  });

  it('tells of a bank return without a form where the page cannot save', async () => {
    await render({
      ...base,
      status: 'inspected',
      total: 172,
      items: [item({})],
      payoutReturn: { returnedAt: '2026-11-26T09:00:00.000Z', amount: 172, corrected: false },
      timeline: [...base.timeline, { kind: 'payoutReturned', at: '2026-11-26T09:00:00.000Z', amount: 172, method: 'sepa' }],
    });
    expect(host.querySelector('[data-testid="payout-correction"]')).toBeNull();
    expect(host.querySelector('[data-testid="trade-event-payout-returned"]')?.textContent).toBe(
      'Ihre Bank hat die Auszahlung von 172,00\u00a0€ zurückgeschickt: Bitte prüfen Sie Ihre Bankverbindung',
    );
  });
});
