// Legacy 301 redirects per country shop (product §2, product §2): the old-URL tables, the old country
// prefix rule, the German newsletter-unsubscribe form, and the lookup the server calls per request.
// Targets are always built from the route map, content slugs and category slugs, never written out.

import { CATEGORY_SLUGS, type CategoryKey } from './categories';
import { CONTENT_SLUGS, type ContentPage } from './content';
import type { Locale } from './locales';
import { buildPath } from './routes';

// ---------------------------------------------------------------------------------------------------
// Target builders

const toHome = (locale: Locale): string => buildPath('home', locale);
const toContact = (locale: Locale): string => buildPath('contact', locale);
const toContent = (locale: Locale, page: ContentPage): string => buildPath('content', locale, { slug: CONTENT_SLUGS[locale][page] });
const toCategory = (locale: Locale, category: CategoryKey): string =>
  buildPath('sellCategory', locale, { category: CATEGORY_SLUGS[locale][category] });

type Table = Record<string, string>;

/** Expands `{ key: [old urls] }` into `{ old url: target(key) }`. */
function expand<K extends string>(lists: Partial<Record<K, readonly string[]>>, target: (key: K) => string): Table {
  const table: Table = {};
  for (const [key, urls] of Object.entries(lists) as [K, readonly string[] | undefined][]) {
    for (const url of urls ?? []) table[url] = target(key);
  }
  return table;
}

/** Old URLs shared by every shop that has redirects: content pages, FAQ/contact, cart view. */
interface CommonOldUrls {
  readonly content: Record<ContentPage, readonly string[]>;
  readonly contact: readonly string[];
  readonly cart: readonly string[];
}

function common(locale: Locale, urls: CommonOldUrls): Table {
  return merge(
    expand(urls.content, (page) => toContent(locale, page)),
    expand({ contact: urls.contact }, () => toContact(locale)),
    expand({ cart: urls.cart }, () => toHome(locale)),
  );
}

/** Merges tables; a source listed twice with different targets is a programming error. */
function merge(...tables: Table[]): Table {
  const merged: Table = {};
  const seen = new Map<string, string>();
  for (const table of tables) {
    for (const [source, target] of Object.entries(table)) {
      const key = normalizePath(source);
      const existing = seen.get(key);
      if (existing !== undefined && existing !== target) {
        throw new Error(`redirect source ${source} has two targets: ${existing} and ${target}`);
      }
      seen.set(key, target);
      merged[source] = target;
    }
  }
  return merged;
}

// ---------------------------------------------------------------------------------------------------
// Germany and Austria (the old German URL of a content page equals its slug)

const GERMAN_OLD_URLS: CommonOldUrls = {
  content: {
    terms: ['/agb', '/allgemeine-geschaeftsbedingungen'],
    about: ['/ueber-uns', '/unternehmen'],
    imprint: ['/impressum'],
    press: ['/presse', '/pressebereich'],
    ecoEffect: ['/oeko-effekt', '/nachhaltigkeit'],
    partnerProgramme: ['/partnerprogramm', '/affiliate'],
    dataErasure: ['/datenloeschung', '/datenloeschung-zertifikat'],
    packingTips: ['/verpackungstipps', '/versand-verpackung'],
    privacy: ['/datenschutz', '/datenschutzerklaerung'],
    howItWorks: ['/so-funktionierts', '/so-funktioniert-es', '/ablauf'],
  },
  contact: ['/faq', '/hilfe', '/kontaktformular', '/haeufige-fragen', '/service/kontakt'],
  cart: ['/warenkorb', '/warenkorb/ansehen', '/cart', '/checkout/cart'],
};

const DE_TABLE: Table = merge(common('de', GERMAN_OLD_URLS), {
  '/b2b/landingpage': buildPath('b2bLanding', 'de'),
  '/b2b': buildPath('b2bLanding', 'de'),
  '/geschaeftskunden': buildPath('b2bLanding', 'de'),
});

const AT_TABLE: Table = merge(common('at', GERMAN_OLD_URLS), {
  // Austria has no business landing page (product §2): old links to it go home.
  '/b2b/ankaufsportal': toHome('at'),
  '/b2b/landingpage': toHome('at'),
  '/oesterreich': toHome('at'),
  '/ankauf-wien': toHome('at'),
  '/oesterreich/handy-verkaufen': toCategory('at', 'smartphones'),
  '/handy-verkaufen-oesterreich': toCategory('at', 'smartphones'),
  '/oesterreich/tablet-verkaufen': toCategory('at', 'tablets'),
  '/oesterreich/kontakt': toContact('at'),
  '/oesterreich/agb': toContent('at', 'terms'),
  '/post-versand-oesterreich': toContent('at', 'packingTips'),
});

