// The offer contract (DESIGN.md §6): the client sends a device and the chosen answers; the server
// prices them and stores a binding offer. The client never sends a price.

import { z } from './zod';
import { FieldIssueSchema } from './issues';

export const OfferRequestSchema = z.object({
  deviceId: z.number({ error: 'deviceId must be a number' }).int().positive(),
  /** Chosen answer id per question id (every question of the device's category, exactly once). */
  answers: z.record(z.string().regex(/^\d+$/, 'question ids are numbers'), z.number().int().positive()),
});
export type OfferRequest = z.infer<typeof OfferRequestSchema>;

/** Condition grades derived from the answers: 1 like new, 2 good, 3 fair, 4 defective. */
export const ConditionIdSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

export const OfferSchema = z.object({
  offerId: z.string().uuid(),
  deviceId: z.number(),
  deviceName: z.string(),
  locale: z.string(),
  answers: z.record(z.string(), z.number()),
  /** EUR, truncated to cents; 0 for a recycling offer. */
  price: z.number().nonnegative(),
  currency: z.literal('EUR'),
  conditionId: ConditionIdSchema,
  kind: z.enum(['purchase', 'recycling']),
  validUntil: z.string().datetime(),
  createdAt: z.string().datetime(),
});
export type Offer = z.infer<typeof OfferSchema>;

/** 422 answer when an answer makes the device unbuyable (e.g. activation lock still on). */
export const OfferBlockedSchema = z.object({
  statusCode: z.literal(422),
  error: z.literal('Offer Blocked'),
  message: z.string(),
  blockedBy: z.array(z.object({ questionId: z.number(), answerId: z.number(), code: z.string() })),
});
export type OfferBlocked = z.infer<typeof OfferBlockedSchema>;

/** 400 answer of any API endpoint for invalid input: a message and the failing fields (with issue codes, see ./issues). */
export const ApiErrorSchema = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  fields: z.array(FieldIssueSchema).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const OFFER_VALIDITY_DAYS = 21;
