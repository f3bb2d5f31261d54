// The contact form contract (product §1 help/contact widget): the fields the contact page and the help
// widget send (as multipart/form-data, with optional attachments), the form ticket that dates the
// form for the anti-spam check, and the answer. Messages are English (for API clients); each failing
// field carries an issue code (./issues) that the browser app turns into words.

import { z } from './zod';
import { CONTACT_SUBJECTS } from '../config/contact';
import { coded } from './issues';
import { TRADE_NUMBER } from './trades';

export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  message: 5000,
  /** Attachments per message. */
  attachments: 3,
  /** Bytes per attachment (5 MB). */
  attachmentBytes: 5 * 1024 * 1024,
} as const;

/** What an attachment may be, judged by its content (never by its name or the browser's claim). */
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'application/pdf'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** The file picker's `accept` (a hint only; the server sniffs the content). */
export const ATTACHMENT_ACCEPT =
  '.jpg,.jpeg,.png,.webp,.gif,.heic,.pdf,image/jpeg,image/png,image/webp,image/gif,image/heic,application/pdf';

/** The form fields of the multipart request, by name. */
export const CONTACT_FIELDS = ['subject', 'name', 'email', 'tradeNumber', 'message', 'business', 'website', 'source', 'ticket'] as const;
/** The multipart name of the attachments (repeated). */
export const ATTACHMENT_FIELD = 'attachments';

const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** The text fields a person fills in, as the form keeps them and the server checks them. */
export const ContactFieldsSchema = z.object({
  subject: z.pipe(
    z.string({ error: 'Choose one of the subjects.' }).check(z.minLength(1, 'Choose one of the subjects.')),
    z.enum(CONTACT_SUBJECTS, { error: 'Choose one of the subjects.' }),
  ),
  name: z.string({ error: 'The name is required.' }).check(
    z.trim(),
    z.minLength(1, 'The name is required.'),
    z.maxLength(CONTACT_LIMITS.name, `The name is at most ${CONTACT_LIMITS.name} characters.`),
    z.refine((value) => !/[\r\n]/.test(value), coded('invalid', 'The name is one line.')),
  ),
  email: z.pipe(
    z
      .string({ error: 'The e-mail address is required.' })
      .check(z.trim(), z.maxLength(CONTACT_LIMITS.email, 'This e-mail address is too long.')),
    z.email('This e-mail address is not valid.'),
  ),
  tradeNumber: z.pipe(
    z.transform(blankAsAbsent),
    z.optional(
      z.string().check(
        z.trim(),
        z.toUpperCase(),
        z.refine((value) => TRADE_NUMBER.test(value), coded('tradeNumber', 'A trade number looks like TR-2026-000123.')),
      ),
    ),
  ),
  message: z
    .string({ error: 'The message is required.' })
    .check(
      z.trim(),
      z.minLength(1, 'The message is required.'),
      z.maxLength(CONTACT_LIMITS.message, `The message is at most ${CONTACT_LIMITS.message} characters.`),
    ),
  /** About a business (company) trade-in: goes to the partner desk where the country has one. */
  business: z.optional(
    z.pipe(
      z.transform((value) => value === true || value === 'true'),
      z.boolean(),
    ),
  ),
});
export type ContactFields = z.infer<typeof ContactFieldsSchema>;

/** The whole request's text part: the fields, the honeypot (`website`, empty for people) and the ticket. */
export const ContactSubmissionSchema = z.extend(ContactFieldsSchema, {
  website: z.optional(z.string().check(z.maxLength(500))),
  /** Where the form was sent from. */
  source: z._default(z.enum(['page', 'widget']), 'page'),
  ticket: z.string({ error: 'The form ticket is missing.' }).check(z.minLength(1, 'The form ticket is missing.'), z.maxLength(200)),
});

/** GET /api/contact/ticket: dates the opened form (signed by the server). */
export const ContactTicketSchema = z.object({ ticket: z.string().check(z.minLength(1)) });
export type ContactTicket = z.infer<typeof ContactTicketSchema>;

/** 202 of POST /api/contact. */
export const ContactAcceptedSchema = z.object({ status: z.literal('accepted'), reference: z.string().check(z.minLength(1)) });
export type ContactAccepted = z.infer<typeof ContactAcceptedSchema>;

/** A ticket is `<issued epoch ms>.<signature>`: the time it was issued, readable by the client. */
export function ticketIssuedAt(ticket: string): number | null {
  const issued = Number(ticket.split('.')[0]);
  return Number.isSafeInteger(issued) && issued > 0 ? issued : null;
}

/** Seconds a person needs at least between opening the form and sending it. */
export const MIN_FILL_SECONDS = 3;
/** Hours a ticket stays valid (a kept draft older than that asks for a new one). */
export const TICKET_HOURS = 24;
