// The clarification contract (product §10–11): what the seller sees of a clarification (per item the
// answers as offered and as found, old and new price, the deadline, the trade's totals either way)
// and the answers they send, one decision per item. Messages are English; fields carry issue codes.

import { z } from './zod';
import { coded } from './issues';

/** Days the seller has to answer, from the inspection (decision 022; CLARIFICATION_DAYS on the server). */
export const CLARIFICATION_DAYS = 14;

export const ClarificationKindSchema = z.enum(['lower_price', 'recycling', 'blocked']);
export type ClarificationKind = z.infer<typeof ClarificationKindSchema>;

export const ItemStatusSchema = z.enum(['open', 'accepted', 'declined']);

export const DeclineModeSchema = z.enum(['return', 'recycle']);
export type DeclineMode = z.infer<typeof DeclineModeSchema>;

export const AnswerComparisonSchema = z.object({
  questionId: z.number(),
  question: z.string(),
  offered: z.string(),
  found: z.string(),
  differs: z.boolean(),
});

export const ClarificationItemSchema = z.object({
  clarificationId: z.string(),
  /** The new offer the seller accepts or declines (the quick answer's {offerid}). */
  newOfferId: z.string(),
  position: z.number(),
  deviceName: z.string(),
  kind: ClarificationKindSchema,
  answers: z.array(AnswerComparisonSchema),
  offeredPriceCents: z.number(),
  newPriceCents: z.number(),
  note: z.nullable(z.string()),
  /** The inspection's evidence photos: each URL carries its own proof of access (the link's token or a signature). */
  photos: z.optional(z.array(z.object({ id: z.string(), url: z.string() }))),
  status: ItemStatusSchema,
  declineMode: z.nullable(DeclineModeSchema),
});
export type ClarificationItem = z.infer<typeof ClarificationItemSchema>;

export const ClarificationViewSchema = z.object({
  /** The clarification the link named. */
  clarificationId: z.string(),
  tradeNumber: z.string(),
  /** open: something to answer; answered: every item answered; expired: the deadline passed. */
  status: z.enum(['open', 'answered', 'expired']),
  deadline: z.iso.datetime({ offset: true }),
  items: z.array(ClarificationItemSchema),
  /** Once a device is declined to be sent back: the return label's download (a signed path, no session needed). */
  returnLabelPath: z.optional(z.nullable(z.string())),
  totals: z.object({
    /** Items without a clarification (paid without waiting) and the voucher. */
    otherCents: z.number(),
    ifAcceptedCents: z.number(),
    ifDeclinedCents: z.number(),
  }),
});
export type ClarificationView = z.infer<typeof ClarificationViewSchema>;

export const ClarificationQuerySchema = z.object({
  trade: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  token: z.optional(z.string().check(z.maxLength(200))),
});

export const ClarificationDecisionSchema = z
  .object({
    clarificationId: z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.uuid({ error: 'Not a clarification of this trade.' })),
    decision: z.enum(['accept', 'decline']),
    /** For a decline: return the device (default) or recycle it free of charge. */
    declineMode: z.optional(DeclineModeSchema),
  })
  .check(z.refine((d) => d.decision === 'decline' || d.declineMode === undefined, coded('invalid', 'Only a decline has a decline mode.')));
export type ClarificationDecision = z.infer<typeof ClarificationDecisionSchema>;

export const ClarificationAnswersRequestSchema = z.object({
  trade: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  token: z.optional(z.string().check(z.maxLength(200))),
  decisions: z.array(ClarificationDecisionSchema).check(
    z.minLength(1, 'Answer at least one item.'),
    z.maxLength(20),
    z.refine(
      (list) => new Set(list.map((d) => d.clarificationId)).size === list.length,
      coded('invalid', 'Each item can be answered once.'),
    ),
  ),
});
export type ClarificationAnswersRequest = z.infer<typeof ClarificationAnswersRequestSchema>;

/** Takes back the answer to the clarification the link names (the quick answer's undo). */
export const ClarificationUndoRequestSchema = z.object({
  trade: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  token: z.optional(z.string().check(z.maxLength(200))),
});
