// The catalogue search contract (product §7): the request body of POST {trade base}/searches, the
// Elasticsearch-shaped answer, and the documents of the two indexes per locale
// (`<locale>_devices`, `<locale>_aggregations`), shared by the client and the server.

import { PLATFORMS } from '../config/platforms';
import { z } from './zod';

/** The most hits one search answers: the request's resultSize and the body's size alike (issue 30). */
export const MAX_RESULT_SIZE = 500;

export const SearchRequestSchema = z.object({
  /** An Elasticsearch search source: query, sort, from, size, aggs/aggregations, _source. */
  search: z.record(z.string(), z.unknown()),
  /** Index name from the locale's elasticIndexes, e.g. `de_devices`. */
  application: z.string().check(z.regex(/^[a-z]+_(devices|aggregations)$/, 'application must name an index like de_devices')),
  resultSize: z.number().check(z.int(), z.gte(0), z.lte(MAX_RESULT_SIZE)),
  /**
   * The text a seller submitted on the results page (not set while typing): the shop counts it per day,
   * and whether it found nothing, for the zero-result report (issue 17). No personal data is kept.
   */
  submitted: z.optional(z.string().check(z.maxLength(200))),
});
export type SearchRequest = z.infer<typeof SearchRequestSchema>;

export const SearchHitSchema = <T extends z.ZodMiniType>(source: T) =>
  z.object({
    _index: z.string(),
    _id: z.string(),
    _score: z.nullable(z.number()),
    _source: source,
    sort: z.optional(z.array(z.unknown())),
  });

export const TermsBucketSchema = z.object({ key: z.union([z.string(), z.number()]), doc_count: z.number() });

export const SearchResponseSchema = <T extends z.ZodMiniType>(source: T) =>
  z.object({
    took: z.number(),
    timed_out: z.boolean(),
    hits: z.object({
      total: z.object({ value: z.number(), relation: z.enum(['eq', 'gte']) }),
      max_score: z.nullable(z.number()),
      hits: z.array(SearchHitSchema(source)),
    }),
    aggregations: z.optional(z.record(z.string(), z.object({ buckets: z.array(TermsBucketSchema) }))),
  });

export const DeviceImageSchema = z.object({ kind: z.enum(['front', 'back', 'side']), path: z.string() });

export const DeviceDocSchema = z.object({
  id: z.number(),
  name: z.string(),
  model: z.string(),
  url: z.string(),
  category: z.string(),
  categoryId: z.number(),
  categoryUrl: z.string(),
  manufacturer: z.string(),
  /** The brand (the manufacturer's name, the same in every category): filter and counts of the results page. */
  brand: z.string(),
  manufacturerId: z.number(),
  manufacturerUrl: z.string(),
  series: z.string(),
  seriesId: z.number(),
  seriesUrl: z.string(),
  /** Chooses the question texts (src/config/platforms); documents indexed before it existed are 'other'. */
  platform: z._default(z.enum(PLATFORMS), 'other'),
  releaseYear: z.number(),
  releaseMonth: z.number(),
  searchTerms: z.array(z.string()),
  basePrice: z.number(),
  popularity: z.number(),
  images: z.array(DeviceImageSchema),
  imagePath: z.string(),
});
export type DeviceDoc = z.infer<typeof DeviceDocSchema>;

export const LinkSchema = z.object({ id: z.number(), name: z.string(), title: z.string(), url: z.string(), imagePath: z.string() });

const PageFields = {
  id: z.number(),
  name: z.string(),
  /** Display title (the iPhone/iPad popTitleException applies here). */
  title: z.string(),
  url: z.string(),
  content: z.string(),
  metaDescription: z.string(),
  metaKeywords: z.string(),
  imagePath: z.string(),
};

export const AnswerDocSchema = z.object({ id: z.number(), code: z.string(), text: z.string() });
export const QuestionDocSchema = z.object({
  id: z.number(),
  code: z.string(),
  question: z.string(),
  description: z.string(),
  /** Texts that replace `question` or `description` for the devices of one platform. */
  platforms: z._default(
    z.partialRecord(z.enum(['ios', 'android']), z.object({ question: z.optional(z.string()), description: z.optional(z.string()) })),
    {},
  ),
  answers: z.array(AnswerDocSchema),
});

export const CategoryDocSchema = z.object({
  type: z.literal('category'),
  ...PageFields,
  key: z.string(),
  sort: z.number(),
  manufacturers: z.array(LinkSchema),
  topManufacturers: z.array(LinkSchema),
  /** The top series of all the category's manufacturers. */
  topSeries: z.array(LinkSchema),
  questions: z.array(QuestionDocSchema),
});
export const ManufacturerDocSchema = z.object({
  type: z.literal('manufacturer'),
  ...PageFields,
  categoryId: z.number(),
  categoryName: z.string(),
  categoryUrl: z.string(),
  series: z.array(LinkSchema),
  topSeries: z.array(LinkSchema),
});
export const SeriesDocSchema = z.object({
  type: z.literal('series'),
  ...PageFields,
  categoryId: z.number(),
  categoryName: z.string(),
  categoryUrl: z.string(),
  manufacturerId: z.number(),
  manufacturerName: z.string(),
  manufacturerUrl: z.string(),
});
export const AggregationDocSchema = z.discriminatedUnion('type', [CategoryDocSchema, ManufacturerDocSchema, SeriesDocSchema]);
export type CategoryDoc = z.infer<typeof CategoryDocSchema>;
export type ManufacturerDoc = z.infer<typeof ManufacturerDocSchema>;
export type SeriesDoc = z.infer<typeof SeriesDocSchema>;
export type AggregationDoc = z.infer<typeof AggregationDocSchema>;

/** GET /api/catalogue/popular: the shop's popular devices, most offered in the last 30 days first. */
export const PopularDevicesSchema = z.object({ deviceIds: z.array(z.number().check(z.int())) });
export type PopularDevices = z.infer<typeof PopularDevicesSchema>;
