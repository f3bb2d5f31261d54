// A synthetic device catalogue for benchmarks and search tests: `n` distinct devices drawn
// deterministically (seeded) from real brands, series and models released 2012–2025, each model
// expanded into its real kinds of variants (storage, colour, regional model number, size,
// connectivity, configuration) so that large catalogues stay realistic without repeating names.

import { CATEGORY_KEYS, CATEGORY_SLUGS, type CategoryKey } from '../../src/config/categories';
import type { DeviceDoc } from '../../src/contracts/search';
import { slugify } from '../catalogue/slug';

interface ModelSpec {
  readonly model: string;
  readonly year: number;
  readonly month: number;
  /** Launch price in EUR of the smallest variant. */
  readonly price: number;
  /** Variant option groups of this model; every combination is a device (the first option is the cheapest). */
  readonly variants: readonly (readonly string[])[];
}

interface Family {
  readonly category: CategoryKey;
  readonly brand: string;
  readonly series: string;
  /** Image family: public/images/devices/<image>.svg. */
  readonly image: string;
  /** Relative share of the catalogue (before capping at the family's number of combinations). */
  readonly weight: number;
  /** Regional model numbers of a model: the last variant group picks one of them. */
  readonly codes: (model: string) => readonly string[];
  readonly models: readonly ModelSpec[];
}

const CATEGORY_NAMES: Readonly<Record<CategoryKey, string>> = {
  smartphones: 'Smartphones',
  tablets: 'Tablets',
  notebooks: 'Notebooks',
  macbooks: 'MacBooks',
  smartwatches: 'Smartwatches',
  cameras: 'Cameras',
  lenses: 'Lenses',
  camcorders: 'Camcorders',
  gameConsoles: 'Game consoles',
  monitors: 'Monitors',
  audio: 'Audio',
};

/** FNV-1a: stable model numbers that do not depend on the seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const digits = (model: string, salt: number, width: number) => String(hash(`${model}#${salt}`) % 10 ** width).padStart(width, '0');
/** Apple-style regional numbers: A2633, A2482, … */
const appleCodes = (regions: number) => (model: string) =>
  Array.from({ length: regions }, (_, r) => `A${2000 + ((hash(model) + r * 7) % 1000)}`);
/** Samsung-style: SM-S901B, SM-S901U, … */
const samsungCodes = (letter: string, suffixes: readonly string[]) => (model: string) =>
  suffixes.map((s) => `SM-${letter}${digits(model, 0, 3)}${s}`);
const prefixCodes =
  (prefix: string, width: number, regions = 1) =>
  (model: string) =>
    Array.from({ length: regions }, (_, r) => `${prefix}${digits(model, r, width)}`);
/** Products sold under their name only: the joined name is the code. */
const noCodes = () => [];

const m = (model: string, year: number, month: number, price: number, ...variants: (readonly string[])[]): ModelSpec => ({
  model,
  year,
  month,
  price,
  variants,
});

const GB = (...sizes: number[]) => sizes.map((s) => (s >= 1024 ? `${s / 1024} TB` : `${s} GB`));
const IPHONE_COLOURS = ['Black', 'White', 'Blue', 'Red', 'Green', 'Purple', 'Midnight', 'Starlight', 'Graphite', 'Gold', 'Silver', 'Pink'];
const PHONE_COLOURS = ['Black', 'White', 'Blue', 'Green', 'Silver', 'Violet', 'Graphite', 'Cream'];
const colours = (list: readonly string[], model: string, count: number) =>
  Array.from({ length: count }, (_, i) => list[(hash(model) + i * 5) % list.length]!).filter((c, i, all) => all.indexOf(c) === i);

function iphones(): ModelSpec[] {
  const rows: [string, number, number, number, number[]][] = [
    ['iPhone 5', 2012, 9, 679, [16, 32, 64]],
    ['iPhone 5s', 2013, 9, 699, [16, 32, 64]],
    ['iPhone 5c', 2013, 9, 599, [8, 16, 32]],
    ['iPhone 6', 2014, 9, 699, [16, 64, 128]],
    ['iPhone 6 Plus', 2014, 9, 799, [16, 64, 128]],
    ['iPhone 6s', 2015, 9, 739, [16, 32, 64, 128]],
    ['iPhone 6s Plus', 2015, 9, 849, [16, 32, 64, 128]],
    ['iPhone SE', 2016, 3, 489, [16, 32, 64, 128]],
    ['iPhone 7', 2016, 9, 759, [32, 128, 256]],
    ['iPhone 7 Plus', 2016, 9, 899, [32, 128, 256]],
    ['iPhone 8', 2017, 9, 799, [64, 128, 256]],
    ['iPhone 8 Plus', 2017, 9, 909, [64, 128, 256]],
    ['iPhone X', 2017, 11, 1149, [64, 256]],
    ['iPhone XR', 2018, 10, 849, [64, 128, 256]],
    ['iPhone XS', 2018, 9, 1149, [64, 256, 512]],
    ['iPhone XS Max', 2018, 9, 1249, [64, 256, 512]],
    ['iPhone 11', 2019, 9, 799, [64, 128, 256]],
    ['iPhone 11 Pro', 2019, 9, 1149, [64, 256, 512]],
    ['iPhone 11 Pro Max', 2019, 9, 1249, [64, 256, 512]],
    ['iPhone SE (2020)', 2020, 4, 479, [64, 128, 256]],
    ['iPhone 12 mini', 2020, 11, 778, [64, 128, 256]],
    ['iPhone 12', 2020, 10, 876, [64, 128, 256]],
    ['iPhone 12 Pro', 2020, 10, 1120, [128, 256, 512]],
    ['iPhone 12 Pro Max', 2020, 11, 1217, [128, 256, 512]],
    ['iPhone 13 mini', 2021, 9, 799, [128, 256, 512]],
    ['iPhone 13', 2021, 9, 899, [128, 256, 512]],
    ['iPhone 13 Pro', 2021, 9, 1149, [128, 256, 512, 1024]],
    ['iPhone 13 Pro Max', 2021, 9, 1249, [128, 256, 512, 1024]],
    ['iPhone SE (2022)', 2022, 3, 519, [64, 128, 256]],
    ['iPhone 14', 2022, 9, 999, [128, 256, 512]],
    ['iPhone 14 Plus', 2022, 10, 1149, [128, 256, 512]],
    ['iPhone 14 Pro', 2022, 9, 1299, [128, 256, 512, 1024]],
    ['iPhone 14 Pro Max', 2022, 9, 1449, [128, 256, 512, 1024]],
    ['iPhone 15', 2023, 9, 949, [128, 256, 512]],
    ['iPhone 15 Plus', 2023, 9, 1099, [128, 256, 512]],
    ['iPhone 15 Pro', 2023, 9, 1199, [128, 256, 512, 1024]],
    ['iPhone 15 Pro Max', 2023, 9, 1449, [256, 512, 1024]],
    ['iPhone 16', 2024, 9, 949, [128, 256, 512]],
    ['iPhone 16 Plus', 2024, 9, 1099, [128, 256, 512]],
    ['iPhone 16 Pro', 2024, 9, 1199, [128, 256, 512, 1024]],
    ['iPhone 16 Pro Max', 2024, 9, 1449, [256, 512, 1024]],
    ['iPhone 16e', 2025, 2, 699, [128, 256, 512]],
  ];
  return rows.map(([model, year, month, price, storage]) =>
    m(model, year, month, price, GB(...storage), colours(IPHONE_COLOURS, model, 6)),
  );
}

