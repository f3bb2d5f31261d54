// The support inbox (issue 29 item 6, decision 076): the contact messages as the support role works
// them — listed by country, subject, state and assignee, newest first; one message with its
// attachments and replies; assigning it, answering it (the reply and its outbox mail, in the seller's
// language with the reference in the subject, in one transaction), closing and reopening it. Every
// change writes its audit row in its transaction through the hook the staff layer gives.

import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Brand } from '../../src/config/brands';
import type { ContactSubject } from '../../src/config/contact';
import type { ContactMessage, ContactState, InboxAnswer, InboxEntry, StaffPerson } from '../../src/contracts/support';
import { INBOX_PAGE_SIZE } from '../../src/contracts/support';
import type { Locale } from '../../src/config/locales';
import type { Database } from '../db/client';
import { contactAttachments, contactMessages, contactReplies } from '../db/schema/contact';
import { mailOutbox } from '../db/schema/mail';
import { staffUsers } from '../db/schema/staff';
import type { MailOutbox } from '../mail/outbox';
import { replyMail } from './mail';
import type { ContactSource } from './mail';

/** Why the inbox refused a change; the staff API answers it as its reason code. */
export type InboxFailure = 'message_not_found' | 'message_closed' | 'not_support';

export class InboxError extends Error {
  constructor(
    readonly reason: InboxFailure,
    message: string,
  ) {
    super(message);
    this.name = 'InboxError';
  }
}

