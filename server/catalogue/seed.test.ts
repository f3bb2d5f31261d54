import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CATEGORY_KEYS, CATEGORY_SLUGS } from '../../src/config/categories';
import { LOCALES } from '../../src/config/locales';
import { CATALOGUE_DIR, PROJECT_ROOT } from '../platform/paths';
import type { CatalogueDevice } from './model';
import { countDevicesByCategory, loadSeedCatalogue, PRICE_FACTORS, SeedDataError } from './seed';
import { isSlug } from './slug';

const catalogue = loadSeedCatalogue();
const IMAGE_DIR = join(PROJECT_ROOT, 'public', 'images', 'devices');
const IMAGE_FAMILIES = [
  'phone',
  'phone-notch',
  'tablet',
  'notebook',
  'macbook',
  'watch',
  'camera',
  'lens',
  'camcorder',
  'console',
  'handheld-console',
  'monitor',
  'headphones',
  'earbuds',
  'speaker',
];

const byName = new Map(catalogue.devices.map((d) => [d.name, d]));
function device(name: string): CatalogueDevice {
  const found = byName.get(name);
  if (!found) throw new Error(`no device named ${name}`);
  return found;
}
const categoryId = (key: string) => catalogue.categories.find((c) => c.key === key)!.id;
const questionSet = (key: string) => catalogue.questionSets.find((s) => s.key === key)!;

describe('seed catalogue: size', () => {
  it('has a few thousand devices', () => {
    expect(catalogue.devices.length).toBeGreaterThanOrEqual(2500);
    expect(catalogue.devices.length).toBeLessThanOrEqual(5000);
  });

  it('has devices in every category', () => {
    const counts = countDevicesByCategory(catalogue);
    expect(Object.keys(counts).sort()).toEqual([...CATEGORY_KEYS].sort());
    for (const key of CATEGORY_KEYS) expect(counts[key], key).toBeGreaterThan(0);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(catalogue.devices.length);
  });

  it('has every category of the config exactly once, with at least one manufacturer and series', () => {
    expect(catalogue.categories.map((c) => c.key).sort()).toEqual([...CATEGORY_KEYS].sort());
    for (const c of catalogue.categories) {
      expect(
        catalogue.manufacturers.some((m) => m.categoryId === c.id),
        c.key,
      ).toBe(true);
      expect(
        catalogue.series.some((s) => s.categoryId === c.id),
        c.key,
      ).toBe(true);
    }
  });

  it('contains real model names', () => {
    for (const name of [
      'Apple iPhone 15 Pro 128 GB',
      'Apple iPhone 6s 32 GB',
      'Apple iPhone SE (2022) 64 GB',
      'Samsung Galaxy S24 Ultra 256 GB',
      'Samsung Galaxy Z Fold5 512 GB',
      'Google Pixel 8 Pro 128 GB',
      'Apple iPad Pro 11-inch (M4) 256 GB Wi-Fi + Cellular',
      'Apple MacBook Air 13-inch (M1, 2020) 8 GB / 256 GB',
      'Apple Watch Series 9 41 mm GPS',
      'Sony PlayStation 5 Digital Edition',
      'Nintendo Switch OLED',
      'Valve Steam Deck OLED 512 GB',
      'Canon EOS R5 Body',
      'Sony FE 24-70mm F2.8 GM II',
      'Sigma 24-70mm F2.8 DG DN Art Sony E',
      'GoPro HERO12 Black',
      'Dell UltraSharp U2723QE',
      'Apple AirPods Pro (2nd generation) USB-C',
      'Sony WH-1000XM5',
    ]) {
      expect(byName.has(name), name).toBe(true);
    }
  });
});

