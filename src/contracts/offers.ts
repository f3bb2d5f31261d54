// The offer contract (product §10): the client sends a device and the chosen answers; the server
// prices them and stores a binding offer. The client never sends a price.

import { isLocale } from '../config/locales';
import { z } from './zod';
import { FieldIssueSchema } from './issues';

export const OfferRequestSchema = z.object({
  deviceId: z.number({ error: 'deviceId must be a number' }).check(z.int(), z.positive()),
  /** Chosen answer id per question id (every question of the device's category, exactly once). */
  answers: z.record(z.string().check(z.regex(/^\d+$/, 'question ids are numbers')), z.number().check(z.int(), z.positive())),
});
export type OfferRequest = z.infer<typeof OfferRequestSchema>;

/** Condition grades derived from the answers: 1 like new, 2 good, 3 fair, 4 defective. */
export const ConditionIdSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

export const OfferSchema = z.object({
  offerId: z.string().check(z.uuid()),
  deviceId: z.number(),
  deviceName: z.string(),
  locale: z.string(),
  answers: z.record(z.string(), z.number()),
  /** EUR, truncated to cents; 0 for a recycling offer. */
  price: z.number().check(z.nonnegative()),
  currency: z.literal('EUR'),
  conditionId: ConditionIdSchema,
  kind: z.enum(['purchase', 'recycling']),
  validUntil: z.string().check(z.iso.datetime()),
  createdAt: z.string().check(z.iso.datetime()),
  /**
   * A scheduled price drop of the device before this offer expires (issue 18): from `effectiveOn` a new
   * offer for the same answers would pay `price`; this offer keeps its price until validUntil.
   */
  priceChange: z.optional(z.object({ effectiveOn: z.iso.date(), price: z.number().check(z.nonnegative()) })),
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
  fields: z.optional(z.array(FieldIssueSchema)),
});

export const OFFER_VALIDITY_DAYS = 21;

/**
 * The question form of a product detail page posted without JavaScript: one radio group `q-{questionId}`
 * per question, valued with the chosen answer id. Returns the offer request the form stands for, to be
 * checked with OfferRequestSchema like every other (a value that is no number fails there).
 */
export function offerRequestOfForm(deviceId: number, fields: Readonly<Record<string, string>>): unknown {
  const answers: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const question = /^q-(\d{1,9})$/.exec(name)?.[1];
    if (question !== undefined) answers[question] = /^\d{1,9}$/.test(value) ? Number(value) : value;
  }
  return { deviceId, answers };
}

/**
 * What the server made of a posted question form: the offer, the answers that block the purchase, or
 * why it could not price them (`required`: some question has no answer; `invalid`: a value is not an
 * answer of the device). `answers` are the posted ones that name an answer, for the form to show again.
 */
export type OfferFormOutcome =
  | { readonly kind: 'offer'; readonly answers: OfferRequest['answers']; readonly offer: Offer }
  | { readonly kind: 'blocked'; readonly answers: OfferRequest['answers']; readonly blockedBy: OfferBlocked['blockedBy'] }
  | { readonly kind: 'invalid'; readonly answers: OfferRequest['answers']; readonly issue: 'required' | 'invalid' };
/** POST /api/offers/{id}/mail: the address the offer goes to (no account needed). */
export const OfferMailRequestSchema = z.object({
  email: z.pipe(
    z
      .string({ error: 'The e-mail address is required.' })
      .check(z.trim(), z.toLowerCase(), z.maxLength(254, 'This e-mail address is too long.')),
    z.email('This e-mail address is not valid.'),
  ),
});

/** POST /api/offers/{id}/link: the device page's path with the signed token of the offer. */
export const OfferLinkSchema = z.object({ token: z.string(), path: z.string() });
export type OfferLink = z.infer<typeof OfferLinkSchema>;

/** GET /api/shared-offers?token=…: the offer of a shared link, still valid or expired (its answers for a new one). */
export const SharedOfferSchema = z.object({ offer: OfferSchema, expired: z.boolean() });
export type SharedOffer = z.infer<typeof SharedOfferSchema>;

/** GET /api/customers/saved-offers: the offers the logged-in customer mailed or shared, newest first. */
export const SavedOfferSchema = z.object({
  offer: OfferSchema,
  channel: z.enum(['mail', 'link']),
  savedAt: z.string().check(z.iso.datetime()),
  /** The device page with the signed token (opens the offer, or its expired state). */
  path: z.string(),
});
export type SavedOffer = z.infer<typeof SavedOfferSchema>;
export const SavedOffersSchema = z.array(SavedOfferSchema);

/**
 * PUT /api/cart-holds: the offers a cart holds once the seller's e-mail is known at checkout, so that a
 * scheduled price drop reaches them (decision 058). Replaces what was reported for the address in the
 * shop; an empty list forgets the cart. Answered 202 for every valid request.
 */
export const CartHoldsRequestSchema = z.object({
  email: OfferMailRequestSchema.shape.email,
  /** The shop (and so the country) of the cart; it must be the host's. */
  locale: z.string().check(z.refine(isLocale, 'This shop is not known.')),
  offerIds: z.array(z.string().check(z.uuid('The offer id is not valid.'))).check(z.maxLength(100, 'A cart holds at most 100 offers.')),
});
export type CartHoldsRequest = z.infer<typeof CartHoldsRequestSchema>;