function galaxyS(): ModelSpec[] {
  const gens: [string, number][] = [
    ['S6', 2015],
    ['S7', 2016],
    ['S8', 2017],
    ['S9', 2018],
    ['S10', 2019],
    ['S20', 2020],
    ['S21', 2021],
    ['S22', 2022],
    ['S23', 2023],
    ['S24', 2024],
    ['S25', 2025],
  ];
  return gens.flatMap(([gen, year]) => {
    const kinds = year >= 2020 ? ['', '+', ' Ultra', ' FE'] : year >= 2016 ? ['', ' Edge', '+'] : ['', ' Edge'];
    return kinds
      .filter((k) => !(k === ' Edge' && year >= 2017) && !(k === '+' && year < 2017))
      .map((kind, i) => {
        const model = `Galaxy ${gen}${kind}`;
        return m(
          model,
          year,
          kind === ' FE' ? 10 : 3,
          799 + i * 150,
          GB(...(kind === ' Ultra' ? [256, 512, 1024] : [128, 256, 512])),
          colours(PHONE_COLOURS, model, 5),
        );
      });
  });
}

function galaxyA(): ModelSpec[] {
  return [1, 2, 3, 4, 5, 7].flatMap((line) =>
    [0, 1, 2, 3, 4, 5, 6].map((gen) => {
      const model = `Galaxy A${line}${gen}${gen >= 2 && line >= 3 ? ' 5G' : ''}`;
      return m(model, 2019 + gen, 3, 149 + line * 60, GB(32, 64, 128, 256), colours(PHONE_COLOURS, model, 5));
    }),
  );
}

function galaxyZ(): ModelSpec[] {
  const folds = [2, 3, 4, 5, 6, 7].map((n) =>
    m(`Galaxy Z Fold${n}`, 2018 + n, 8, 1799 + n * 20, GB(256, 512, 1024), colours(PHONE_COLOURS, `Fold${n}`, 3)),
  );
  const flips = [3, 4, 5, 6, 7].map((n) =>
    m(`Galaxy Z Flip${n}`, 2018 + n, 8, 1049 + n * 20, GB(128, 256, 512), colours(PHONE_COLOURS, `Flip${n}`, 4)),
  );
  return [...folds, ...flips];
}

const NOTE = ['Galaxy Note8', 'Galaxy Note9', 'Galaxy Note10', 'Galaxy Note10+', 'Galaxy Note20', 'Galaxy Note20 Ultra'].map((model, i) =>
  m(model, 2017 + Math.min(3, Math.ceil(i / 2)), 8, 999 + i * 50, GB(128, 256, 512), colours(PHONE_COLOURS, model, 3)),
);

const PIXEL = (
  [
    ['Pixel 3', 2018, 10],
    ['Pixel 3 XL', 2018, 10],
    ['Pixel 3a', 2019, 5],
    ['Pixel 4', 2019, 10],
    ['Pixel 4 XL', 2019, 10],
    ['Pixel 4a', 2020, 8],
    ['Pixel 5', 2020, 10],
    ['Pixel 6', 2021, 10],
    ['Pixel 6 Pro', 2021, 10],
    ['Pixel 6a', 2022, 7],
    ['Pixel 7', 2022, 10],
    ['Pixel 7 Pro', 2022, 10],
    ['Pixel 7a', 2023, 5],
    ['Pixel Fold', 2023, 6],
    ['Pixel 8', 2023, 10],
    ['Pixel 8 Pro', 2023, 10],
    ['Pixel 8a', 2024, 5],
    ['Pixel 9', 2024, 8],
    ['Pixel 9 Pro', 2024, 8],
    ['Pixel 9 Pro XL', 2024, 8],
    ['Pixel 9 Pro Fold', 2024, 9],
  ] as const
).map(([model, year, month], i) =>
  m(
    model,
    year,
    month,
    449 + (i % 4) * 200,
    GB(128, 256, 512),
    ['Obsidian', 'Porcelain', 'Hazel', 'Snow', 'Bay', 'Lemongrass'].slice(0, 3 + (i % 3)),
  ),
);

const XIAOMI = [
  ...[8, 9, 10, 11, 12, 13, 14].flatMap((n) => [
    m(`Redmi Note ${n}`, 2011 + n, 3, 199 + n * 5, GB(64, 128, 256), colours(PHONE_COLOURS, `rn${n}`, 3)),
    m(`Redmi Note ${n} Pro`, 2011 + n, 3, 279 + n * 5, GB(128, 256), colours(PHONE_COLOURS, `rnp${n}`, 3)),
  ]),
  ...['11', '11T', '12', '12T', '13', '13T', '14', '14 Ultra', '15'].map((v, i) =>
    m(`Xiaomi ${v}`, 2021 + Math.floor(i / 2), i % 2 ? 9 : 3, 649 + i * 40, GB(128, 256, 512), colours(PHONE_COLOURS, v, 3)),
  ),
];

