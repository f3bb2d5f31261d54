// The support inbox of the back office (issue 29 item 6, decision 076): the contact messages by
// country, subject, state and assignee; one message with its attachments and replies; assigning,
// replying (the reply is mailed through the outbox in the seller's language), closing and reopening;
// the lookup of trades, customers and mails by trade number, e-mail or IMEI/serial; sending a mail
// again. Times are ISO instants; refusals are the staff API's (src/contracts/staff.ts, `reason`).

import { CONTACT_SUBJECTS } from '../config/contact';
import { LOCALES } from '../config/locales';
import { TradeStatusSchema } from './trades';
import { z } from './zod';

export const CONTACT_STATES = ['open', 'closed'] as const;
export const ContactStateSchema = z.enum(CONTACT_STATES);
export type ContactState = z.infer<typeof ContactStateSchema>;

/** A contact reference as the acknowledgment quotes it (KM-2026-1A2B3C4D). */
export const CONTACT_REFERENCE = /^KM-\d{4}-[0-9A-F]{8}$/;

/** Messages per page of the inbox. */
export const INBOX_PAGE_SIZE = 25;

/** The limit of a reply's text (the seller's message has the same). */
export const REPLY_MAX = 5000;

export const InboxQuerySchema = z.object({
  /** The country shop the message came from. */
  locale: z.optional(z.enum(LOCALES)),
  subject: z.optional(z.enum(CONTACT_SUBJECTS)),
  state: z.optional(ContactStateSchema),
  /** `me`: assigned to the asking user; `unassigned`: to nobody. */
  assignee: z.optional(z.enum(['me', 'unassigned'])),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1),
});
export type InboxQuery = z.input<typeof InboxQuerySchema>;

export const StaffPersonSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
export type StaffPerson = z.infer<typeof StaffPersonSchema>;

export const InboxEntrySchema = z.object({
  reference: z.string(),
  locale: z.enum(LOCALES),
  subject: z.enum(CONTACT_SUBJECTS),
  name: z.string(),
  email: z.string(),
  tradeNumber: z.nullable(z.string()),
  business: z.boolean(),
  createdAt: z.iso.datetime(),
  state: ContactStateSchema,
  assignee: z.nullable(StaffPersonSchema),
  replies: z.number().check(z.int(), z.nonnegative()),
  attachments: z.number().check(z.int(), z.nonnegative()),
});
export type InboxEntry = z.infer<typeof InboxEntrySchema>;

/** Newest first. */
export const InboxAnswerSchema = z.object({
  messages: z.array(InboxEntrySchema),
  page: z.number().check(z.int(), z.positive()),
  pageSize: z.number().check(z.int(), z.positive()),
  total: z.number().check(z.int(), z.nonnegative()),
});
export type InboxAnswer = z.infer<typeof InboxAnswerSchema>;

export const ContactReplySchema = z.object({
  id: z.uuid(),
  staffName: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime(),
  /** The reply's mail in the outbox, and how far it got. */
  mailId: z.uuid(),
  mailStatus: z.enum(['pending', 'sending', 'sent', 'dead']),
});

export const ContactMessageSchema = z.extend(InboxEntrySchema, {
  message: z.string(),
  source: z.enum(['page', 'widget']),
  /** The desk address it was mailed to. */
  recipient: z.string(),
  /** How the desk mail and the acknowledgment went (the contact form's mails, decision 023). */
  mailStatus: z.enum(['received', 'mailed', 'mailFailed']),
  closedAt: z.nullable(z.iso.datetime()),
  closedBy: z.nullable(z.string()),
  attachmentFiles: z.array(
    z.object({ position: z.number().check(z.int()), filename: z.string(), contentType: z.string(), size: z.number().check(z.int()) }),
  ),
  /** Oldest first. */
  replyList: z.array(ContactReplySchema),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

/** PATCH: assign (`me`, a support user's id, or null for nobody), or close/reopen. One of them. */
export const UpdateContactRequestSchema = z
  .object({
    assignee: z.optional(z.union([z.literal('me'), z.uuid(), z.null()])),
    state: z.optional(ContactStateSchema),
  })
  .check(
    z.refine((body) => (body.assignee === undefined) !== (body.state === undefined), {
      error: 'Give either the assignee or the state.',
    }),
  );

export const ReplyRequestSchema = z.object({
  body: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'Write the reply.' }),
      z.maxLength(REPLY_MAX, { error: `A reply is at most ${REPLY_MAX} characters.` }),
    ),
});

/** The users a message can be assigned to (support role, not disabled). */
export const SupportUsersAnswerSchema = z.object({ users: z.array(StaffPersonSchema) });

// ---- Lookup --------------------------------------------------------------------------------------

export const LookupQuerySchema = z.object({
  q: z
    .string()
    .check(z.trim(), z.minLength(1, { error: 'Enter a trade number, an e-mail address or an IMEI or serial number.' }), z.maxLength(254)),
});

export const LookupTradeSchema = z.object({
  tradeNumber: z.string(),
  status: TradeStatusSchema,
  locale: z.string(),
  sellerName: z.string(),
  sellerEmail: z.nullable(z.string()),
  createdAt: z.iso.datetime(),
  totalCents: z.number().check(z.int()),
});

export const LookupCustomerSchema = z.object({
  id: z.uuid(),
  customerNumber: z.nullable(z.string()),
  name: z.string(),
  email: z.string(),
  locale: z.enum(LOCALES),
  status: z.enum(['pending', 'active']),
  createdAt: z.iso.datetime(),
  /** The customer asked for their data to be deleted. */
  deleted: z.boolean(),
});

export const LookupMailSchema = z.object({
  id: z.uuid(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'dead']),
  createdAt: z.iso.datetime(),
  sentAt: z.nullable(z.iso.datetime()),
  /** The message is still kept, so it can be sent again (decision 076). */
  resendable: z.boolean(),
});
export type LookupMail = z.infer<typeof LookupMailSchema>;

export const LookupAnswerSchema = z.object({
  /** What the query was read as. */
  kind: z.enum(['tradeNumber', 'email', 'identifier']),
  trades: z.array(LookupTradeSchema),
  customers: z.array(LookupCustomerSchema),
  /** The contact messages from the e-mail addresses found. */
  messages: z.array(
    z.object({ reference: z.string(), subject: z.enum(CONTACT_SUBJECTS), state: ContactStateSchema, createdAt: z.iso.datetime() }),
  ),
  /** The mails to the e-mail addresses found, newest first. */
  mails: z.array(LookupMailSchema),
});
export type LookupAnswer = z.infer<typeof LookupAnswerSchema>;

export const ResendAnswerSchema = z.object({ id: z.uuid(), recipient: z.string(), subject: z.string() });
