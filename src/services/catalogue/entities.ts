// The catalogue entities of product §3 as the browser app uses them, mapped from the search documents.

export interface EntityLink {
  readonly id: number;
  readonly name: string;
  readonly title: string;
  readonly url: string;
  readonly thumbnail: string;
}

/** A category as the home page links it. */
export interface CategoryCard {
  readonly id: number;
  readonly title: string;
  readonly url: string;
  readonly thumbnail: string;
}

/** The fields every browsable catalogue page has (category, manufacturer, series). */
export interface PageEntity {
  readonly id: number;
  readonly name: string;
  /** Display title (a country may override the iPhone and iPad titles). */
  readonly title: string;
  readonly url: string;
  readonly content: string;
  readonly metaDescription: string;
  readonly metaKeywords: string;
  /** From the page's imagePath. */
  readonly thumbnail: string;
}

export interface Category extends PageEntity {
  readonly key: string;
  readonly manufacturers: readonly EntityLink[];
  readonly topManufacturers: readonly EntityLink[];
  readonly topSeries: readonly EntityLink[];
}

export interface Manufacturer extends PageEntity {
  readonly category: { readonly id: number; readonly name: string; readonly url: string };
  readonly series: readonly EntityLink[];
  readonly topSeries: readonly EntityLink[];
}

export interface Series extends PageEntity {
  readonly category: { readonly id: number; readonly name: string; readonly url: string };
  readonly manufacturer: { readonly id: number; readonly name: string; readonly url: string };
}

export interface Answer {
  readonly id: number;
  readonly code: string;
  readonly text: string;
}

export interface Question {
  readonly id: number;
  readonly code: string;
  readonly question: string;
  readonly description: string;
  readonly answers: readonly Answer[];
}

export interface Device {
  readonly id: number;
  readonly name: string;
  readonly model: string;
  readonly url: string;
  readonly category: string;
  readonly categoryId: number;
  readonly categoryUrl: string;
  readonly manufacturer: string;
  readonly manufacturerId: number;
  readonly manufacturerUrl: string;
  readonly series: string;
  readonly seriesId: number;
  readonly seriesUrl: string;
  readonly releaseYear: number;
  readonly releaseMonth: number;
  /** The first front image. */
  readonly image: string;
  readonly thumbnail: string;
  /** Indicative price before the condition questions ("up to"). */
  readonly basePrice: number;
  /** The condition questions of the device's category (filled where the caller loads them). */
  readonly questions: readonly Question[];
  /** On the results page: the model's other variants (storage sizes, editions) shown on the same line. */
  readonly variants?: readonly { readonly id: number; readonly name: string; readonly url: string }[];
}