describe('seed catalogue: ids and references', () => {
  it('has unique ids within and across devices, series, manufacturers, questions and answers', () => {
    const groups = {
      devices: catalogue.devices.map((d) => d.id),
      series: catalogue.series.map((s) => s.id),
      manufacturers: catalogue.manufacturers.map((m) => m.id),
      questions: catalogue.questionSets.flatMap((s) => s.questions.map((q) => q.id)),
      answers: catalogue.questionSets.flatMap((s) => s.questions.flatMap((q) => q.answers.map((a) => a.id))),
    };
    for (const [kind, ids] of Object.entries(groups)) expect(new Set(ids).size, kind).toBe(ids.length);
    const all = Object.values(groups).flat();
    expect(new Set(all).size).toBe(all.length);
  });

  it('derives device ids from model id and variant index, manufacturer ids from category and brand', () => {
    const iphone = catalogue.devices.filter((d) => d.model === 'iPhone 15 Pro').map((d) => d.id);
    const base = Math.floor(iphone[0]! / 100) * 100;
    expect(iphone).toEqual([base, base + 1, base + 2, base + 3]);
    for (const m of catalogue.manufacturers) expect(Math.floor(m.id / 1000)).toBe(m.categoryId);
  });

  it('links every device to its series, manufacturer and category consistently', () => {
    const series = new Map(catalogue.series.map((s) => [s.id, s]));
    const manufacturers = new Map(catalogue.manufacturers.map((m) => [m.id, m]));
    for (const d of catalogue.devices) {
      const s = series.get(d.seriesId)!;
      expect(s, d.name).toBeDefined();
      expect(s.manufacturerId).toBe(d.manufacturerId);
      expect(manufacturers.get(d.manufacturerId)!.categoryId).toBe(d.categoryId);
      expect(s.categoryId).toBe(d.categoryId);
    }
  });

  it('references existing question sets from every category', () => {
    const keys = new Set(catalogue.questionSets.map((s) => s.key));
    for (const c of catalogue.categories) expect(keys.has(c.questionSet), c.key).toBe(true);
  });
});

