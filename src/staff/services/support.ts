// The support inbox and lookup (support role, issue 29 item 6): the contact messages with filters, one
// message, assigning, replying, closing and reopening, the support users, the lookup of trades,
// customers and mails, and sending a mail again. Every answer is parsed with the support contract.

import {
  ContactMessageSchema,
  InboxAnswerSchema,
  LookupAnswerSchema,
  ResendAnswerSchema,
  SupportUsersAnswerSchema,
  type ContactMessage,
  type ContactState,
  type InboxAnswer,
  type InboxQuery,
  type LookupAnswer,
  type StaffPerson,
} from '../../contracts/support';
import { z } from '../../contracts/zod';
import type { StaffClient } from './client';

const messagePath = (reference: string) => `/api/staff/inbox/${encodeURIComponent(reference)}`;

export async function fetchInbox(client: StaffClient, filter: InboxQuery, signal?: AbortSignal): Promise<InboxAnswer> {
  const query = {
    locale: filter.locale,
    subject: filter.subject,
    state: filter.state,
    assignee: filter.assignee,
    page: typeof filter.page === 'number' ? filter.page : undefined,
  };
  return client.json('/api/staff/inbox', InboxAnswerSchema, { query, ...(signal && { signal }) });
}

export async function fetchMessage(client: StaffClient, reference: string, signal?: AbortSignal): Promise<ContactMessage> {
  return client.json(messagePath(reference), ContactMessageSchema, signal ? { signal } : {});
}

/** `me`, a support user's id, or null for nobody. */
export async function assignMessage(client: StaffClient, reference: string, assignee: string | null): Promise<ContactMessage> {
  return client.json(messagePath(reference), ContactMessageSchema, { method: 'PATCH', body: { assignee } });
}

export async function setMessageState(client: StaffClient, reference: string, state: ContactState): Promise<ContactMessage> {
  return client.json(messagePath(reference), ContactMessageSchema, { method: 'PATCH', body: { state } });
}

export async function replyToMessage(client: StaffClient, reference: string, body: string): Promise<ContactMessage> {
  return client.json(`${messagePath(reference)}/replies`, ContactMessageSchema, { method: 'POST', body: { body } });
}

/** An attachment, downloaded by the browser with the session cookie. */
export const attachmentPath = (reference: string, position: number): string => `${messagePath(reference)}/attachments/${position}`;

const SupportUserListSchema = z.pipe(
  SupportUsersAnswerSchema,
  z.transform((answer) => answer.users),
);

export async function fetchSupportUsers(client: StaffClient, signal?: AbortSignal): Promise<StaffPerson[]> {
  return client.json('/api/staff/support-users', SupportUserListSchema, signal ? { signal } : {});
}

export async function lookup(client: StaffClient, q: string, signal?: AbortSignal): Promise<LookupAnswer> {
  return client.json('/api/staff/lookup', LookupAnswerSchema, { query: { q }, ...(signal && { signal }) });
}

export async function resendMail(client: StaffClient, id: string): Promise<{ id: string; recipient: string; subject: string }> {
  return client.json(`/api/staff/mails/${encodeURIComponent(id)}/resend`, ResendAnswerSchema, { method: 'POST', body: {} });
}
