// Field types of the two search indexes per locale (documents: src/contracts/search.ts): every field
// the shop indexes is named here, and Elasticsearch gets the same fields with `dynamic: strict`.
// 'text' is analyzed and scored, 'keyword'/'number'/'boolean' are exact values that can also be
// sorted and aggregated, 'object' is only stored in _source.

export type FieldType = 'text' | 'keyword' | 'number' | 'boolean' | 'object';
export type Mapping = Readonly<Record<string, FieldType>>;

/** `<locale>_devices` (DeviceDocSchema). */
export const DEVICE_MAPPING: Mapping = {
  name: 'text',
  model: 'text',
  searchTerms: 'text',
  manufacturer: 'text',
  series: 'text',
  category: 'text',
  /** The brand as a value (the brand filter and its counts on the results page). */
  brand: 'keyword',
  /** ios, android or other: which question texts apply (an exact value, not words). */
  platform: 'keyword',
  url: 'keyword',
  categoryUrl: 'keyword',
  manufacturerUrl: 'keyword',
  seriesUrl: 'keyword',
  imagePath: 'keyword',
  id: 'number',
  categoryId: 'number',
  manufacturerId: 'number',
  seriesId: 'number',
  releaseYear: 'number',
  releaseMonth: 'number',
  basePrice: 'number',
  popularity: 'number',
  images: 'object',
};

/** `<locale>_aggregations` (AggregationDocSchema: categories, manufacturers and series in one index). */
export const AGGREGATION_MAPPING: Mapping = {
  type: 'keyword',
  url: 'keyword',
  key: 'keyword',
  categoryUrl: 'keyword',
  manufacturerUrl: 'keyword',
  imagePath: 'keyword',
  name: 'text',
  title: 'text',
  categoryName: 'text',
  manufacturerName: 'text',
  id: 'number',
  sort: 'number',
  categoryId: 'number',
  manufacturerId: 'number',
  content: 'object',
  metaDescription: 'object',
  metaKeywords: 'object',
  manufacturers: 'object',
  topManufacturers: 'object',
  series: 'object',
  topSeries: 'object',
  questions: 'object',
};