/** The support user acting. */
export interface InboxActor {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

/** Writes an audit row in the change's transaction (server/staff/audit.ts). */
export interface InboxAudit {
  write(tx: Database, record: { action: string; subject: string; before?: unknown; after?: unknown }): Promise<void>;
}

export interface InboxFilter {
  readonly locale?: Locale | undefined;
  readonly subject?: ContactSubject | undefined;
  readonly state?: ContactState | undefined;
  readonly assignee?: 'me' | 'unassigned' | undefined;
  readonly page: number;
}

type MessageRow = typeof contactMessages.$inferSelect;

const notFound = (reference: string) => new InboxError('message_not_found', `There is no contact message ${reference}.`);

/** KM references are upper-case; a typed one may not be. */
const normalized = (reference: string) => reference.trim().toUpperCase();

async function people(db: Database, ids: readonly (string | null)[]): Promise<Map<string, StaffPerson>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
    .from(staffUsers)
    .where(inArray(staffUsers.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

async function countsOf(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return { replies: new Map<string, number>(), attachments: new Map<string, number>() };
  const replies = await db
    .select({ id: contactReplies.messageId, n: count() })
    .from(contactReplies)
    .where(inArray(contactReplies.messageId, [...ids]))
    .groupBy(contactReplies.messageId);
  const attachments = await db
    .select({ id: contactAttachments.messageId, n: count() })
    .from(contactAttachments)
    .where(inArray(contactAttachments.messageId, [...ids]))
    .groupBy(contactAttachments.messageId);
  return {
    replies: new Map(replies.map((r) => [r.id, Number(r.n)])),
    attachments: new Map(attachments.map((a) => [a.id, Number(a.n)])),
  };
}

function entryOf(row: MessageRow, assignees: Map<string, StaffPerson>, replies: number, attachments: number): InboxEntry {
  return {
    reference: row.reference,
    locale: row.locale,
    subject: row.subject as ContactSubject,
    name: row.name,
    email: row.email,
    tradeNumber: row.tradeNumber,
    business: row.business,
    createdAt: row.createdAt.toISOString(),
    state: row.state,
    assignee: row.assigneeId ? (assignees.get(row.assigneeId) ?? null) : null,
    replies,
    attachments,
  };
}

/** A page of the inbox, newest first; `me` is the asking user (the `assignee=me` filter). */
export async function listInbox(db: Database, filter: InboxFilter, me: string): Promise<InboxAnswer> {
  const where: SQL[] = [];
  if (filter.locale) where.push(eq(contactMessages.locale, filter.locale));
  if (filter.subject) where.push(eq(contactMessages.subject, filter.subject));
  if (filter.state) where.push(eq(contactMessages.state, filter.state));
  if (filter.assignee === 'me') where.push(eq(contactMessages.assigneeId, me));
  if (filter.assignee === 'unassigned') where.push(isNull(contactMessages.assigneeId));
  const condition = where.length > 0 ? and(...where) : undefined;
  const [total] = await db.select({ n: count() }).from(contactMessages).where(condition);
  const rows = await db
    .select()
    .from(contactMessages)
    .where(condition)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(INBOX_PAGE_SIZE)
    .offset((filter.page - 1) * INBOX_PAGE_SIZE);
  const assignees = await people(
    db,
    rows.map((r) => r.assigneeId),
  );
  const counts = await countsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    messages: rows.map((row) => entryOf(row, assignees, counts.replies.get(row.id) ?? 0, counts.attachments.get(row.id) ?? 0)),
    page: filter.page,
    pageSize: INBOX_PAGE_SIZE,
    total: Number(total?.n ?? 0),
  };
}

/** One message with its attachments (without their bytes) and its replies, oldest first. */
export async function showInboxMessage(db: Database, reference: string): Promise<ContactMessage> {
  const [row] = await db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.reference, normalized(reference)));
  if (!row) throw notFound(normalized(reference));
  const files = await db
    .select({
      position: contactAttachments.position,
      filename: contactAttachments.filename,
      contentType: contactAttachments.contentType,
      size: contactAttachments.size,
    })
    .from(contactAttachments)
    .where(eq(contactAttachments.messageId, row.id))
    .orderBy(asc(contactAttachments.position));
  const replies = await db
    .select({
      id: contactReplies.id,
      staffName: contactReplies.staffName,
      body: contactReplies.body,
      createdAt: contactReplies.createdAt,
      mailId: contactReplies.mailId,
      mailStatus: mailOutbox.status,
    })
    .from(contactReplies)
    .innerJoin(mailOutbox, eq(mailOutbox.id, contactReplies.mailId))
    .where(eq(contactReplies.messageId, row.id))
    .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id));
  const staff = await people(db, [row.assigneeId, row.closedBy]);
  return {
    ...entryOf(row, staff, replies.length, files.length),
    message: row.message,
    source: row.source as ContactSource,
    recipient: row.recipient,
    mailStatus: row.status,
    closedAt: row.closedAt?.toISOString() ?? null,
    closedBy: row.closedBy ? (staff.get(row.closedBy)?.name ?? null) : null,
    attachmentFiles: files,
    replyList: replies.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

/** An attachment's bytes, for the download. */
export async function inboxAttachment(
  db: Database,
  reference: string,
  position: number,
): Promise<{ filename: string; contentType: string; content: Uint8Array }> {
  const [row] = await db
    .select({ filename: contactAttachments.filename, contentType: contactAttachments.contentType, content: contactAttachments.content })
    .from(contactAttachments)
    .innerJoin(contactMessages, eq(contactMessages.id, contactAttachments.messageId))
    .where(and(eq(contactMessages.reference, normalized(reference)), eq(contactAttachments.position, position)));
  if (!row) throw new InboxError('message_not_found', `The contact message ${normalized(reference)} has no attachment ${position}.`);
  return row;
}

/** The users a message can be assigned to: support role, not disabled, by name. */
export async function supportUsers(db: Database): Promise<StaffPerson[]> {
  return db
    .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
    .from(staffUsers)
    .where(and(sql`${staffUsers.roles} @> '["support"]'::jsonb`, isNull(staffUsers.disabledAt)))
    .orderBy(asc(staffUsers.name), asc(staffUsers.email));
}

/** The message row locked for a change in `tx`. */
async function locked(tx: Database, reference: string): Promise<MessageRow> {
  const [row] = await tx
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.reference, normalized(reference)))
    .for('update');
  if (!row) throw notFound(normalized(reference));
  return row;
}

