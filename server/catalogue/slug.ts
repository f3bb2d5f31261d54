// URL slugs for catalogue names: lower-case ASCII words joined by '-', German umlauts transliterated.

const TRANSLITERATION: Readonly<Record<string, string>> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  þ: 'th',
  '&': ' and ',
  '+': ' plus ',
};

/**
 * "Galaxy Z Fold5" → "galaxy-z-fold5", "Öko-Gerät" → "oeko-geraet", "Crème brûlée" → "creme-brulee".
 * German umlauts become ae/oe/ue (the usual German URL spelling); other accents are dropped.
 * "+" and "&" become words so that "Galaxy S24+" and "Galaxy S24" get different slugs.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[äöüßæœøđłþ&+]/g, (char) => TRANSLITERATION[char] ?? char)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** True when `slug` is already in the form slugify produces (non-empty). */
export function isSlug(slug: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug);
}
