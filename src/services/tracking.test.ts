// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { resetTracking, setControllingSender, setTrackingConsent, track } from './tracking';

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
