// The bulk offer contract (business trade-in, decision 038): a company sends a list — pasted CSV
// text, an uploaded CSV file (its bytes, base64) or corrected lines — of "model or search text;
// quantity; condition grade", and gets one answer per line: a real binding offer for the device the
// search engine found, or the line unmatched (with suggestions) or invalid (with a problem code).

import { z } from './zod';
import { OfferSchema } from './offers';

/** Most lines one list may have (a header row not counted). */
export const BULK_MAX_LINES = 1000;
/** Most bytes of one list (the file's bytes, or the pasted text in UTF-8). */
export const BULK_MAX_BYTES = 256 * 1024;
/** Most units of one line (as in the cart). */
export const BULK_MAX_QUANTITY = 99;

/** Condition grades of a list (decision 038): A like new, B good, C visible wear, D defective. */
export const BULK_GRADES = ['A', 'B', 'C', 'D'] as const;
export const BulkGradeSchema = z.enum(BULK_GRADES, { error: 'The grade is A, B, C or D.' });
export type BulkGrade = z.infer<typeof BulkGradeSchema>;

const LineSchema = z.object({
  /** The line number in the list the company sent (1-based, the header row counted). */
  line: z.number().check(z.int(), z.positive()),
  text: z.string().check(z.trim(), z.minLength(1, 'The model is required.'), z.maxLength(200, 'The model is at most 200 characters.')),
  quantity: z.number().check(z.int(), z.gte(1), z.lte(BULK_MAX_QUANTITY)),
  grade: BulkGradeSchema,
  /** A suggestion the company picked: this device, no search. */
  deviceId: z.optional(z.number().check(z.int(), z.positive())),
});

export const BulkOfferRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('text'), text: z.string().check(z.maxLength(BULK_MAX_BYTES, 'The list is too long.')) }),
    z.object({
      kind: z.literal('file'),
      // Base64 of at most BULK_MAX_BYTES bytes.
      base64: z.base64('The file is not base64.').check(z.maxLength(Math.ceil(BULK_MAX_BYTES / 3) * 4, 'The file is larger than 256 KB.')),
    }),
    z.object({ kind: z.literal('lines'), lines: z.array(LineSchema).check(z.minLength(1), z.maxLength(BULK_MAX_LINES)) }),
  ],
  { error: 'Send the list as text, file or lines.' },
);
export type BulkOfferRequest = z.infer<typeof BulkOfferRequestSchema>;

/** Why a row of the list could not be read. */
export const BULK_ROW_PROBLEMS = ['modelMissing', 'quantity', 'grade'] as const;
export type BulkRowProblem = (typeof BULK_ROW_PROBLEMS)[number];

const SuggestionSchema = z.object({ deviceId: z.number().check(z.int()), name: z.string() });
export type BulkSuggestion = z.infer<typeof SuggestionSchema>;

const Read = {
  line: z.number().check(z.int(), z.positive()),
  text: z.string(),
  quantity: z.number().check(z.int()),
  grade: BulkGradeSchema,
};

export const BulkLineResultSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('matched'),
    ...Read,
    offer: OfferSchema,
    /** What the cart line shows and links to. */
    device: z.object({ url: z.string(), thumbnail: z.string(), category: z.string() }),
  }),
  z.object({
    status: z.literal('unmatched'),
    ...Read,
    /** none: nothing near enough; ambiguous: several devices fit as well (e.g. the capacity is missing). */
    reason: z.enum(['none', 'ambiguous']),
    suggestions: z.array(SuggestionSchema).check(z.maxLength(3)),
  }),
  z.object({
    status: z.literal('invalid'),
    line: z.number().check(z.int(), z.positive()),
    /** The row as read, for correcting it. */
    text: z.string(),
    problems: z.array(z.enum(BULK_ROW_PROBLEMS)).check(z.minLength(1)),
  }),
]);
export type BulkLineResult = z.infer<typeof BulkLineResultSchema>;

export const BulkOfferAnswerSchema = z.object({
  lines: z.array(BulkLineResultSchema),
  /** How the file was read (decision 038). */
  encoding: z.optional(z.enum(['utf-8', 'windows-1252'])),
});
export type BulkOfferAnswer = z.infer<typeof BulkOfferAnswerSchema>;
