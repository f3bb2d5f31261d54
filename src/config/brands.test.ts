import { describe, expect, it } from 'vitest';
import { BRAND_CONFIG, brandOf, domainOf, isWidgetMode, landingPageOf, pageTitle, senderOf } from './brands';
import { countryConfig } from './countries';
import { fullShopOrigin, lookupHost, SHOP_MODES } from './hosts';
import { isWidgetLayout, layoutFor } from './layouts';

describe('brand of a shop mode (decision 033)', () => {
  it.each([
    ['default', 'tradein', false],
    ['b2bWidget', 'tradein', true],
    ['agan', 'agan', false],
    ['aganwidget', 'agan', true],
  ] as const)('%s → brand %s, widget %s', (mode, brand, widget) => {
    expect(brandOf(mode)).toBe(brand);
    expect(isWidgetMode(mode)).toBe(widget);
  });

  it('the agan hosts show the agan brand, with its own name in the tab title', () => {
    expect(brandOf(lookupHost('agan.localhost:3000')!.mode)).toBe('agan');
    expect(brandOf(lookupHost('widget.agan.de')!.mode)).toBe('agan');
    expect(pageTitle('iPhone 13 verkaufen', 'agan')).toBe('iPhone 13 verkaufen | agan');
    expect(pageTitle('iPhone 13 verkaufen', 'aganwidget')).toBe('iPhone 13 verkaufen | agan');
    expect(pageTitle('iPhone 13 verkaufen', 'b2bWidget')).toBe('iPhone 13 verkaufen | trade-in');
  });

  it("names the brand's own domain (consent banner), the country's for the main brand", () => {
    expect(domainOf(countryConfig('de'), 'agan')).toBe('agan.de');
    expect(domainOf(countryConfig('de'), 'aganwidget')).toBe('agan.de');
    expect(domainOf(countryConfig('de'), 'b2bWidget')).toBe('tradein.de');
  });

  it('only the main brand offers the business entry and links to its resale shop', () => {
    expect(BRAND_CONFIG.tradein).toMatchObject({ offersBusiness: true, linksMainShop: true });
    expect(BRAND_CONFIG.agan).toMatchObject({ name: 'agan', offersBusiness: false, linksMainShop: false });
  });

  it('takes the landing page code of the mode from the country configuration', () => {
    const de = countryConfig('de');
    expect(landingPageOf(de, 'default')).toBe('LP-DE');
    expect(landingPageOf(de, 'b2bWidget')).toBe('LP-DE-B2B');
    expect(landingPageOf(de, 'agan')).toBe(de.landingPageAgan);
    expect(landingPageOf(de, 'aganwidget')).toBe(de.landingPageAgan);
  });

  it("sends the sister brand's mail from its own sender, without the main brand's name", () => {
    expect(senderOf('de', 'agan')).toEqual({ name: 'agan Kundenservice', address: 'service@agan.de' });
    expect(senderOf('de', 'tradein')).toEqual({ name: 'Trade-in Kundenservice', address: 'service@tradein.de' });
    // A country without the brand (none has agan hosts) falls back to the German agan sender, never to trade-in's.
    expect(senderOf('fr', 'agan').address).toBe('service@agan.de');
  });
});

describe('widget layouts and the full shop behind a widget (decision 034)', () => {
  it('only the widget modes get a widget layout', () => {
    for (const mode of SHOP_MODES) {
      for (const home of [true, false]) expect(isWidgetLayout(layoutFor(mode, home))).toBe(isWidgetMode(mode));
    }
  });

  it.each([
    [{ protocol: 'http:', host: 'b2bwidget.localhost:3400' }, 'http://de.localhost:3400'],
    [{ protocol: 'http:', host: 'aganwidget.localhost:3400' }, 'http://agan.localhost:3400'],
    [{ protocol: 'https:', host: 'b2bwidget.tradein.de' }, 'https://www.tradein.de'],
    [{ protocol: 'https:', host: 'widget.agan.de' }, 'https://www.agan.de'],
    [{ protocol: 'https:', host: 'stage.widget.agan.de' }, 'https://stage.agan.de'],
    [{ protocol: 'https:', host: 'test.b2bwidget.tradein.de' }, 'https://test.tradein.de'],
  ])('%o opens the full shop at %s', (location, origin) => {
    expect(fullShopOrigin(location)).toBe(origin);
    // The full shop is the same brand without the widget.
    const widget = lookupHost(location.host)!;
    const full = lookupHost(new URL(origin).host)!;
    expect(brandOf(full.mode)).toBe(brandOf(widget.mode));
    expect(isWidgetMode(full.mode)).toBe(false);
  });

  it('is undefined on a host that is no widget host', () => {
    expect(fullShopOrigin({ protocol: 'http:', host: 'de.localhost:3000' })).toBeUndefined();
    expect(fullShopOrigin({ protocol: 'https:', host: 'www.agan.de' })).toBeUndefined();
  });
});