const IPADS = [
  ...['5th', '6th', '7th', '8th', '9th', '10th'].map((g, i) =>
    m(
      `iPad (${g} generation)`,
      2017 + i,
      i === 5 ? 10 : 3 + (i % 2) * 6,
      399 + i * 10,
      GB(32, 64, 128, 256),
      ['Wi-Fi', 'Wi-Fi + Cellular'],
      ['Space Grey', 'Silver', 'Blue'],
    ),
  ),
  m('iPad Air 2', 2014, 10, 489, GB(16, 64, 128), ['Wi-Fi', 'Wi-Fi + Cellular'], ['Space Grey', 'Silver', 'Gold']),
  ...['3rd', '4th', '5th'].map((g, i) =>
    m(
      `iPad Air (${g} generation)`,
      [2019, 2020, 2022][i]!,
      3,
      549 + i * 80,
      GB(64, 256),
      ['Wi-Fi', 'Wi-Fi + Cellular'],
      ['Space Grey', 'Sky Blue', 'Purple', 'Starlight'],
    ),
  ),
  ...['11" (M2)', '13" (M2)', '11" (M3)', '13" (M3)'].map((v, i) =>
    m(
      `iPad Air ${v}`,
      2024 + (i >> 1),
      5,
      699 + (i % 2) * 250,
      GB(128, 256, 512, 1024),
      ['Wi-Fi', 'Wi-Fi + Cellular'],
      ['Space Grey', 'Blue', 'Purple', 'Starlight'],
    ),
  ),
  ...['mini 4', 'mini (5th generation)', 'mini (6th generation)', 'mini (A17 Pro)'].map((v, i) =>
    m(
      `iPad ${v}`,
      [2015, 2019, 2021, 2024][i]!,
      9,
      449 + i * 30,
      GB(64, 128, 256),
      ['Wi-Fi', 'Wi-Fi + Cellular'],
      ['Space Grey', 'Pink', 'Purple', 'Starlight'],
    ),
  ),
  ...[
    '9.7"',
    '10.5"',
    '11" (1st generation)',
    '11" (2nd generation)',
    '11" (3rd generation)',
    '11" (4th generation)',
    '12.9" (3rd generation)',
    '12.9" (4th generation)',
    '12.9" (5th generation)',
    '12.9" (6th generation)',
    '11" (M4)',
    '13" (M4)',
  ].map((v, i) =>
    m(
      `iPad Pro ${v}`,
      [2016, 2017, 2018, 2020, 2021, 2022, 2018, 2020, 2021, 2022, 2024, 2024][i]!,
      5,
      879 + (i % 4) * 150,
      GB(128, 256, 512, 1024, 2048),
      ['Wi-Fi', 'Wi-Fi + Cellular'],
      ['Space Grey', 'Silver'],
    ),
  ),
];

const TAB_S = [
  'Tab S6',
  'Tab S6 Lite',
  'Tab S7',
  'Tab S7+',
  'Tab S7 FE',
  'Tab S8',
  'Tab S8+',
  'Tab S8 Ultra',
  'Tab S9',
  'Tab S9+',
  'Tab S9 Ultra',
  'Tab S9 FE',
  'Tab S10+',
  'Tab S10 Ultra',
].map((v, i) =>
  m(
    `Galaxy ${v}`,
    [2019, 2020, 2020, 2020, 2021, 2022, 2022, 2022, 2023, 2023, 2023, 2023, 2024, 2024][i]!,
    8,
    499 + (i % 4) * 200,
    GB(128, 256, 512),
    ['Wi-Fi', '5G'],
    ['Graphite', 'Silver', 'Beige'],
  ),
);

const SURFACE_PRO = [
  'Surface Pro 4',
  'Surface Pro 5',
  'Surface Pro 6',
  'Surface Pro 7',
  'Surface Pro 7+',
  'Surface Pro 8',
  'Surface Pro 9',
  'Surface Pro 10',
  'Surface Pro 11th Edition',
].map((model, i) =>
  m(
    model,
    [2015, 2017, 2018, 2019, 2021, 2021, 2022, 2024, 2024][i]!,
    10,
    999 + i * 30,
    ['Intel Core i5', 'Intel Core i7', 'Snapdragon X Plus'].slice(0, i >= 8 ? 3 : 2),
    GB(8, 16, 32).map((r) => `${r} RAM`),
    GB(128, 256, 512, 1024),
  ),
);

const LAPTOP_CONFIG = [
  ['Intel Core i5', 'Intel Core i7', 'Intel Core i7 vPro', 'Intel Core Ultra 7', 'AMD Ryzen 5', 'AMD Ryzen 7'],
  ['8 GB RAM', '16 GB RAM', '32 GB RAM'],
  GB(256, 512, 1024),
  ['FHD', 'WUXGA', '2.8K OLED'],
];
const THINKPAD = [
  ...[5, 6, 7, 8, 9, 10, 11, 12].map((g) => m(`ThinkPad X1 Carbon Gen ${g}`, 2012 + g, 1, 1699, ...LAPTOP_CONFIG)),
  ...[
    'T470',
    'T480',
    'T490',
    'T14 Gen 1',
    'T14 Gen 2',
    'T14 Gen 3',
    'T14 Gen 4',
    'T14 Gen 5',
    'T14s Gen 3',
    'T14s Gen 4',
    'X13 Gen 2',
    'X13 Gen 4',
    'E14 Gen 2',
    'E14 Gen 5',
    'L14 Gen 3',
    'P1 Gen 5',
  ].map((v, i) =>
    m(
      `ThinkPad ${v}`,
      [2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2022, 2023, 2021, 2023, 2021, 2023, 2022, 2022][i]!,
      4,
      1099 + (i % 5) * 120,
      ...LAPTOP_CONFIG,
    ),
  ),
];
const XPS = [
  'XPS 13 9360',
  'XPS 13 9370',
  'XPS 13 9380',
  'XPS 13 9300',
  'XPS 13 9310',
  'XPS 13 9315',
  'XPS 13 9340',
  'XPS 15 9560',
  'XPS 15 9570',
  'XPS 15 9500',
  'XPS 15 9510',
  'XPS 15 9520',
  'XPS 15 9530',
  'XPS 17 9700',
].map((model, i) =>
  m(
    model,
    [2016, 2018, 2019, 2020, 2020, 2022, 2024, 2017, 2018, 2020, 2021, 2022, 2023, 2020][i]!,
    6,
    1299 + (i % 3) * 300,
    ...LAPTOP_CONFIG,
  ),
);
const ELITEBOOK = [5, 6, 7, 8, 9, 10, 11].flatMap((g) =>
  [840, 850, 1040].map((line) => m(`EliteBook ${line} G${g}`, 2013 + g, 5, 1199 + (line - 840) * 2, ...LAPTOP_CONFIG)),
);
const SURFACE_LAPTOP = [
  'Surface Laptop 3',
  'Surface Laptop 4',
  'Surface Laptop 5',
  'Surface Laptop 6',
  'Surface Laptop 7th Edition',
  'Surface Laptop Go',
  'Surface Laptop Go 2',
  'Surface Laptop Go 3',
].map((model, i) =>
  m(model, [2019, 2021, 2022, 2024, 2024, 2020, 2022, 2023][i]!, 10, 999 + (i % 4) * 150, ['13.5"', '15"'], ...LAPTOP_CONFIG.slice(1)),
);

