// Contact calls (product §1 help/contact widget): a form ticket when a form opens, and the message with
// its attachments as multipart/form-data.

import {
  ATTACHMENT_FIELD,
  ContactAcceptedSchema,
  ContactTicketSchema,
  type ContactAccepted,
  type ContactFields,
} from '../contracts/contact';
import type { ApiClient } from './api-client';

/** GET /api/contact/ticket: dates the opened form (the server refuses a form sent too soon after). */
export async function fetchContactTicket(api: ApiClient): Promise<string> {
  return ContactTicketSchema.parse(await api('/api/contact/ticket')).ticket;
}

export interface ContactMessageRequest {
  readonly fields: ContactFields;
  /** Empty when the visitor left the honeypot alone (people never see it). */
  readonly website: string;
  readonly files: readonly File[];
  readonly ticket: string;
  readonly source: 'page' | 'widget';
}

/** POST /api/contact: 202 {status: 'accepted', reference}. */
export async function sendContactMessage(api: ApiClient, request: ContactMessageRequest): Promise<ContactAccepted> {
  const body = new FormData();
  const { fields } = request;
  body.set('subject', fields.subject);
  body.set('name', fields.name);
  body.set('email', fields.email);
  if (fields.tradeNumber) body.set('tradeNumber', fields.tradeNumber);
  body.set('message', fields.message);
  if (fields.business) body.set('business', 'true');
  body.set('website', request.website);
  body.set('source', request.source);
  body.set('ticket', request.ticket);
  for (const file of request.files) body.append(ATTACHMENT_FIELD, file, file.name);
  return ContactAcceptedSchema.parse(await api('/api/contact', { method: 'POST', body }));
}
