import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';
import {
  MAIN_SCREENS,
  MissingRouteError,
  ROUTE_MAP,
  SCREENS,
  ROUTE_PARAMS,
  buildPath,
  pathTemplate,
  routedScreens,
  screensOf,
  templateParams,
  toRouterPath,
} from './routes';

const LOCALIZED = ['de', 'at', 'es', 'fr', 'it'] as const;

describe('route map completeness (product §2)', () => {
  it('has the seven main screens in every locale', () => {
    for (const locale of LOCALES)
      for (const screen of MAIN_SCREENS) expect(pathTemplate(screen, locale), `${screen} ${locale}`).toBeDefined();
  });

  it('has every other route of product §2 in every locale, except the German-only business landing page and the newsletter outside its shops', () => {
    const newsletterShops = LOCALES.filter((l) => l !== 'at');
    for (const screen of SCREENS) {
      const locales = LOCALES.filter((l) => pathTemplate(screen, l) !== undefined);
      if (screen === 'b2bLanding') expect(locales).toEqual(['de']);
      // Product §1: the newsletter is off in Austria, so its pages are 404s there.
      else if (screen.startsWith('newsletter')) expect(locales, screen).toEqual(newsletterShops);
      else expect(locales, screen).toEqual([...LOCALES]);
    }
  });

  it('uses the paths of the route table of product §2', () => {
    expect(buildPath('contact', 'it')).toBe('/contatti');
    expect(buildPath('checkout', 'it')).toBe('/guardare');
    expect(buildPath('thankYou', 'it')).toBe('/grazie');
    expect(buildPath('productOverview', 'es', { overview: 'apple' })).toBe('/productos/todos-los-articulos-apple');
    expect(buildPath('productOverview', 'fr', { overview: 'apple' })).toBe('/produits/apercu-apple');
    expect(buildPath('productOverview', 'at', { overview: 'apple' })).toBe('/produkte/uebersicht-apple');
    expect(buildPath('sellCategory', 'fr', { category: 'tablettes' })).toBe('/catalogue/tablettes');
    expect(buildPath('b2bLanding', 'de')).toBe('/b2b/ankaufsportal');
  });

  it('localizes the account routes except in the default locale', () => {
    expect(buildPath('accountOverview', 'default')).toBe('/account/overview');
    expect(buildPath('passwordReset', 'default')).toBe('/account/password/reset');
    expect(buildPath('accountPaymentChange', 'default')).toBe('/account/paymentChange');
    for (const locale of LOCALIZED) {
      expect(buildPath('accountOverview', locale)).toBe('/account');
      expect(buildPath('accountAddressChange', locale)).toBe('/account/address-change');
      expect(buildPath('passwordForgot', locale)).toBe('/account/password-forgot');
    }
  });

  it('keeps the legacy clarification and quick answer forms', () => {
    const params = { id: '7', trade: 'T1', offerid: '99' };
    expect(buildPath('clarificationLegacy', 'de', params)).toBe('/browser/clarification/id/7/trade/T1');
    expect(buildPath('quickAnswerLegacy', 'fr', params)).toBe('/browser/clarificationQuickAnswer/id/7/trade/T1/offerid/99');
    expect(buildPath('quickAnswerShort', 'es', params)).toBe('/clarificationQuickAnswer/7/T1/99');
    for (const screen of SCREENS) {
      const legacyOf = (ROUTE_MAP[screen] as { legacyOf?: string }).legacyOf;
      if (legacyOf) expect(SCREENS).toContain(legacyOf);
    }
  });

  it('only uses the route parameters of product §2', () => {
    for (const locale of LOCALES)
      for (const screen of screensOf(locale))
        for (const p of templateParams(pathTemplate(screen, locale) as string)) expect(ROUTE_PARAMS).toContain(p);
  });

  it('gives no two routed screens of a locale the same path shape', () => {
    for (const locale of LOCALES) {
      const shapes = routedScreens(locale).map((s) => toRouterPath(pathTemplate(s, locale) as string).replace(/\$\w+/g, '$'));
      expect(new Set(shapes).size, locale).toBe(shapes.length);
    }
  });

  it('serves the default product overview and detail from one route', () => {
    expect(routedScreens('default')).not.toContain('productOverview');
    expect(routedScreens('de')).toContain('productOverview');
  });
});

describe('paths', () => {
  it('converts templates to router paths', () => {
    expect(toRouterPath('/produkte/{pdp}')).toBe('/produkte/$pdp');
    expect(toRouterPath('/produkte/uebersicht-{overview}')).toBe('/produkte/uebersicht-{$overview}');
  });
  it('encodes parameters', () => {
    expect(buildPath('productDetail', 'de', { pdp: 'iphone 15/pro' })).toBe('/produkte/iphone%2015%2Fpro');
  });
  it('refuses a missing parameter or a screen the locale lacks', () => {
    expect(() => buildPath('productDetail', 'de')).toThrow(MissingRouteError);
    expect(() => buildPath('b2bLanding', 'at')).toThrow(MissingRouteError);
    expect(() => buildPath('content', 'it', { slug: '' })).toThrow(/slug/);
  });
});