const MAC_COLOURS = ['Space Grey', 'Silver', 'Gold', 'Midnight', 'Starlight', 'Space Black', 'Sky Blue'];
const macConfig = (ram: number[], ssd: number[], model: string) => [
  GB(...ram).map((r) => `${r} RAM`),
  GB(...ssd),
  colours(MAC_COLOURS, model, 3),
];
const MACBOOK_AIR = (
  [
    ['MacBook Air 13" (2017)', 2017, 6],
    ['MacBook Air 13" (2018)', 2018, 11],
    ['MacBook Air 13" (2019)', 2019, 7],
    ['MacBook Air 13" (2020)', 2020, 3],
    ['MacBook Air 13" M1 (2020)', 2020, 11],
    ['MacBook Air 13" M2 (2022)', 2022, 7],
    ['MacBook Air 15" M2 (2023)', 2023, 6],
    ['MacBook Air 13" M3 (2024)', 2024, 3],
    ['MacBook Air 15" M3 (2024)', 2024, 3],
    ['MacBook Air 13" M4 (2025)', 2025, 3],
    ['MacBook Air 15" M4 (2025)', 2025, 3],
  ] as const
).map(([model, year, month]) =>
  m(model, year, month, 1099 + (model.includes('15"') ? 300 : 0), ...macConfig([8, 16, 24], [256, 512, 1024, 2048], model)),
);
const MACBOOK_PRO = [
  ...[2016, 2017, 2018, 2019, 2020].flatMap((y) => [
    m(`MacBook Pro 13" (${y})`, y, 10, 1699, ...macConfig([8, 16], [256, 512, 1024], `13${y}`)),
    m(`MacBook Pro ${y >= 2019 && y !== 2020 ? '16' : '15'}" (${y})`, y, 10, 2399, ...macConfig([16, 32], [256, 512, 1024], `15${y}`)),
  ]),
  ...[
    '13" M1 (2020)',
    '13" M2 (2022)',
    '14" M1 Pro (2021)',
    '14" M1 Max (2021)',
    '16" M1 Pro (2021)',
    '16" M1 Max (2021)',
    '14" M2 Pro (2023)',
    '14" M2 Max (2023)',
    '16" M2 Pro (2023)',
    '16" M2 Max (2023)',
    '14" M3 (2023)',
    '14" M3 Pro (2023)',
    '14" M3 Max (2023)',
    '16" M3 Pro (2023)',
    '16" M3 Max (2023)',
    '14" M4 (2024)',
    '14" M4 Pro (2024)',
    '14" M4 Max (2024)',
    '16" M4 Pro (2024)',
    '16" M4 Max (2024)',
  ].map((v) => {
    const year = Number(/\((\d{4})\)/.exec(v)![1]);
    return m(
      `MacBook Pro ${v}`,
      year,
      year === 2023 ? 11 : 10,
      v.includes('Max') ? 3499 : v.includes('Pro (') ? 2249 : 1699,
      ...macConfig([8, 16, 18, 32, 36, 64], [512, 1024, 2048], v),
    );
  }),
];
const MACBOOK = [2015, 2016, 2017].map((y) => m(`MacBook 12" (${y})`, y, 4, 1449, ...macConfig([8, 16], [256, 512], `12${y}`)));

const WATCH_MATERIALS = ['Aluminium', 'Stainless Steel', 'Titanium'];
const APPLE_WATCH = [
  ...[3, 4, 5, 6, 7, 8, 9, 10].map((s) => {
    const sizes = s === 3 ? ['38 mm', '42 mm'] : s <= 6 ? ['40 mm', '44 mm'] : s <= 9 ? ['41 mm', '45 mm'] : ['42 mm', '46 mm'];
    return m(
      `Apple Watch Series ${s}`,
      2014 + s,
      9,
      399 + s * 10,
      sizes,
      ['GPS', 'GPS + Cellular'],
      WATCH_MATERIALS.slice(0, s >= 10 ? 3 : s >= 5 ? 3 : 2),
    );
  }),
  m('Apple Watch SE', 2020, 9, 299, ['40 mm', '44 mm'], ['GPS', 'GPS + Cellular'], ['Aluminium']),
  m('Apple Watch SE (2nd generation)', 2022, 9, 299, ['40 mm', '44 mm'], ['GPS', 'GPS + Cellular'], ['Midnight', 'Starlight', 'Silver']),
  m('Apple Watch Ultra', 2022, 9, 999, ['49 mm'], ['GPS + Cellular'], ['Alpine Loop', 'Trail Loop', 'Ocean Band']),
  m(
    'Apple Watch Ultra 2',
    2023,
    9,
    899,
    ['49 mm'],
    ['GPS + Cellular'],
    ['Natural', 'Black'],
    ['Alpine Loop', 'Trail Loop', 'Ocean Band', 'Milanese Loop'],
  ),
];
const GALAXY_WATCH = [
  'Galaxy Watch4',
  'Galaxy Watch4 Classic',
  'Galaxy Watch5',
  'Galaxy Watch5 Pro',
  'Galaxy Watch6',
  'Galaxy Watch6 Classic',
  'Galaxy Watch7',
  'Galaxy Watch Ultra',
].map((model, i) =>
  m(model, 2021 + (i >> 1), 8, 269 + (i % 2) * 100, ['40 mm', '44 mm', '47 mm'], ['Bluetooth', 'LTE'], ['Black', 'Silver', 'Green']),
);
const GARMIN = [
  'fēnix 5',
  'fēnix 5X',
  'fēnix 6',
  'fēnix 6 Pro',
  'fēnix 7',
  'fēnix 7 Pro',
  'fēnix 7X',
  'fēnix 8',
  'Forerunner 245',
  'Forerunner 255',
  'Forerunner 265',
  'Forerunner 955',
  'Forerunner 965',
].map((model, i) =>
  m(
    model,
    [2017, 2017, 2019, 2019, 2022, 2023, 2022, 2024, 2019, 2022, 2023, 2022, 2023][i]!,
    4,
    349 + (i % 4) * 120,
    ['Standard', 'Sapphire Solar'],
    ['Black', 'Slate Grey', 'Whitestone'],
  ),
);