// ---------------------------------------------------------------------------------------------------
// Spain

const ES_TABLE: Table = merge(
  common('es', {
    content: {
      terms: ['/condiciones-generales', '/terminos-y-condiciones'],
      about: ['/quienes-somos', '/sobre-nosotros'],
      imprint: ['/aviso-legal'],
      press: ['/prensa', '/sala-de-prensa'],
      ecoEffect: ['/efecto-eco', '/sostenibilidad'],
      partnerProgramme: ['/programa-de-afiliados', '/programa-de-socios'],
      dataErasure: ['/borrado-de-datos', '/eliminacion-de-datos'],
      packingTips: ['/consejos-de-embalaje', '/como-embalar'],
      privacy: ['/politica-de-privacidad', '/proteccion-de-datos'],
      howItWorks: ['/como-funciona'],
    },
    contact: ['/preguntas-frecuentes', '/faq', '/ayuda', '/contacta', '/formulario-de-contacto'],
    cart: ['/carrito', '/cesta', '/cart', '/checkout/cart'],
  }),
  expand<CategoryKey>(
    {
      smartphones: ['/vender-movil', '/vender-iphone', '/vender-samsung', '/compramos-tu-movil'],
      tablets: ['/vender-tablet', '/vender-ipad'],
      notebooks: ['/vender-portatil'],
      macbooks: ['/vender-macbook'],
      cameras: ['/vender-camara'],
      lenses: ['/vender-objetivo'],
      gameConsoles: ['/vender-consola', '/vender-ps5'],
    },
    (category) => toCategory('es', category),
  ),
);

// ---------------------------------------------------------------------------------------------------
// France: the long list of old sell/model URLs → /catalogue/{category}; some audio and smartwatch → home

const FR_OLD_SELL_URLS: Partial<Record<CategoryKey, readonly string[]>> = {
  smartphones: [
    '/vendre-smartphone',
    '/rachat-smartphone',
    '/rachat-telephone-portable',
    '/vendre-mon-telephone',
    '/vendre-iphone',
    '/rachat-iphone',
    '/vendre-mon-iphone',
    '/vendre-mon-iphone-11',
    '/vendre-mon-iphone-12',
    '/vendre-mon-iphone-13',
    '/vendre-mon-iphone-14',
    '/vendre-mon-iphone-15',
    '/vendre-iphone-se',
    '/vendre/iphone-11-pro',
    '/vendre/iphone-12-mini',
    '/vendre/iphone-13-pro-max',
    '/vendre-samsung',
    '/vendre/samsung-galaxy-s20',
    '/vendre/samsung-galaxy-s21',
    '/vendre/samsung-galaxy-s22',
    '/vendre/samsung-galaxy-s23',
    '/vendre/samsung-galaxy-a52',
    '/vendre/samsung-galaxy-z-flip',
    '/vendre/samsung-galaxy-z-fold',
    '/vendre/google-pixel-6',
    '/vendre/google-pixel-7',
    '/vendre-huawei',
    '/vendre-xiaomi',
    '/vendre-oneplus',
    '/marques/apple',
    '/marques/samsung',
    '/marques/google',
    '/marques/huawei',
    '/marques/xiaomi',
    '/marques/oneplus',
  ],
  tablets: [
    '/vendre-tablette',
    '/rachat-tablette',
    '/vendre-ipad',
    '/rachat-ipad',
    '/vendre-ipad-pro',
    '/vendre-ipad-air',
    '/vendre-ipad-mini',
    '/vendre/samsung-galaxy-tab-s7',
    '/vendre/samsung-galaxy-tab-s8',
  ],
  notebooks: [
    '/vendre-ordinateur-portable',
    '/rachat-ordinateur-portable',
    '/vendre-pc-portable',
    '/vendre/microsoft-surface-laptop',
    '/vendre-dell-xps',
    '/marques/dell',
    '/marques/lenovo',
    '/marques/microsoft',
  ],
  macbooks: ['/vendre-macbook', '/rachat-macbook', '/vendre-mon-macbook', '/vendre-macbook-pro', '/vendre-macbook-air'],
  cameras: [
    '/vendre-appareil-photo',
    '/rachat-appareil-photo',
    '/vendre-appareil-photo-canon',
    '/vendre-appareil-photo-nikon',
    '/vendre-appareil-photo-sony',
    '/vendre-appareil-photo-fujifilm',
    '/vendre-reflex',
    '/vendre-hybride',
    '/marques/canon',
    '/marques/nikon',
    '/marques/sony',
    '/marques/fujifilm',
  ],
  lenses: [
    '/vendre-objectif',
    '/rachat-objectif',
    '/vendre-objectif-canon',
    '/vendre-objectif-nikon',
    '/vendre-objectif-sony',
    '/marques/sigma',
    '/marques/tamron',
  ],
  camcorders: ['/vendre-camescope', '/rachat-camescope', '/vendre-gopro', '/marques/gopro'],
  gameConsoles: [
    '/vendre-console',
    '/rachat-console',
    '/vendre-playstation',
    '/vendre-ps4',
    '/vendre-ps5',
    '/vendre-xbox',
    '/vendre-xbox-series-x',
    '/vendre-nintendo-switch',
    '/marques/nintendo',
  ],
  monitors: ['/vendre-ecran', '/rachat-ecran-pc', '/vendre-moniteur'],
};

