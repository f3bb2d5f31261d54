// Turns the catalogue into the documents of the two search indexes of a locale (src/contracts/search):
// `<locale>_devices` (one per active device) and `<locale>_aggregations` (categories, manufacturers,
// series with their links and, for categories, the condition questions without price rules).

import { countryConfig } from '../../src/config/countries';
import type { Locale } from '../../src/config/locales';
import type { AggregationDoc, DeviceDoc } from '../../src/contracts/search';
import type { Catalogue, CatalogueManufacturer, CatalogueSeries } from './model';

export interface IndexDocs<T> {
  readonly id: string;
  readonly source: T;
}

export const imagePathOf = (family: string) => `/images/devices/${family}.svg`;

/** The iPhone and iPad category titles a country overrides (product §3 popTitleException). */
function manufacturerTitle(m: CatalogueManufacturer, categoryKey: string, locale: Locale): string {
  const override = countryConfig(locale).popTitleException;
  if (m.brand === 'Apple' && categoryKey === 'smartphones') return override.iphone;
  if (m.brand === 'Apple' && categoryKey === 'tablets') return override.ipad;
  return m.texts[locale].name;
}

export function buildSearchDocs(
  catalogue: Catalogue,
  locale: Locale,
): { devices: IndexDocs<DeviceDoc>[]; aggregations: IndexDocs<AggregationDoc>[] } {
  const categoryById = new Map(catalogue.categories.map((c) => [c.id, c]));
  const manufacturerById = new Map(catalogue.manufacturers.map((m) => [m.id, m]));
  const seriesById = new Map(catalogue.series.map((s) => [s.id, s]));
  const questionSets = new Map(catalogue.questionSets.map((s) => [s.key, s]));
  const activeSeries = new Set(catalogue.devices.map((d) => d.seriesId));
  const activeManufacturers = new Set(catalogue.devices.map((d) => d.manufacturerId));

  // A series, brand or category shows the picture of its most popular device.
  const pictureOf = new Map<string, { popularity: number; path: string }>();
  for (const d of catalogue.devices) {
    const path = d.images.find((i) => i.kind === 'front')?.path ?? imagePathOf(d.imageFamily);
    for (const key of [`s${d.seriesId}`, `m${d.manufacturerId}`, `c${d.categoryId}`]) {
      const best = pictureOf.get(key);
      if (!best || d.popularity > best.popularity) pictureOf.set(key, { popularity: d.popularity, path });
    }
  }
  const picture = (key: string, family: string) => pictureOf.get(key)?.path ?? imagePathOf(family);

  const manufacturerLink = (m: CatalogueManufacturer) => {
    const category = categoryById.get(m.categoryId)!;
    return {
      id: m.id,
      name: m.texts[locale].name,
      title: manufacturerTitle(m, category.key, locale),
      url: m.texts[locale].slug,
      imagePath: picture(`m${m.id}`, m.imageFamily),
    };
  };
  const seriesLink = (s: CatalogueSeries) => ({
    id: s.id,
    name: s.texts[locale].name,
    title: s.texts[locale].name,
    url: s.texts[locale].slug,
    imagePath: picture(`s${s.id}`, s.imageFamily),
  });

  const devices = catalogue.devices.map((d): IndexDocs<DeviceDoc> => {
    const category = categoryById.get(d.categoryId)!;
    const manufacturer = manufacturerById.get(d.manufacturerId)!;
    const s = seriesById.get(d.seriesId)!;
    return {
      id: String(d.id),
      source: {
        id: d.id,
        name: d.name,
        model: d.model,
        url: d.slug,
        category: category.texts[locale].name,
        categoryId: category.id,
        categoryUrl: category.texts[locale].slug,
        manufacturer: manufacturer.brand,
        brand: manufacturer.brand,
        manufacturerId: manufacturer.id,
        manufacturerUrl: manufacturer.texts[locale].slug,
        series: s.texts[locale].name,
        seriesId: s.id,
        seriesUrl: s.texts[locale].slug,
        platform: manufacturer.platform,
        releaseYear: d.releaseYear,
        releaseMonth: d.releaseMonth,
        searchTerms: [...d.searchTerms],
        basePrice: d.basePrice[locale],
        popularity: d.popularity,
        images: [...d.images],
        imagePath: d.images.find((i) => i.kind === 'front')?.path ?? imagePathOf(d.imageFamily),
      },
    };
  });

  const aggregations: IndexDocs<AggregationDoc>[] = [];
  for (const c of catalogue.categories) {
    const ms = catalogue.manufacturers.filter((m) => m.categoryId === c.id && activeManufacturers.has(m.id));
    const texts = c.texts[locale];
    aggregations.push({
      id: `category-${c.id}`,
      source: {
        type: 'category',
        id: c.id,
        key: c.key,
        name: texts.name,
        title: texts.name,
        url: texts.slug,
        content: texts.content,
        metaDescription: texts.metaDescription,
        metaKeywords: texts.metaKeywords,
        imagePath: picture(`c${c.id}`, c.imageFamily),
        sort: c.sort,
        manufacturers: ms.map(manufacturerLink),
        topManufacturers: ms.filter((m) => m.top).map(manufacturerLink),
        topSeries: catalogue.series.filter((s) => s.categoryId === c.id && s.top && activeSeries.has(s.id)).map(seriesLink),
        questions: (questionSets.get(c.questionSet)?.questions ?? []).map((q) => ({
          id: q.id,
          code: q.code,
          question: q.question[locale],
          description: q.description[locale],
          platforms: Object.fromEntries(
            Object.entries(q.platforms).map(([platform, texts]) => [
              platform,
              {
                ...(texts.question && { question: texts.question[locale] }),
                ...(texts.description && { description: texts.description[locale] }),
              },
            ]),
          ),
          answers: q.answers.map((a) => ({ id: a.id, code: a.code, text: a.text[locale] })),
        })),
      },
    });
  }
  for (const m of catalogue.manufacturers) {
    if (!activeManufacturers.has(m.id)) continue;
    const category = categoryById.get(m.categoryId)!;
    const ss = catalogue.series.filter((s) => s.manufacturerId === m.id && activeSeries.has(s.id));
    const link = manufacturerLink(m);
    aggregations.push({
      id: `manufacturer-${m.id}`,
      source: {
        type: 'manufacturer',
        ...link,
        content: m.texts[locale].content,
        metaDescription: m.texts[locale].metaDescription,
        metaKeywords: m.texts[locale].metaKeywords,
        categoryId: category.id,
        categoryName: category.texts[locale].name,
        categoryUrl: category.texts[locale].slug,
        series: ss.map(seriesLink),
        topSeries: ss.filter((s) => s.top).map(seriesLink),
      },
    });
  }
  for (const s of catalogue.series) {
    if (!activeSeries.has(s.id)) continue;
    const category = categoryById.get(s.categoryId)!;
    const manufacturer = manufacturerById.get(s.manufacturerId)!;
    aggregations.push({
      id: `series-${s.id}`,
      source: {
        type: 'series',
        ...seriesLink(s),
        content: s.texts[locale].content,
        metaDescription: s.texts[locale].metaDescription,
        metaKeywords: s.texts[locale].metaKeywords,
        categoryId: category.id,
        categoryName: category.texts[locale].name,
        categoryUrl: category.texts[locale].slug,
        manufacturerId: manufacturer.id,
        manufacturerName: manufacturer.texts[locale].name,
        manufacturerUrl: manufacturer.texts[locale].slug,
      },
    });
  }
  return { devices, aggregations };
}
