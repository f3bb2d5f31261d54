import { describe, expect, it } from 'vitest';
import { isSlug, slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['iPhone 15 Pro', 'iphone-15-pro'],
    ['Apple iPhone 15 Pro 128 GB', 'apple-iphone-15-pro-128-gb'],
    ['Galaxy S24+', 'galaxy-s24-plus'],
    ['iPad Pro 11" (2022) Wi-Fi + Cellular', 'ipad-pro-11-2022-wi-fi-plus-cellular'],
    ['RF 24-70mm F2.8 L IS USM', 'rf-24-70mm-f2-8-l-is-usm'],
    ['Nothing Phone (2a)', 'nothing-phone-2a'],
  ])('%s → %s', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it('transliterates German umlauts and ß', () => {
    expect(slugify('Öko-Gerät')).toBe('oeko-geraet');
    expect(slugify('Übersicht Größe')).toBe('uebersicht-groesse');
    expect(slugify('Spielkonsolen für Kinder')).toBe('spielkonsolen-fuer-kinder');
  });

  it('treats decomposed umlauts like composed ones', () => {
    expect(slugify('O\u0308ko')).toBe('oeko');
  });

  it('strips other diacritics', () => {
    expect(slugify('Crème brûlée')).toBe('creme-brulee');
    expect(slugify('Móviles y cámaras')).toBe('moviles-y-camaras');
    expect(slugify('Écrans')).toBe('ecrans');
    expect(slugify('Caméscopes d’occasion')).toBe('camescopes-d-occasion');
  });

  it('collapses and trims separators', () => {
    expect(slugify('  --Hello,   World!--  ')).toBe('hello-world');
    expect(slugify('a___b...c')).toBe('a-b-c');
    expect(slugify('Sound & Vision')).toBe('sound-and-vision');
  });

  it('returns an empty string when nothing is left', () => {
    expect(slugify(' — ')).toBe('');
    expect(slugify('')).toBe('');
  });

  it('produces slugs that isSlug accepts', () => {
    for (const text of ['Sony PlayStation 5 Digital Edition', 'Ärger ß', 'x']) expect(isSlug(slugify(text))).toBe(true);
    expect(isSlug('Bad Slug')).toBe(false);
    expect(isSlug('-bad')).toBe(false);
    expect(isSlug('')).toBe(false);
  });
});