describe('seed catalogue: slugs and texts', () => {
  it('uses the configured category slugs', () => {
    for (const c of catalogue.categories) {
      for (const locale of LOCALES) expect(c.texts[locale].slug).toBe(CATEGORY_SLUGS[locale][c.key as keyof (typeof CATEGORY_SLUGS)['de']]);
    }
  });

  it.each(LOCALES)('has unique manufacturer and series slugs in %s', (locale) => {
    const slugs = [...catalogue.manufacturers, ...catalogue.series].map((x) => x.texts[locale].slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(isSlug(slug), slug).toBe(true);
  });

  it('builds manufacturer slugs from brand and localized category slug', () => {
    const appleSmartphones = catalogue.manufacturers.find((m) => m.brand === 'Apple' && m.categoryId === categoryId('smartphones'))!;
    expect(appleSmartphones.texts.de.slug).toBe('apple-smartphones');
    expect(appleSmartphones.texts.es.slug).toBe('apple-moviles');
    const samsungTablets = catalogue.manufacturers.find((m) => m.brand === 'Samsung' && m.categoryId === categoryId('tablets'))!;
    expect(samsungTablets.texts.fr.slug).toBe('samsung-tablettes');
    const iphone15 = catalogue.series.find((s) => s.key === 'iphone-15')!;
    for (const locale of LOCALES) expect(iphone15.texts[locale].slug).toBe('iphone-15');
  });

  it('has unique, well-formed device slugs', () => {
    const slugs = catalogue.devices.map((d) => d.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(isSlug(slug), slug).toBe(true);
    expect(device('Apple iPhone 15 Pro 128 GB').slug).toBe('apple-iphone-15-pro-128-gb');
  });

  it('has non-empty page texts in every locale and short meta descriptions', () => {
    const pages = [...catalogue.categories, ...catalogue.manufacturers, ...catalogue.series];
    for (const page of pages) {
      for (const locale of LOCALES) {
        const texts = page.texts[locale];
        for (const field of ['name', 'slug', 'content', 'metaDescription', 'metaKeywords'] as const) {
          expect(texts[field].trim(), `${page.key} ${locale} ${field}`).not.toBe('');
        }
        expect(texts.content).not.toMatch(/\{\w+\}/);
        expect(texts.metaDescription.length, `${page.key} ${locale}`).toBeLessThanOrEqual(160);
        // 2–3 sentences of copy
        expect(texts.content.split(/[.!?](?:\s|$)/).filter(Boolean).length, `${page.key} ${locale}`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('does not repeat the brand in device names and series copy', () => {
    const brandOf = new Map(catalogue.manufacturers.map((m) => [m.id, m.brand]));
    for (const d of catalogue.devices) {
      const brand = brandOf.get(d.manufacturerId)!;
      expect(d.name.startsWith(`${brand} `), d.name).toBe(true);
      expect(d.name.toLowerCase().startsWith(`${brand} ${brand} `.toLowerCase()), d.name).toBe(false);
    }
    for (const s of catalogue.series) {
      const brand = brandOf.get(s.manufacturerId)!;
      expect(s.texts.default.content.toLowerCase(), s.key).not.toContain(`${brand} ${brand}`.toLowerCase());
    }
    expect(device('Apple Watch Series 9 41 mm GPS').model).toBe('Apple Watch Series 9');
  });

  it('writes localized copy (not the English text) in the other languages', () => {
    const consoles = catalogue.categories.find((c) => c.key === 'gameConsoles')!;
    expect(consoles.texts.de.name).toBe('Spielkonsolen');
    expect(consoles.texts.fr.name).toBe('Consoles de jeux');
    expect(consoles.texts.de.content).toContain('Verkaufen Sie');
    expect(consoles.texts.es.content).toContain('Vende');
    expect(consoles.texts.fr.content).toContain('Vendez');
    expect(consoles.texts.it.content).toContain('Vendi');
    expect(consoles.texts.at.name).toBe('Spielkonsolen');
  });

  it('has question and answer texts in every locale', () => {
    for (const set of catalogue.questionSets) {
      for (const q of set.questions) {
        for (const locale of LOCALES) {
          expect(q.question[locale].trim(), `${set.key}.${q.code}`).not.toBe('');
          expect(q.description[locale].trim(), `${set.key}.${q.code}`).not.toBe('');
          for (const a of q.answers) expect(a.text[locale].trim(), `${set.key}.${q.code}.${a.code}`).not.toBe('');
        }
      }
    }
  });
});

describe('seed catalogue: questions', () => {
  it('has the ten question sets with 4–6 questions each', () => {
    expect(catalogue.questionSets.map((s) => s.key).sort()).toEqual([
      'audio',
      'camcorder',
      'camera',
      'console',
      'lens',
      'monitor',
      'notebook',
      'phone',
      'tablet',
      'watch',
    ]);
    for (const set of catalogue.questionSets) {
      expect(set.questions.length, set.key).toBeGreaterThanOrEqual(4);
      expect(set.questions.length, set.key).toBeLessThanOrEqual(6);
    }
  });

  it('has exactly one best answer (multiplier 1, grade 0) per question', () => {
    for (const set of catalogue.questionSets) {
      for (const q of set.questions) {
        const best = q.answers.filter((a) => a.multiplier === 1 && a.grade === 0);
        expect(best.length, `${set.key}.${q.code}`).toBe(1);
        for (const a of q.answers) {
          expect(a.multiplier).toBeGreaterThanOrEqual(0);
          expect(a.multiplier).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it('blocks a phone whose activation lock is still on and takes dead, water-damaged phones for recycling', () => {
    const phone = questionSet('phone');
    const lock = phone.questions.find((q) => q.code === 'account-lock')!;
    expect(lock.question.default).toMatch(/removed from your account/);
    expect(lock.platforms.ios?.question?.default).toMatch(/Find My/);
    expect(lock.answers.some((a) => a.blocks)).toBe(true);
    expect(lock.answers.find((a) => a.multiplier === 1)!.blocks).toBe(false);
    const recycling = phone.questions.flatMap((q) => q.answers).filter((a) => a.recycling);
    expect(recycling.length).toBeGreaterThan(0);
    expect(recycling.every((a) => a.grade === 3)).toBe(true);
  });

  it('has an account-lock question that blocks for every Apple device family', () => {
    for (const key of ['phone', 'tablet', 'watch', 'notebook']) {
      const answers = questionSet(key).questions.flatMap((q) => q.answers);
      expect(
        answers.some((a) => a.blocks),
        key,
      ).toBe(true);
    }
  });

  it('numbers questions in order', () => {
    for (const set of catalogue.questionSets) expect(set.questions.map((q) => q.sort)).toEqual(set.questions.map((_, i) => i + 1));
  });
});

describe('seed catalogue: prices and popularity', () => {
  it('has whole-euro prices of at least 1 € in every locale', () => {
    for (const d of catalogue.devices) {
      for (const locale of LOCALES) {
        expect(Number.isInteger(d.basePrice[locale]), d.name).toBe(true);
        expect(d.basePrice[locale], `${d.name} ${locale}`).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('pays more for newer iPhones', () => {
    const ladder = [
      'Apple iPhone 11 Pro 256 GB',
      'Apple iPhone 12 Pro 256 GB',
      'Apple iPhone 13 Pro 256 GB',
      'Apple iPhone 14 Pro 256 GB',
      'Apple iPhone 15 Pro 256 GB',
      'Apple iPhone 16 Pro 256 GB',
    ];
    const prices = ladder.map((name) => device(name).basePrice.de);
    for (let i = 1; i < prices.length; i++) expect(prices[i], ladder[i]).toBeGreaterThan(prices[i - 1]!);
    expect(device('Apple iPhone 16 128 GB').basePrice.de).toBeGreaterThan(device('Apple iPhone 8 64 GB').basePrice.de * 5);
  });

  it('pays at least as much for more storage of the same model', () => {
    // "256 GB", "256 GB Wi-Fi + Cellular": compared with the same model's other sizes of the same kind
    const parse = (label: string) => {
      const m = /^(\d+) (GB|TB)( .*)?$/.exec(label);
      return m ? { gb: Number(m[1]) * (m[2] === 'TB' ? 1024 : 1), kind: m[3] ?? '' } : undefined;
    };
    let compared = 0;
    const byModel = new Map<string, { gb: number; device: CatalogueDevice }[]>();
    for (const d of catalogue.devices) {
      const label = d.name.slice(d.name.indexOf(d.model) + d.model.length).trim();
      const parsed = parse(label);
      if (parsed === undefined) continue;
      const key = `${d.manufacturerId} ${d.model} ${parsed.kind}`;
      byModel.set(key, [...(byModel.get(key) ?? []), { gb: parsed.gb, device: d }]);
    }
    for (const variants of byModel.values()) {
      variants.sort((a, b) => a.gb - b.gb);
      for (let i = 1; i < variants.length; i++) {
        for (const locale of LOCALES) {
          expect(variants[i]!.device.basePrice[locale], variants[i]!.device.name).toBeGreaterThanOrEqual(
            variants[i - 1]!.device.basePrice[locale],
          );
        }
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('derives the other shops’ prices from the German price unless a variant overrides them', () => {
    const ps5 = device('Sony PlayStation 5 Digital Edition');
    for (const locale of LOCALES) expect(ps5.basePrice[locale]).toBe(Math.max(1, Math.round(ps5.basePrice.de * PRICE_FACTORS[locale])));
    const overridden = device('Apple iPhone 15 Pro 128 GB');
    expect(overridden.basePrice.es).not.toBe(Math.round(overridden.basePrice.de * PRICE_FACTORS.es));
    expect(overridden.basePrice.at).toBe(overridden.basePrice.de);
  });

  it('ranks newer devices and top series as more popular', () => {
    expect(device('Apple iPhone 16 128 GB').popularity).toBeGreaterThan(device('Apple iPhone 12 64 GB').popularity);
    const pixel9 = device('Google Pixel 9 128 GB');
    const fold = device('Google Pixel 9 Pro Fold 256 GB'); // same generation, not a top series
    expect(pixel9.popularity).toBeGreaterThan(fold.popularity);
  });

  it('keeps release dates plausible', () => {
    for (const d of catalogue.devices) {
      expect(d.releaseYear).toBeGreaterThanOrEqual(1990);
      expect(d.releaseYear).toBeLessThanOrEqual(2026);
      expect(d.releaseMonth).toBeGreaterThanOrEqual(1);
      expect(d.releaseMonth).toBeLessThanOrEqual(12);
    }
  });
});

describe('seed catalogue: search terms and images', () => {
  it('adds model numbers and the joined spelling to the search terms', () => {
    const iphone = device('Apple iPhone 15 128 GB');
    expect(iphone.searchTerms).toContain('A2846');
    expect(iphone.searchTerms).toContain('iphone15');
    expect(device('Apple iPhone 15 Pro 128 GB').searchTerms).toContain('iphone15pro');
  });

  it('has an SVG for every image family the data references', () => {
    const families = new Set([
      ...IMAGE_FAMILIES,
      ...catalogue.categories.map((c) => c.imageFamily),
      ...catalogue.manufacturers.map((m) => m.imageFamily),
      ...catalogue.series.map((s) => s.imageFamily),
      ...catalogue.devices.map((d) => d.imageFamily),
    ]);
    for (const family of families) {
      const file = join(IMAGE_DIR, `${family}.svg`);
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).size, file).toBeLessThan(3 * 1024);
      const svg = readFileSync(file, 'utf8');
      expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|href=|<image|<script|@import/i);
    }
  });

  it('gives every device a front and a back image: its generated picture (pictures.test.ts)', () => {
    for (const d of catalogue.devices) {
      expect(d.images.map((i) => i.kind)).toEqual(['front', 'back']);
      for (const image of d.images) expect(image.path).toMatch(/^\/pictures\/[a-z0-9-]+\.[0-9a-f]{10}\.svg$/);
    }
    expect(device('Nintendo Switch OLED').imageFamily).toBe('handheld-console');
    expect(device('Apple AirPods 4').imageFamily).toBe('earbuds');
  });
});

describe('loadSeedCatalogue', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  function copyData(): string {
    const dir = mkdtempSync(join(tmpdir(), 'seed-'));
    dirs.push(dir);
    cpSync(CATALOGUE_DIR, dir, { recursive: true });
    return dir;
  }
  const edit = (dir: string, file: string, change: (data: unknown[]) => void) => {
    const path = join(dir, file);
    const data = JSON.parse(readFileSync(path, 'utf8')) as unknown[];
    change(data);
    writeFileSync(path, JSON.stringify(data));
  };

  it('reads the files anew on every call (no cache) and is deterministic', () => {
    const again = loadSeedCatalogue();
    expect(again).not.toBe(catalogue);
    expect(again).toEqual(catalogue);
  });

  it('names the file and the path of invalid data', () => {
    const dir = copyData();
    edit(dir, 'brands.json', (brands) => {
      (brands[0] as Record<string, unknown>).id = 'one';
    });
    expect(() => loadSeedCatalogue(dir)).toThrow(SeedDataError);
    expect(() => loadSeedCatalogue(dir)).toThrow(/brands\.json: invalid data at \[0\]\.id/);
  });

  it('names the model file of an invalid variant', () => {
    const dir = copyData();
    edit(dir, 'models/smartphones.json', (groups) => {
      const group = groups[0] as { models: { variants: unknown[] }[] };
      group.models[0]!.variants[0] = ['16 GB', -5];
    });
    expect(() => loadSeedCatalogue(dir)).toThrow(/models\/smartphones\.json: invalid data at \[0\]\.models\[0\]\.variants\[0\]/);
  });

  it('rejects a series slug that clashes with a manufacturer slug', () => {
    const dir = copyData();
    edit(dir, 'series.json', (series) => {
      series.push({ id: 19999, key: 'apple-smartphones-clash', brand: 'apple', category: 'smartphones', name: 'Apple Smartphones' });
    });
    edit(dir, 'models/smartphones.json', (groups) => {
      groups.push({ series: 'apple-smartphones-clash', models: [{ id: 2999, model: 'Clash', released: '2020-01', variants: [['', 10]] }] });
    });
    expect(() => loadSeedCatalogue(dir)).toThrow(
      /slug "apple-smartphones" \(default\) is used by both manufacturer apple-smartphones and series apple-smartphones-clash/,
    );
  });

  it('rejects unknown series, duplicate model ids and questions without a best answer', () => {
    const unknown = copyData();
    edit(unknown, 'models/audio.json', (groups) => {
      (groups[0] as { series: string }).series = 'no-such-series';
    });
    expect(() => loadSeedCatalogue(unknown)).toThrow(/models\/audio\.json: unknown series no-such-series/);

    const duplicate = copyData();
    edit(duplicate, 'models/audio.json', (groups) => {
      const models = (groups[0] as { models: { id: number }[] }).models;
      models[1]!.id = models[0]!.id;
    });
    expect(() => loadSeedCatalogue(duplicate)).toThrow(/duplicate model id/);

    const noBest = copyData();
    edit(noBest, 'questions.json', (sets) => {
      const answers = (sets[0] as { questions: { answers: { multiplier: number }[] }[] }).questions[0]!.answers;
      answers[0]!.multiplier = 0.99;
    });
    expect(() => loadSeedCatalogue(noBest)).toThrow(
      /questions\.json: phone\.function: needs exactly one answer with multiplier 1 and grade 0/,
    );
  });
});

describe('seed catalogue: the 2025 releases import file (decision 079)', () => {
  // Each new model against the model it follows: one generation newer is worth 1.48 times as much, within rounding.
  const SUCCESSORS = [
    ['Apple iPhone 17 256 GB', 'Apple iPhone 16 256 GB'],
    ['Apple iPhone Air 256 GB', 'Apple iPhone 16 Plus 256 GB'],
    ['Apple iPhone 17 Pro 256 GB', 'Apple iPhone 16 Pro 256 GB'],
    ['Apple iPhone 17 Pro Max 256 GB', 'Apple iPhone 16 Pro Max 256 GB'],
    ['Google Pixel 10 128 GB', 'Google Pixel 9 128 GB'],
    ['Google Pixel 10 Pro 128 GB', 'Google Pixel 9 Pro 128 GB'],
    ['Google Pixel 10 Pro XL 256 GB', 'Google Pixel 9 Pro XL 256 GB'],
    ['Google Pixel 10 Pro Fold 256 GB', 'Google Pixel 9 Pro Fold 256 GB'],
    ['Samsung Galaxy Z Fold7 256 GB', 'Samsung Galaxy Z Fold6 256 GB'],
    ['Samsung Galaxy Z Flip7 256 GB', 'Samsung Galaxy Z Flip6 256 GB'],
    ['Apple Watch Series 11 46 mm GPS', 'Apple Watch Series 10 46 mm GPS'],
    ['Apple Watch Ultra 3 49 mm GPS + Cellular', 'Apple Watch Ultra 2 49 mm GPS + Cellular'],
    ['Apple AirPods Pro 3', 'Apple AirPods Pro (2nd generation) USB-C'],
  ] as const;

  it.each(SUCCESSORS)('%s is priced from %s by the successor factor', (name, predecessor) => {
    expect(device(name).basePrice.de).toBe(Math.round(device(predecessor).basePrice.de * 1.48));
    expect(device(name).releaseYear).toBe(2025);
  });

  it('adds the Galaxy S25 Edge at the prices of the S25+ of its generation, found by its model number', () => {
    expect(device('Samsung Galaxy S25 Edge 256 GB').basePrice.de).toBe(device('Samsung Galaxy S25+ 256 GB').basePrice.de);
    expect(device('Samsung Galaxy S25 Edge 512 GB').basePrice.de).toBe(device('Samsung Galaxy S25+ 512 GB').basePrice.de);
  });

  it('prices each larger storage 9 % above the one before', () => {
    const sizes = ['256 GB', '512 GB', '1 TB', '2 TB'].map((size) => device(`Apple iPhone 17 Pro Max ${size}`).basePrice.de);
    for (let i = 1; i < sizes.length; i++)
      expect(sizes[i]).toBe(Math.round(device('Apple iPhone 17 Pro Max 256 GB').basePrice.de * 1.09 ** i));
  });
});