const CAMERA_KITS = ['Body', 'Kit 24-105mm', 'Kit 18-55mm'];
const CANON = (
  [
    ['EOS 5D Mark III', 2012],
    ['EOS 5D Mark IV', 2016],
    ['EOS 6D', 2012],
    ['EOS 6D Mark II', 2017],
    ['EOS 7D Mark II', 2014],
    ['EOS 80D', 2016],
    ['EOS 90D', 2019],
    ['EOS 250D', 2019],
    ['EOS 850D', 2020],
    ['EOS 2000D', 2018],
    ['EOS R', 2018],
    ['EOS RP', 2019],
    ['EOS R5', 2020],
    ['EOS R5 Mark II', 2024],
    ['EOS R6', 2020],
    ['EOS R6 Mark II', 2022],
    ['EOS R7', 2022],
    ['EOS R8', 2023],
    ['EOS R10', 2022],
    ['EOS R50', 2023],
    ['EOS R1', 2024],
  ] as const
).map(([model, year], i) => m(model, year, 9, 899 + (i % 5) * 500, CAMERA_KITS, ['Black']));
const NIKON = [
  'Z 5',
  'Z 6',
  'Z 6II',
  'Z 6III',
  'Z 7',
  'Z 7II',
  'Z 8',
  'Z 9',
  'Z 50',
  'Z fc',
  'Z 30',
  'Z f',
  'D750',
  'D780',
  'D850',
  'D7500',
  'D5600',
  'D3500',
].map((model, i) =>
  m(
    model,
    [2020, 2018, 2020, 2024, 2018, 2020, 2023, 2021, 2019, 2021, 2022, 2023, 2014, 2020, 2017, 2017, 2016, 2018][i]!,
    8,
    699 + (i % 6) * 450,
    ['Body', 'Kit 24-70mm', 'Kit 18-140mm'],
    ['Black', 'Silver'],
  ),
);
const SONY_ALPHA = [
  'Alpha 7 III',
  'Alpha 7 IV',
  'Alpha 7R III',
  'Alpha 7R IV',
  'Alpha 7R V',
  'Alpha 7S III',
  'Alpha 7C',
  'Alpha 7C II',
  'Alpha 6000',
  'Alpha 6400',
  'Alpha 6600',
  'Alpha 6700',
  'Alpha 1',
  'Alpha 9 II',
].map((model, i) =>
  m(
    model,
    [2018, 2021, 2017, 2019, 2022, 2020, 2020, 2023, 2014, 2019, 2019, 2023, 2021, 2019][i]!,
    10,
    799 + (i % 5) * 600,
    ['Body', 'Kit 28-70mm', 'Kit 16-50mm'],
    ['Black', 'Silver'],
  ),
);
const FUJI = ['X-T3', 'X-T4', 'X-T5', 'X-S10', 'X-S20', 'X100V', 'X100VI', 'X-E4', 'X-H2'].map((model, i) =>
  m(
    model,
    [2018, 2020, 2022, 2020, 2023, 2020, 2024, 2021, 2022][i]!,
    2,
    999 + (i % 3) * 400,
    ['Body', 'Kit XF 18-55mm'],
    ['Black', 'Silver'],
  ),
);

const LENS_MOUNTS = ['Canon EF', 'Nikon F', 'Sony E', 'L-Mount'];
const CANON_LENSES = [
  'RF 24-105mm F4 L IS USM',
  'RF 50mm F1.8 STM',
  'RF 24-70mm F2.8 L IS USM',
  'RF 70-200mm F2.8 L IS USM',
  'RF 15-35mm F2.8 L IS USM',
  'RF 100-500mm F4.5-7.1 L IS USM',
  'EF 50mm f/1.8 STM',
  'EF 24-70mm f/2.8L II USM',
  'EF 70-200mm f/2.8L IS III USM',
  'EF 100mm f/2.8L Macro IS USM',
].map((model, i) =>
  m(
    model,
    [2018, 2020, 2019, 2019, 2019, 2020, 2015, 2012, 2018, 2012][i]!,
    6,
    199 + (i % 4) * 700,
    ['Boxed', 'Without box'],
    ['With lens hood', 'Without lens hood'],
  ),
);
const SONY_LENSES = [
  'FE 24-70mm F2.8 GM II',
  'FE 85mm F1.8',
  'FE 70-200mm F2.8 GM OSS II',
  'FE 50mm F1.8',
  'FE 20mm F1.8 G',
  'FE 16-35mm F4 ZA OSS',
].map((model, i) =>
  m(
    model,
    [2022, 2017, 2021, 2016, 2019, 2014][i]!,
    5,
    249 + (i % 3) * 900,
    ['Boxed', 'Without box'],
    ['With lens hood', 'Without lens hood'],
  ),
);
const SIGMA = [
  '35mm F1.4 DG HSM Art',
  '24-70mm F2.8 DG DN Art',
  '85mm F1.4 DG DN Art',
  '18-35mm F1.8 DC HSM Art',
  '150-600mm F5-6.3 DG OS HSM Contemporary',
].map((model, i) => m(model, [2012, 2019, 2020, 2013, 2014][i]!, 3, 799 + (i % 3) * 200, LENS_MOUNTS, ['Boxed', 'Without box']));

const CONSOLE_BUNDLES = ['', 'with 2 controllers', 'with game bundle'];
const PLAYSTATION = (
  [
    ['PlayStation Vita', 2012, ['Wi-Fi', '3G/Wi-Fi']],
    ['PlayStation 4', 2013, GB(500, 1024)],
    ['PlayStation 4 Slim', 2016, GB(500, 1024)],
    ['PlayStation 4 Pro', 2016, GB(1024, 2048)],
    ['PlayStation 5', 2020, GB(825)],
    ['PlayStation 5 Digital Edition', 2020, GB(825)],
    ['PlayStation 5 Slim', 2023, GB(1024)],
    ['PlayStation 5 Slim Digital Edition', 2023, GB(1024)],
    ['PlayStation 5 Pro', 2024, GB(2048)],
    ['PlayStation Portal', 2023, ['Remote Player']],
  ] as const
).map(([model, year, storage], i) =>
  m(model, year, 11, 299 + (i % 4) * 100, storage, ['Black', 'White', 'Midnight Black'], CONSOLE_BUNDLES),
);
const NINTENDO = (
  [
    ['Switch', 2017],
    ['Switch (2019)', 2019],
    ['Switch Lite', 2019],
    ['Switch OLED', 2021],
    ['Switch 2', 2025],
    ['New 3DS XL', 2015],
    ['2DS XL', 2017],
  ] as const
).map(([model, year]) =>
  m(model, year, 3, 199 + (year - 2015) * 20, ['Neon Red/Neon Blue', 'Grey', 'White', 'Turquoise', 'Coral', 'Yellow'], CONSOLE_BUNDLES),
);
const XBOX = ['Xbox One', 'Xbox One S', 'Xbox One X', 'Xbox Series S', 'Xbox Series X'].map((model, i) =>
  m(model, [2013, 2016, 2017, 2020, 2020][i]!, 11, 299 + i * 60, GB(500, 1024, 2048), ['Black', 'White', 'Robot White'], CONSOLE_BUNDLES),
);
const STEAM_DECK = [
  m('Steam Deck', 2022, 2, 419, GB(64, 256, 512), ['', 'with carrying case']),
  m('Steam Deck OLED', 2023, 11, 569, GB(512, 1024), ['', 'with carrying case']),
];

