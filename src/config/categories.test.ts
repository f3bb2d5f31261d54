import { describe, it, expect } from 'vitest';
import { CATEGORY_KEYS, CATEGORY_SLUGS, categoryForSlug } from './categories';
import { LOCALES } from './locales';

describe('catalogue categories', () => {
  it.each(LOCALES)('%s has one unique, URL-safe slug per category', (locale) => {
    const slugs = CATEGORY_KEYS.map((key) => CATEGORY_SLUGS[locale][key]);
    expect(Object.keys(CATEGORY_SLUGS[locale]).sort()).toEqual([...CATEGORY_KEYS].sort());
    expect(new Set(slugs).size).toBe(CATEGORY_KEYS.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it.each(LOCALES)('categoryForSlug round-trips in %s', (locale) => {
    for (const key of CATEGORY_KEYS) {
      expect(categoryForSlug(locale, CATEGORY_SLUGS[locale][key])).toBe(key);
      expect(categoryForSlug(locale, CATEGORY_SLUGS[locale][key].toUpperCase())).toBe(key);
    }
    expect(categoryForSlug(locale, 'no-such-category')).toBeUndefined();
  });

  it('uses localized slugs', () => {
    expect(CATEGORY_SLUGS.de.cameras).toBe('kameras');
    expect(CATEGORY_SLUGS.at).toEqual(CATEGORY_SLUGS.de);
    expect(CATEGORY_SLUGS.fr.gameConsoles).toBe('consoles-de-jeux');
    expect(categoryForSlug('fr', 'kameras')).toBeUndefined();
    expect(categoryForSlug('de', 'kameras')).toBe('cameras');
  });
});
