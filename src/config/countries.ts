// Country configuration (product §3 "Country configuration", values from product §1, §5, §9 and product §1).

import type { Locale } from './locales';

export type PaymentTypeKey = 'directDebitSwift' | 'paypal';
export type ShippingCarrier = 'dhl' | 'ups';

export interface CountryConfig {
  readonly locale: Locale;
  /** Application name used by the controlling API (applicationId is locale-based, product §7). */
  readonly application: string;
  readonly icuLocale: string;
  /** ISO 3166 country of the shop (the address country, fixed per shop). */
  readonly countryCode: 'DE' | 'AT' | 'ES' | 'FR' | 'IT';
  readonly domain: string;
  /** The resale shop where sellers can also buy refurbished devices. */
  readonly buyShopLink: string;
  /** The seller portal. */
  readonly sellShopUrl: string;
  readonly landingPage: string;
  readonly landingPageB2B: string;
  readonly landingPageAgan: string;
  readonly selectedPaymentType: '13';
  readonly paymentTypes: Readonly<Record<PaymentTypeKey, string>>;
  readonly contact: {
    readonly fromAddress: string;
    readonly fromName: string;
    readonly toAddress: string;
    readonly b2bpartner?: string;
  };
  /**
   * The sister brand's sender (agan, German only; src/config/brands.ts): mails of trades and forms
   * made on the agan hosts come from it. A country without the brand has none.
   */
  readonly aganContact?: { readonly fromAddress: string; readonly fromName: string };
  /** Category title overrides for the iPhone and iPad categories. */
  readonly popTitleException: Readonly<{ iphone: string; ipad: string }>;
  readonly elasticIndexes: Readonly<{ aggregations: string; devices: string }>;
  readonly headerLogo: Readonly<{ width: 200; height: number }>;
  readonly footerShippingLogo: Readonly<{ carrier: ShippingCarrier; height: 20 | 36 }>;
  readonly zipFormatRegExp: RegExp;
  readonly dateFormat: 'dd.mm.yy' | 'dd/mm/yy';
  readonly features: Readonly<{
    hasNewsletter: boolean;
    /** Its text, link and dates: src/config/home-banners.ts. */
    hasHomeBanner: boolean;
    hasSocialMediaButtons: boolean;
    hasConditionsVideo: boolean;
    hasB2B: boolean;
    hasRatingSeal: boolean;
    /** Personalisation (recommendations) service; needs consent (product §4). */
    hasPersonalisation: boolean;
    /** The consent banner (product §4): without one, consent is true; every shop serving the EU has one. */
    hasConsentBanner: boolean;
  }>;
}

const PAYMENT_TYPES = { directDebitSwift: 'directDebitSwift', paypal: 'paypal' } as const;
const DHL = { carrier: 'dhl', height: 20 } as const;
const UPS = { carrier: 'ups', height: 36 } as const;
// Postal codes as each post office hands them out, so impossible ones are refused before a parcel goes astray.
/** Germany: five digits, the two-digit zone 01 to 99 (there is no 00xxx). */
const DE_POSTAL_CODE = /^(?:0[1-9]|[1-9]\d)\d{3}$/;
/** Austria: four digits, 1010 to 9992 (no leading 0). */
const AT_POSTAL_CODE = /^[1-9]\d{3}$/;
/** Spain: five digits, the province 01 to 52 first. */
const ES_POSTAL_CODE = /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/;
/** Italy: five digits, 00010 (Lazio) to 98168 (Sicily). */
const IT_POSTAL_CODE = /^(?!0000)(?:[0-8]\d|9[0-8])\d{3}$/;

const base = {
  selectedPaymentType: '13',
  paymentTypes: PAYMENT_TYPES,
  landingPageAgan: 'AGAN',
} as const;

const indexes = (locale: Locale) => ({ aggregations: `${locale}_aggregations`, devices: `${locale}_devices` });

