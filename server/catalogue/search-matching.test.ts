// The matching rules of the device search (issue 17) over the shop's own catalogue, as the header box
// and the results page send them: each rule and where it stops.

import { beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../src/config/locales';
import { deviceSearchQuery } from '../../src/services/catalogue/queries';
import { SearchIndex } from '../search/engine';
import { DEVICE_MAPPING } from '../search/mappings';
import type { Catalogue } from './model';
import { deviceAnalysis } from './search-analysis';
import { buildSearchDocs } from './search-docs';
import { loadSeedCatalogue } from './seed';

let catalogue: Catalogue;
const indexes = new Map<Locale, SearchIndex>();

beforeAll(() => {
  catalogue = loadSeedCatalogue();
});

function search(locale: Locale, text: string, size = 10): { model: string; name: string }[] {
  let index = indexes.get(locale);
  if (!index) {
    index = SearchIndex.build(`${locale}_devices`, DEVICE_MAPPING, buildSearchDocs(catalogue, locale).devices, deviceAnalysis(locale));
    indexes.set(locale, index);
  }
  return index
    .search({ ...deviceSearchQuery(text, size), _source: ['model', 'name'] })
    .hits.hits.map((h) => ({ model: String(h._source!.model), name: String(h._source!.name) }));
}
const firstModel = (locale: Locale, text: string) => search(locale, text)[0]?.model;
const models = (locale: Locale, text: string, size = 10) => new Set(search(locale, text, size).map((h) => h.model));

describe('split and joined words', () => {
  it('finds a joined name from split words and back', () => {
    expect(firstModel('de', 'one plus 9')).toBe('OnePlus 9');
    expect(firstModel('de', 'oneplus9')).toBe('OnePlus 9');
    expect(firstModel('de', 'air pods max')).toBe('AirPods Max');
    expect(firstModel('de', 'airpodsmax')).toBe('AirPods Max');
    expect(firstModel('de', 'power beats pro')).toBe('Powerbeats Pro');
  });

  it('finds a name with a number run into it from the number apart and back', () => {
    expect(firstModel('de', 'note 20')).toBe('Galaxy Note20');
    expect(firstModel('de', 'note20')).toBe('Galaxy Note20');
    expect(firstModel('de', 'galaxy z fold 4')).toBe('Galaxy Z Fold4');
  });

  it('joins neighbours only exactly: "ipad air 4" is not the "air2" of an iPad Air 2', () => {
    expect(models('es', 'ipad air 4', 3)).toEqual(new Set(['iPad Air (4th generation)']));
  });
});

describe('prefixes', () => {
  it('takes the last word as the beginning of a word while the seller types', () => {
    expect(firstModel('de', 'gal s2')).toMatch(/^Galaxy S2\d/);
    expect(firstModel('de', 'iphone 14 pr')).toBe('iPhone 14 Pro');
    expect(firstModel('de', 'iph 13 pro')).toBe('iPhone 13 Pro');
  });
});

describe('typos', () => {
  it('tolerates typos in longer words', () => {
    expect(firstModel('de', 'galaxy z fodl 4')).toBe('Galaxy Z Fold4');
    expect(firstModel('de', 'iphnoe 13')).toBe('iPhone 13');
  });

  it('gives a two-letter word one edit only where the other words match', () => {
    expect(firstModel('de', 'iphone 15 pro mx')).toBe('iPhone 15 Pro Max');
    expect([...models('de', 'iphone 15 pro mx')].every((m) => m.startsWith('iPhone 15 Pro'))).toBe(true);
  });

  it('never edits a short word with a digit: "s2" does not become "32"', () => {
    expect(search('de', 'gal s2', 20).every((h) => h.name.includes('Galaxy'))).toBe(true);
  });

  it('ranks the exact model number above one a typo away', () => {
    expect(firstModel('de', 'A2442')).toBe('MacBook Pro 14-inch (M1 Pro, 2021)');
  });
});

describe('abbreviations and numbering', () => {
  it('reads "mk ii" as "Mark II" and arabic numbers as roman ones', () => {
    expect(firstModel('de', 'canon eos r6 mk ii')).toBe('EOS R6 Mark II');
    expect(firstModel('de', 'canon eos r6 mark 2')).toBe('EOS R6 Mark II');
    expect(firstModel('de', 'sony alpha 7 4')).toBe('Alpha 7 IV');
  });

  it('reads "plus" for "+"', () => {
    expect(firstModel('default', 'galaxy s10 plus')).toBe('Galaxy S10+');
    expect(firstModel('default', 'galaxy s10+')).toBe('Galaxy S10+');
  });
});

describe('model numbers and aliases', () => {
  it('finds a device by its model number in any case', () => {
    expect(firstModel('de', 'SM-S918B')).toBe('Galaxy S23 Ultra');
    expect(firstModel('de', 'sm-s918b')).toBe('Galaxy S23 Ultra');
    expect(firstModel('de', 'CFI-1016A')).toBe('PlayStation 5');
  });
});

describe('synonyms per language', () => {
  it('knows the words of the shop language for a category', () => {
    expect(firstModel('de', 'handy iphone 13')).toBe('iPhone 13');
    expect(firstModel('de', 'konsole xbox series x')).toBe('Xbox Series X');
    expect(models('de', 'konsole ps5', 5).has('PlayStation 5')).toBe(true);
    expect(firstModel('es', 'móvil iphone 13')).toBe('iPhone 13');
    expect(firstModel('es', 'movil iphone 13')).toBe('iPhone 13');
    expect(firstModel('fr', 'portable iphone 13')).toBe('iPhone 13');
    expect(firstModel('it', 'telefono iphone 13')).toBe('iPhone 13');
  });

  it('keeps each language to its shop: "Handy" means nothing in the Italian shop', () => {
    expect(search('it', 'handy iphone 13')).toEqual([]);
  });
});

describe('no false friends', () => {
  it('"redmi note" finds only Redmi Notes, never a Galaxy Note', () => {
    const hits = search('de', 'redmi note 9', 20);
    expect(hits[0]?.model).toBe('Redmi Note 9');
    expect(hits.some((h) => h.model.startsWith('Galaxy'))).toBe(false);
  });

  it('"galaxy note" finds no Redmi Note', () => {
    expect(search('de', 'galaxy note 8', 20).some((h) => h.model.startsWith('Redmi'))).toBe(false);
  });

  it('every word must match: no device answers a word the catalogue does not have', () => {
    expect(search('de', 'iphone 13 qwertzuiop')).toEqual([]);
  });
});
