// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { httpPersonalisation, noPersonalisation } from './personalisation';
import { resetTracking, setControllingSender, setPersonalisation, setTrackingConsent, track } from './tracking';

afterEach(() => {
  resetTracking();
  window.dataLayer = [];
});

describe('the consent gate of tracking', () => {
  const sent: unknown[] = [];
  it('holds events until the consent check, then delivers them with consent (data layer and controlling)', () => {
    window.dataLayer = [];
    sent.length = 0;
    setControllingSender((fields) => sent.push(fields));
    track({ event: 'page_view', pageType: 'home', pagePath: '/', locale: 'de' });
    track({ event: 'marketing_touchpoint', touchpoint: { utm_source: 'x' } });
    expect(window.dataLayer).toEqual([]);
    expect(sent).toEqual([]);
    setTrackingConsent(true);
    expect(window.dataLayer).toEqual([{ event: 'page_view', pageType: 'home', pagePath: '/', locale: 'de' }]);
    expect(sent).toEqual([
      { eventName: 'page_view', pageType: 'home' },
      { eventName: 'marketing_touchpoint', touchpoint: { utm_source: 'x' } },
    ]);
    track({ event: 'login', method: 'password' });
    expect(window.dataLayer).toHaveLength(2);
    expect(sent).toHaveLength(2);
  });

  it('tells the personalisation adapter "Add to Cart" and "Purchase" only with consent', () => {
    const told: unknown[] = [];
    setPersonalisation({ send: (event) => void told.push(event) });
    const item = { offerId: 'o', deviceId: 7, productName: 'P', category: null, conditionId: 1, price: 100 };
    track({ event: 'add_to_cart', ...item });
    setTrackingConsent(false);
    expect(told).toEqual([]);
    setTrackingConsent(true);
    track({ event: 'add_to_cart', ...item });
    track({ event: 'trade_created', tradeId: 'TR-1', transactionId: 1, revenue: 100, voucherCode: null, voucherValue: 0, items: [item] });
    track({ event: 'login', method: 'password' });
    expect(told).toEqual([
      { type: 'Add to Cart', deviceId: 7, price: 100 },
      { type: 'Purchase', orderId: 'TR-1', revenue: 100, deviceIds: [7] },
    ]);
  });

  it('posts to the configured endpoint with credentials (its cookie), and the default does nothing', async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const adapter = httpPersonalisation('https://p.example/events', (async (url: RequestInfo | URL, init?: RequestInit) => {
      calls.push([String(url), init]);
      return new Response(null, { status: 204 });
    }) as typeof fetch);
    adapter.send({ type: 'Add to Cart', deviceId: 1, price: 2 });
    expect(calls[0]?.[0]).toBe('https://p.example/events');
    expect(calls[0]?.[1]).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(noPersonalisation.send({ type: 'Add to Cart', deviceId: 1, price: 2 })).toBeUndefined();
  });

  it('drops what waited and everything after a refusal', () => {
    window.dataLayer = [];
    sent.length = 0;
    setControllingSender((fields) => sent.push(fields));
    track({ event: 'page_view', pageType: 'home', pagePath: '/', locale: 'de' });
    setTrackingConsent(false);
    track({ event: 'voucher_fail', voucherCode: 'X', reason: 'unknown' });
    expect(window.dataLayer).toEqual([]);
    expect(sent).toEqual([]);
  });
});