const MONITOR_OPTIONS = [
  ['', 'with stand', 'with VESA mount'],
  ['New', 'Like new', 'Good'],
];
const DELL_MONITORS = [
  'UltraSharp U2719D',
  'UltraSharp U2720Q',
  'UltraSharp U2723QE',
  'UltraSharp U3223QE',
  'UltraSharp U2424H',
  'UltraSharp U3224KB',
].map((model, i) => m(model, [2018, 2019, 2022, 2022, 2023, 2023][i]!, 5, 399 + i * 120, ...MONITOR_OPTIONS));
const LG_MONITORS = [
  'UltraFine 27UL850',
  'UltraFine 27UN880',
  'UltraFine 32UN880',
  'UltraFine 27UQ850',
  'UltraGear 27GN950',
  'UltraGear 27GR95QE',
].map((model, i) => m(model, [2019, 2020, 2020, 2022, 2020, 2023][i]!, 4, 449 + i * 100, ...MONITOR_OPTIONS));
const ODYSSEY = ['Odyssey G5', 'Odyssey G7', 'Odyssey G9', 'Odyssey Neo G8', 'Odyssey Neo G9', 'Odyssey OLED G8', 'Odyssey OLED G9'].map(
  (model, i) => m(model, [2020, 2020, 2020, 2022, 2021, 2023, 2023][i]!, 6, 399 + i * 180, ['27"', '32"', '49"'], MONITOR_OPTIONS[1]!),
);
const APPLE_DISPLAYS = [
  m(
    'Studio Display',
    2022,
    3,
    1749,
    ['Standard glass', 'Nano-texture glass'],
    ['Tilt stand', 'Tilt- and height-adjustable stand', 'VESA mount adapter'],
  ),
  m('Pro Display XDR', 2019, 12, 5499, ['Standard glass', 'Nano-texture glass'], ['Pro Stand', 'VESA mount adapter']),
];

const AIRPODS = [
  'AirPods (2nd generation)',
  'AirPods (3rd generation)',
  'AirPods 4',
  'AirPods 4 with Active Noise Cancellation',
  'AirPods Pro',
  'AirPods Pro (2nd generation)',
  'AirPods Max',
].map((model, i) =>
  m(
    model,
    [2019, 2021, 2024, 2024, 2019, 2022, 2020][i]!,
    10,
    149 + (i % 4) * 60,
    model === 'AirPods Max' ? ['Space Grey', 'Silver', 'Sky Blue', 'Pink', 'Green'] : ['Lightning case', 'MagSafe case', 'USB-C case'],
    ['Complete', 'Without case'],
  ),
);
const SONY_AUDIO = ['WH-1000XM3', 'WH-1000XM4', 'WH-1000XM5', 'WH-1000XM6', 'WF-1000XM4', 'WF-1000XM5'].map((model, i) =>
  m(
    model,
    [2018, 2020, 2022, 2025, 2021, 2023][i]!,
    8,
    299 + (i % 3) * 50,
    ['Black', 'Silver', 'Midnight Blue'],
    ['Complete', 'Without case'],
  ),
);
const BOSE = [
  'QuietComfort 35 II',
  'QuietComfort 45',
  'QuietComfort Ultra Headphones',
  'QuietComfort Earbuds II',
  'Noise Cancelling Headphones 700',
].map((model, i) =>
  m(
    model,
    [2017, 2021, 2023, 2022, 2019][i]!,
    9,
    279 + (i % 3) * 60,
    ['Black', 'White Smoke', 'Triple Black'],
    ['Complete', 'Without case'],
  ),
);
const SONOS = ['One', 'One SL', 'Era 100', 'Era 300', 'Move', 'Move 2', 'Roam', 'Beam', 'Arc'].map((model, i) =>
  m(
    `Sonos ${model}`,
    [2017, 2019, 2023, 2023, 2019, 2023, 2021, 2021, 2020][i]!,
    3,
    199 + (i % 4) * 150,
    ['Black', 'White'],
    ['Complete', 'Without power cable'],
  ),
);

const CAMCORDER_OPTIONS = [
  ['', 'with extra battery', 'with case'],
  ['Complete', 'Without charger'],
];
const HANDYCAM = ['FDR-AX43', 'FDR-AX53', 'FDR-AX700', 'HDR-CX405', 'HDR-CX625', 'FDR-AX100'].map((model, i) =>
  m(`Handycam ${model}`, [2020, 2016, 2017, 2015, 2016, 2014][i]!, 2, 299 + i * 150, ...CAMCORDER_OPTIONS),
);
const PANASONIC = ['HC-V770', 'HC-V180', 'HC-VX1', 'HC-X1500', 'HC-X2000'].map((model, i) =>
  m(model, [2016, 2017, 2019, 2020, 2020][i]!, 4, 399 + i * 200, ...CAMCORDER_OPTIONS),
);
const GOPRO = ['HERO8 Black', 'HERO9 Black', 'HERO10 Black', 'HERO11 Black', 'HERO12 Black', 'HERO13 Black', 'MAX'].map((model, i) =>
  m(
    model,
    [2019, 2020, 2021, 2022, 2023, 2024, 2019][i]!,
    9,
    349 + (i % 3) * 50,
    ['', 'Creator Edition', 'Accessory Bundle'],
    ['Complete', 'Without charger'],
  ),
);
const DJI = ['Osmo Pocket', 'Pocket 2', 'Osmo Pocket 3', 'Osmo Action 3', 'Osmo Action 4', 'Osmo Action 5 Pro'].map((model, i) =>
  m(
    model,
    [2019, 2020, 2023, 2022, 2023, 2024][i]!,
    10,
    349 + (i % 3) * 80,
    ['Standard', 'Creator Combo', 'Adventure Combo'],
    ['Complete', 'Without charger'],
  ),
);

