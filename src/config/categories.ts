// The catalogue categories (product §10) and their URL slug per locale, as used in /…/{category} paths.

import { LOCALES, type Locale } from './locales';

export const CATEGORY_KEYS = [
  'smartphones',
  'tablets',
  'notebooks',
  'macbooks',
  'smartwatches',
  'cameras',
  'lenses',
  'camcorders',
  'gameConsoles',
  'monitors',
  'audio',
] as const;
export type CategoryKey = (typeof CATEGORY_KEYS)[number];

const GERMAN: Record<CategoryKey, string> = {
  smartphones: 'smartphones',
  tablets: 'tablets',
  notebooks: 'notebooks',
  macbooks: 'macbooks',
  smartwatches: 'smartwatches',
  cameras: 'kameras',
  lenses: 'objektive',
  camcorders: 'camcorder',
  gameConsoles: 'spielkonsolen',
  monitors: 'monitore',
  audio: 'audio',
};

export const CATEGORY_SLUGS: Record<Locale, Record<CategoryKey, string>> = {
  default: {
    smartphones: 'smartphones',
    tablets: 'tablets',
    notebooks: 'notebooks',
    macbooks: 'macbooks',
    smartwatches: 'smartwatches',
    cameras: 'cameras',
    lenses: 'lenses',
    camcorders: 'camcorders',
    gameConsoles: 'game-consoles',
    monitors: 'monitors',
    audio: 'audio',
  },
  de: GERMAN,
  at: GERMAN,
  es: {
    smartphones: 'moviles',
    tablets: 'tablets',
    notebooks: 'portatiles',
    macbooks: 'macbook',
    smartwatches: 'relojes-inteligentes',
    cameras: 'camaras',
    lenses: 'objetivos',
    camcorders: 'videocamaras',
    gameConsoles: 'consolas',
    monitors: 'monitores',
    audio: 'audio',
  },
  fr: {
    smartphones: 'smartphones',
    tablets: 'tablettes',
    notebooks: 'ordinateurs-portables',
    macbooks: 'macbook',
    smartwatches: 'montres-connectees',
    cameras: 'appareils-photo',
    lenses: 'objectifs',
    camcorders: 'camescopes',
    gameConsoles: 'consoles-de-jeux',
    monitors: 'ecrans',
    audio: 'audio',
  },
  it: {
    smartphones: 'smartphone',
    tablets: 'tablet',
    notebooks: 'notebook',
    macbooks: 'macbook',
    smartwatches: 'smartwatch',
    cameras: 'fotocamere',
    lenses: 'obiettivi',
    camcorders: 'videocamere',
    gameConsoles: 'console',
    monitors: 'monitor',
    audio: 'audio',
  },
};

const BY_SLUG: ReadonlyMap<Locale, ReadonlyMap<string, CategoryKey>> = new Map(
  LOCALES.map((locale) => [locale, new Map(CATEGORY_KEYS.map((key) => [CATEGORY_SLUGS[locale][key], key]))]),
);

/** The category whose slug in `locale` is `slug` (slugs are lower case; the lookup ignores case). */
export function categoryForSlug(locale: Locale, slug: string): CategoryKey | undefined {
  return BY_SLUG.get(locale)?.get(slug.toLowerCase());
}
