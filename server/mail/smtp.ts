// Mail through an SMTP server (SMTP_URL, e.g. smtps://user:password@smtp.example.com or
// smtp://127.0.0.1:1025 for a local catcher), with nodemailer.

import { createTransport } from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

/** Sending happens while the seller waits for the checkout answer: give up in seconds, not minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

export class SmtpMailer implements Mailer {
  private readonly transport: ReturnType<typeof createTransport>;

  constructor(url: string) {
    this.transport = createTransport({ url, ...TIMEOUTS });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: { name: message.from.name ?? '', address: message.from.address },
      to: { name: message.to.name ?? '', address: message.to.address },
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })),
    });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
