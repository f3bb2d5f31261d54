// The localized route map (product §2): one entry per screen with its path per locale. The router tree,
// links, the server's SSR, the sitemap and the redirect targets all read this map.
// Path templates use product §2's notation: `{param}` is a route parameter, possibly with a static prefix
// inside its segment (`uebersicht-{overview}`).

import { COUNTRIES } from './countries';
import { LOCALES, type Locale } from './locales';

export const ROUTE_PARAMS = ['slug', 'pdp', 'overview', 'category', 'id', 'trade', 'offerid', 'emailHash'] as const;
export type RouteParam = (typeof ROUTE_PARAMS)[number];

type PathsByLocale = Partial<Record<Locale, string>>;

interface RouteDef {
  /** Path per locale; a locale without a path has no such screen. */
  readonly paths: PathsByLocale;
  /** Listed in the sitemap (only parameterless public pages are). */
  readonly sitemap?: boolean;
  /** An older path that renders the same screen (product §2 legacy forms). */
  readonly legacyOf?: string;
}

const everywhere = (path: string): PathsByLocale => Object.fromEntries(LOCALES.map((l) => [l, path]));
/** Default locale keeps one path, the country shops share the localized one (product §2 "localized: …"). */
const defaultAndLocalized = (defaultPath: string, localized: string): PathsByLocale => ({
  ...everywhere(localized),
  default: defaultPath,
});
/** Only the shops whose newsletter is on (product §1: not Austria); elsewhere the path is a 404. */
const withNewsletter = (path: string): PathsByLocale =>
  Object.fromEntries(LOCALES.filter((l) => COUNTRIES[l].features.hasNewsletter).map((l) => [l, path]));
const germanAnd = (german: string, rest: Omit<Record<Locale, string>, 'de' | 'at'>): PathsByLocale => ({
  ...rest,
  de: german,
  at: german,
});

export const ROUTE_MAP = {
  home: { paths: everywhere('/'), sitemap: true },
  contact: {
    paths: germanAnd('/kontakt', { default: '/contact', es: '/contacto', fr: '/contact', it: '/contatti' }),
    sitemap: true,
  },
  checkout: {
    paths: germanAnd('/checkout', { default: '/checkout', es: '/checkout', fr: '/checkout', it: '/guardare' }),
  },
  thankYou: {
    paths: germanAnd('/thankYou', { default: '/thankYou', es: '/thankYou', fr: '/thankYou', it: '/grazie' }),
  },
  productDetail: {
    paths: germanAnd('/produkte/{pdp}', {
      default: '/products/{pdp}',
      es: '/productos/{pdp}',
      fr: '/produits/{pdp}',
      it: '/prodotti/{pdp}',
    }),
  },
  productOverview: {
    paths: germanAnd('/produkte/uebersicht-{overview}', {
      default: '/products/{overview}',
      es: '/productos/todos-los-articulos-{overview}',
      fr: '/produits/apercu-{overview}',
      it: '/prodotti/panoramica-{overview}',
    }),
  },
  sellCategory: {
    paths: germanAnd('/verkaufen/{category}', {
      default: '/sell/{category}',
      es: '/vender/{category}',
      fr: '/catalogue/{category}',
      it: '/catalogo/{category}',
    }),
  },
  searchResults: {
    paths: germanAnd('/suche', { default: '/search', es: '/buscar', fr: '/recherche', it: '/ricerca' }),
  },
  content: { paths: everywhere('/content/{slug}') },
  b2bLanding: { paths: { de: '/b2b/ankaufsportal' }, sitemap: true },
  accountOverview: { paths: defaultAndLocalized('/account/overview', '/account') },
  accountRegister: { paths: everywhere('/account/register'), sitemap: true },
  accountManagement: { paths: everywhere('/account/management') },
  accountAddressChange: { paths: defaultAndLocalized('/account/addressChange', '/account/address-change') },
  accountPaymentChange: { paths: defaultAndLocalized('/account/paymentChange', '/account/payment-change') },
  passwordReset: { paths: defaultAndLocalized('/account/password/reset', '/account/password-reset') },
  passwordForgot: { paths: defaultAndLocalized('/account/password/forgot', '/account/password-forgot') },
  accountSignInLink: { paths: everywhere('/account/sign-in-link') },
  clarification: { paths: everywhere('/clarification/{id}/{trade}') },
  clarificationLegacy: {
    paths: everywhere('/browser/clarification/id/{id}/trade/{trade}'),
    legacyOf: 'clarification',
  },
  quickAnswer: { paths: everywhere('/clarification/clarificationQuickAnswer/{id}/{trade}/{offerid}') },
  quickAnswerShort: { paths: everywhere('/clarificationQuickAnswer/{id}/{trade}/{offerid}'), legacyOf: 'quickAnswer' },
  quickAnswerLegacy: {
    paths: everywhere('/browser/clarificationQuickAnswer/id/{id}/trade/{trade}/offerid/{offerid}'),
    legacyOf: 'quickAnswer',
  },
  /** The review form of a paid trade, from the review request mail's signed link (?token=…). */
  review: {
    paths: germanAnd('/bewertung/{trade}', {
      default: '/review/{trade}',
      es: '/opinion/{trade}',
      fr: '/avis/{trade}',
      it: '/recensione/{trade}',
    }),
  },
  /** Where a trade stands (its timeline and money), from the mails' signed link (?token=…): guests have no account. */
  tradeStatus: {
    paths: germanAnd('/verkauf/{trade}', {
      default: '/trade/{trade}',
      es: '/venta/{trade}',
      fr: '/vente/{trade}',
      it: '/vendita/{trade}',
    }),
  },
  newsletterEnrich: { paths: withNewsletter('/newsletter/enrich') },
  newsletterEnrichHash: { paths: withNewsletter('/newsletter/enrich/{emailHash}'), legacyOf: 'newsletterEnrich' },
  newsletterUnsubscribe: { paths: withNewsletter('/newsletter/unsubscribe/{emailHash}') },
  newsletterUnsubscribeSuccess: { paths: withNewsletter('/newsletter/unsubscribe/success') },
} as const satisfies Record<string, RouteDef>;