const REGIONS_APPLE = 5;
const FAMILIES: readonly Family[] = [
  {
    category: 'smartphones',
    brand: 'Apple',
    series: 'iPhone',
    image: 'phone',
    weight: 22,
    codes: appleCodes(REGIONS_APPLE),
    models: iphones(),
  },
  {
    category: 'smartphones',
    brand: 'Samsung',
    series: 'Galaxy S',
    image: 'phone',
    weight: 10,
    codes: samsungCodes('S', ['B', 'B/DS', 'U', 'N']),
    models: galaxyS(),
  },
  {
    category: 'smartphones',
    brand: 'Samsung',
    series: 'Galaxy A',
    image: 'phone',
    weight: 6,
    codes: samsungCodes('A', ['F', 'F/DS', 'U']),
    models: galaxyA(),
  },
  {
    category: 'smartphones',
    brand: 'Samsung',
    series: 'Galaxy Z',
    image: 'phone',
    weight: 3,
    codes: samsungCodes('F', ['B', 'U', 'N']),
    models: galaxyZ(),
  },
  {
    category: 'smartphones',
    brand: 'Samsung',
    series: 'Galaxy Note',
    image: 'phone',
    weight: 2,
    codes: samsungCodes('N', ['F', 'F/DS', 'U']),
    models: NOTE,
  },
  { category: 'smartphones', brand: 'Google', series: 'Pixel', image: 'phone', weight: 5, codes: prefixCodes('G', 4, 3), models: PIXEL },
  {
    category: 'smartphones',
    brand: 'Xiaomi',
    series: 'Redmi Note',
    image: 'phone',
    weight: 3,
    codes: prefixCodes('M', 4, 2),
    models: XIAOMI.slice(0, 14),
  },
  {
    category: 'smartphones',
    brand: 'Xiaomi',
    series: 'Xiaomi',
    image: 'phone',
    weight: 2,
    codes: prefixCodes('2', 4, 2),
    models: XIAOMI.slice(14),
  },
  { category: 'tablets', brand: 'Apple', series: 'iPad', image: 'tablet', weight: 8, codes: appleCodes(2), models: IPADS },
  {
    category: 'tablets',
    brand: 'Samsung',
    series: 'Galaxy Tab S',
    image: 'tablet',
    weight: 3,
    codes: samsungCodes('X', ['', '/DS']),
    models: TAB_S,
  },
  {
    category: 'tablets',
    brand: 'Microsoft',
    series: 'Surface Pro',
    image: 'tablet',
    weight: 2,
    codes: prefixCodes('Model 1', 3),
    models: SURFACE_PRO,
  },
  {
    category: 'notebooks',
    brand: 'Lenovo',
    series: 'ThinkPad',
    image: 'notebook',
    weight: 4,
    codes: prefixCodes('20', 3),
    models: THINKPAD,
  },
  { category: 'notebooks', brand: 'Dell', series: 'XPS', image: 'notebook', weight: 2, codes: prefixCodes('P', 3), models: XPS },
  { category: 'notebooks', brand: 'HP', series: 'EliteBook', image: 'notebook', weight: 2, codes: prefixCodes('6T', 3), models: ELITEBOOK },
  {
    category: 'notebooks',
    brand: 'Microsoft',
    series: 'Surface Laptop',
    image: 'notebook',
    weight: 1,
    codes: prefixCodes('Model 19', 2),
    models: SURFACE_LAPTOP,
  },
  { category: 'macbooks', brand: 'Apple', series: 'MacBook Air', image: 'macbook', weight: 4, codes: appleCodes(1), models: MACBOOK_AIR },
  { category: 'macbooks', brand: 'Apple', series: 'MacBook Pro', image: 'macbook', weight: 4, codes: appleCodes(1), models: MACBOOK_PRO },
  { category: 'macbooks', brand: 'Apple', series: 'MacBook', image: 'macbook', weight: 1, codes: appleCodes(1), models: MACBOOK },
  { category: 'smartwatches', brand: 'Apple', series: 'Apple Watch', image: 'watch', weight: 4, codes: appleCodes(2), models: APPLE_WATCH },
  {
    category: 'smartwatches',
    brand: 'Samsung',
    series: 'Galaxy Watch',
    image: 'watch',
    weight: 2,
    codes: samsungCodes('R', ['', 'X']),
    models: GALAXY_WATCH,
  },
  {
    category: 'smartwatches',
    brand: 'Garmin',
    series: 'fēnix & Forerunner',
    image: 'watch',
    weight: 1,
    codes: prefixCodes('010-0', 4),
    models: GARMIN,
  },
  { category: 'cameras', brand: 'Canon', series: 'EOS', image: 'camera', weight: 2, codes: prefixCodes('DS12', 4), models: CANON },
  { category: 'cameras', brand: 'Nikon', series: 'Nikon Z & D', image: 'camera', weight: 1, codes: prefixCodes('VOA', 3), models: NIKON },
  {
    category: 'cameras',
    brand: 'Sony',
    series: 'Alpha',
    image: 'camera',
    weight: 1,
    codes: (model) => [`ILCE-${model.replace(/^Alpha /, '').replace(/\s+/g, '')}`],
    models: SONY_ALPHA,
  },
  { category: 'cameras', brand: 'Fujifilm', series: 'X Series', image: 'camera', weight: 1, codes: noCodes, models: FUJI },
  { category: 'lenses', brand: 'Canon', series: 'Canon lenses', image: 'lens', weight: 1, codes: noCodes, models: CANON_LENSES },
  {
    category: 'lenses',
    brand: 'Sony',
    series: 'Sony FE lenses',
    image: 'lens',
    weight: 1,
    codes: prefixCodes('SEL', 4),
    models: SONY_LENSES,
  },
  { category: 'lenses', brand: 'Sigma', series: 'Sigma Art & Contemporary', image: 'lens', weight: 1, codes: noCodes, models: SIGMA },
  { category: 'camcorders', brand: 'Sony', series: 'Handycam', image: 'camcorder', weight: 1, codes: noCodes, models: HANDYCAM },
  { category: 'camcorders', brand: 'Panasonic', series: 'HC', image: 'camcorder', weight: 1, codes: noCodes, models: PANASONIC },
  { category: 'camcorders', brand: 'GoPro', series: 'HERO', image: 'camcorder', weight: 1, codes: prefixCodes('CHDHX-', 3), models: GOPRO },
  { category: 'camcorders', brand: 'DJI', series: 'Osmo', image: 'camcorder', weight: 1, codes: noCodes, models: DJI },
  {
    category: 'gameConsoles',
    brand: 'Sony',
    series: 'PlayStation',
    image: 'console',
    weight: 3,
    codes: prefixCodes('CUH-', 4, 2),
    models: PLAYSTATION,
  },
  {
    category: 'gameConsoles',
    brand: 'Nintendo',
    series: 'Nintendo Switch & 3DS',
    image: 'handheld-console',
    weight: 2,
    codes: prefixCodes('HAC-', 3),
    models: NINTENDO,
  },
  {
    category: 'gameConsoles',
    brand: 'Microsoft',
    series: 'Xbox',
    image: 'console',
    weight: 1,
    codes: prefixCodes('Model 1', 3),
    models: XBOX,
  },
  {
    category: 'gameConsoles',
    brand: 'Valve',
    series: 'Steam Deck',
    image: 'handheld-console',
    weight: 1,
    codes: noCodes,
    models: STEAM_DECK,
  },
  { category: 'monitors', brand: 'Dell', series: 'UltraSharp', image: 'monitor', weight: 1, codes: noCodes, models: DELL_MONITORS },
  { category: 'monitors', brand: 'LG', series: 'UltraFine & UltraGear', image: 'monitor', weight: 1, codes: noCodes, models: LG_MONITORS },
  { category: 'monitors', brand: 'Samsung', series: 'Odyssey', image: 'monitor', weight: 1, codes: prefixCodes('LS', 2), models: ODYSSEY },
  {
    category: 'monitors',
    brand: 'Apple',
    series: 'Apple displays',
    image: 'monitor',
    weight: 1,
    codes: appleCodes(1),
    models: APPLE_DISPLAYS,
  },
  { category: 'audio', brand: 'Apple', series: 'AirPods', image: 'earbuds', weight: 2, codes: appleCodes(2), models: AIRPODS },
  { category: 'audio', brand: 'Sony', series: '1000X', image: 'headphones', weight: 1, codes: noCodes, models: SONY_AUDIO },
  { category: 'audio', brand: 'Bose', series: 'QuietComfort', image: 'headphones', weight: 1, codes: noCodes, models: BOSE },
  { category: 'audio', brand: 'Sonos', series: 'Sonos speakers', image: 'speaker', weight: 1, codes: noCodes, models: SONOS },
];