/** Old audio and smartwatch URLs whose pages were retired: they go to the home page. */
const FR_OLD_URLS_TO_HOME: readonly string[] = [
  '/vendre-airpods',
  '/rachat-airpods',
  '/vendre-casque-audio',
  '/vendre-enceinte',
  '/marques/bose',
  '/vendre-apple-watch',
  '/vendre-montre-connectee',
  '/vendre/samsung-galaxy-watch',
];

/** The French old sell/model URLs and their targets (a part of the French table). */
export const FR_SELL_REDIRECTS: Readonly<Table> = merge(
  expand(FR_OLD_SELL_URLS, (category) => toCategory('fr', category)),
  expand({ home: FR_OLD_URLS_TO_HOME }, () => toHome('fr')),
);

const FR_TABLE: Table = merge(
  common('fr', {
    content: {
      terms: ['/conditions-generales', '/conditions-generales-de-vente', '/cgv'],
      about: ['/qui-sommes-nous', '/a-propos'],
      imprint: ['/mentions-legales'],
      press: ['/presse', '/espace-presse'],
      ecoEffect: ['/effet-eco', '/developpement-durable'],
      partnerProgramme: ['/programme-partenaire', '/affiliation'],
      dataErasure: ['/effacement-des-donnees', '/suppression-des-donnees'],
      packingTips: ['/conseils-emballage', '/comment-emballer'],
      privacy: ['/politique-de-confidentialite', '/confidentialite', '/donnees-personnelles'],
      howItWorks: ['/comment-ca-marche', '/fonctionnement'],
    },
    contact: ['/faq', '/aide', '/questions-frequentes', '/nous-contacter', '/formulaire-de-contact'],
    cart: ['/panier', '/mon-panier', '/cart', '/checkout/cart'],
  }),
  FR_SELL_REDIRECTS,
);

// ---------------------------------------------------------------------------------------------------
// Default (English) shop

const DEFAULT_TABLE: Table = common('default', {
  content: {
    terms: ['/terms', '/terms-and-conditions'],
    about: ['/about', '/about-us'],
    imprint: ['/imprint', '/legal-notice'],
    press: ['/press'],
    ecoEffect: ['/eco-effect', '/sustainability'],
    partnerProgramme: ['/partner-programme', '/affiliate'],
    dataErasure: ['/data-erasure'],
    packingTips: ['/packing-tips'],
    privacy: ['/privacy', '/privacy-policy'],
    howItWorks: ['/how-it-works'],
  },
  contact: ['/faq', '/help', '/contact-us', '/support'],
  cart: ['/cart', '/basket', '/checkout/cart'],
});

// ---------------------------------------------------------------------------------------------------
// Rules beyond the tables

/** Old country prefixes per shop: `/de/agb` is looked up as `/agb`, `/de` alone goes home. */
export const LEGACY_PREFIXES: Record<Locale, readonly string[]> = {
  default: [],
  de: ['de'],
  at: ['at', 'de-at'],
  es: ['es'],
  fr: ['fr'],
  it: [],
};

/** Shops whose old newsletter-unsubscribe URLs (with a hex hash) are redirected (product §2: Germany). */
const UNSUBSCRIBE_LEGACY_LOCALES: readonly Locale[] = ['de'];
const UNSUBSCRIBE_PATH_FORM = /^\/newsletter\/abmelden\/([^/]+)$/i; // /newsletter/abmelden/{hash}
const UNSUBSCRIBE_QUERY_FORM = /^\/newsletter-abmelden$/i; // /newsletter-abmelden?hash={hash}
const HEX_HASH = /^[0-9a-f]{1,128}$/i;

// ---------------------------------------------------------------------------------------------------
// Lookup

/** Lower case, trailing slashes removed (the root stays `/`): the form table keys are stored in. */
export function normalizePath(pathname: string): string {
  const trimmed = trimTrailingSlashes(pathname).toLowerCase();
  return trimmed === '' ? '/' : trimmed;
}

function trimTrailingSlashes(pathname: string): string {
  let end = pathname.length;
  while (end > 1 && pathname[end - 1] === '/') end -= 1;
  return pathname.slice(0, end);
}