export type ScreenId = keyof typeof ROUTE_MAP;
export const SCREENS = Object.keys(ROUTE_MAP) as ScreenId[];

/** The seven screens of the product §2 table, which exist in every locale. */
export const MAIN_SCREENS = [
  'home',
  'contact',
  'checkout',
  'thankYou',
  'productDetail',
  'productOverview',
  'sellCategory',
] as const satisfies readonly ScreenId[];

export function routeDef(screen: ScreenId): RouteDef {
  return ROUTE_MAP[screen];
}

/** The path template of a screen in a locale, or undefined where the locale has no such screen. */
export function pathTemplate(screen: ScreenId, locale: Locale): string | undefined {
  return (routeDef(screen).paths as PathsByLocale)[locale];
}

export function screensOf(locale: Locale): ScreenId[] {
  return SCREENS.filter((s) => pathTemplate(s, locale) !== undefined);
}

const PARAM = /\{([a-zA-Z]+)\}/g;

/** Parameter names of a template, in order. */
export function templateParams(template: string): RouteParam[] {
  return [...template.matchAll(PARAM)].map((m) => m[1] as RouteParam);
}

/** Converts a template to the router's syntax: a whole-segment `{p}` → `$p`, an affixed one → `{$p}`. */
export function toRouterPath(template: string): string {
  return template
    .split('/')
    .map((segment) => (/^\{[a-zA-Z]+\}$/.test(segment) ? `$${segment.slice(1, -1)}` : segment.replace(PARAM, '{$$$1}')))
    .join('/');
}

export type PathParams = Partial<Record<RouteParam, string | number>>;

export class MissingRouteError extends Error {}

/** Builds a concrete, URL-encoded path of a screen in a locale. */
export function buildPath(screen: ScreenId, locale: Locale, params: PathParams = {}): string {
  const template = pathTemplate(screen, locale);
  if (template === undefined) throw new MissingRouteError(`screen ${screen} does not exist in locale ${locale}`);
  return template.replace(PARAM, (_, name: RouteParam) => {
    const value = params[name];
    if (value === undefined || value === '') throw new MissingRouteError(`missing route parameter ${name} for ${screen}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Screens that the router registers for a locale. In the default locale the product overview and the
 * product detail share `/products/{slug}`; one route serves both and resolves the slug (product §2).
 */
export function routedScreens(locale: Locale): ScreenId[] {
  const seen = new Set<string>();
  return screensOf(locale).filter((screen) => {
    const shape = toRouterPath(pathTemplate(screen, locale) as string).replace(/\$[a-zA-Z]+/g, '$');
    if (seen.has(shape)) return false;
    seen.add(shape);
    return true;
  });
}
