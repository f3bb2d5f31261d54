// What sends mail: the durable outbox table (server/mail/outbox.ts) in the shop, whose worker sends
// through a transport: the file outbox (embedded default, DATA_DIR/mail) or SMTP (SMTP_URL).

import type { Database } from '../db/client';

export interface MailAddress {
  readonly address: string;
  readonly name?: string;
}

export interface MailAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Uint8Array;
}

export interface MailMessage {
  readonly from: MailAddress;
  readonly to: MailAddress;
  /** Where answers go when it is not `from` (a contact message: the sender). */
  readonly replyTo?: MailAddress;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly attachments?: readonly MailAttachment[];
  /** Extra header fields, e.g. List-Unsubscribe of the newsletter mails. */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Mailer {
  /** Resolves once the message is written (outbox) or accepted by the server (SMTP). */
  send(message: MailMessage): Promise<void>;
  /**
   * The durable outbox only (server/mail/outbox.ts): writes the message in the caller's transaction
   * (it goes out only if that commits); `wake` after the commit sends it at once.
   */
  enqueue?(message: MailMessage, tx: Database): Promise<void>;
  wake?(): void;
  close?(): Promise<void>;
}