export const COUNTRIES: Readonly<Record<Locale, CountryConfig>> = {
  default: {
    ...base,
    locale: 'default',
    application: 'tradein-default',
    icuLocale: 'en-GB',
    countryCode: 'DE',
    domain: 'localhost',
    buyShopLink: 'https://shop.example.com',
    sellShopUrl: 'https://sell.example.com',
    landingPage: 'LP-EN',
    landingPageB2B: 'LP-EN-B2B',
    contact: { fromAddress: 'service@tradein.example', fromName: 'Trade-in Service', toAddress: 'service@tradein.example' },
    popTitleException: { iphone: 'Sell iPhone', ipad: 'Sell iPad' },
    elasticIndexes: indexes('default'),
    headerLogo: { width: 200, height: 30 },
    footerShippingLogo: DHL,
    zipFormatRegExp: DE_POSTAL_CODE,
    dateFormat: 'dd.mm.yy',
    features: {
      hasNewsletter: true,
      hasHomeBanner: true,
      hasSocialMediaButtons: false,
      hasConditionsVideo: true,
      hasB2B: false,
      hasRatingSeal: false,
      hasPersonalisation: false,
      hasConsentBanner: true,
    },
  },
  de: {
    ...base,
    locale: 'de',
    application: 'tradein-de',
    icuLocale: 'de-DE',
    countryCode: 'DE',
    domain: 'tradein.de',
    buyShopLink: 'https://shop.tradein.de',
    sellShopUrl: 'https://verkaufen.tradein.de',
    landingPage: 'LP-DE',
    landingPageB2B: 'LP-DE-B2B',
    contact: {
      fromAddress: 'service@tradein.de',
      fromName: 'Trade-in Kundenservice',
      toAddress: 'service@tradein.de',
      b2bpartner: 'partner@tradein.de',
    },
    aganContact: { fromAddress: 'service@agan.de', fromName: 'agan Kundenservice' },
    popTitleException: { iphone: 'iPhone verkaufen', ipad: 'iPad verkaufen' },
    elasticIndexes: indexes('de'),
    headerLogo: { width: 200, height: 30 },
    footerShippingLogo: DHL,
    zipFormatRegExp: DE_POSTAL_CODE,
    dateFormat: 'dd.mm.yy',
    features: {
      hasNewsletter: true,
      hasHomeBanner: true,
      hasSocialMediaButtons: true,
      hasConditionsVideo: true,
      hasB2B: true,
      hasRatingSeal: true,
      hasPersonalisation: true,
      hasConsentBanner: true,
    },
  },
  at: {
    ...base,
    locale: 'at',
    application: 'tradein-at',
    icuLocale: 'de-AT',
    countryCode: 'AT',
    domain: 'tradein.at',
    buyShopLink: 'https://shop.tradein.at',
    sellShopUrl: 'https://verkaufen.tradein.at',
    landingPage: 'LP-AT',
    landingPageB2B: 'LP-AT-B2B',
    contact: { fromAddress: 'service@tradein.at', fromName: 'Trade-in Kundenservice', toAddress: 'service@tradein.at' },
    popTitleException: { iphone: 'iPhone verkaufen', ipad: 'iPad verkaufen' },
    elasticIndexes: indexes('at'),
    headerLogo: { width: 200, height: 30 },
    footerShippingLogo: UPS,
    zipFormatRegExp: AT_POSTAL_CODE,
    dateFormat: 'dd.mm.yy',
    features: {
      hasNewsletter: false,
      hasHomeBanner: true,
      hasSocialMediaButtons: true,
      hasConditionsVideo: true,
      hasB2B: false,
      hasRatingSeal: false,
      hasPersonalisation: true,
      hasConsentBanner: true,
    },
  },
  es: {
    ...base,
    locale: 'es',
    application: 'tradein-es',
    icuLocale: 'es-ES',
    countryCode: 'ES',
    domain: 'tradein.es',
    buyShopLink: 'https://tienda.tradein.es',
    sellShopUrl: 'https://vender.tradein.es',
    landingPage: 'LP-ES',
    landingPageB2B: 'LP-ES-B2B',
    contact: { fromAddress: 'servicio@tradein.es', fromName: 'Atención al cliente Trade-in', toAddress: 'servicio@tradein.es' },
    popTitleException: { iphone: 'Vender iPhone', ipad: 'Vender iPad' },
    elasticIndexes: indexes('es'),
    headerLogo: { width: 200, height: 25 },
    footerShippingLogo: UPS,
    zipFormatRegExp: ES_POSTAL_CODE,
    dateFormat: 'dd/mm/yy',
    features: {
      hasNewsletter: true,
      hasHomeBanner: true,
      hasSocialMediaButtons: false,
      hasConditionsVideo: true,
      hasB2B: false,
      hasRatingSeal: false,
      hasPersonalisation: true,
      hasConsentBanner: true,
    },
  },
  fr: {
    ...base,
    locale: 'fr',
    application: 'tradein-fr',
    icuLocale: 'fr-FR',
    countryCode: 'FR',
    domain: 'tradein.fr',
    buyShopLink: 'https://boutique.tradein.fr',
    sellShopUrl: 'https://vendre.tradein.fr',
    landingPage: 'LP-FR',
    landingPageB2B: 'LP-FR-B2B',
    contact: { fromAddress: 'service@tradein.fr', fromName: 'Service client Trade-in', toAddress: 'service@tradein.fr' },
    popTitleException: { iphone: 'Vendre iPhone', ipad: 'Vendre iPad' },
    elasticIndexes: indexes('fr'),
    headerLogo: { width: 200, height: 44 },
    footerShippingLogo: UPS,
    // Five digits whose first two (the département) are 01 to 98.
    zipFormatRegExp: /^(?:0[1-9]|[1-8]\d|9[0-8])\d{3}$/,
    dateFormat: 'dd/mm/yy',
    features: {
      hasNewsletter: true,
      hasHomeBanner: true,
      hasSocialMediaButtons: false,
      hasConditionsVideo: true,
      hasB2B: false,
      hasRatingSeal: false,
      hasPersonalisation: true,
      hasConsentBanner: true,
    },
  },
  it: {
    ...base,
    locale: 'it',
    application: 'tradein-it',
    icuLocale: 'it-IT',
    countryCode: 'IT',
    domain: 'tradein.it',
    buyShopLink: 'https://negozio.tradein.it',
    sellShopUrl: 'https://vendi.tradein.it',
    landingPage: 'LP-IT',
    landingPageB2B: 'LP-IT-B2B',
    contact: { fromAddress: 'servizio@tradein.it', fromName: 'Servizio clienti Trade-in', toAddress: 'servizio@tradein.it' },
    popTitleException: { iphone: 'Vendi iPhone', ipad: 'Vendi iPad' },
    elasticIndexes: indexes('it'),
    headerLogo: { width: 200, height: 39 },
    footerShippingLogo: UPS,
    zipFormatRegExp: IT_POSTAL_CODE,
    dateFormat: 'dd/mm/yy',
    features: {
      hasNewsletter: true,
      hasHomeBanner: true,
      hasSocialMediaButtons: false,
      hasConditionsVideo: true,
      hasB2B: false,
      hasRatingSeal: false,
      hasPersonalisation: true,
      hasConsentBanner: true,
    },
  },
};

export function countryConfig(locale: Locale): CountryConfig {
  return COUNTRIES[locale];
}
