// Content pages (/content/{slug}): the page keys and their slug per locale.

import type { Locale } from './locales';

export const CONTENT_PAGES = [
  'terms',
  'about',
  'imprint',
  'press',
  'ecoEffect',
  'partnerProgramme',
  'dataErasure',
  'packingTips',
  'privacy',
  'howItWorks',
] as const;
export type ContentPage = (typeof CONTENT_PAGES)[number];

const GERMAN: Record<ContentPage, string> = {
  terms: 'agb',
  about: 'ueber-uns',
  imprint: 'impressum',
  press: 'presse',
  ecoEffect: 'oeko-effekt',
  partnerProgramme: 'partnerprogramm',
  dataErasure: 'datenloeschung',
  packingTips: 'verpackungstipps',
  privacy: 'datenschutz',
  howItWorks: 'so-funktionierts',
};

export const CONTENT_SLUGS: Record<Locale, Record<ContentPage, string>> = {
  default: {
    terms: 'terms',
    about: 'about-us',
    imprint: 'imprint',
    press: 'press',
    ecoEffect: 'eco-effect',
    partnerProgramme: 'partner-programme',
    dataErasure: 'data-erasure',
    packingTips: 'packing-tips',
    privacy: 'privacy',
    howItWorks: 'how-it-works',
  },
  de: GERMAN,
  at: GERMAN,
  es: {
    terms: 'condiciones',
    about: 'sobre-nosotros',
    imprint: 'aviso-legal',
    press: 'prensa',
    ecoEffect: 'efecto-eco',
    partnerProgramme: 'programa-de-socios',
    dataErasure: 'borrado-de-datos',
    packingTips: 'consejos-de-embalaje',
    privacy: 'privacidad',
    howItWorks: 'como-funciona',
  },
  fr: {
    terms: 'cgv',
    about: 'a-propos',
    imprint: 'mentions-legales',
    press: 'presse',
    ecoEffect: 'effet-eco',
    partnerProgramme: 'programme-partenaire',
    dataErasure: 'effacement-des-donnees',
    packingTips: 'conseils-emballage',
    privacy: 'confidentialite',
    howItWorks: 'comment-ca-marche',
  },
  it: {
    terms: 'condizioni',
    about: 'chi-siamo',
    imprint: 'note-legali',
    press: 'stampa',
    ecoEffect: 'effetto-eco',
    partnerProgramme: 'programma-partner',
    dataErasure: 'cancellazione-dati',
    packingTips: 'consigli-imballaggio',
    privacy: 'privacy',
    howItWorks: 'come-funziona',
  },
};

export function contentPageForSlug(locale: Locale, slug: string): ContentPage | undefined {
  const slugs = CONTENT_SLUGS[locale];
  return CONTENT_PAGES.find((page) => slugs[page] === slug);
}
