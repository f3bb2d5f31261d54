// Contact messages (product §1 help/contact widget): stored with their attachments in one transaction,
// then mailed (decision 008: mail after commit) to the country's desk and acknowledged to the sender.
// A failed mail never loses the message: it stays stored as `mailFailed` for the operator.

import { randomBytes, randomUUID } from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ContactSubject } from '../../src/config/contact';
import type { Locale } from '../../src/config/locales';
import type { Database } from '../db/client';
import { contactAttachments, contactMessages } from '../db/schema/contact';
import type { Mailer } from '../mail/mailer';
import type { Attachment } from './attachments';
import type { Brand } from '../../src/config/brands';
import { acknowledgmentMail, staffMail, type ContactMailInput, type ContactSource } from './mail';

export interface NewContactMessage {
  readonly locale: Locale;
  readonly subject: ContactSubject;
  readonly name: string;
  readonly email: string;
  readonly tradeNumber?: string | undefined;
  readonly message: string;
  readonly business: boolean;
  readonly recipient: string;
  readonly source: ContactSource;
  readonly attachments: readonly Attachment[];
  /** The brand whose shop it came from: the acknowledgment is that brand's (not stored). */
  readonly brand?: Brand;
}

/** KM-<year>-<8 hex>: short enough to quote, random so references tell nothing about volume. */
export function newReference(now: Date): string {
  return `KM-${now.getUTCFullYear()}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

export async function saveContactMessage(db: Database, input: NewContactMessage, now = new Date()): Promise<ContactMailInput> {
  const id = randomUUID();
  const reference = newReference(now);
  await db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({
      id,
      reference,
      locale: input.locale,
      subject: input.subject,
      name: input.name,
      email: input.email,
      tradeNumber: input.tradeNumber ?? null,
      message: input.message,
      business: input.business,
      recipient: input.recipient,
      source: input.source,
      status: 'received',
      createdAt: now,
    });
    if (input.attachments.length > 0) {
      await tx.insert(contactAttachments).values(
        input.attachments.map((a, position) => ({
          messageId: id,
          position,
          filename: a.filename,
          contentType: a.contentType,
          size: a.content.length,
          content: a.content,
        })),
      );
    }
  });
  return { ...input, reference };
}

/** Sends both mails; records the outcome. Never throws (the message is stored either way). */
export async function mailContactMessage(
  db: Database,
  mailer: Mailer,
  message: ContactMailInput,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<boolean> {
  const context = { reference: message.reference, locale: message.locale, subject: message.subject };
  try {
    await mailer.send(staffMail(message));
    await mailer.send(acknowledgmentMail(message));
    await db
      .update(contactMessages)
      .set({ status: 'mailed', mailedAt: new Date() })
      .where(eq(contactMessages.reference, message.reference));
    log.info(context, 'contact message mailed');
    return true;
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    log.warn({ ...context, errorName: name }, 'contact message stored, mail failed');
    await db
      .update(contactMessages)
      .set({ status: 'mailFailed' })
      .where(eq(contactMessages.reference, message.reference))
      .catch(() => undefined);
    return false;
  }
}

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export async function listContactMessages(db: Database, options: { limit: number }): Promise<ContactMessageRow[]> {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(options.limit);
}

export interface ContactMessageDetails {
  readonly message: ContactMessageRow;
  readonly attachments: { filename: string; contentType: string; size: number }[];
}

export async function showContactMessage(db: Database, reference: string): Promise<ContactMessageDetails | undefined> {
  const [message] = await db.select().from(contactMessages).where(eq(contactMessages.reference, reference.toUpperCase())).limit(1);
  if (!message) return undefined;
  const attachments = await db
    .select({ filename: contactAttachments.filename, contentType: contactAttachments.contentType, size: contactAttachments.size })
    .from(contactAttachments)
    .where(eq(contactAttachments.messageId, message.id))
    .orderBy(asc(contactAttachments.position));
  return { message, attachments };
}
