// Internet messages (RFC 5322 + MIME) of the shop's mail: composed by nodemailer (the file outbox
// and SMTP send the same message) and read back by postal-mime for the developer mailbox.

import type * as Nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import type * as PostalMimeModule from 'postal-mime';
import type { Address } from 'postal-mime';
import { lazyRequire } from '../platform/lazy-require';
import type { MailAddress, MailMessage } from './mailer';

/** Loaded with the first message composed or read, not at start-up. */
export const nodemailer = lazyRequire<typeof Nodemailer>('nodemailer');
const postalMime = lazyRequire<typeof PostalMimeModule>('postal-mime');

const address = (value: MailAddress) => ({ name: value.name ?? '', address: value.address });

/** The message as nodemailer's mail options (text and HTML alternatives, attachments). */
export function mailOptions(message: MailMessage): SendMailOptions {
  return {
    from: address(message.from),
    to: address(message.to),
    ...(message.replyTo && { replyTo: address(message.replyTo) }),
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.headers && { headers: { ...message.headers } }),
    ...(message.attachments?.length && {
      attachments: message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })),
    }),
  };
}

/** Builds messages without sending them: CRLF line ends, as in an .eml file or an SMTP DATA command. */
let composer: Nodemailer.Transporter | undefined;

interface MessageMeta {
  readonly date: Date;
  /** Without angle brackets: `<uuid>@<domain>`. */
  readonly messageId: string;
}

/** The whole message as bytes. */
export async function composeMessage(message: MailMessage, meta: MessageMeta): Promise<Buffer> {
  composer ??= nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await composer.sendMail({ ...mailOptions(message), date: meta.date, messageId: `<${meta.messageId}>` });
  return info.message as Buffer;
}

export interface ParsedMessage {
  /** Header names in lower case; values unfolded and decoded (the first of repeated headers). */
  readonly headers: ReadonlyMap<string, string>;
  readonly date: string;
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  /** The text/plain part, decoded ('' when there is none). */
  readonly text: string;
}

function formatAddresses(addresses: readonly Address[]): string {
  return addresses
    .flatMap((a) => (a.group ? a.group : [a]))
    .map((a) => (a.name ? `${a.name} <${a.address}>` : `<${a.address}>`))
    .join(', ');
}

/** Enough of a message for the developer mailbox: the envelope headers and the text part. */
export async function parseMessage(raw: string | Uint8Array): Promise<ParsedMessage> {
  const { default: PostalMime, decodeWords } = postalMime();
  const email = await PostalMime.parse(raw);
  const headers = new Map<string, string>();
  for (const { key, value } of email.headers) if (!headers.has(key)) headers.set(key, decodeWords(value));
  return {
    headers,
    date: headers.get('date') ?? '',
    from: formatAddresses(email.from ? [email.from] : []),
    to: formatAddresses(email.to ?? []),
    subject: email.subject ?? '',
    text: email.text ?? '',
  };
}