export interface InboxChange {
  readonly actor: InboxActor;
  readonly audit: InboxAudit;
  readonly now: Date;
}

/** Assigns the message to `assignee` (a support user's id) or to nobody (null); audit `support.assigned`. */
export async function assignMessage(db: Database, reference: string, assignee: string | null, change: InboxChange): Promise<void> {
  await db.transaction(async (tx) => {
    if (assignee !== null) {
      const [user] = await tx
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(and(eq(staffUsers.id, assignee), sql`${staffUsers.roles} @> '["support"]'::jsonb`, isNull(staffUsers.disabledAt)));
      if (!user) throw new InboxError('not_support', 'A message can only be assigned to a support user who is not disabled.');
    }
    const row = await locked(tx, reference);
    if (row.assigneeId === assignee) return;
    await tx.update(contactMessages).set({ assigneeId: assignee }).where(eq(contactMessages.id, row.id));
    const names = await people(tx, [row.assigneeId, assignee]);
    const who = (id: string | null) => (id === null ? null : (names.get(id)?.email ?? id));
    await change.audit.write(tx, {
      action: 'support.assigned',
      subject: row.reference,
      before: { assignee: who(row.assigneeId) },
      after: { assignee: who(assignee) },
    });
  });
}

/** Closes or reopens the message; audit `support.closed` / `support.reopened`. The same state again changes nothing. */
export async function setMessageState(db: Database, reference: string, state: ContactState, change: InboxChange): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await locked(tx, reference);
    if (row.state === state) return;
    const closing = state === 'closed';
    await tx
      .update(contactMessages)
      .set({ state, closedAt: closing ? change.now : null, closedBy: closing ? change.actor.id : null })
      .where(eq(contactMessages.id, row.id));
    await change.audit.write(tx, {
      action: closing ? 'support.closed' : 'support.reopened',
      subject: row.reference,
      before: { state: row.state },
      after: { state },
    });
  });
}

export interface ReplyOptions extends InboxChange {
  readonly outbox: MailOutbox;
  /** The brand whose sender answers (the main brand's; a message does not record its shop's brand). */
  readonly brand?: Brand;
}

/**
 * Answers an open message: the reply, its mail in the outbox and the audit row `support.replied` in one
 * transaction (a closed message is refused: `message_closed`). An unassigned message is the replier's
 * afterwards. Wake the mail worker after it returns.
 */
export async function replyToMessage(
  db: Database,
  reference: string,
  body: string,
  options: ReplyOptions,
): Promise<{ replyId: string; mailId: string }> {
  return db.transaction(async (tx) => {
    const row = await locked(tx, reference);
    if (row.state === 'closed') throw new InboxError('message_closed', `The message ${row.reference} is closed; reopen it to reply.`);
    const mail = replyMail({
      reference: row.reference,
      locale: row.locale,
      name: row.name,
      email: row.email,
      message: row.message,
      sentAt: row.createdAt,
      desk: row.recipient,
      body,
      ...(options.brand && { brand: options.brand }),
    });
    const mailId = await options.outbox.enqueue(mail, tx);
    const replyId = randomUUID();
    await tx.insert(contactReplies).values({
      id: replyId,
      messageId: row.id,
      staffId: options.actor.id,
      staffName: options.actor.name,
      body,
      mailId,
      createdAt: options.now,
    });
    if (row.assigneeId === null)
      await tx.update(contactMessages).set({ assigneeId: options.actor.id }).where(eq(contactMessages.id, row.id));
    await options.audit.write(tx, {
      action: 'support.replied',
      subject: row.reference,
      after: { replyId, mailId, locale: row.locale, ...(row.assigneeId === null && { assignee: options.actor.email }) },
    });
    return { replyId, mailId };
  });
}
