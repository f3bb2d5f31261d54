// The brands (product §1 shop modes; decision 033): the trade-in shop and its German sister brand agan.
// A shop mode is one brand shown either as the full shop or as the embeddable widget; everything
// that differs by brand — name, title suffix, sender of its mails, landing page code, the links it
// may offer — is read from here, never from a mode check scattered over the code.

import { countryConfig, type CountryConfig } from './countries';
import { SHOP_MODES, type ShopMode } from './hosts';
import type { Locale } from './locales';

export const BRANDS = ['tradein', 'agan'] as const;
export type Brand = (typeof BRANDS)[number];

export interface BrandConfig {
  readonly id: Brand;
  /** The name people read: tab title suffix, footer copyright, logo, mail signatures, label. */
  readonly name: string;
  /** The business entry ("For businesses") and its landing page belong to the main brand only. */
  readonly offersBusiness: boolean;
  /** Links to the main brand's other shops (the resale shop) belong to the main brand only. */
  readonly linksMainShop: boolean;
  /** The brand's own domain where it is not the country's (the consent banner names it). */
  readonly domain?: string;
}

export const BRAND_CONFIG: Readonly<Record<Brand, BrandConfig>> = {
  tradein: { id: 'tradein', name: 'trade-in', offersBusiness: true, linksMainShop: true },
  agan: { id: 'agan', name: 'agan', offersBusiness: false, linksMainShop: false, domain: 'agan.de' },
};

export function brandOf(mode: ShopMode): Brand {
  return mode === 'agan' || mode === 'aganwidget' ? 'agan' : 'tradein';
}

/** The brand of a stored trade's shop mode (trades.shop_mode); an unknown value is the main brand's. */
export function brandOfTrade(shopMode: string): Brand {
  return (SHOP_MODES as readonly string[]).includes(shopMode) ? brandOf(shopMode as ShopMode) : 'tradein';
}

/** The embeddable modes (partner sites frame them): only the flow, no shop frame. */
export function isWidgetMode(mode: ShopMode): boolean {
  return mode === 'b2bWidget' || mode === 'aganwidget';
}

/** The business flag (the cart's B2BMode) a mode sets from the start: the partner widget's (product §6). */
export function businessFlagOf(mode: ShopMode): boolean {
  return mode === 'b2bWidget';
}

/** The landing page code of a mode (product §3 landingPage, landingPageB2B, landingPageAgan), recorded with each trade. */
export function landingPageOf(country: CountryConfig, mode: ShopMode): string {
  switch (mode) {
    case 'default':
      return country.landingPage;
    case 'b2bWidget':
      return country.landingPageB2B;
    case 'agan':
    case 'aganwidget':
      return country.landingPageAgan;
  }
}

/** Who the brand's mails come from in a country: agan's own sender where it has one (Germany), else the German one. */
export function senderOf(locale: Locale, brand: Brand): { readonly name: string; readonly address: string } {
  const country = countryConfig(locale);
  if (brand === 'agan') {
    const agan = country.aganContact ?? countryConfig('de').aganContact!;
    return { name: agan.fromName, address: agan.fromAddress };
  }
  return { name: country.contact.fromName, address: country.contact.fromAddress };
}

/** The document title of a page: its own title, then the brand ("Sell iPhone 13 | agan"). */
export function pageTitle(title: string, mode: ShopMode): string {
  return `${title} | ${BRAND_CONFIG[brandOf(mode)].name}`;
}

/** The domain a page of this mode belongs to, as people read it ("tradein.de", "agan.de"). */
export function domainOf(country: CountryConfig, mode: ShopMode): string {
  return BRAND_CONFIG[brandOf(mode)].domain ?? country.domain;
}
