// The review form of a paid trade (from the review request mail): 1 to 5 stars and a few words,
// checked by the contract in the browser; made with saveFormMachine (./form.ts). ./review.actors.ts
// provides the real `save` actor.

import { ReviewRequestSchema } from '../contracts/reviews';
import { z } from '../contracts/zod';
import { fieldErrors, saveFormMachine } from './form';

export interface ReviewValues {
  readonly stars: number;
  readonly text: string;
}

/** Where the link is already known: only the seller's input is checked (the server checks the link). */
const ValuesSchema = z.pick(ReviewRequestSchema, { stars: true, text: true });

export const reviewMachine = saveFormMachine<ReviewValues>({
  id: 'review',
  validate: (values) => {
    const parsed = ValuesSchema.safeParse(values);
    return parsed.success ? {} : fieldErrors(parsed.error);
  },
  rename: (path) => (path === 'stars' || path === 'text' ? path : null),
});
