import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries';
import { LOCALES } from './locales';

describe('country configuration (product §1, §3, §9; product §1)', () => {
  it('turns the newsletter off in Austria only', () => {
    expect(LOCALES.filter((l) => !COUNTRIES[l].features.hasNewsletter)).toEqual(['at']);
  });
  it('shows social buttons in DE and AT, the rating seal and B2B in DE only', () => {
    expect(LOCALES.filter((l) => COUNTRIES[l].features.hasSocialMediaButtons).sort()).toEqual(['at', 'de']);
    expect(LOCALES.filter((l) => COUNTRIES[l].features.hasRatingSeal)).toEqual(['de']);
    expect(LOCALES.filter((l) => COUNTRIES[l].features.hasB2B)).toEqual(['de']);
  });
  it('has a home banner and conditions video everywhere', () => {
    for (const l of LOCALES) expect(COUNTRIES[l].features).toMatchObject({ hasHomeBanner: true, hasConditionsVideo: true });
  });
  it('sizes the logo 200 wide with the country height', () => {
    const heights = Object.fromEntries(LOCALES.map((l) => [l, COUNTRIES[l].headerLogo.height]));
    expect(heights).toEqual({ default: 30, de: 30, at: 30, es: 25, fr: 44, it: 39 });
    for (const l of LOCALES) expect(COUNTRIES[l].headerLogo.width).toBe(200);
  });
  it('uses DHL (20) in DE and the default shop, UPS (36) elsewhere', () => {
    for (const l of LOCALES) {
      const expected = l === 'de' || l === 'default' ? { carrier: 'dhl', height: 20 } : { carrier: 'ups', height: 36 };
      expect(COUNTRIES[l].footerShippingLogo).toEqual(expected);
    }
  });
  it('names the search indexes after the locale and selects payment type "13"', () => {
    for (const l of LOCALES) {
      expect(COUNTRIES[l].elasticIndexes).toEqual({ aggregations: `${l}_aggregations`, devices: `${l}_devices` });
      expect(COUNTRIES[l].selectedPaymentType).toBe('13');
      expect(Object.keys(COUNTRIES[l].paymentTypes).sort()).toEqual(['directDebitSwift', 'paypal']);
    }
  });
  it('has a partner contact in DE only', () => {
    expect(LOCALES.filter((l) => COUNTRIES[l].contact.b2bpartner)).toEqual(['de']);
  });
  it('formats dates with dots in DE/AT and slashes in ES/FR/IT', () => {
    expect(LOCALES.map((l) => COUNTRIES[l].dateFormat)).toEqual(['dd.mm.yy', 'dd.mm.yy', 'dd.mm.yy', 'dd/mm/yy', 'dd/mm/yy', 'dd/mm/yy']);
  });
});
