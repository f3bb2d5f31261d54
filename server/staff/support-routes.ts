// The support role's routes (issue 29 item 6, decision 076): the inbox of contact messages (list with
// filters, one message, an attachment's download, assigning, replying through the outbox, closing and
// reopening), the users a message can be assigned to, the lookup by trade number, e-mail or
// IMEI/serial, and sending a mail again. The inbox's work is the contact domain's (server/contact);
// every change writes its audit row in its transaction. Role: support (docs/staff-roles.md).

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CONTACT_REFERENCE,
  ContactMessageSchema,
  InboxAnswerSchema,
  InboxQuerySchema,
  LookupAnswerSchema,
  LookupQuerySchema,
  ReplyRequestSchema,
  ResendAnswerSchema,
  SupportUsersAnswerSchema,
  UpdateContactRequestSchema,
} from '../../src/contracts/support';
import {
  assignMessage,
  inboxAttachment,
  InboxError,
  listInbox,
  replyToMessage,
  setMessageState,
  showInboxMessage,
  supportUsers,
} from '../contact/inbox';
import type { Database } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { MailOutbox, MailResendError } from '../mail/outbox';
import { appendAudit, auditWriter } from './audit';
import { allow, signedIn, staffError, type StaffPrincipal } from './guard';
import { lookup } from './lookup';
import { staffRoutes } from './scope';

const MessageParams = z.object({
  reference: z.string().trim().toUpperCase().regex(CONTACT_REFERENCE, { error: 'A contact reference looks like KM-2026-1A2B3C4D.' }),
});
const AttachmentParams = MessageParams.extend({ position: z.coerce.number().int().min(0).max(99) });
const MailParams = z.object({ id: z.uuid({ error: 'A mail id is a UUID (from the lookup).' }) });

export interface SupportRouteOptions {
  readonly db: Database;
  /** Wakes the mail worker after a reply or a resend committed (the shop's outbox mailer). */
  readonly mailer: Pick<Mailer, 'wake'>;
  readonly now?: (() => Date) | undefined;
}

/** What the inbox or the outbox refused, as the staff API's refusal. */
function refusal(error: unknown): unknown {
  if (error instanceof InboxError) {
    const status = { message_not_found: 404, message_closed: 409, not_support: 400 }[error.reason];
    return staffError(status, error.reason, error.message);
  }
  if (error instanceof MailResendError) {
    const status = { mail_not_found: 404, mail_not_sent: 409, mail_not_kept: 409 }[error.reason];
    return staffError(status, error.reason, error.message);
  }
  return error;
}
const refused = (error: unknown): never => {
  throw refusal(error);
};

const actorOf = (staff: StaffPrincipal) => ({ id: staff.id, name: staff.name, email: staff.email });

export function registerSupportRoutes(server: FastifyInstance, options: SupportRouteOptions): void {
  const { db } = options;
  const clock = () => options.now?.() ?? new Date();
  const outbox = new MailOutbox(db, clock);
  const change = (staff: StaffPrincipal, now: Date) => ({
    actor: actorOf(staff),
    audit: auditWriter({ staffId: staff.id, email: staff.email }, now),
    now,
  });

  staffRoutes(server, (app) => {
    app.get(
      '/api/staff/inbox',
      { onRequest: allow('support'), schema: { querystring: InboxQuerySchema, response: { 200: InboxAnswerSchema } } },
      async (request) => listInbox(db, request.query, signedIn(request).id),
    );

    app.get(
      '/api/staff/inbox/:reference',
      { onRequest: allow('support'), schema: { params: MessageParams, response: { 200: ContactMessageSchema } } },
      async (request) => showInboxMessage(db, request.params.reference).catch(refused),
    );

    // An attachment as a download (its type was sniffed from the bytes when it arrived, decision 023).
    app.get(
      '/api/staff/inbox/:reference/attachments/:position',
      { onRequest: allow('support'), schema: { params: AttachmentParams } },
      async (request, reply) => {
        const file = await inboxAttachment(db, request.params.reference, request.params.position).catch(refused);
        return reply
          .type(file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '_')}"`)
          .header('x-content-type-options', 'nosniff')
          .send(Buffer.from(file.content));
      },
    );

    // Assign (to me, a support user, or nobody), or close/reopen.
    app.patch(
      '/api/staff/inbox/:reference',
      {
        onRequest: allow('support'),
        schema: { params: MessageParams, body: UpdateContactRequestSchema, response: { 200: ContactMessageSchema } },
        config: { invalidBody: 'Give either the assignee ("me", a support user’s id or null) or the state (open or closed).' },
      },
      async (request) => {
        const staff = signedIn(request);
        const { reference } = request.params;
        const { assignee, state } = request.body;
        if (assignee !== undefined)
          await assignMessage(db, reference, assignee === 'me' ? staff.id : assignee, change(staff, clock())).catch(refused);
        if (state !== undefined) await setMessageState(db, reference, state, change(staff, clock())).catch(refused);
        return showInboxMessage(db, reference).catch(refused);
      },
    );

    // The answer: the reply, its mail (outbox) and the audit row in one transaction; the worker sends it.
    app.post(
      '/api/staff/inbox/:reference/replies',
      {
        onRequest: allow('support'),
        schema: { params: MessageParams, body: ReplyRequestSchema, response: { 201: ContactMessageSchema } },
        config: { invalidBody: 'Write the reply (at most 5000 characters).' },
      },
      async (request, reply) => {
        const staff = signedIn(request);
        await replyToMessage(db, request.params.reference, request.body.body, { ...change(staff, clock()), outbox }).catch(refused);
        options.mailer.wake?.();
        return reply.code(201).send(await showInboxMessage(db, request.params.reference).catch(refused));
      },
    );

    app.get(
      '/api/staff/support-users',
      { onRequest: allow('support'), schema: { response: { 200: SupportUsersAnswerSchema } } },
      async () => ({ users: await supportUsers(db) }),
    );

    app.get(
      '/api/staff/lookup',
      { onRequest: allow('support'), schema: { querystring: LookupQuerySchema, response: { 200: LookupAnswerSchema } } },
      async (request) => {
        const answer = await lookup(db, request.query.q);
        if (!answer)
          throw staffError(400, 'invalid_query', 'Enter a trade number (TR-2026-000123), an e-mail address, or an IMEI or serial number.');
        return answer;
      },
    );

    // A sent mail again: a copy as a new pending row, audited; refused when its message is no longer kept.
    app.post(
      '/api/staff/mails/:id/resend',
      { onRequest: allow('support'), schema: { params: MailParams, response: { 201: ResendAnswerSchema } } },
      async (request, reply) => {
        const staff = signedIn(request);
        const now = clock();
        const copy = await db
          .transaction(async (tx) => {
            const sent = await outbox.resend(request.params.id, tx);
            await appendAudit(
              tx,
              { staffId: staff.id, email: staff.email },
              { action: 'support.mail_resent', subject: sent.recipient, before: { mailId: request.params.id }, after: { mailId: sent.id } },
              now,
            );
            return sent;
          })
          .catch(refused);
        options.mailer.wake?.();
        return reply.code(201).send(copy);
      },
    );
  });
}