function compile(table: Table): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const [source, target] of Object.entries(table)) {
    const key = normalizePath(source);
    if (key === normalizePath(target)) continue; // a path that maps to itself never redirects
    map.set(key, target);
  }
  return map;
}

const TABLES: Record<Locale, ReadonlyMap<string, string>> = {
  default: compile(DEFAULT_TABLE),
  de: compile(DE_TABLE),
  at: compile(AT_TABLE),
  es: compile(ES_TABLE),
  fr: compile(FR_TABLE),
  it: compile({}),
};

/** The exact-match table of a shop (normalized source → target path); prefix and hash rules not included. */
export function redirectTable(locale: Locale): ReadonlyMap<string, string> {
  return TABLES[locale];
}

interface Target {
  readonly path: string;
  readonly search: string;
}

function unsubscribeRedirect(locale: Locale, pathname: string, search: string): Target | undefined {
  if (!UNSUBSCRIBE_LEGACY_LOCALES.includes(locale)) return undefined;
  const path = trimTrailingSlashes(pathname);
  const inPath = UNSUBSCRIBE_PATH_FORM.exec(path);
  if (inPath !== null) {
    const hash = inPath[1] as string;
    return HEX_HASH.test(hash) ? { path: buildPath('newsletterUnsubscribe', locale, { emailHash: hash }), search } : undefined;
  }
  if (UNSUBSCRIBE_QUERY_FORM.test(path)) {
    const params = new URLSearchParams(search);
    const hash = params.get('hash');
    if (hash === null || !HEX_HASH.test(hash)) return undefined;
    params.delete('hash');
    const rest = params.toString();
    return { path: buildPath('newsletterUnsubscribe', locale, { emailHash: hash }), search: rest === '' ? '' : `?${rest}` };
  }
  return undefined;
}

const LEGACY_CLARIFICATION = /^\/browser\/clarification\/id\/([^/]+)\/trade\/([^/]+)\/?$/i;
const LEGACY_QUICK_ANSWER = /^\/browser\/clarificationQuickAnswer\/id\/([^/]+)\/trade\/([^/]+)\/offerid\/([^/]+)\/?$/i;

/** The old `/browser/…` clarification and quick-answer links of earlier mails (product §2), in every shop. */
function clarificationRedirect(locale: Locale, pathname: string, search: string): Target | undefined {
  const clarification = LEGACY_CLARIFICATION.exec(pathname);
  if (clarification) return { path: buildPath('clarification', locale, { id: clarification[1]!, trade: clarification[2]! }), search };
  const quick = LEGACY_QUICK_ANSWER.exec(pathname);
  if (quick) return { path: buildPath('quickAnswerShort', locale, { id: quick[1]!, trade: quick[2]!, offerid: quick[3]! }), search };
  return undefined;
}

/** The table or hash rule target of a path without any old country prefix. */
function lookup(locale: Locale, pathname: string, search: string): Target | undefined {
  const hit = TABLES[locale].get(normalizePath(pathname));
  if (hit !== undefined) return { path: hit, search };
  return unsubscribeRedirect(locale, pathname, search) ?? clarificationRedirect(locale, pathname, search);
}

/** `pathname` without its old country prefix (`/de/agb` → `/agb`, `/de` → `/`), or undefined without one. */
function stripPrefix(locale: Locale, pathname: string): string | undefined {
  for (const prefix of LEGACY_PREFIXES[locale]) {
    const head = `/${prefix}`;
    const start = pathname.slice(0, head.length + 1).toLowerCase();
    if (trimTrailingSlashes(pathname).toLowerCase() === head) return '/';
    if (start === `${head}/`) return pathname.slice(head.length);
  }
  return undefined;
}

/**
 * The absolute-path target (with the query string kept) of a legacy URL in a shop, or undefined when the
 * path is not a legacy URL. `search` is '' or starts with '?'. A stripped country prefix is looked up again,
 * so `/de/agb` goes straight to `/content/agb`; any other remainder is the target itself.
 */
export function findRedirect(locale: Locale, pathname: string, search: string): string | undefined {
  let path = pathname === '' ? '/' : pathname;
  let target = lookup(locale, path, search);
  let stripped = false;
  while (target === undefined) {
    const rest = stripPrefix(locale, path);
    if (rest === undefined) break;
    // `/de//evil.example` must not become the protocol-relative `//evil.example` (open redirect).
    if (/^\/[/\\]/.test(rest)) return undefined;
    path = rest;
    stripped = true;
    target = lookup(locale, path, search);
  }
  if (target === undefined && stripped) target = { path: trimTrailingSlashes(path), search };
  if (target === undefined || target.path === pathname) return undefined;
  return `${target.path}${target.search}`;
}
