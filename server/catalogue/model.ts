// The normalized catalogue the shop runs on: what the seed loader produces, the database stores and
// the search indexes are built from. Localized fields carry one value per shop locale.

import type { Platform } from '../../src/config/platforms';
import type { DeviceImage, PageTexts, PerLocale, PlatformTexts } from '../db/schema/catalogue';

// The JSON shapes of the catalogue's columns are the schema's (the database layer imports no domain).
export type { DeviceImage, PageTexts, PerLocale, PlatformTexts };

export interface CatalogueCategory {
  readonly id: number;
  /** Key of src/config/categories.ts (its slugs are the URL slugs). */
  readonly key: string;
  readonly sort: number;
  /** Image family (public/images/devices/<family>.svg). */
  readonly imageFamily: string;
  readonly questionSet: string;
  readonly texts: PerLocale<PageTexts>;
}

/** A brand within one category (product §3 Manufacturer: a category lists its manufacturers). */
export interface CatalogueManufacturer {
  readonly id: number;
  readonly key: string;
  readonly brand: string;
  readonly categoryId: number;
  readonly top: boolean;
  readonly imageFamily: string;
  /** The platform of the brand's devices in this category (chooses the question texts). */
  readonly platform: Platform;
  readonly texts: PerLocale<PageTexts>;
}

export interface CatalogueSeries {
  readonly id: number;
  readonly key: string;
  readonly manufacturerId: number;
  readonly categoryId: number;
  readonly top: boolean;
  readonly imageFamily: string;
  readonly texts: PerLocale<PageTexts>;
}

export interface CatalogueDevice {
  readonly id: number;
  /** Brand + model + variant, e.g. "Apple iPhone 15 Pro 128 GB" (not localized). */
  readonly name: string;
  readonly model: string;
  /** URL slug, the same in every locale (model names are not translated). */
  readonly slug: string;
  readonly categoryId: number;
  readonly manufacturerId: number;
  readonly seriesId: number;
  readonly releaseYear: number;
  readonly releaseMonth: number;
  readonly searchTerms: readonly string[];
  /** Base price in EUR per shop locale. */
  readonly basePrice: PerLocale<number>;
  /** Popularity rank source: higher is more popular (for "popular devices"). */
  readonly popularity: number;
  readonly images: readonly DeviceImage[];
  readonly imageFamily: string;
}

export interface CatalogueAnswer {
  readonly id: number;
  readonly code: string;
  readonly text: PerLocale<string>;
  /** Price factor when chosen (1 = no change). */
  readonly multiplier: number;
  /** Condition grade the answer implies: 0 like new … 3 defective. */
  readonly grade: 0 | 1 | 2 | 3;
  /** The device cannot be bought with this answer (e.g. activation lock on). */
  readonly blocks: boolean;
  /** The device is taken for free recycling only. */
  readonly recycling: boolean;
}

export interface CatalogueQuestion {
  readonly id: number;
  readonly code: string;
  readonly sort: number;
  readonly question: PerLocale<string>;
  readonly description: PerLocale<string>;
  /** Texts that replace `question` or `description` for the devices of one platform. */
  readonly platforms: PlatformTexts;
  readonly answers: readonly CatalogueAnswer[];
}

export interface QuestionSet {
  readonly key: string;
  readonly questions: readonly CatalogueQuestion[];
}

export interface Catalogue {
  readonly categories: readonly CatalogueCategory[];
  readonly manufacturers: readonly CatalogueManufacturer[];
  readonly series: readonly CatalogueSeries[];
  readonly devices: readonly CatalogueDevice[];
  readonly questionSets: readonly QuestionSet[];
}
