// The payouts clerk's API (/api/staff/payouts/* on the staff host, issue 29, decision 074): the payouts
// that are due, batches of them as a SEPA file (pain.001.001.09) or a PayPal payouts file, and recording a
// batch as executed. Amounts are in cents; days are YYYY-MM-DD.

import { z } from './zod';

export const PAYOUT_METHODS = ['sepa', 'paypal'] as const;
export const PayoutMethodSchema = z.enum(PAYOUT_METHODS);
export type PayoutMethod = z.infer<typeof PayoutMethodSchema>;

/** Who a batch entry pays, frozen when the batch is made (the full IBAN stays on the server). */
export type PayoutRecipient =
  | { readonly method: 'sepa'; readonly name: string; readonly iban: string; readonly bic: string }
  | { readonly method: 'paypal'; readonly email: string };

const day = z.iso.date({ error: 'Give a day as YYYY-MM-DD.' });
const tradeNumber = z.string().check(z.regex(/^T[RB]-\d{4}-\d{6}$/i, { error: 'A trade number looks like TR-2026-000123.' }));

/** How a due payout stands against the payout promise on the planned day. */
export const PAYOUT_URGENCIES = ['late', 'due_soon', 'on_time', 'no_promise'] as const;
export type PayoutUrgency = (typeof PAYOUT_URGENCIES)[number];

export const DuePayoutSchema = z.object({
  tradeNumber: z.string(),
  locale: z.string(),
  method: PayoutMethodSchema,
  /** Masked IBAN or PayPal address, and the account holder. */
  recipient: z.string(),
  holder: z.string(),
  devices: z.number().check(z.int()),
  itemsCents: z.number().check(z.int()),
  voucherCents: z.number().check(z.int()),
  /** The late-payout bonus if paid on the planned day. */
  bonusCents: z.number().check(z.int()),
  amountCents: z.number().check(z.int()),
  dueBy: z.nullable(z.string()),
  urgency: z.enum(PAYOUT_URGENCIES),
  /** The bonus that paying after the due day would add (a preview while it is not late yet). */
  bonusPreviewCents: z.number().check(z.int()),
  /** A top-up of a late-payout bonus that an earlier batch's execution day earned. */
  topUp: z.boolean(),
  /**
   * The bank sent this trade's last transfer back: when, and whether the seller has corrected the
   * account since (until then the same account would bounce again).
   */
  bankReturn: z.nullable(z.object({ returnedAt: z.iso.datetime(), corrected: z.boolean() })),
});
export type DuePayout = z.infer<typeof DuePayoutSchema>;

export const DueQuerySchema = z.object({
  method: z.optional(PayoutMethodSchema),
  /** The day the payouts would be executed (default today). */
  day: z.optional(day),
});

export const DueAnswerSchema = z.object({ day: z.string(), payouts: z.array(DuePayoutSchema) });
export type DueAnswer = z.infer<typeof DueAnswerSchema>;

export const CreateBatchRequestSchema = z.object({
  method: PayoutMethodSchema,
  tradeNumbers: z
    .array(tradeNumber)
    .check(z.minLength(1, { error: 'Select at least one payout.' }), z.maxLength(500, { error: 'A batch holds at most 500 payouts.' })),
  /** SEPA Instant Credit Transfer (SEPA only). */
  instant: z._default(z.boolean(), false),
  /** The execution day the file asks for (default today; not in the past). */
  requestedDate: z.optional(day),
});
export type CreateBatchRequest = z.input<typeof CreateBatchRequestSchema>;

export const BATCH_STATES = ['open', 'executed', 'cancelled'] as const;
/** An executed entry the bank (or PayPal) sent back is 'returned': its devices are due again. */
export const ENTRY_STATES = ['open', 'executed', 'cancelled', 'returned'] as const;

export const BatchSummarySchema = z.object({
  id: z.uuid(),
  /** PB-000012 */
  reference: z.string(),
  method: PayoutMethodSchema,
  instant: z.boolean(),
  requestedDate: z.string(),
  state: z.enum(BATCH_STATES),
  count: z.number().check(z.int()),
  controlSumCents: z.number().check(z.int()),
  createdAt: z.iso.datetime(),
  createdBy: z.string(),
  executedAt: z.nullable(z.iso.datetime()),
  /** The name the file downloads as. */
  fileName: z.string(),
});
export type BatchSummary = z.infer<typeof BatchSummarySchema>;

export const BatchEntrySchema = z.object({
  tradeNumber: z.string(),
  recipient: z.string(),
  holder: z.string(),
  amountCents: z.number().check(z.int()),
  bonusCents: z.number().check(z.int()),
  state: z.enum(ENTRY_STATES),
  /** The bonus the execution day earned beyond the file's (paid by a top-up). */
  shortfallCents: z.number().check(z.int()),
  topUp: z.boolean(),
  /** A bank return of this transfer: when it was recorded and the bank's reason. */
  returnedAt: z.nullable(z.iso.datetime()),
  returnReason: z.nullable(z.string()),
});
export type BatchEntry = z.infer<typeof BatchEntrySchema>;

export const BatchSchema = z.extend(BatchSummarySchema, { entries: z.array(BatchEntrySchema) });
export type Batch = z.infer<typeof BatchSchema>;

export const BatchesAnswerSchema = z.object({ batches: z.array(BatchSummarySchema) });

export const BankReturnRequestSchema = z.object({
  tradeNumber,
  /** The bank's reason as its return message gives it (e.g. "AC04 account closed"). */
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'Give the reason the bank gave for the return.' }),
      z.maxLength(200, { error: 'Keep the reason under 200 characters.' }),
    ),
});
export type BankReturnRequest = z.infer<typeof BankReturnRequestSchema>;

export const ExecuteBatchRequestSchema = z.object({
  /** The day the bank or PayPal executed the batch (not in the future). */
  executedOn: day,
});