/** The option groups of a model in the family, the regional model number last (when there are several). */
function groupsOf(family: Family, spec: ModelSpec): (readonly string[])[] {
  const codes = family.codes(spec.model);
  return codes.length > 1 ? [...spec.variants, codes] : [...spec.variants];
}

const capacityOf = (family: Family) =>
  family.models.reduce((sum, spec) => sum + groupsOf(family, spec).reduce((p, g) => p * g.length, 1), 0);

/** How many devices each family gets: shares by weight, capped at what the family can hold. */
function quotas(n: number): number[] {
  const capacity = FAMILIES.map(capacityOf);
  const total = capacity.reduce((a, b) => a + b, 0);
  if (n > total) throw new RangeError(`the synthetic catalogue holds at most ${total} distinct devices, asked for ${n}`);
  const quota = FAMILIES.map(() => 0);
  let left = n;
  while (left > 0) {
    const open = FAMILIES.map((_, i) => i).filter((i) => quota[i]! < capacity[i]!);
    const weight = open.reduce((sum, i) => sum + FAMILIES[i]!.weight, 0);
    const round = left;
    for (const i of open) {
      const give = Math.min(Math.max(1, Math.floor((round * FAMILIES[i]!.weight) / weight)), capacity[i]! - quota[i]!, left);
      quota[i] = quota[i]! + give;
      left -= give;
    }
  }
  return quota;
}

/** `count` distinct numbers below `range` (a partial Fisher–Yates shuffle over a sparse array). */
function sample(range: number, count: number, random: () => number): number[] {
  const moved = new Map<number, number>();
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (range - i));
    out.push(moved.get(j) ?? j);
    moved.set(j, moved.get(i) ?? i);
  }
  return out;
}

interface Draw {
  readonly family: Family;
  readonly spec: ModelSpec;
  /** Chosen option index per group. */
  readonly choice: readonly number[];
}

function draw(family: Family, index: number): Draw {
  let rest = index;
  for (const spec of family.models) {
    const groups = groupsOf(family, spec);
    const size = groups.reduce((p, g) => p * g.length, 1);
    if (rest < size) {
      const choice = groups.map((g) => {
        const c = rest % g.length;
        rest = Math.floor(rest / g.length);
        return c;
      });
      return { family, spec, choice };
    }
    rest -= size;
  }
  throw new RangeError(`variant ${index} is beyond the family ${family.series}`);
}

/** `n` distinct devices, the same for the same `n` and `seed`. */
export function generateSyntheticDevices(n: number, seed = 1): DeviceDoc[] {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be a non-negative integer, got ${n}`);
  const random = mulberry32(seed);
  const draws = quotas(n).flatMap((count, f) => sample(capacityOf(FAMILIES[f]!), count, random).map((index) => draw(FAMILIES[f]!, index)));
  // Interleave the families: index order breaks score ties, and real catalogues are not grouped.
  for (let i = draws.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [draws[i], draws[j]] = [draws[j]!, draws[i]!];
  }
  const manufacturerIds = new Map<string, number>();
  const seriesIds = new Map<string, number>();
  const urls = new Set<string>();
  return draws.map(({ family, spec, choice }, i): DeviceDoc => {
    const categoryIndex = CATEGORY_KEYS.indexOf(family.category);
    const categoryUrl = CATEGORY_SLUGS.default[family.category];
    const manufacturerKey = `${family.brand}|${family.category}`;
    if (!manufacturerIds.has(manufacturerKey)) manufacturerIds.set(manufacturerKey, 100 + manufacturerIds.size);
    const seriesKey = `${family.brand}|${family.series}`;
    if (!seriesIds.has(seriesKey)) seriesIds.set(seriesKey, 1000 + seriesIds.size);
    const groups = groupsOf(family, spec);
    const options = groups.map((g, k) => g[choice[k]!]!);
    const codes = family.codes(spec.model);
    const code = codes.length > 1 ? options.pop()! : codes[0];
    // Regional versions are told apart by their model number, as trade-in catalogues list them.
    const name = [family.brand, spec.model, ...options.filter((o) => o !== ''), ...(codes.length > 1 ? [`(${code})`] : [])].join(' ');
    let url = slugify(name);
    for (let k = 2; urls.has(url); k++) url = `${slugify(name)}-${k}`;
    urls.add(url);
    const joined = spec.model
      .replace(/\(.*?\)/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '');
    const age = Math.max(0, 2025 - spec.year);
    // The first option group (storage, configuration, size) is ordered by price: each step adds 15 %.
    const basePrice = Math.max(5, Math.round(spec.price * 0.6 * 0.78 ** age * 1.15 ** choice[0]! * (0.9 + random() * 0.2) * 100) / 100);
    const recency = (spec.year - 2011) / 14;
    const path = `/images/devices/${family.image}.svg`;
    return {
      id: i + 1,
      name,
      model: spec.model,
      url,
      category: CATEGORY_NAMES[family.category],
      categoryId: categoryIndex + 1,
      categoryUrl,
      manufacturer: family.brand,
      brand: family.brand,
      manufacturerId: manufacturerIds.get(manufacturerKey)!,
      manufacturerUrl: slugify(`${family.brand} ${categoryUrl}`),
      platform: 'other',
      series: family.series,
      seriesId: seriesIds.get(seriesKey)!,
      seriesUrl: slugify(`${family.brand} ${family.series}`),
      releaseYear: spec.year,
      releaseMonth: spec.month,
      searchTerms: code === undefined ? [joined] : [code, joined],
      basePrice,
      popularity: Math.round(1000 * recency * (0.3 + 0.7 * random())),
      images: [{ kind: 'front', path }],
      imagePath: path,
    };
  });
}
