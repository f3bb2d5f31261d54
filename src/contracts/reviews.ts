// Shop reviews (issue 15): what a seller of a paid trade posts from the review request mail's signed
// link, and the summary the rating seal and slider show (approved reviews only). English messages are
// for API clients; the browser app words the issue codes (src/ui/form/issue-messages.ts).

import { z } from './zod';

export const REVIEW_LIMITS = { text: 1000 } as const;

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const ReviewRequestSchema = z.object({
  tradeId: z.uuid('The review link is not valid.'),
  token: z.string().check(z.minLength(1, 'The review link is not valid.'), z.maxLength(100, 'The review link is not valid.')),
  stars: z
    .number({ error: 'Choose from 1 to 5 stars.' })
    .check(z.int('Choose from 1 to 5 stars.'), z.gte(1, 'Choose from 1 to 5 stars.'), z.lte(5, 'Choose from 1 to 5 stars.')),
  text: z
    .string({ error: 'The review text is required.' })
    .check(
      z.trim(),
      z.minLength(1, 'The review text is required.'),
      z.maxLength(REVIEW_LIMITS.text, `The review text is at most ${REVIEW_LIMITS.text} characters.`),
    ),
});
export type ReviewRequest = z.infer<typeof ReviewRequestSchema>;

/** GET /api/reviews/link: whether the link's trade can still be reviewed. */
export const ReviewLinkAnswerSchema = z.object({
  status: z.enum(['open', 'reviewed']),
  firstName: z.string(),
});
export type ReviewLinkAnswer = z.infer<typeof ReviewLinkAnswerSchema>;

export const PublicReviewSchema = z.object({
  author: z.string(),
  stars: z.number(),
  text: z.string(),
  /** The shop locale the trade was sold in (its country). */
  locale: z.string(),
  /** ISO date of the review. */
  date: z.string(),
});
export type PublicReview = z.infer<typeof PublicReviewSchema>;

/** GET /api/reviews/summary: the shop's verified, approved average and count, and the latest reviews. */
export const ReviewSummarySchema = z.object({
  /** Null when there is no approved review yet. */
  average: z.nullable(z.number()),
  count: z.number(),
  latest: z.array(PublicReviewSchema),
});
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;
