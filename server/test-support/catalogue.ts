// A small, hand-written catalogue for server tests: two categories, a few devices, one question set
// with a blocking and a recycling answer. Independent of the seed data, so tests state their numbers.

import type { Catalogue, PageTexts, PerLocale } from '../catalogue/model';

const LOCALES = ['default', 'de', 'at', 'es', 'fr', 'it'] as const;
const same = <T>(value: (locale: (typeof LOCALES)[number]) => T): PerLocale<T> =>
  Object.fromEntries(LOCALES.map((l) => [l, value(l)])) as PerLocale<T>;
const texts = (name: string, slug: string): PerLocale<PageTexts> =>
  same((l) => ({
    name: l === 'de' ? `${name} (de)` : name,
    slug,
    content: `${name} content`,
    metaDescription: `Sell ${name}`,
    metaKeywords: name.toLowerCase(),
  }));
const prices = (de: number): PerLocale<number> => ({
  default: de,
  de,
  at: de,
  es: Math.round(de * 0.95),
  fr: Math.round(de * 0.97),
  it: Math.round(de * 0.95),
});
const t = (s: string) => same(() => s);

export function fixtureCatalogue(): Catalogue {
  return {
    categories: [
      { id: 1, key: 'smartphones', sort: 1, imageFamily: 'phone', questionSet: 'phone', texts: texts('Smartphones', 'smartphones') },
      { id: 5, key: 'gameConsoles', sort: 2, imageFamily: 'console', questionSet: 'phone', texts: texts('Game consoles', 'game-consoles') },
    ],
    manufacturers: [
      {
        id: 1001,
        key: 'apple',
        brand: 'Apple',
        categoryId: 1,
        top: true,
        imageFamily: 'phone',
        platform: 'ios',
        texts: texts('Apple', 'apple-smartphones'),
      },
      {
        id: 1002,
        key: 'samsung',
        brand: 'Samsung',
        categoryId: 1,
        top: false,
        imageFamily: 'phone',
        platform: 'android',
        texts: texts('Samsung', 'samsung-smartphones'),
      },
      {
        id: 5003,
        key: 'sony',
        brand: 'Sony',
        categoryId: 5,
        top: true,
        imageFamily: 'console',
        platform: 'other',
        texts: texts('Sony', 'sony-game-consoles'),
      },
    ],
    series: [
      {
        id: 10,
        key: 'iphone-13',
        manufacturerId: 1001,
        categoryId: 1,
        top: true,
        imageFamily: 'phone',
        texts: texts('iPhone 13', 'iphone-13'),
      },
      {
        id: 11,
        key: 'iphone-15',
        manufacturerId: 1001,
        categoryId: 1,
        top: true,
        imageFamily: 'phone',
        texts: texts('iPhone 15', 'iphone-15'),
      },
      {
        id: 20,
        key: 'galaxy-s21',
        manufacturerId: 1002,
        categoryId: 1,
        top: false,
        imageFamily: 'phone',
        texts: texts('Galaxy S21', 'galaxy-s21'),
      },
      {
        id: 30,
        key: 'playstation-5',
        manufacturerId: 5003,
        categoryId: 5,
        top: true,
        imageFamily: 'console',
        texts: texts('PlayStation 5', 'playstation-5'),
      },
    ],
    devices: [
      device(1300, 'Apple iPhone 13 128 GB', 'iPhone 13', 10, 1001, 1, 2021, 9, ['iphone13', 'A2633'], 310),
      device(1301, 'Apple iPhone 13 256 GB', 'iPhone 13', 10, 1001, 1, 2021, 9, ['iphone13', 'A2633'], 350),
      device(1500, 'Apple iPhone 15 Pro 128 GB', 'iPhone 15 Pro', 11, 1001, 1, 2023, 9, ['iphone15pro', 'A2848'], 640),
      device(2100, 'Samsung Galaxy S21 128 GB', 'Galaxy S21', 20, 1002, 1, 2021, 1, ['SM-G991B'], 190),
      device(3000, 'Sony PlayStation 5 Digital Edition', 'PlayStation 5 Digital Edition', 30, 5003, 5, 2020, 11, ['ps5', 'CFI-1016B'], 280),
    ],
    questionSets: [
      {
        key: 'phone',
        questions: [
          {
            id: 1,
            code: 'POWER',
            sort: 1,
            question: t('Does it switch on?'),
            description: t('Hold the power button.'),
            platforms: {},
            answers: [
              { id: 11, code: 'YES', text: t('Yes'), multiplier: 1, grade: 0, blocks: false, recycling: false },
              { id: 12, code: 'NO_WATER', text: t('No, water damage'), multiplier: 1, grade: 3, blocks: false, recycling: true },
            ],
          },
          {
            id: 2,
            code: 'DISPLAY',
            sort: 2,
            question: t('How is the display?'),
            description: t('Look for scratches.'),
            platforms: {},
            answers: [
              { id: 21, code: 'FLAWLESS', text: t('Flawless'), multiplier: 1, grade: 0, blocks: false, recycling: false },
              { id: 22, code: 'SCRATCHES', text: t('Light scratches'), multiplier: 0.85, grade: 1, blocks: false, recycling: false },
              { id: 23, code: 'CRACKED', text: t('Cracked'), multiplier: 0.45, grade: 3, blocks: false, recycling: false },
            ],
          },
          {
            id: 3,
            code: 'ACCOUNT',
            sort: 3,
            question: t('Is the device removed from your account?'),
            description: t('Turn off Find My.'),
            platforms: {},
            answers: [
              { id: 31, code: 'REMOVED', text: t('Yes'), multiplier: 1, grade: 0, blocks: false, recycling: false },
              { id: 32, code: 'LOCKED', text: t('No'), multiplier: 1, grade: 0, blocks: true, recycling: false },
            ],
          },
        ],
      },
    ],
  };
}

function device(
  id: number,
  name: string,
  model: string,
  seriesId: number,
  manufacturerId: number,
  categoryId: number,
  releaseYear: number,
  releaseMonth: number,
  searchTerms: string[],
  price: number,
) {
  const family = categoryId === 5 ? 'console' : 'phone';
  return {
    id,
    name,
    model,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    categoryId,
    manufacturerId,
    seriesId,
    releaseYear,
    releaseMonth,
    searchTerms,
    basePrice: prices(price),
    popularity: releaseYear,
    images: [{ kind: 'front' as const, path: `/images/devices/${family}.svg` }],
    imageFamily: family,
  };
}
