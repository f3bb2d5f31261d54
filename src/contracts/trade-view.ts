// A trade as its seller sees it after checkout (product §11): every device's state and money, what is
// or was paid, and the timeline of its steps. The account lists these (GET /api/customers/trade_history)
// and the guest trade page shows one from the mails' signed link (GET /api/trades/{tradeNumber}/status).
// Amounts are in EUR; times are ISO instants, days YYYY-MM-DD.

import { PayoutSchema, TradeStatusSchema } from './trades';
import { z } from './zod';

export const TradeViewItemSchema = z.object({
  offerId: z.uuid(),
  deviceName: z.string(),
  /** Units of the device (a business line has 1–99; absent reads as 1); the amounts below are for all of them. */
  quantity: z.optional(z.number().check(z.int(), z.gte(1))),
  /** The offer accepted at checkout. */
  offered: z.number().check(z.nonnegative()),
  /**
   * What the device is paid as agreed so far: the offer until inspected, then the agreed price (raised
   * when found better), 0 once declined; null while a counter-offer awaits the seller's answer.
   */
  price: z.nullable(z.number().check(z.nonnegative())),
  /** The new offer of an open clarification, which counts only once the seller accepts it. */
  counterOffer: z.optional(z.number().check(z.nonnegative())),
  conditionId: z.number().check(z.int()),
  /** The item's own state: as offered, re-priced at inspection, or in clarification. */
  status: z.enum([
    'offered',
    'received',
    'inspected',
    'repriced',
    'clarification',
    'accepted',
    'declined',
    /** Declined and to be sent back: the return parcel is on its way (decision 025). */
    'return_pending',
    'returned',
    'paid',
    'cancelled',
  ]),
  /** The item's clarification (open or answered): the account opens it without the mail's token. */
  clarificationId: z.optional(z.nullable(z.uuid())),
  /** The clarification page with its link's token (the guest trade page: a guest has no session to open it with). */
  clarificationPath: z.optional(z.string().check(z.startsWith('/'))),
  /** The device's data-erasure certificate (a PDF) with its link's token, once its wipe was confirmed. */
  certificatePath: z.optional(z.string().check(z.startsWith('/api/certificates/'))),
});

const PaidDeviceSchema = z.object({
  deviceName: z.string(),
  offered: z.number().check(z.nonnegative()),
  paid: z.number().check(z.nonnegative()),
});
const at = z.iso.datetime();

/** One step of the trade, oldest first; each kind carries what the seller needs to read of it. */
export const TradeEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('created'), at }),
  z.object({ kind: z.literal('labelIssued'), at }),
  z.object({ kind: z.literal('received'), at }),
  z.object({
    kind: z.literal('inspected'),
    at,
    devices: z.array(
      z.object({
        deviceName: z.string(),
        /** As declared; better (paid above the offer); worse (a counter-offer follows). */
        outcome: z.enum(['asDeclared', 'better', 'worse']),
        offered: z.number().check(z.nonnegative()),
        /** What the inspection priced it at: the agreed price, or the counter-offer when worse. */
        price: z.number().check(z.nonnegative()),
      }),
    ),
  }),
  z.object({ kind: z.literal('clarificationOpened'), at, devices: z.array(z.string()), deadline: at }),
  z.object({
    kind: z.literal('clarificationAnswered'),
    at,
    deviceName: z.string(),
    decision: z.enum(['accepted', 'declined']),
    /** No answer came by the deadline: the default decision was applied. */
    byDeadline: z.boolean(),
    /** The counter-offer the decision was about. */
    counterOffer: z.number().check(z.nonnegative()),
  }),
  z.object({
    kind: z.literal('paid'),
    at,
    amount: z.number().check(z.nonnegative()),
    method: z.enum(['sepa', 'paypal']),
    /** The IBAN masked, or the PayPal address. */
    account: z.string(),
    devices: z.array(PaidDeviceSchema),
    /** Paid above the offers for devices found better. */
    raise: z.number().check(z.nonnegative()),
    voucher: z.number().check(z.nonnegative()),
    /** The late-payout bonus (paid after the promised day). */
    bonus: z.number().check(z.nonnegative()),
  }),
  /** The bank (or PayPal) sent a payout back, e.g. to a closed account: the seller is asked to check it. */
  z.object({ kind: z.literal('payoutReturned'), at, amount: z.number().check(z.nonnegative()), method: z.enum(['sepa', 'paypal']) }),
  z.object({ kind: z.literal('returned'), at, devices: z.array(z.string()) }),
  z.object({ kind: z.literal('cancelled'), at }),
]);
export type TradeEvent = z.infer<typeof TradeEventSchema>;

export const TradeViewSchema = z.object({
  tradeId: z.uuid(),
  tradeNumber: z.string(),
  status: TradeStatusSchema,
  createdAt: z.iso.datetime(),
  /**
   * What is or will be paid: the devices at their agreed prices (declined ones and unanswered
   * counter-offers not counted), the voucher bonus and any late-payout bonus paid.
   */
  total: z.number().check(z.nonnegative()),
  /** Paid so far, in EUR: devices without a clarification are paid without waiting for the others (split payout). */
  paid: z.optional(z.number().check(z.nonnegative())),
  /** When the last payout was made, once everything agreed is paid (paid in full, or the declined rest sent back). */
  paidAt: z.optional(z.iso.datetime()),
  /** How the seller is paid: the method and the masked account. */
  payout: z.object({ method: z.enum(['sepa', 'paypal']), account: z.string() }),
  items: z.array(TradeViewItemSchema),
  /** The shipping label's current link, while the parcel is awaited (status created). */
  labelUrl: z.optional(z.string().check(z.startsWith('/api/trades/'))),
  /** The return label's link while a declined device is on its way back to the seller. */
  returnLabelUrl: z.optional(z.string().check(z.startsWith('/api/trades/'))),
  /** A business trade's credit note (decision 036). */
  creditNoteUrl: z.optional(z.string().check(z.startsWith('/api/trades/'))),
  /** The payout promise (issue 18): the last day of the payout (YYYY-MM-DD) once the devices arrived. */
  payoutDueBy: z.optional(z.iso.date()),
  /** The late-payout bonus paid with the payouts, in EUR (0 when paid on time). */
  lateBonus: z.optional(z.number().check(z.nonnegative())),
  /**
   * A payout the bank sent back, nothing paid since: the seller checks the account and may correct it
   * (PUT …/payout); `corrected` once it was corrected after the return. The payout is then made again.
   */
  payoutReturn: z.optional(z.object({ returnedAt: z.iso.datetime(), amount: z.number().check(z.nonnegative()), corrected: z.boolean() })),
  timeline: z.array(TradeEventSchema),
});
export type TradeView = z.infer<typeof TradeViewSchema>;

/** GET /api/trades/{tradeNumber}/status?token=…: the guest trade page's trade. */
export const TradeStatusAnswerSchema = z.object({ trade: TradeViewSchema });
export type TradeStatusAnswer = z.infer<typeof TradeStatusAnswerSchema>;

/**
 * PUT /api/trades/{tradeNumber}/payout?token=… (the trade page's link) and PUT
 * /api/customers/trades/{tradeNumber}/payout (the account): the seller corrects the payout account after
 * the bank sent a payout back (TradeView.payoutReturn). Answers the trade as TradeStatusAnswer.
 */
export const PayoutCorrectionSchema = z.object({ payout: PayoutSchema });
export type PayoutCorrection = z.infer<typeof PayoutCorrectionSchema>;
